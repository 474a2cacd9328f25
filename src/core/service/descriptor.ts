/**
 * A service, as the kit needs to know it: its names, its options and their
 * defaults, the header that carries its credential, how it reads failures,
 * how it paces, and its resource groups. Everything else (the client, the
 * library's layers, the registry, the command line, the tool server) is
 * derived from this in core, once for every service.
 *
 * What only one service knows comes in here; core never imports a service.
 */
import type * as Config from "effect/Config"
import type * as Effect from "effect/Effect"
import type * as Redacted from "effect/Redacted"
import type { InvalidSettingsError, ServiceName } from "../errors.js"
import type { PipelineConfig } from "../http/pipeline.js"
import type { RateLimiterService } from "../pacing/rate-limit.js"
import type { ClientOptions, ClientSettings, ServiceHosts } from "./options.js"

/** How a client keeps inside the service's limits: wait before sending, learn from a 429. */
export interface Pacer<Route> {
  readonly pace: NonNullable<PipelineConfig<Route, never>["pace"]>
  readonly learn: NonNullable<PipelineConfig<Route, never>["onRateLimited"]>
}

export interface ServiceDescriptor<O extends ClientOptions, S extends ClientSettings, Route, E> {
  /** The program, the tool prefix and the spans' service: "design". */
  readonly name: ServiceName
  /** The variables' prefix: "DESIGN" (DESIGN_ACCESS_TOKEN, DESIGN_BASE_URL, ...). */
  readonly prefix: string
  /** The library's service tag, naming spans: "DesignApi". */
  readonly apiName: string
  readonly hosts: ServiceHosts<O>
  /** The service's own options, checked after the common ones. */
  readonly settings: (options: O, common: ClientSettings) => Effect.Effect<S, InvalidSettingsError>
  /** The options from variables (by default `<PREFIX>_*`). */
  readonly config: Config.Config<O>
  /** The headers that carry the token. */
  readonly credential: (settings: S, token: Redacted.Redacted<string>) => Readonly<Record<string, string>>
  readonly classify: PipelineConfig<Route, E>["classify"]
  readonly verdict: PipelineConfig<Route, E>["verdict"]
  readonly pacer: (settings: S, limiter: RateLimiterService) => Pacer<Route>
  /** At most this many requests in flight at once, for reads and for writes. */
  readonly concurrency?: { readonly read: number; readonly write: number } | undefined
}
