/**
 * How a command line's shared flags, over the service's variables, become the
 * client's options, for any service. Token resolution, first found wins:
 * --token, the service's token variables, then the stored sign-in
 * (`auth login`), which renews itself whenever the service rejects its token.
 */
import type * as HttpClient from "@effect/platform/HttpClient"
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import * as Option from "effect/Option"
import * as Redacted from "effect/Redacted"
import { join } from "node:path"
import { AuthError, type InvalidSettingsError, type RequestError, type SignInError } from "../errors.js"
import { readCappedFile } from "../local-files.js"
import { signInError } from "../oauth/redirect.js"
import {
  loadSignIn,
  resolveAppRegistration,
  signInConfigDir,
  type SignInHosts,
  storedRefresh,
  type StoredSignIn
} from "../oauth/sign-in.js"
import type { Vocabulary } from "../remedy.js"
import { rememberSecret, rememberUrlSecrets } from "../secrets.js"
import type { ClientOptions } from "../service/options.js"
import { checkToken } from "../settings.js"
import type { Env } from "./io.js"
import { flagOrEnv, option, secondsSetting } from "./options.js"
import type { AnyCliService, CliService, Shared } from "./service.js"
import type { OptionSpec } from "./spec.js"

/** The shared flags of a program: the common ones around the service's own. */
export const sharedFlags = (cli: AnyCliService): ReadonlyArray<OptionSpec> => {
  const { prefix } = cli.service
  const variables = cli.tokenVariables.map((v) => `$${v}`).join(", ")
  return [
    option("--token", `Access token (default: ${variables}, then the 'auth login' credential)`, { valueName: "TOKEN" }),
    option(
      "--base-url",
      `API base URL${cli.baseUrlNote ?? ""}; https only, http only on loopback ($${prefix}_BASE_URL)`,
      {
        valueName: "URL"
      }
    ),
    option("--app-url", `${cli.appUrlNote} ($${prefix}_APP_URL)`, { valueName: "URL" }),
    ...cli.flags,
    option("--max-wait", `Longest Retry-After to wait out, in seconds ($${prefix}_MAX_WAIT)`, {
      valueName: "SECONDS",
      defaultText: "60"
    }),
    option("--rate-store", `Redis shared by processes on one token, for one budget ($${prefix}_RATE_STORE)`, {
      valueName: "redis://HOST:PORT/DB"
    }),
    option("--timeout", `Longest wait for one answer, in seconds ($${prefix}_TIMEOUT)`, {
      valueName: "SECONDS",
      defaultText: "30"
    }),
    option("--json", "Print JSON", { takesValue: false }),
    option("--toon", "Print TOON (compact, for agents)", { takesValue: false }),
    option("--full", "Do not truncate long text", { takesValue: false })
  ]
}

/** What the command line resolved: the options without the token, and where the token came from. */
export interface CliSettings<O extends ClientOptions> {
  /** The options without the token, which may be missing (auth status still reports). */
  readonly options: Omit<O, "token" | "refresh">
  readonly token: Option.Option<Redacted.Redacted<string>>
  /** --token, a variable, or "stored credential". */
  readonly tokenSource: Option.Option<string>
  /** The sources that were set but lost to the winner. */
  readonly shadowed: ReadonlyArray<string>
  /** When no token is given: the stored sign-in, whose token is then the one used. */
  readonly signIn: Option.Option<StoredSignIn>
  /** A stored sign-in left unused because the options ask for another kind of token. */
  readonly unusedSignIn: Option.Option<string>
  /** The stored sign-in's renewal, run at every rejection. */
  readonly refresh: Option.Option<Effect.Effect<Redacted.Redacted<string>, RequestError, HttpClient.HttpClient>>
}

/** The API and app hosts the options point at, the service's defaults filled in. */
export const hostsOf = (cli: AnyCliService, options: Omit<ClientOptions, "token" | "refresh">): SignInHosts => {
  const baseUrl = options.baseUrl ?? cli.service.hosts.baseUrl(options)
  return { baseUrl, appUrl: options.appUrl ?? (URL.canParse(baseUrl) ? cli.service.hosts.appUrl(baseUrl) : baseUrl) }
}

/** Secrets the configuration holds are masked for the process's life (secrets.ts). */
const PINNED = { pinned: true } as const

