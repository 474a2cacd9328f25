/**
 * The `design` command line's shared options and how they, over the DESIGN_*
 * variables, become the client's options. A flag wins over its variable. No
 * shared flag shares a name with a command's own flag (the pacing plan is
 * --account-plan, so `webhook list --plan` is never ambiguous).
 */
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Redacted from "effect/Redacted"
import { appLink, isWebAddress } from "../../core/app-url.js"
import { CliIO, sayOn } from "../../core/cli/io.js"
import { flagOrEnv, option, secondsSetting } from "../../core/cli/options.js"
import type { Invocation } from "../../core/cli/runtime.js"
import type { OptionSpec } from "../../core/cli/spec.js"
import { AuthError, InvalidSettingsError, type SignInError } from "../../core/errors.js"
import { signInError } from "../../core/oauth/redirect.js"
import type { Vocabulary } from "../../core/remedy.js"
import { maskUrl } from "../../core/secrets.js"
import { checkToken } from "../../core/settings.js"
import { designCredentialStore, loadSignIn, storedRefresh, type StoredSignIn } from "../oauth.js"
import {
  AUTH_MODES,
  DEFAULT_BASE_URL,
  DEFAULT_GOV_BASE_URL,
  defaultAppUrl,
  type DesignOptions,
  PLANS,
  SEATS
} from "../options.js"
import { parseContextRef } from "../refs.js"

export const DESIGN_SHARED: ReadonlyArray<OptionSpec> = [
  option("--token", "Access token (default: $DESIGN_ACCESS_TOKEN)", { valueName: "TOKEN" }),
  option("--auth-mode", "Token kind: personal and plan send X-Design-Token, oauth a Bearer token ($DESIGN_AUTH_MODE)", {
    valueName: "MODE",
    choices: AUTH_MODES,
    defaultText: "personal"
  }),
  option("--team", "Default team: an id or team URL ($DESIGN_TEAM_ID)", { valueName: "ID|URL" }),
  option("--base-url", "API base URL; https only, http only on loopback ($DESIGN_BASE_URL)", { valueName: "URL" }),
  option(
    "--app-url",
    "Web app address; file, team and project URLs must be on its host ($DESIGN_APP_URL; default from the base URL)",
    {
      valueName: "URL"
    }
  ),
  option("--gov", "Use the government edition ($DESIGN_EDITION=gov, $DESIGN_GOV_BASE_URL)", { takesValue: false }),
  option("--seat", "Your seat, for pacing ($DESIGN_SEAT)", { valueName: "SEAT", choices: SEATS }),
  option("--account-plan", "Your plan, for pacing and plan checks ($DESIGN_PLAN)", {
    valueName: "PLAN",
    choices: PLANS
  }),
  option("--max-wait", "Longest Retry-After to wait out, in seconds ($DESIGN_MAX_WAIT)", {
    valueName: "SECONDS",
    defaultText: "60"
  }),
  option("--rate-store", "Redis shared by processes on one token, for one budget ($DESIGN_RATE_STORE)", {
    valueName: "redis://HOST:PORT/DB"
  }),
  option("--timeout", "Longest wait for one answer, in seconds ($DESIGN_TIMEOUT)", {
    valueName: "SECONDS",
    defaultText: "30"
  }),
  option("--json", "Print JSON", { takesValue: false }),
  option("--toon", "Print TOON (compact, for agents)", { takesValue: false }),
  option("--full", "Do not truncate long text", { takesValue: false })
]

/** Where each setting comes from, for remedies. */
const SETTING_SOURCES: Record<string, string> = {
  token: "--token or DESIGN_ACCESS_TOKEN",
  authMode: "--auth-mode or DESIGN_AUTH_MODE",
  teamId: "--team or DESIGN_TEAM_ID",
  baseUrl: "--base-url or DESIGN_BASE_URL",
  appUrl: "--app-url or DESIGN_APP_URL",
  seat: "--seat or DESIGN_SEAT",
  plan: "--account-plan or DESIGN_PLAN",
  maxWait: "--max-wait or DESIGN_MAX_WAIT",
  rateStore: "--rate-store or DESIGN_RATE_STORE",
  timeout: "--timeout or DESIGN_TIMEOUT",
  fileKey: "--file or DESIGN_FILE_KEY"
}

