/**
 * The `taskmgr` command line's shared options and how they, over the
 * TASKMGR_* variables, become the client's options. Token resolution, first
 * found wins: --token, TASKMGR_ACCESS_TOKEN, TASKMGR_TOKEN, then the stored
 * OAuth credential (`taskmgr auth login`), which refreshes itself once when
 * the service rejects it.
 */
import type * as HttpClient from "@effect/platform/HttpClient"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Redacted from "effect/Redacted"
import { flagOrEnv, option, secondsSetting } from "../../core/cli/options.js"
import type { Invocation } from "../../core/cli/runtime.js"
import type { OptionSpec } from "../../core/cli/spec.js"
import { AuthError, type InvalidSettingsError, type RequestError, type SignInError } from "../../core/errors.js"
import type { Vocabulary } from "../../core/remedy.js"
import { checkToken } from "../../core/settings.js"
import { loadRepo } from "../local/repo-file.js"
import { loadSignIn, resolveAppRegistration, storedRefresh, type StoredSignIn } from "../oauth.js"
import { DEFAULT_APP_URL, DEFAULT_BASE_URL, PLANS, type TaskmgrOptions } from "../options.js"

export const TASKMGR_SHARED: ReadonlyArray<OptionSpec> = [
  option("--token", "Access token (default: $TASKMGR_ACCESS_TOKEN, $TASKMGR_TOKEN, then the 'auth login' credential)", {
    valueName: "TOKEN"
  }),
  option("--base-url", "API base URL with /api/1.0; https only, http only on loopback ($TASKMGR_BASE_URL)", {
    valueName: "URL"
  }),
  option("--app-url", "Host of the OAuth pages and of task and project URLs ($TASKMGR_APP_URL)", { valueName: "URL" }),
  option("--plan", "Your workspace's plan, for pacing ($TASKMGR_PLAN)", { valueName: "PLAN", choices: PLANS }),
  option("--max-wait", "Longest Retry-After to wait out, in seconds ($TASKMGR_MAX_WAIT)", {
    valueName: "SECONDS",
    defaultText: "60"
  }),
  option("--rate-store", "Redis shared by processes on one token, for one budget ($TASKMGR_RATE_STORE)", {
    valueName: "redis://HOST:PORT/DB"
  }),
  option("--timeout", "Longest wait for one answer, in seconds ($TASKMGR_TIMEOUT)", {
    valueName: "SECONDS",
    defaultText: "30"
  }),
  option("--json", "Print JSON", { takesValue: false }),
  option("--toon", "Print TOON (compact, for agents)", { takesValue: false }),
  option("--full", "Do not truncate long text", { takesValue: false })
]

const SETTING_SOURCES: Record<string, string> = {
  token: "--token, TASKMGR_ACCESS_TOKEN or TASKMGR_TOKEN",
  baseUrl: "--base-url or TASKMGR_BASE_URL",
  appUrl: "--app-url or TASKMGR_APP_URL",
  workspace: "--workspace-gid, TASKMGR_WORKSPACE or workspace_gid in the repository's .taskmgr.json",
  plan: "--plan or TASKMGR_PLAN",
  maxWait: "--max-wait or TASKMGR_MAX_WAIT",
  rateStore: "--rate-store or TASKMGR_RATE_STORE",
  timeout: "--timeout or TASKMGR_TIMEOUT",
  clientId: "--client-id, TASKMGR_API_CLIENT_ID, TASKMGR_CLIENT_ID or client_id in settings.json",
  clientSecret: "TASKMGR_API_CLIENT_SECRET, TASKMGR_CLIENT_SECRET, --client-secret or client_secret in settings.json"
}

/** Fields whose flag is not their name in kebab case (the views' `flags`), where a remedy names them. */
const FIELD_FLAGS: Record<string, string> = { timeout_seconds: "--timeout" }

export const taskmgrVocabulary = (path: ReadonlyArray<string>): Vocabulary => ({
  supplyToken: "Set TASKMGR_ACCESS_TOKEN or pass --token (for `taskmgr sandbox`, one of the tokens it prints)",
  signIn: "Run 'taskmgr auth login'",
  setting: (name) => SETTING_SOURCES[name] ?? name,
  field: (name) => FIELD_FLAGS[name] ?? `--${name.replace(/_/g, "-")}`,
  help: `Run '${["taskmgr", ...path].join(" ")} --help'`
  // No authMode: the task manager takes one kind of token.
})

type Env = Readonly<Record<string, string | undefined>>

export type TokenSource = "--token" | "TASKMGR_ACCESS_TOKEN" | "TASKMGR_TOKEN" | "stored credential"