/**
 * Every secret the configuration holds, remembered for masking (secrets.ts)
 * before anything is sent, whether or not this command uses it: each token
 * given (the one used and those it shadows), the app's client secret from
 * the service's variables and settings.json, and a rate store's password. A
 * service that echoes a secret it was never sent is masked all the same.
 */
const rememberConfiguredSecrets = (cli: AnyCliService, shared: Shared, env: Env): void => {
  const given = [
    shared["--token"],
    ...cli.tokenVariables.map((name) => env[name]),
    ...cli.signIn.clientSecretVariables.map((name) => env[name])
  ].filter((value): value is string => typeof value === "string")
  // As given and trimmed: a variable read from a file may end in a line break the service never saw.
  for (const value of given) [value, value.trim()].forEach((form) => rememberSecret(form, PINNED))
  const store = flagOrEnv(shared, "--rate-store", env, `${cli.service.prefix}_RATE_STORE`)
  if (store !== undefined) rememberUrlSecrets(store, PINNED)
  // Read quietly: whether the file may be used is for the commands that use it to say.
  const settings = Either.getOrUndefined(readCappedFile(join(signInConfigDir(cli.signIn, env), "settings.json")))
  if (settings === undefined) return
  try {
    const secret: unknown = (JSON.parse(settings) as { client_secret?: unknown } | null)?.client_secret
    if (typeof secret === "string") rememberSecret(secret, PINNED)
  } catch {
    // Not JSON: nothing in it is used, and its readers say so.
  }
}

/** Reads the shared flags over the service's variables. */
export const cliSettings = <O extends ClientOptions>(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the settings are typed by the options alone
  cli: CliService<O, any, any, any>,
  shared: Shared,
  env: Env,
  /** False where the stored sign-in must not be read (signing in replaces it). */
  readSignIn = true
): Effect.Effect<CliSettings<O>, InvalidSettingsError | SignInError> =>
  Effect.gen(function*() {
    const { prefix } = cli.service
    rememberConfiguredSecrets(cli, shared, env)
    const sources: Array<readonly [string, string | undefined]> = [
      ["--token", typeof shared["--token"] === "string" ? shared["--token"] : undefined],
      ...cli.tokenVariables.map((name) => [name, env[name]] as const)
    ]
    const present = sources.filter((s): s is readonly [string, string] => s[1] !== undefined && s[1].trim() !== "")
    const [winner, ...rest] = present
    // Refused here, where the flag or variable it came from is known.
    if (winner !== undefined) yield* checkToken(Redacted.make(winner[1]), winner[0])
    const baseUrlVariable = cli.baseUrlVariable?.(shared, env) ?? `${prefix}_BASE_URL`
    const baseUrl = flagOrEnv(shared, "--base-url", env, baseUrlVariable)
    const appUrl = flagOrEnv(shared, "--app-url", env, `${prefix}_APP_URL`)
    const own = yield* cli.options(shared, env, { baseUrl, appUrl })
    const timeout = yield* secondsSetting("timeout", flagOrEnv(shared, "--timeout", env, `${prefix}_TIMEOUT`))
    const maxWait = yield* secondsSetting("maxWait", flagOrEnv(shared, "--max-wait", env, `${prefix}_MAX_WAIT`))
    const common = {
      baseUrl,
      appUrl,
      maxWait,
      timeout,
      rateStore: flagOrEnv(shared, "--rate-store", env, `${prefix}_RATE_STORE`)
    }
    // Only when nothing else gives a token, so a given token works whatever state the file is in.
    const signedOwn = winner === undefined && readSignIn
      ? (cli.signedIn === undefined ? own : cli.signedIn(own))
      : undefined
    const base = { ...common, ...own } as Omit<O, "token" | "refresh">
    const signIn = signedOwn === undefined
      ? Option.none<StoredSignIn>()
      : yield* loadSignIn(cli.signIn, env, hostsOf(cli, { ...common, ...signedOwn } as Omit<O, "token" | "refresh">))
    // Without a token, and with options that keep the stored sign-in out: said, so the user can use it.
    const unusedSignIn = winner === undefined && readSignIn && signedOwn === undefined
      ? yield* Effect.either(loadSignIn(cli.signIn, env, hostsOf(cli, base))).pipe(
        Effect.map((found) => Option.map(Option.flatten(Option.getRight(found)), (s) => s.store.path))
      )
      : Option.none<string>()
    const options = (Option.isSome(signIn) ? { ...common, ...signedOwn } : base) as Omit<O, "token" | "refresh">
    return {
      options,
      token: Option.orElse(
        Option.map(Option.fromNullable(winner), ([, value]) => Redacted.make(value)),
        () => Option.map(signIn, (s) => s.credential.access_token)
      ),
      tokenSource: Option.orElse(
        Option.map(Option.fromNullable(winner), ([source]) => source),
        () => Option.as(signIn, "stored credential")
      ),
      shadowed: rest.map(([source]) => source),
      signIn,
      unusedSignIn,
      refresh: Option.map(signIn, (stored) => {
        // One renewal for the client's life: it remembers the credential it last handed out, so the
        // second expiry renews again (made afresh at each run, it took the first renewal's token, just
        // rejected, for another process's). A rotated secret in the variables or settings.json is used
        // for the grant's own client id.
        let renewal: Effect.Effect<Redacted.Redacted<string>, RequestError, HttpClient.HttpClient> | undefined
        return Effect.suspend(() =>
          renewal ?? resolveAppRegistration(cli.signIn, {}, env).pipe(
            Effect.option,
            Effect.flatMap((
              app
            ) => (renewal = storedRefresh(cli.signIn, stored, Option.getOrUndefined(app), { timeout, maxWait })))
          )
        )
      })
    }
  })