export const designVocabulary = (path: ReadonlyArray<string>): Vocabulary => ({
  supplyToken: "Set DESIGN_ACCESS_TOKEN or pass --token (for `design sandbox`, one of the tokens it prints)",
  setting: (name) => SETTING_SOURCES[name] ?? name,
  field: (name) => `--${name.replace(/_/g, "-")}`,
  help: `Run '${["design", ...path].join(" ")} --help'`,
  authMode: (mode) => `--auth-mode ${mode}`,
  signIn: "Run 'design auth login'"
})

type Env = Readonly<Record<string, string | undefined>>

export interface DesignCliSettings {
  /** The options without the token, which may be missing (auth status still reports). */
  readonly options: Omit<DesignOptions, "token">
  readonly token: Option.Option<Redacted.Redacted<string>>
  readonly tokenSource: Option.Option<"--token" | "DESIGN_ACCESS_TOKEN" | "stored credential">
  readonly fileKey: Option.Option<string>
  /** With --auth-mode oauth and no token given: the stored sign-in (`design auth login`). */
  readonly signIn: Option.Option<StoredSignIn>
  /** The file of a stored sign-in left unused because the auth mode is not oauth, when no token is given. */
  readonly unusedSignIn: Option.Option<string>
}

export const cliSettings = (
  shared: Invocation["shared"],
  env: Env
): Effect.Effect<DesignCliSettings, InvalidSettingsError | SignInError> =>
  Effect.gen(function*() {
    const flagToken = shared["--token"]
    const envToken = env.DESIGN_ACCESS_TOKEN
    const tokenSource = typeof flagToken === "string"
      ? Option.some("--token" as const)
      : envToken !== undefined && envToken.trim() !== ""
      ? Option.some("DESIGN_ACCESS_TOKEN" as const)
      : Option.none()
    const token = Option.map(tokenSource, (source) =>
      Redacted.make(source === "--token" ? (flagToken as string) : envToken!))
    // Refused here, where the flag or variable it came from is known.
    if (Option.isSome(token) && Option.isSome(tokenSource)) {
      yield* checkToken(token.value, tokenSource.value)
    }
    const gov = shared["--gov"] === true || env.DESIGN_EDITION?.toLowerCase() === "gov"
    const teamRaw = flagOrEnv(shared, "--team", env, "DESIGN_TEAM_ID")
    const baseUrl = flagOrEnv(shared, "--base-url", env, gov ? "DESIGN_GOV_BASE_URL" : "DESIGN_BASE_URL")
    const appUrl = flagOrEnv(shared, "--app-url", env, "DESIGN_APP_URL")
    // The government edition has its own variable (README's settings table); a commercial one left set is said, not silently dropped.
    if (gov && shared["--base-url"] === undefined && (env.DESIGN_BASE_URL ?? "").trim() !== "") {
      const used = baseUrl ?? DEFAULT_GOV_BASE_URL
      yield* Effect.serviceOption(CliIO).pipe(Effect.flatMap(Option.match({
        onNone: () =>
          Effect.void,
        onSome: (io) =>
          sayOn(io)(
            `Note: DESIGN_BASE_URL is ignored in the government edition (--gov or DESIGN_EDITION=gov); it uses DESIGN_GOV_BASE_URL or --base-url (now ${
              maskUrl(used)
            }).`
          )
      })))
    }
    // A team URL must be on the app's host too; a base URL that is not one is refused later, on its own.
    const teamApp = appUrl ?? defaultAppUrl(baseUrl ?? (gov ? DEFAULT_GOV_BASE_URL : DEFAULT_BASE_URL))
    if (teamRaw !== undefined && isWebAddress(teamRaw) && URL.canParse(teamApp)) {
      yield* Effect.mapError(appLink(teamRaw, "team", teamApp), (e) =>
        new InvalidSettingsError({ setting: "teamId", message: e.message.replace(/^team: /, "") }))
    }
    const teamId = teamRaw === undefined
      ? undefined
      : yield* parseContextRef(teamRaw, "team").pipe(
        Effect.filterOrFail((ref) =>
          ref.context === undefined || ref.context === "team", () =>
          undefined),
        Effect.map((ref) => ref.id),
        Effect.mapError(() =>
          new InvalidSettingsError({ setting: "teamId", message: `"${teamRaw}" is neither a team id nor a team URL.` })
        )
      )
    const options: Omit<DesignOptions, "token"> = {
      edition: gov ? "gov" : "commercial",
      baseUrl,
      appUrl,
      authMode: flagOrEnv(shared, "--auth-mode", env, "DESIGN_AUTH_MODE") as DesignOptions["authMode"],
      teamId,
      seat: flagOrEnv(shared, "--seat", env, "DESIGN_SEAT") as DesignOptions["seat"],
      plan: flagOrEnv(shared, "--account-plan", env, "DESIGN_PLAN") as DesignOptions["plan"],
      maxWait: yield* secondsSetting("maxWait", flagOrEnv(shared, "--max-wait", env, "DESIGN_MAX_WAIT")),
      rateStore: flagOrEnv(shared, "--rate-store", env, "DESIGN_RATE_STORE"),
      timeout: yield* secondsSetting("timeout", flagOrEnv(shared, "--timeout", env, "DESIGN_TIMEOUT"))
    }
    const signIn = Option.isNone(token) && options.authMode === "oauth"
      ? yield* loadSignIn(env, options.baseUrl ?? (gov ? DEFAULT_GOV_BASE_URL : DEFAULT_BASE_URL))
      : Option.none()
    // Without a token and outside oauth mode, a stored sign-in is still looked for, to say how to use it.
    const store = designCredentialStore(env)
    const unusedSignIn = Option.isNone(token) && options.authMode !== "oauth"
      ? Option.as(Option.flatten(Option.getRight(yield* Effect.either(store.read))), store.path)
      : Option.none()
    return {
      options,
      token: Option.orElse(token, () => Option.map(signIn, (s) => s.credential.access_token)),
      tokenSource: Option.orElse(tokenSource, () => Option.as(signIn, "stored credential" as const)),
      fileKey: Option.fromNullable(flagOrEnv(shared, "--file", env, "DESIGN_FILE_KEY")),
      signIn,
      unusedSignIn
    }
  })

