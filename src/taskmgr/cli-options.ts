/**
 * The `taskmgr` command line's shared options and how they, over the
 * TASKMGR_* variables, become the client's options. Token resolution, first
 * found wins: --token, TASKMGR_ACCESS_TOKEN, TASKMGR_TOKEN.
 */
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Redacted from "effect/Redacted"
import type { Invocation } from "../core/cli-runtime.js"
import type { OptionSpec } from "../core/cli/spec.js"
import { AuthError, InvalidSettingsError } from "../core/errors.js"
import type { Vocabulary } from "../core/remedy.js"
import { PLANS, type TaskmgrOptions } from "./options.js"

const opt = (flag: string, description: string, more: Partial<OptionSpec> = {}): OptionSpec => ({
  flag,
  takesValue: true,
  description,
  required: false,
  ...more
})

export const TASKMGR_SHARED: ReadonlyArray<OptionSpec> = [
  opt("--token", "Access token (default: $TASKMGR_ACCESS_TOKEN, $TASKMGR_TOKEN)", { valueName: "TOKEN" }),
  opt("--base-url", "API base URL with /api/1.0; https only, http only on loopback ($TASKMGR_BASE_URL)", { valueName: "URL" }),
  opt("--app-url", "Host of the OAuth pages and of task and project URLs ($TASKMGR_APP_URL)", { valueName: "URL" }),
  opt("--plan", "Your workspace's plan, for pacing ($TASKMGR_PLAN)", { valueName: "PLAN", choices: PLANS }),
  opt("--max-wait", "Longest Retry-After to wait out, in seconds ($TASKMGR_MAX_WAIT)", { valueName: "SECONDS", defaultText: "60" }),
  opt("--timeout", "Longest wait for one answer, in seconds ($TASKMGR_TIMEOUT)", { valueName: "SECONDS", defaultText: "30" }),
  opt("--json", "Print JSON", { takesValue: false }),
  opt("--toon", "Print TOON (compact, for agents)", { takesValue: false }),
  opt("--full", "Do not truncate long text", { takesValue: false })
]

const SETTING_SOURCES: Record<string, string> = {
  token: "--token, TASKMGR_ACCESS_TOKEN or TASKMGR_TOKEN",
  baseUrl: "--base-url or TASKMGR_BASE_URL",
  appUrl: "--app-url or TASKMGR_APP_URL",
  workspace: "--workspace-gid or TASKMGR_WORKSPACE",
  plan: "--plan or TASKMGR_PLAN",
  maxWait: "--max-wait or TASKMGR_MAX_WAIT",
  timeout: "--timeout or TASKMGR_TIMEOUT"
}

export const taskmgrVocabulary = (path: ReadonlyArray<string>): Vocabulary => ({
  supplyToken: "Set TASKMGR_ACCESS_TOKEN or pass --token (for `taskmgr sandbox`, one of the tokens it prints)",
  setting: (name) => SETTING_SOURCES[name] ?? name,
  field: (name) => `--${name.replace(/_/g, "-")}`,
  help: `Run '${["taskmgr", ...path].join(" ")} --help'`,
  authMode: (mode) => mode
})

type Env = Readonly<Record<string, string | undefined>>

const text = (shared: Invocation["shared"], flag: string, env: Env, ...variables: ReadonlyArray<string>): string | undefined => {
  const given = shared[flag]
  if (typeof given === "string") return given
  for (const variable of variables) {
    const value = env[variable]
    if (value !== undefined && value.trim() !== "") return value
  }
  return undefined
}

const seconds = (setting: string, raw: string | undefined) =>
  raw === undefined
    ? Effect.succeed(undefined)
    : /^\d+$/.test(raw.trim())
    ? Effect.succeed(Number(raw) * 1000)
    : Effect.fail(new InvalidSettingsError({ setting, message: `${setting} must be a whole number of seconds; got "${raw}".` }))

export type TokenSource = "--token" | "TASKMGR_ACCESS_TOKEN" | "TASKMGR_TOKEN"

export interface TaskmgrCliSettings {
  readonly options: Omit<TaskmgrOptions, "token">
  readonly token: Option.Option<Redacted.Redacted<string>>
  readonly tokenSource: Option.Option<TokenSource>
  /** The sources that were set but lost to the winner, for auth status. */
  readonly shadowed: ReadonlyArray<TokenSource>
}

export const cliSettings = (shared: Invocation["shared"], env: Env): Effect.Effect<TaskmgrCliSettings, InvalidSettingsError> =>
  Effect.gen(function*() {
    const sources: Array<[TokenSource, string | undefined]> = [
      ["--token", typeof shared["--token"] === "string" ? shared["--token"] : undefined],
      ["TASKMGR_ACCESS_TOKEN", env.TASKMGR_ACCESS_TOKEN],
      ["TASKMGR_TOKEN", env.TASKMGR_TOKEN]
    ]
    const present = sources.filter(([, v]) => v !== undefined && v.trim() !== "") as Array<[TokenSource, string]>
    const [winner, ...rest] = present
    return {
      options: {
        baseUrl: text(shared, "--base-url", env, "TASKMGR_BASE_URL"),
        appUrl: text(shared, "--app-url", env, "TASKMGR_APP_URL"),
        workspace: text({}, "", env, "TASKMGR_WORKSPACE"),
        plan: text(shared, "--plan", env, "TASKMGR_PLAN") as TaskmgrOptions["plan"],
        maxWait: yield* seconds("maxWait", text(shared, "--max-wait", env, "TASKMGR_MAX_WAIT")),
        timeout: yield* seconds("timeout", text(shared, "--timeout", env, "TASKMGR_TIMEOUT"))
      },
      token: Option.map(Option.fromNullable(winner), ([, value]) => Redacted.make(value)),
      tokenSource: Option.map(Option.fromNullable(winner), ([source]) => source),
      shadowed: rest.map(([source]) => source)
    }
  })

export const missingToken = new AuthError({ reason: "missing", status: null, message: "No task-management token is configured." })

export const requireToken = (settings: TaskmgrCliSettings): Effect.Effect<TaskmgrOptions, AuthError> =>
  Option.match(settings.token, {
    onNone: () => Effect.fail(missingToken),
    onSome: (token) => Effect.succeed({ ...settings.options, token })
  })
