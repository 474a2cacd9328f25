/**
 * The options of a design-service client, and their checks. The same checks
 * run whether the options come from code (`DesignApi.layer`), from DESIGN_*
 * variables (`DesignApi.layerConfig`) or from the command line.
 */
import * as Config from "effect/Config"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import type { InvalidSettingsError } from "../core/errors.js"
import {
  clientConfig,
  type ClientOptions,
  type ClientSettings,
  optionalConfig,
  type ServiceHosts
} from "../core/service/options.js"
import { checkServiceUrl, invalidSetting, isLoopbackHost, oneOf } from "../core/settings.js"

export const AUTH_MODES = ["personal", "plan", "oauth"] as const
export const SEATS = ["view", "collab", "dev", "full"] as const
export const PLANS = ["starter", "professional", "organization", "enterprise"] as const
export type AuthMode = (typeof AUTH_MODES)[number]
export type Seat = (typeof SEATS)[number]
export type Plan = (typeof PLANS)[number]

/** The service hosts. Placeholders of the spec; real deployments set the base URL. */
export const DEFAULT_BASE_URL = "https://api.design.example"
export const DEFAULT_GOV_BASE_URL = "https://api.gov.design.example"

export interface DesignOptions extends ClientOptions {
  readonly edition?: "commercial" | "gov" | undefined
  /** personal (default) and plan send X-Design-Token; oauth sends a Bearer token. */
  readonly authMode?: AuthMode | undefined
  /** The default team for team-scoped calls. */
  readonly teamId?: string | undefined
  /** With `plan`, paces requests from the published table; without, the pace is learned from 429s. */
  readonly seat?: Seat | undefined
  readonly plan?: Plan | undefined
}

export interface DesignSettings extends ClientSettings {
  readonly edition: "commercial" | "gov"
  readonly authMode: AuthMode
  readonly teamId: Option.Option<string>
  readonly seat: Option.Option<Seat>
  readonly plan: Option.Option<Plan>
}

/** The web app of the commercial edition: file URLs are on design.example (www. or not). */
export const DEFAULT_APP_URL = "https://www.design.example"

/**
 * The web app's address when it is not configured: the API host with `api.`
 * replaced by `www.` (api.gov.design.example → www.gov.design.example). A
 * loopback sandbox plays the commercial service, whose links it hands out.
 */
export const defaultAppUrl = (baseUrl: string): string => {
  // A base URL that is not one is refused on its own (checkBaseUrl); this must not throw first.
  if (!URL.canParse(baseUrl)) return DEFAULT_APP_URL
  const url = new URL(baseUrl)
  if (isLoopbackHost(url.hostname)) return DEFAULT_APP_URL
  return `${url.protocol}//${url.host.replace(/^api\./, "www.")}`
}

/** HTTPS only: the service refuses plain HTTP with 403, so only a loopback sandbox may use http://. */
export const checkBaseUrl = (raw: string) => checkServiceUrl("baseUrl", raw)

/** The edition's host unless the options name one; the app's address from the API's. */
export const designHosts: ServiceHosts<DesignOptions> = {
  baseUrl: (options) => options.edition === "gov" ? DEFAULT_GOV_BASE_URL : DEFAULT_BASE_URL,
  appUrl: defaultAppUrl
}

/** The design service's own options, checked after the common ones. */
export const designSettings = (
  options: DesignOptions,
  common: ClientSettings
): Effect.Effect<DesignSettings, InvalidSettingsError> =>
  Effect.gen(function*() {
    const authMode = Option.getOrElse(yield* oneOf("authMode", AUTH_MODES, options.authMode), () => "personal" as const)
    const seat = yield* oneOf("seat", SEATS, options.seat)
    const plan = yield* oneOf("plan", PLANS, options.plan)
    const teamId = Option.filter(Option.fromNullable(options.teamId), (t) => t.trim() !== "")
    if (Option.isSome(teamId) && !/^[A-Za-z0-9_-]+$/.test(teamId.value)) {
      return yield* invalidSetting("teamId", `The team id "${teamId.value}" is not an id.`)
    }
    return { ...common, edition: options.edition ?? "commercial", authMode, teamId, seat, plan }
  })

/**
 * The options from DESIGN_* variables: DESIGN_ACCESS_TOKEN, DESIGN_BASE_URL
 * (or DESIGN_GOV_BASE_URL with DESIGN_EDITION=gov), DESIGN_AUTH_MODE,
 * DESIGN_APP_URL, DESIGN_TEAM_ID, DESIGN_SEAT, DESIGN_PLAN, DESIGN_MAX_WAIT,
 * DESIGN_TIMEOUT (seconds) and DESIGN_RATE_STORE.
 */
export const designConfig: Config.Config<DesignOptions> = Config.all({
  common: clientConfig("DESIGN", ["DESIGN_ACCESS_TOKEN"]),
  edition: optionalConfig(Config.literal("commercial", "gov")("DESIGN_EDITION")),
  govBaseUrl: optionalConfig(Config.string("DESIGN_GOV_BASE_URL")),
  authMode: optionalConfig(Config.literal(...AUTH_MODES)("DESIGN_AUTH_MODE")),
  teamId: optionalConfig(Config.string("DESIGN_TEAM_ID")),
  seat: optionalConfig(Config.literal(...SEATS)("DESIGN_SEAT")),
  plan: optionalConfig(Config.literal(...PLANS)("DESIGN_PLAN"))
}).pipe(
  Config.map(({ common, govBaseUrl, ...rest }) => ({
    ...common,
    ...rest,
    baseUrl: rest.edition === "gov" ? govBaseUrl : common.baseUrl
  }))
)
