/**
 * The public types are exact: no `any` leaks, and each method's error channel
 * lists only what that operation can produce. These are checked by tsc (npm
 * test runs it); a line marked @ts-expect-error fails the build if it compiles.
 */
import type * as HttpClient from "@effect/platform/HttpClient"
import { describe, expect, expectTypeOf, it } from "@effect/vitest"
import { type ConfigError, Effect, type Layer } from "effect"
import { DesignApi, type DesignApiService } from "../../src/design/api.js"
import type { AuthModeError, InvalidSettingsError, PlanRequiredError, RateLimitError } from "../../src/index.js"
import { layerDesignApi } from "../../src/node.js"

type ErrorOfMethod<K extends keyof DesignApiService> = DesignApiService[K] extends
  (...args: never) => Effect.Effect<unknown, infer E> ? E : never

describe("public types", () => {
  it("layers have exact error and requirement types", () => {
    expectTypeOf(DesignApi.layer({ token: "t" })).toEqualTypeOf<
      Layer.Layer<DesignApi, InvalidSettingsError, HttpClient.HttpClient>
    >()
    expectTypeOf(DesignApi.layerConfig()).toEqualTypeOf<
      Layer.Layer<DesignApi, ConfigError.ConfigError | InvalidSettingsError, HttpClient.HttpClient>
    >()
    const program = Effect.flatMap(DesignApi, (api) => api.userMe({})).pipe(Effect.provide(layerDesignApi()))
    // @ts-expect-error: no such error can happen, so catching it does not compile.
    void Effect.catchTag(program, "MadeUp", () => Effect.void)
    expect(true).toBe(true)
  })

  it("each method's errors are its own", () => {
    expectTypeOf<AuthModeError>().toMatchTypeOf<ErrorOfMethod<"userMe">>()
    expectTypeOf<RateLimitError>().toMatchTypeOf<ErrorOfMethod<"userMe">>()
    // userMe has no plan gate and webhooks accept every mode.
    expectTypeOf<Extract<ErrorOfMethod<"userMe">, PlanRequiredError>>().toBeNever()
    expectTypeOf<Extract<ErrorOfMethod<"webhookList">, AuthModeError>>().toBeNever()
    // An idempotent delete reports absence as success, not NotFoundError.
    expectTypeOf<Extract<ErrorOfMethod<"webhookDelete">, { _tag: "NotFoundError" }>>().toBeNever()
    expectTypeOf<Extract<ErrorOfMethod<"webhookGet">, { _tag: "NotFoundError" }>>().not.toBeNever()
    expect(true).toBe(true)
  })
})