export const missingToken = new AuthError({
  reason: "missing",
  status: null,
  message: "No design-service token is configured."
})

/** No token, saying so of a stored sign-in that --auth-mode oauth would use. */
export const missingTokenOf = (settings: DesignCliSettings): AuthError =>
  Option.match(settings.unusedSignIn, {
    onNone: () => missingToken,
    onSome: (path) =>
      new AuthError({
        reason: "missing",
        status: null,
        message:
          `No design-service token is configured, but an OAuth sign-in is stored (${path}): pass --auth-mode oauth (or set DESIGN_AUTH_MODE=oauth) to use it.`
      })
  })

/** The client's options (a stored sign-in refreshes itself), or why there is no token. */
export const requireToken = (settings: DesignCliSettings): Effect.Effect<DesignOptions, AuthError | SignInError> =>
  Option.match(settings.token, {
    onNone: () =>
      Effect.fail(
        settings.options.authMode === "oauth"
          ? signInError("not_signed_in", "Not signed in: no OAuth token is given and no sign-in is stored.")
          : missingTokenOf(settings)
      ),
    onSome: (token) =>
      Effect.succeed({
        ...settings.options,
        token,
        refresh: Option.getOrUndefined(Option.map(settings.signIn, (s) =>
          storedRefresh(s, { timeout: settings.options.timeout, maxWait: settings.options.maxWait })))
      })
  })
