/**
 * The options every service client takes, said once: the token and where to
 * send it, pacing across processes, how long to wait, how to renew the token,
 * and the user's middleware. A service adds its own (design's edition and
 * auth mode, the task manager's workspace) in its descriptor; the checks here
 * run whether the options come from code, from variables or from flags.
 */
import type * as HttpClient from "@effect/platform/HttpClient"
import * as Config from "effect/Config"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Redacted from "effect/Redacted"
import { InvalidSettingsError, type RequestError } from "../errors.js"
import type { ExpiryInput } from "../expiry.js"
import { checkRateStore, checkServiceUrl, checkToken, duration, requestTimeout } from "../settings.js"

export interface ClientOptions {
  readonly token: Redacted.Redacted<string> | string
  /** `https://` only; `http://` only on loopback (a sandbox). Default: the service's public host. */
  readonly baseUrl?: string | undefined
  /**
   * The web app's address: the host of the URLs that arguments accept and of
   * the OAuth pages. Default: derived from the base URL.
   */
  readonly appUrl?: string | undefined
  /**
   * A Redis shared by every process on this credential (redis://HOST:PORT/DB):
   * one budget across processes and machines. Unset: paced within this process.
   */
  readonly rateStore?: string | undefined
  /** The longest Retry-After worth waiting out (default 60 s). */
  readonly maxWait?: Duration.DurationInput | undefined
  /** The longest silence one request waits out (default 30 s). */
  readonly timeout?: Duration.DurationInput | undefined
  /**
   * A new access token after the service rejected the current one (for
   * example by an OAuth grant's refresh token). Run again at every
   * rejection, one at a time per client (requests rejected together share
   * one run); a run that fails is not remembered, so the next rejection
   * tries again. The rejected request is then sent once more.
   */
  readonly refresh?: Effect.Effect<Redacted.Redacted<string>, RequestError, HttpClient.HttpClient> | undefined
  /**
   * When the token expires, if known (a stored OAuth grant's expires_at). Past it, and without `refresh`,
   * a call fails with AuthError reason "expired" before anything is sent.
   */
  readonly expiresAt?: ExpiryInput | undefined
  /**
   * Middleware over this client's HttpClient (as Effect's provider clients
   * have it), seeing each request finished: base URL and credential added.
   * Secret headers show as redacted when a request is logged or traced.
   */
  readonly transformClient?: ((client: HttpClient.HttpClient) => HttpClient.HttpClient) | undefined
}

/** The checked form of the common options. */
export interface ClientSettings {
  readonly token: Redacted.Redacted<string>
  readonly baseUrl: string
  readonly appUrl: string
  readonly maxWait: Duration.Duration
  readonly timeout: Duration.Duration
  /** The shared rate store's URL; none: in-process pacing. */
  readonly rateStore: Option.Option<string>
}

/** Where a service lives when the options do not say. */
export interface ServiceHosts<O> {
  readonly baseUrl: (options: O) => string
  /** The web app's address for a checked base URL. */
  readonly appUrl: (baseUrl: string) => string
}

/** Whether a duration as given is below zero (Effect's Duration reads such a value as zero). */
const isNegative = (value: Duration.DurationInput): boolean =>
  typeof value === "number" || typeof value === "bigint"
    ? value < 0
    : typeof value === "string"
    ? /^\s*-/.test(value)
    : Array.isArray(value)
    ? value.some((part) => part < 0)
    : false

/** A duration that may be zero (never wait) but not below it: a negative one is a mistake, not "no wait". */
const notNegative = (setting: string, value: Duration.DurationInput | undefined, fallback: Duration.Duration) =>
  value !== undefined && isNegative(value)
    ? Effect.fail(new InvalidSettingsError({ setting, message: `${setting} must not be negative.` }))
    : duration(setting, value, fallback)

/** The common options, checked in the same order and words for every service. */
export const resolveClientOptions = <O extends ClientOptions>(
  options: O,
  hosts: ServiceHosts<O>
): Effect.Effect<ClientSettings, InvalidSettingsError> =>
  Effect.gen(function*() {
    const token = yield* checkToken(typeof options.token === "string" ? Redacted.make(options.token) : options.token)
    const baseUrl = yield* checkServiceUrl("baseUrl", options.baseUrl ?? hosts.baseUrl(options))
    const appUrl = yield* checkServiceUrl("appUrl", options.appUrl ?? hosts.appUrl(baseUrl))
    return {
      token,
      baseUrl,
      appUrl,
      maxWait: yield* notNegative("maxWait", options.maxWait, Duration.seconds(60)),
      timeout: yield* requestTimeout(options.timeout),
      rateStore: yield* checkRateStore(options.rateStore)
    }
  })

/** An optional variable, as undefined when unset. */
export const optionalConfig = <A>(config: Config.Config<A>) => Config.map(Config.option(config), Option.getOrUndefined)

const seconds = (name: string) => optionalConfig(Config.map(Config.integer(name), Duration.seconds))

/**
 * The common options from `<PREFIX>_*` variables: the token from the first of
 * `tokenVariables` that is set, `_BASE_URL`, `_APP_URL`, `_MAX_WAIT` and
 * `_TIMEOUT` (seconds) and `_RATE_STORE`.
 */
export const clientConfig = (prefix: string, tokenVariables: ReadonlyArray<string>) =>
  Config.all({
    token: tokenVariables.slice(1).reduce(
      (first, next) => Config.orElse(first, () => Config.redacted(next)),
      Config.redacted(tokenVariables[0]!)
    ),
    baseUrl: optionalConfig(Config.string(`${prefix}_BASE_URL`)),
    appUrl: optionalConfig(Config.string(`${prefix}_APP_URL`)),
    maxWait: seconds(`${prefix}_MAX_WAIT`),
    timeout: seconds(`${prefix}_TIMEOUT`),
    rateStore: optionalConfig(Config.string(`${prefix}_RATE_STORE`))
  })
