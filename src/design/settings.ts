/**
 * Where every design-service setting comes from: a command-line flag wins over
 * its environment variable, which wins over the default. This is the only
 * module that reads DESIGN_* variables (through Effect's Config, so a test or
 * a library user can supply a ConfigProvider instead of the real environment).
 */
import * as Config from "effect/Config"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Redacted from "effect/Redacted"
import { usage, type UsageError } from "../core/errors.js"

export const AUTH_MODES = ["personal", "plan", "oauth"] as const
export const SEATS = ["view", "collab", "dev", "full"] as const
export const PLANS = ["starter", "professional", "organization", "enterprise"] as const
export type AuthMode = (typeof AUTH_MODES)[number]
export type Seat = (typeof SEATS)[number]
export type Plan = (typeof PLANS)[number]

/** The service hosts. Placeholders of the spec; real deployments set DESIGN_BASE_URL. */
export const DEFAULT_BASE_URL = "https://api.design.example"
export const DEFAULT_GOV_BASE_URL = "https://api.gov.design.example"
export const DEFAULT_MAX_WAIT_SECONDS = 60

/** Values given on the command line; each overrides its environment variable. */
export interface DesignFlags {
  readonly token?: Redacted.Redacted<string> | undefined
  readonly authMode?: string | undefined
  readonly team?: string | undefined
  readonly baseUrl?: string | undefined
  readonly gov?: boolean | undefined
  readonly seat?: string | undefined
  readonly plan?: string | undefined
  readonly maxWait?: string | undefined
  readonly file?: string | undefined
}

export interface DesignSettings {
  readonly token: Option.Option<Redacted.Redacted<string>>
  /** Which source supplied the token: "--token" or "DESIGN_ACCESS_TOKEN". */
  readonly tokenSource: Option.Option<string>
  readonly authMode: AuthMode
  readonly teamId: Option.Option<string>
  readonly baseUrl: string
  readonly edition: "commercial" | "gov"
  readonly seat: Option.Option<Seat>
  readonly plan: Option.Option<Plan>
  /** The longest Retry-After the pipeline will wait out, in seconds. */
  readonly maxWaitSeconds: number
  readonly fileKey: Option.Option<string>
}

export class DesignConfig extends Context.Tag("design/DesignConfig")<DesignConfig, DesignSettings>() {
  static readonly layer = (settings: DesignSettings) => Layer.succeed(DesignConfig, settings)
  /** Settings from flags over the environment (or the ConfigProvider in scope). */
  static readonly layerConfig = (flags: DesignFlags = {}) => Layer.effect(DesignConfig, resolveDesignSettings(flags))
}

const env = (name: string) => Config.option(Config.string(name)).pipe(Effect.orDie)

const nonEmpty = (value: Option.Option<string>) => Option.filter(value, (s) => s.trim() !== "")

const pick = (flag: string | undefined, fromEnv: Option.Option<string>) =>
  flag !== undefined ? Option.some(flag) : nonEmpty(fromEnv)

const oneOf = <A extends string>(
  name: string,
  choices: ReadonlyArray<A>,
  value: Option.Option<string>
): Effect.Effect<Option.Option<A>, UsageError> =>
  Option.match(value, {
    onNone: () => Effect.succeed(Option.none()),
    onSome: (raw) => {
      const lower = raw.toLowerCase()
      return (choices as ReadonlyArray<string>).includes(lower)
        ? Effect.succeed(Option.some(lower as A))
        : Effect.fail(usage(`${name} must be one of ${choices.join(", ")}; got "${raw}".`))
    }
  })

const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i

/** HTTPS only: the service refuses plain HTTP with 403, so only a loopback sandbox may use http://. */
export const checkBaseUrl = (raw: string): Effect.Effect<string, UsageError> => {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return Effect.fail(usage(`The base URL "${raw}" is not a valid URL.`, "Pass an https:// URL with --base-url or DESIGN_BASE_URL."))
  }
  if (url.protocol === "https:" || (url.protocol === "http:" && LOOPBACK.test(url.hostname))) {
    return Effect.succeed(url.href.replace(/\/+$/, ""))
  }
  return Effect.fail(
    usage(
      `Refusing the base URL ${url.protocol}//${url.host}: the service accepts HTTPS only, and plain http:// is allowed for a loopback sandbox alone.`,
      "Use an https:// base URL, or http://127.0.0.1:PORT for `design sandbox`."
    )
  )
}

export const resolveDesignSettings = (flags: DesignFlags = {}): Effect.Effect<DesignSettings, UsageError> =>
  Effect.gen(function*() {
    const envToken = nonEmpty(yield* env("DESIGN_ACCESS_TOKEN"))
    const token = flags.token !== undefined
      ? Option.some(flags.token)
      : Option.map(envToken, Redacted.make)
    const tokenSource = flags.token !== undefined
      ? Option.some("--token")
      : Option.map(envToken, () => "DESIGN_ACCESS_TOKEN")

    const authMode = yield* oneOf("The auth mode", AUTH_MODES, pick(flags.authMode, yield* env("DESIGN_AUTH_MODE")))
    const seat = yield* oneOf("The seat", SEATS, pick(flags.seat, yield* env("DESIGN_SEAT")))
    const plan = yield* oneOf("The plan", PLANS, pick(flags.plan, yield* env("DESIGN_PLAN")))

    const edition = flags.gov === true || Option.getOrUndefined(yield* env("DESIGN_EDITION"))?.toLowerCase() === "gov"
      ? "gov" as const
      : "commercial" as const
    const baseUrlRaw = flags.baseUrl ?? Option.getOrUndefined(nonEmpty(
      edition === "gov" ? yield* env("DESIGN_GOV_BASE_URL") : yield* env("DESIGN_BASE_URL")
    )) ?? (edition === "gov" ? DEFAULT_GOV_BASE_URL : DEFAULT_BASE_URL)
    const baseUrl = yield* checkBaseUrl(baseUrlRaw)

    const maxWaitRaw = pick(flags.maxWait, yield* env("DESIGN_MAX_WAIT"))
    const maxWaitSeconds = Option.isNone(maxWaitRaw) ? DEFAULT_MAX_WAIT_SECONDS : Number(maxWaitRaw.value)
    if (!Number.isInteger(maxWaitSeconds) || maxWaitSeconds < 0) {
      return yield* Effect.fail(usage(`--max-wait must be a whole number of seconds; got "${Option.getOrElse(maxWaitRaw, () => "")}".`))
    }

    return {
      token,
      tokenSource,
      authMode: Option.getOrElse(authMode, () => "personal" as const),
      teamId: pick(flags.team, yield* env("DESIGN_TEAM_ID")),
      baseUrl,
      edition,
      seat,
      plan,
      maxWaitSeconds,
      fileKey: pick(flags.file, yield* env("DESIGN_FILE_KEY"))
    }
  })

/** A token shown to people: enough to recognise it, never enough to use it. */
export const maskToken = (token: Redacted.Redacted<string>): string => {
  const value = Redacted.value(token)
  return value.length <= 8 ? "****" : `${value.slice(0, 4)}${"*".repeat(12)}`
}
