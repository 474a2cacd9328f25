/**
 * An expired token is AuthError with reason "expired" on both services: a
 * known expiry past, without a refresh, fails before sending; a service
 * answer saying the token expired is read the same way.
 */
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { AuthError } from "../../../src/core/errors.js"
import { DesignApi } from "../../../src/design/api.js"
import { TaskmgrApi } from "../../../src/taskmgr/api.js"
import { designSeed, DesignSimulator, taskmgrSeed, TaskmgrSimulator } from "../../../src/testing/index.js"

describe("token expiry", () => {
  it.effect("a known expiry past fails with reason expired and sends nothing, on both services", () =>
    Effect.gen(function*() {
      const design = yield* Effect.flip((yield* DesignApi).userMe({}))
      const taskmgr = yield* Effect.flip((yield* TaskmgrApi).userMe({}))
      for (const error of [design, taskmgr]) {
        expect(error).toBeInstanceOf(AuthError)
        expect((error as AuthError).reason).toBe("expired")
      }
      expect(yield* (yield* DesignSimulator).requests).toEqual([])
      expect(yield* (yield* TaskmgrSimulator).requests).toEqual([])
    }).pipe(
      Effect.provide(DesignSimulator.api({ token: designSeed.tokens.expired, expiresAt: "1970-01-01T00:00:00Z" })),
      Effect.provide(TaskmgrSimulator.api({ token: taskmgrSeed.tokens.expired, expiresAt: new Date(0) }))
    ))

  it.effect("the service saying the token expired is reason expired; an unexplained refusal stays rejected", () =>
    Effect.gen(function*() {
      const sim = yield* DesignSimulator
      yield* sim.injectFault({
        method: "GET",
        path: "/v1/me",
        status: 403,
        body: { status: 403, err: "Token expired" },
        times: 1
      })
      const said = yield* Effect.flip((yield* DesignApi).userMe({}))
      expect(said).toMatchObject({ _tag: "AuthError", reason: "expired", status: 403 })
      const tm = yield* TaskmgrSimulator
      yield* tm.injectFault({
        method: "GET",
        path: "/api/1.0/users/me",
        status: 401,
        body: { errors: [{ message: "The access token has expired." }] },
        times: 1
      })
      expect(yield* Effect.flip((yield* TaskmgrApi).userMe({}))).toMatchObject({
        _tag: "AuthError",
        reason: "expired",
        status: 401
      })
      const rejected = yield* Effect.flip(
        Effect.flatMap(TaskmgrApi, (api) => api.userMe({})).pipe(
          Effect.provide(TaskmgrSimulator.api({ token: taskmgrSeed.tokens.expired }))
        )
      )
      expect(rejected).toMatchObject({ _tag: "AuthError", reason: "rejected", status: 401 })
    }).pipe(Effect.provide(DesignSimulator.api()), Effect.provide(TaskmgrSimulator.api())))
})