/** No token: said with the service's name, and of a stored sign-in the options keep out. */
export const missingToken = (cli: AnyCliService, settings?: CliSettings<ClientOptions>): AuthError =>
  Option.match(settings?.unusedSignIn ?? Option.none(), {
    onNone: () => new AuthError({ reason: "missing", status: null, message: `No ${cli.noun} token is configured.` }),
    onSome: (path) =>
      new AuthError({
        reason: "missing",
        status: null,
        message: `No ${cli.noun} token is configured, but a sign-in is stored (${path}); ${
          cli.authMode === undefined
            ? "it is not used with these settings"
            : `it is used when no other mode is asked for (drop ${
              cli.authMode.flag("...")
            } and ${cli.authMode.variable})`
        }.`
      })
  })

/** The client's options (a stored sign-in renews itself), or why there is no token. */
export const requireToken = <O extends ClientOptions>(
  cli: AnyCliService,
  settings: CliSettings<O>
): Effect.Effect<O, AuthError> =>
  Option.match(settings.token, {
    onNone: () => Effect.fail(missingToken(cli, settings)),
    onSome: (token) =>
      Effect.succeed({ ...settings.options, token, refresh: Option.getOrUndefined(settings.refresh) } as unknown as O)
  })

const COMMON_SOURCES: Readonly<Record<string, (prefix: string) => string>> = {
  baseUrl: (p) => `--base-url or ${p}_BASE_URL`,
  appUrl: (p) => `--app-url or ${p}_APP_URL`,
  maxWait: (p) => `--max-wait or ${p}_MAX_WAIT`,
  rateStore: (p) => `--rate-store or ${p}_RATE_STORE`,
  timeout: (p) => `--timeout or ${p}_TIMEOUT`
}

/** The command line's words for remedies, for the command at `path`. */
export const cliVocabulary = (cli: AnyCliService, path: ReadonlyArray<string>): Vocabulary => {
  const { name, prefix } = cli.service
  const tokenSources = ["--token", ...cli.tokenVariables].join(", ").replace(/, ([^,]+)$/, " or $1")
  return {
    supplyToken: `Set ${cli.tokenVariables[0]} or pass --token (for \`${name} sandbox\`, one of the tokens it prints)`,
    signIn: `Run '${name} auth login'`,
    setting: (setting) =>
      setting === "token"
        ? tokenSources
        : cli.settingSources[setting] ?? COMMON_SOURCES[setting]?.(prefix) ?? setting,
    field: (field) => cli.fieldFlags?.[field] ?? `--${field.replace(/_/g, "-")}`,
    help: `Run '${[name, ...path].join(" ")} --help'`,
    authMode: cli.authMode?.flag
  }
}

/** A sign-in error for a command that needs a stored sign-in and finds none. */
export const notSignedIn = (path: string) => signInError("not_signed_in", `No sign-in is stored (${path}).`, { path })
