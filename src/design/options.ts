/**
 * The options of a design-service client, and their checks. The same checks
 * run whether the options come from code (`DesignApi.layer`), from DESIGN_*
 * variables (`DesignApi.layerConfig`) or from the command line.
 */
import type * as HttpClient from "@effect/platform/HttpClient"
import * as Config from "effect/Config"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Redacted from "effect/Redacted"
import type { InvalidSettingsError, RequestError } from "../core/errors.js"
import type { ExpiryInput } from "../core/expiry.js"
import {
  checkRateStore,
  checkServiceUrl,
  checkToken,
  duration,
  invalidSetting,
  oneOf,
  requestTimeout
} from "../core/settings.js"

export const AUTH_MODES = ["personal", "plan", "oauth"] as const
export const SEATS = ["view", "collab", "dev", "full"] as const
export const PLANS = ["starter", "professional", "organization", "enterprise"] as const
export type AuthMode = (typeof AUTH_MODES)[number]
export type Seat = (typeof SEATS)[number]
export type Plan = (typeof PLANS)[number]

/** The service hosts. Placeholders of the spec; real deployments set the base URL. */
export const DEFAULT_BASE_URL = "https://api.design.example"
export const DEFAULT_GOV_BASE_URL = "https://api.gov.design.example"

export interface DesignOptions {
  readonly token: Redacted.Redacted<string> | string
  /** `https://` only; `http://` only on loopback (a sandbox). Default: the commercial or government host. */
  readonly baseUrl?: string | undefined
  readonly edition?: "commercial" | "gov" | undefined
  /** personal (default) and plan send X-Design-Token; oauth sends a Bearer token. */
  readonly authMode?: AuthMode | undefined
  /**
   * The web app's address, the host of the file, team and project URLs that
   * arguments accept (and of the OAuth page). Default: from the base URL
   * (api.design.example → www.design.example; for a loopback sandbox, www.design.example).
   */
  readonly appUrl?: string | undefined
  /** The default team for team-scoped calls. */
  readonly teamId?: string | undefined
  /** With `plan`, paces requests from the published table; without, the pace is learned from 429s. */
  readonly seat?: Seat | undefined
  readonly plan?: Plan | undefined
  /**
   * A Redis shared by every process on this credential (redis://HOST:PORT/DB):
   * one budget across processes and machines. Unset: paced within this process.
   */
  readonly rateStore?: string | undefined
  /** The longest Retry-After worth waiting out (default 60 s). */
  readonly maxWait?: Duration.DurationInput | undefined
  /** The limit for one request's answer (default 30 s). */
  readonly timeout?: Duration.DurationInput | undefined
  /**
   * A new access token after the service rejected the current one (an OAuth
   * token with a stored refresh token; see `storedRefresh`). Run at most once
   * per client; the request that failed is then sent again.
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

export interface DesignSettings {
  readonly token: Redacted.Redacted<string>
  readonly baseUrl: string
  readonly appUrl: string
  readonly edition: "commercial" | "gov"
  readonly authMode: AuthMode
  readonly teamId: Option.Option<string>
  readonly seat: Option.Option<Seat>
  readonly plan: Option.Option<Plan>
  readonly maxWait: Duration.Duration
  readonly timeout: Duration.Duration
  /** The shared rate store's URL; none: in-process pacing. */
  readonly rateStore: Option.Option<string>
}

/** The web app of the commercial edition: file URLs are on design.example (www. or not). */
export const DEFAULT_APP_URL = "https://www.design.example"

const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i

/**
 * The web app's address when it is not configured: the API host with `api.`
 * replaced by `www.` (api.gov.design.example → www.gov.design.example). A
 * loopback sandbox plays the commercial service, whose links it hands out.
 */
