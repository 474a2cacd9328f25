/**
 * DesignApi: the library face of the design service. One method per
 * operation of the registry, each validating its typed input against the
 * operation's Schema before anything is sent, and failing with typed errors.
 *
 *   const me = yield* DesignApi.pipe(Effect.flatMap((api) => api.userMe({})))
 *   program.pipe(Effect.provide(DesignApi.layerConfig()))
 */
import type * as HttpClient from "@effect/platform/HttpClient"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Stream from "effect/Stream"
import type { UsageError, WrapperError } from "../core/errors.js"
import { validateInput } from "../core/input.js"
import type { Operation, PagedOperation } from "../core/operation.js"
import { type DesignEnv, designEnvFromConfig, designEnvFromSettings } from "./layers.js"
import { type DesignOperations, designOperations } from "./operations.js"
import type { DesignFlags, DesignSettings } from "./settings.js"

type Method<Op> = Op extends Operation<infer I, infer O, any> ? (input: I) => Effect.Effect<O, WrapperError | UsageError> : never

type StreamOf<Op> = Op extends { readonly stream: (input: infer I) => Stream.Stream<infer A, any, any> }
  ? (input: I) => Stream.Stream<A, WrapperError | UsageError>
  : never
type Paged = { [K in keyof DesignOperations]: DesignOperations[K] extends PagedOperation ? K : never }[keyof DesignOperations]

export type DesignApiService =
  & { readonly [K in keyof DesignOperations]: Method<DesignOperations[K]> }
  & {
    /** Paged lists as Streams: every item, page after page, fetched as the stream is pulled. */
    readonly streams: { readonly [K in Paged]: StreamOf<DesignOperations[K]> }
  }

export class DesignApi extends Context.Tag("design/DesignApi")<DesignApi, DesignApiService>() {
  static readonly make: Effect.Effect<DesignApiService, never, DesignEnv> = Effect.map(
    Effect.context<DesignEnv>(),
    (context) => {
      const methods: Record<string, unknown> = {}
      const streams: Record<string, unknown> = {}
      for (const [name, op] of Object.entries(designOperations) as Array<[string, Operation<unknown, unknown, DesignEnv>]>) {
        methods[name] = (input: unknown) => validateInput(op, input).pipe(Effect.flatMap(op.run), Effect.provide(context))
        if ("stream" in op) {
          const { stream } = op as PagedOperation<unknown, unknown, DesignEnv>
          streams[name] = (input: unknown) =>
            Stream.unwrap(Effect.map(validateInput(op, input), stream)).pipe(Stream.provideContext(context))
        }
      }
      return { ...methods, streams } as unknown as DesignApiService
    }
  )

  /** Needs the design environment (see layers.ts). */
  static readonly layerWithoutDependencies = Layer.effect(DesignApi, DesignApi.make)

  /** From explicit settings; the HttpClient defaults to fetch. */
  static readonly layer = (settings: DesignSettings, client?: Layer.Layer<HttpClient.HttpClient>) =>
    DesignApi.layerWithoutDependencies.pipe(Layer.provide(designEnvFromSettings(settings, client)))

  /** From DESIGN_* configuration (and optional flag values that override it). */
  static readonly layerConfig = (flags: DesignFlags = {}, client?: Layer.Layer<HttpClient.HttpClient>) =>
    DesignApi.layerWithoutDependencies.pipe(Layer.provide(designEnvFromConfig(flags, client)))
}