export interface TaskmgrCliSettings {
  readonly options: Omit<TaskmgrOptions, "token">
  readonly token: Option.Option<Redacted.Redacted<string>>
  readonly tokenSource: Option.Option<TokenSource>
  /** The sources that were set but lost to the winner, for auth status (the stored credential is not looked for then). */
  readonly shadowed: ReadonlyArray<TokenSource>
  /** When no token is given: the stored sign-in, whose token is then the one used. */
  readonly signIn: Option.Option<StoredSignIn>
  /** The stored sign-in's refresh, for the client's one refresh-and-resend. */
  readonly refresh: Option.Option<Effect.Effect<Redacted.Redacted<string>, RequestError, HttpClient.HttpClient>>
}

export const cliSettings = (
  shared: Invocation["shared"],
  env: Env
): Effect.Effect<TaskmgrCliSettings, InvalidSettingsError | SignInError> =>
  Effect.gen(function*() {
    const sources: Array<[TokenSource, string | undefined]> = [
      ["--token", typeof shared["--token"] === "string" ? shared["--token"] : undefined],
      ["TASKMGR_ACCESS_TOKEN", env.TASKMGR_ACCESS_TOKEN],
      ["TASKMGR_TOKEN", env.TASKMGR_TOKEN]
    ]
    const present = sources.filter(([, v]) => v !== undefined && v.trim() !== "") as Array<[TokenSource, string]>
    const [winner, ...rest] = present
    // Refused here, where the flag or variable it came from is known.
    if (winner !== undefined) yield* checkToken(Redacted.make(winner[1]), winner[0])
    const baseUrl = flagOrEnv(shared, "--base-url", env, "TASKMGR_BASE_URL")
    const appUrl = flagOrEnv(shared, "--app-url", env, "TASKMGR_APP_URL")
    // Only when nothing else gives a token, so a given token works whatever state the file is in.
    const signIn = winner === undefined
      ? yield* loadSignIn(env, { baseUrl: baseUrl ?? DEFAULT_BASE_URL, appUrl: appUrl ?? DEFAULT_APP_URL })
      : Option.none<StoredSignIn>()
    const repo = yield* loadRepo(process.cwd())
    const timeoutMs = yield* secondsSetting("timeout", flagOrEnv(shared, "--timeout", env, "TASKMGR_TIMEOUT"))
    const maxWaitMs = yield* secondsSetting("maxWait", flagOrEnv(shared, "--max-wait", env, "TASKMGR_MAX_WAIT"))
    return {
      options: {
        baseUrl,
        appUrl,
        // The layers: a command's --workspace-gid (its own input), the variable, then the repository's file.
        workspace: flagOrEnv({}, "", env, "TASKMGR_WORKSPACE") ??
          Option.getOrUndefined(Option.flatMap(repo, (r) => Option.flatMapNullable(r.file, (f) => f.workspace_gid))),
        plan: flagOrEnv(shared, "--plan", env, "TASKMGR_PLAN") as TaskmgrOptions["plan"],
        maxWait: maxWaitMs,
        rateStore: flagOrEnv(shared, "--rate-store", env, "TASKMGR_RATE_STORE"),
        timeout: timeoutMs
      },
      token: Option.orElse(
        Option.map(Option.fromNullable(winner), ([, value]) => Redacted.make(value)),
        () => Option.map(signIn, (s) => s.credential.access_token)
      ),
      tokenSource: Option.orElse(
        Option.map(Option.fromNullable(winner), ([source]) => source),
        () => Option.as(signIn, "stored credential" as const)
      ),
      shadowed: rest.map(([source]) => source),
      signIn,
      refresh: Option.map(signIn, (stored) =>
        // A rotated secret in the variables or settings.json is used for the grant's own client id.
        resolveAppRegistration({}, env).pipe(
          Effect.option,
          Effect.flatMap((app) =>
            storedRefresh(stored, Option.getOrUndefined(app), { timeout: timeoutMs, maxWait: maxWaitMs })
          )
        ))
    }
  })

export const missingToken = new AuthError({
  reason: "missing",
  status: null,
  message: "No task-management token is configured."
})

/** The client's options; a stored sign-in's token refreshes itself once when the service rejects it. */
export const requireToken = (settings: TaskmgrCliSettings): Effect.Effect<TaskmgrOptions, AuthError> =>
  Option.match(settings.token, {
    onNone: () => Effect.fail(missingToken),
    onSome: (token) => Effect.succeed({ ...settings.options, token, refresh: Option.getOrUndefined(settings.refresh) })
  })