export const defaultAppUrl = (baseUrl: string): string => {
  // A base URL that is not one is refused on its own (checkBaseUrl); this must not throw first.
  if (!URL.canParse(baseUrl)) return DEFAULT_APP_URL
  const url = new URL(baseUrl)
  if (LOOPBACK.test(url.hostname)) return DEFAULT_APP_URL
  return `${url.protocol}//${url.host.replace(/^api\./, "www.")}`
}

/** HTTPS only: the service refuses plain HTTP with 403, so only a loopback sandbox may use http://. */
export const checkBaseUrl = (raw: string) => checkServiceUrl("baseUrl", raw)

export const resolveDesignOptions = (options: DesignOptions): Effect.Effect<DesignSettings, InvalidSettingsError> =>
  Effect.gen(function*() {
    const token = typeof options.token === "string" ? Redacted.make(options.token) : options.token
    yield* checkToken(token)
    const edition = options.edition ?? "commercial"
    const baseUrl = yield* checkBaseUrl(
      options.baseUrl ?? (edition === "gov" ? DEFAULT_GOV_BASE_URL : DEFAULT_BASE_URL)
    )
    const appUrl = yield* checkServiceUrl("appUrl", options.appUrl ?? defaultAppUrl(baseUrl))
    const authMode = Option.getOrElse(yield* oneOf("authMode", AUTH_MODES, options.authMode), () => "personal" as const)
    const seat = yield* oneOf("seat", SEATS, options.seat)
    const plan = yield* oneOf("plan", PLANS, options.plan)
    const teamId = Option.filter(Option.fromNullable(options.teamId), (t) => t.trim() !== "")
    if (Option.isSome(teamId) && !/^[A-Za-z0-9_-]+$/.test(teamId.value)) {
      return yield* invalidSetting("teamId", `The team id "${teamId.value}" is not an id.`)
    }
    const maxWait = yield* duration("maxWait", options.maxWait, Duration.seconds(60))
    const timeout = yield* requestTimeout(options.timeout)
    const rateStore = yield* checkRateStore(options.rateStore)
    return { token, baseUrl, appUrl, edition, authMode, teamId, seat, plan, maxWait, timeout, rateStore }
  })

const optional = <A>(config: Config.Config<A>) => Config.map(Config.option(config), Option.getOrUndefined)

/**
 * The options from DESIGN_* variables: DESIGN_ACCESS_TOKEN, DESIGN_BASE_URL
 * (or DESIGN_GOV_BASE_URL with DESIGN_EDITION=gov), DESIGN_AUTH_MODE,
 * DESIGN_APP_URL, DESIGN_TEAM_ID, DESIGN_SEAT, DESIGN_PLAN, DESIGN_MAX_WAIT,
 * DESIGN_TIMEOUT (seconds) and DESIGN_RATE_STORE.
 */
export const designConfig: Config.Config<DesignOptions> = Config.all({
  token: Config.redacted("DESIGN_ACCESS_TOKEN"),
  edition: optional(Config.literal("commercial", "gov")("DESIGN_EDITION")),
  baseUrl: optional(Config.string("DESIGN_BASE_URL")),
  govBaseUrl: optional(Config.string("DESIGN_GOV_BASE_URL")),
  appUrl: optional(Config.string("DESIGN_APP_URL")),
  authMode: optional(Config.literal(...AUTH_MODES)("DESIGN_AUTH_MODE")),
  teamId: optional(Config.string("DESIGN_TEAM_ID")),
  seat: optional(Config.literal(...SEATS)("DESIGN_SEAT")),
  plan: optional(Config.literal(...PLANS)("DESIGN_PLAN")),
  maxWait: optional(Config.map(Config.integer("DESIGN_MAX_WAIT"), Duration.seconds)),
  timeout: optional(Config.map(Config.integer("DESIGN_TIMEOUT"), Duration.seconds)),
  rateStore: optional(Config.string("DESIGN_RATE_STORE"))
}).pipe(
  Config.map(({ baseUrl, govBaseUrl, ...rest }) => ({
    ...rest,
    baseUrl: rest.edition === "gov" ? govBaseUrl : baseUrl
  }))
)
