/**
 * `auth status | login | token | refresh | logout`, one set for every
 * program, on the shared sign-in machinery (core/oauth) and the service's
 * endpoints (its SignInService). Tokens are printed on request only
 * (`auth token`, and `auth login` with --no-store, --include-refresh-token
 * or --raw); nothing else prints a token, code, verifier, secret or refresh
 * token.
 */
import * as Clock from "effect/Clock"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import * as Option from "effect/Option"
import * as Redacted from "effect/Redacted"
import { createServer } from "node:net"
import { invalidInput } from "../errors.js"
import {
  type AppRegistration,
  credentialStore,
  expiresWithin,
  grantClient,
  loadSignIn,
  resolveAppRegistration,
  type SignInService,
  type StoredCredential
} from "../oauth/sign-in.js"
import { readLine } from "../oauth/stdin.js"
import { render, useColor } from "../output.js"
import { maskToken, maskUrl } from "../secrets.js"
import { makeClient } from "../service/client.js"
import { checkServiceUrl, urlFault } from "../settings.js"
import type { OptionValue } from "./derive.js"
import { CliIO, type Env, sayOn, terminalWidth, writeErr, writeOut, writeText } from "./io.js"
import { formatOf } from "./leaf.js"
import { flagOrEnv, option, secondsSetting, wholeNumber } from "./options.js"
import type { Invocation, Leaf } from "./runtime.js"
import { cliSettings, hostsOf, notSignedIn, requireToken } from "./service-settings.js"
import type { AnyCliService, Shared } from "./service.js"
import type { OptionSpec } from "./spec.js"

/** Five minutes to approve in the browser. */
const DEFAULT_LOGIN_TIMEOUT_S = 300
/** `auth token` renews a token that expires within this. */
const REFRESH_MARGIN_MS = 5 * 60 * 1000
/** The paste-the-code redirect for machines without a browser. */
const OOB_REDIRECT = "urn:ietf:wg:oauth:2.0:oob"

type AnyCli = AnyCliService

const clientFlags = (signIn: SignInService): ReadonlyArray<OptionSpec> => [
  option(
    "--client-id",
    `The OAuth app's client id (${signIn.clientIdVariables.map((v) => `$${v}`).join(", ")}, settings.json)`,
    { valueName: "ID" }
  ),
  option(
    "--client-secret",
    `The app's client secret; prefer $${signIn.clientSecretVariables[0]}, which no process list or shell history shows`,
    { valueName: "SECRET" }
  )
]

const appOf = (signIn: SignInService, options: Invocation["options"], env: Env) =>
  resolveAppRegistration(signIn, {
    clientId: flagOrEnv(options, "--client-id", env),
    clientSecret: flagOrEnv(options, "--client-secret", env)
  }, env)

/** The app registration a renewal or revocation may use, if one is configured at all. */
const optionalApp = (signIn: SignInService, options: Invocation["options"], env: Env) =>
  Effect.map(Effect.either(appOf(signIn, options, env)), (app) => Option.getOrUndefined(Option.getRight(app)))

/** --timeout and --max-wait, which a renewal or a revocation keeps like every request. */
const limitsOf = (cli: AnyCli, shared: Shared, env: Env) =>
  Effect.all({
    timeout: secondsSetting("timeout", flagOrEnv(shared, "--timeout", env, `${cli.service.prefix}_TIMEOUT`)),
    maxWait: secondsSetting("maxWait", flagOrEnv(shared, "--max-wait", env, `${cli.service.prefix}_MAX_WAIT`))
  })

/** The hosts a sign-in is for (the shared flags and variables, the service's defaults), checked. */
const hostsFor = (cli: AnyCli, shared: Shared, env: Env) =>
  Effect.gen(function*() {
    // The sign-in itself reads no stored credential: one that is broken is about to be replaced.
    const settings = yield* cliSettings(cli, shared, env, false)
    const hosts = hostsOf(cli, settings.options)
    return {
      baseUrl: yield* checkServiceUrl("baseUrl", hosts.baseUrl),
      appUrl: yield* checkServiceUrl("appUrl", hosts.appUrl)
    }
  })

/** --scope: a comma list (repeatable), checked against the service's scopes when it names them. */
const scopesOf = (signIn: SignInService, value: OptionValue | undefined) => {
  const given = value === undefined || value === true
    ? undefined
    : [...new Set((typeof value === "string" ? [value] : value).flatMap((v) => v.split(",")).map((s) => s.trim()))]
      .filter((s) => s !== "")
  const asked = given ?? signIn.scopes.defaults
  for (const scope of asked) {
    const retired = signIn.scopes.retired?.[scope]
    if (retired !== undefined) {
      return Effect.fail(invalidInput(`--scope ${scope} is deprecated; ask for ${retired} instead.`, "scope"))
    }
    const known = signIn.scopes.known
    if (known !== undefined && !known.includes(scope)) {
      return Effect.fail(
        invalidInput(`--scope: "${scope}" is not a scope of the service; the scopes are ${known.join(", ")}.`, "scope")
      )
    }
    if (!/^[A-Za-z0-9_.:/-]+$/.test(scope)) {
      return Effect.fail(invalidInput(
        `--scope: "${scope}" is not a scope name (letters, digits and _ . : / - only; separate scopes with commas).`,
        "scope"
      ))
    }
  }
  return Effect.succeed<ReadonlyArray<string>>(asked)
}

/** A result: text on stdout as it is, or the data as JSON or TOON. */
const print = (
  shared: Shared,
  text: string,
  data: Readonly<Record<string, unknown>>,
  textTo: "stdout" | "stderr" = "stdout"
) =>
  Effect.gen(function*() {
    const io = yield* CliIO
    const format = yield* formatOf(shared)
    if (format === "text") return yield* (textTo === "stdout" ? writeText(text) : writeErr(text))
    const out = render({ kind: "record" }, data, data, {
      format,
      full: true,
      color: useColor(io.stdout, io.env),
      tty: io.stdout.isTTY === true,
      width: terminalWidth(io)
    })
    return yield* writeOut(out.stdout)
  })

/**
 * What a command did, when that is all it has to say (signed in, renewed,
 * signed out): a sentence for people on stderr, as gh says it, so stdout
 * carries data only; the record as JSON or TOON on stdout.
 */
const announce = (shared: Shared, text: string, data: Readonly<Record<string, unknown>>) =>
  print(shared, text, data, "stderr")

/** A record: key-value rows as text (nulls as "not set"), the data as JSON or TOON. */
const printRecord = (shared: Shared, data: Readonly<Record<string, unknown>>) =>
  Effect.gen(function*() {
    const io = yield* CliIO
    const format = yield* formatOf(shared)
    const shown = format === "text"
      ? Object.fromEntries(
        Object.entries(data).map(([k, v]) => [k, v === null ? "(not set)" : Array.isArray(v) ? v.join(", ") : v])
      )
      : data
    const out = render({ kind: "record" }, shown, data, {
      format,
      full: true,
      color: useColor(io.stdout, io.env),
      tty: io.stdout.isTTY === true,
      width: terminalWidth(io)
    })
    return yield* writeOut(out.stdout)
  })

const accountText = (c: StoredCredential) =>
  c.account !== undefined && c.account !== null
    ? `${c.account.name ?? `user ${c.account.gid}`}${c.account.email === undefined ? "" : ` <${c.account.email}>`}`
    : c.user_id !== undefined && c.user_id !== null
    ? `user ${c.user_id}`
    : "an unknown account"

/** What a credential says of itself, without a secret. */
const credentialSummary = (c: StoredCredential, path: string | null) => ({
  base_url: c.base_url,
  ...(c.app_url === undefined ? {} : { app_url: c.app_url }),
  account: c.account ?? null,
  user_id: c.user_id ?? null,
  client_id: maskToken(Redacted.make(c.client_id)),
  scopes: c.scopes,
  expires_at: c.expires_at,
  refreshable: c.refresh_token !== null,
  credential_file: path
})

/** The spec's `app` of the auth status object: the registration login would use, or null. */
export const appStatus = (app: AppRegistration) =>
  Option.match(app.clientId.value, {
    onNone: () => null,
    onSome: (id) => ({
      client_id_masked: maskToken(Redacted.make(id)),
      source: Option.getOrThrow(app.clientId.source),
      shadowed: app.clientId.shadowed,
      secret_source: Option.getOrNull(app.clientSecret.source)
    })
  })

const seconds = (value: Duration.DurationInput | undefined, fallback: number) =>
  value === undefined ? fallback : Duration.toSeconds(Duration.decode(value))

// ---- auth status --------------------------------------------------------------------------

const statusLeaf = (cli: AnyCli): Leaf => ({
  path: ["auth", "status"],
  spec: {
    name: "status",
    summary: "Which token is in use and where it comes from (masked), and the app registration login would use; " +
      "--check proves the token works.",
    options: [
      option("--check", "Also make one request to prove the token works", { takesValue: false }),
      ...(cli.checkFlags ?? []),
      ...clientFlags(cli.signIn)
    ],
    positionals: [],
    examples: [`${cli.service.name} auth status`, `${cli.service.name} auth status --check --json`],
    subcommands: []
  },
  run: ({ options, shared }) =>
    Effect.gen(function*() {
      const io = yield* CliIO
      const env = io.env
      yield* formatOf(shared)
      const settings = yield* cliSettings(cli, shared, env)
      const store = credentialStore(cli.signIn, env)
      const shadowed: Array<string> = [...settings.shadowed]
      if (Option.isSome(settings.tokenSource) && settings.tokenSource.value !== "stored credential") {
        // A token is given, so the stored credential was not used: is there one it hides?
        const stored = yield* Effect.either(store.read)
        if (stored._tag === "Left" || Option.isSome(stored.right)) shadowed.push("stored credential")
      }
      const credential = Option.map(settings.signIn, (s) => s.credential)
      const o = settings.options
      const status: Record<string, unknown> = {
        authenticated: Option.isSome(settings.token),
        source: Option.getOrNull(settings.tokenSource),
        token: Option.getOrNull(Option.map(settings.token, maskToken)),
        shadowed,
        sources_checked: ["--token", ...cli.tokenVariables, `stored credential (${store.path})`],
        credential_file: store.path,
        account: Option.getOrNull(Option.flatMapNullable(credential, (c) => c.account ?? c.user_id)),
        expires_at: Option.getOrNull(Option.flatMapNullable(credential, (c) => c.expires_at)),
        refreshable: Option.getOrNull(Option.map(credential, (c) => c.refresh_token !== null)),
        stored_credential_unused: Option.getOrNull(settings.unusedSignIn),
        // The URL requests go to: the service's default when none is set.
        base_url: maskUrl(hostsOf(cli, o).baseUrl),
        max_wait_seconds: seconds(o.maxWait, 60),
        timeout_seconds: seconds(o.timeout, 30),
        ...cli.statusFields?.(o, { ...shared, ...options }, env),
        // An unusable settings.json spoils sign-in, not a token given some other way: said here, not a failure.
        app: Either.match(yield* Effect.either(appOf(cli.signIn, options, env)), {
          onLeft: (refused) => ({ unusable: refused.message }),
          onRight: appStatus
        })
      }
      // A check that fails still shows the status it checked; the failure then ends the command (its exit code).
      const checked = options["--check"] === true
        ? yield* Effect.either(
          requireToken(cli, settings).pipe(
            Effect.flatMap((o) => makeClient(cli.service, o)),
            Effect.tap((client) => Effect.sync(() => void (status.base_url = maskUrl(client.settings.baseUrl)))),
            Effect.flatMap((client) => cli.check(client, options, env))
          )
        )
        : undefined
      if (checked !== undefined) {
        status.check = Either.match(checked, { onLeft: (e) => ({ ok: false, error: e._tag }), onRight: (c) => c })
      }
      yield* printRecord(shared, status)
      if (checked?._tag === "Left") return yield* Effect.fail(checked.left)
      // Not authenticated is a failure, as for `gh auth status`: the error says why and what to do (exit 3).
      if (Option.isNone(settings.token)) yield* requireToken(cli, settings)
    })
})

// ---- auth login -----------------------------------------------------------------------------

/** A loopback port nothing listens on, for the manual form's redirect (the browser's failed page shows the code). */
const freePort = Effect.async<number>((resume) => {
  const server = createServer()
  server.listen(0, "127.0.0.1", () => {
    const address = server.address()
    const port = typeof address === "object" && address !== null ? address.port : 8085
    server.close(() => resume(Effect.succeed(port)))
  })
  server.once("error", () => resume(Effect.succeed(8085)))
})

const loginLeaf = (cli: AnyCli): Leaf => {
  const { name, prefix } = cli.service
  return {
    path: ["auth", "login"],
    spec: {
      name: "login",
      summary: "Sign in with OAuth in the browser (PKCE) and store the credential for every later command.",
      description:
        `Opens the authorize page with $BROWSER when set (else the system's opener, else prints the address) and ` +
        `waits on 127.0.0.1 for the redirect; --manual prints the address and reads the pasted code instead. The ` +
        `credential is stored with mode 0600 in $${prefix}_CONFIG_DIR (else $XDG_CONFIG_HOME/${name}, else ` +
        `~/.config/${name})/credentials.json, and used by every command given no token.`,
      options: [
        ...clientFlags(cli.signIn),
        option("--scope", "Scopes to ask for, comma-separated", {
          valueName: "LIST",
          repeatable: true,
          defaultText: cli.signIn.scopes.defaults.length === 0 ? "full access" : "the scopes every plan grants"
        }),
        option("--port", "Port on 127.0.0.1 for the redirect (0: any free port)", {
          valueName: "PORT",
          defaultText: "0"
        }),
        option(
          "--redirect-uri",
          "Redirect URI registered for the app: a loopback http URL to listen on, or any with --manual",
          { valueName: "URL" }
        ),
        option("--manual", "Print the address and read the pasted code (or the whole redirect address) from stdin", {
          takesValue: false
        }),
        option("--auth-url", `Host of the authorize page ($${prefix}_AUTH_URL; default from the service's hosts)`, {
          valueName: "URL"
        }),
        option("--no-store", "Print the token instead of saving it", { takesValue: false }),
        option("--include-refresh-token", "Also print the long-lived refresh token (implies --no-store)", {
          takesValue: false
        }),
        option("--raw", "Print only the token", { takesValue: false }),
        option(
          "--login-timeout",
          `Give up when nobody completes the sign-in within this many seconds ($${prefix}_LOGIN_TIMEOUT)`,
          { valueName: "SECONDS", defaultText: String(DEFAULT_LOGIN_TIMEOUT_S) }
        )
      ],
      positionals: [],
      examples: [
        `${cli.signIn.clientIdVariables[0]}=... ${cli.signIn.clientSecretVariables[0]}=... ${name} auth login`,
        `${name} auth login --manual`,
        `${name} auth login --port 8085`,
        `${name} auth login --no-store --raw`
      ],
      subcommands: []
    },
    run: ({ options, shared }) =>
      Effect.gen(function*() {
        const io = yield* CliIO
        const env = io.env
        yield* formatOf(shared)
        const hosts = yield* hostsFor(cli, shared, env)
        const app = yield* appOf(cli.signIn, options, env)
        const [idVariable] = cli.signIn.clientIdVariables
        const [secretVariable] = cli.signIn.clientSecretVariables
        if (Option.isNone(app.clientId.value)) {
          return yield* Effect.fail(invalidInput(
            `The OAuth app's client id is needed: pass --client-id, set ${idVariable}, or put client_id in ${app.settingsPath}.`,
            "client_id"
          ))
        }
        if (Option.isNone(app.clientSecret.value)) {
          return yield* Effect.fail(invalidInput(
            `The OAuth app's client secret is needed: set ${secretVariable}, put client_secret in ${app.settingsPath}, or pass --client-secret.`,
            "client_secret"
          ))
        }
        const client = { id: app.clientId.value.value, secret: app.clientSecret.value.value }
        const scopes = yield* scopesOf(cli.signIn, options["--scope"])
        const portRaw = flagOrEnv(options, "--port", env)
        const port = portRaw === undefined ? undefined : yield* wholeNumber("port", "--port", portRaw, 0, 65_535)
        const redirectUri = flagOrEnv(options, "--redirect-uri", env)
        const redirectFault = redirectUri === undefined ? undefined : urlFault(redirectUri)
        if (redirectFault !== undefined) {
          return yield* Effect.fail(
            invalidInput(`--redirect-uri: the URL ${redirectFault}; it is refused rather than cleaned.`, "redirect_uri")
          )
        }
        if (port !== undefined && redirectUri !== undefined) {
          return yield* Effect.fail(invalidInput(
            "Give --port or --redirect-uri, not both: the redirect URI names its port.",
            "port",
            "redirect_uri"
          ))
        }
        const manual = options["--manual"] === true
        if (manual && port !== undefined && cli.signIn.manualRedirect === "oob") {
          return yield* Effect.fail(
            invalidInput("--port is for the loopback listener; --manual uses the oob form (or --redirect-uri).", "port")
          )
        }
        const timeoutRaw = flagOrEnv(options, "--login-timeout", env, `${prefix}_LOGIN_TIMEOUT`)
        const timeout = timeoutRaw === undefined
          ? DEFAULT_LOGIN_TIMEOUT_S
          : yield* wholeNumber("login_timeout", "--login-timeout", timeoutRaw, 1, 86_400)
        const authUrlRaw = flagOrEnv(options, "--auth-url", env, `${prefix}_AUTH_URL`)
        const authUrl = authUrlRaw === undefined ? undefined : yield* Effect.mapError(
          checkServiceUrl("authUrl", authUrlRaw),
          (e) => invalidInput(e.message.replace(/auth URL/g, "authorize URL"), "auth_url")
        )
        const withRefresh = options["--include-refresh-token"] === true
        const store = options["--no-store"] !== true && !withRefresh
        const raw = options["--raw"] === true
        if (typeof options["--client-secret"] === "string") {
          yield* writeErr(
            `Note: a secret on the command line shows in the process list and shell history; ${secretVariable} is preferred.`
          )
        }
        const manualUri = redirectUri ??
          (cli.signIn.manualRedirect === "oob"
            ? OOB_REDIRECT
            : `http://127.0.0.1:${port ?? (yield* freePort)}/callback`)
        // The sign-in flow (a loopback listener, a browser launcher) loads only for a sign-in.
        const { runLogin } = yield* Effect.promise(() => import("../oauth/login.js"))
        const credential = yield* runLogin({
          authorizeUrl: cli.signIn.authorizeUrl({ ...hosts, authUrl }, client.id, scopes),
          redirect: manual
            ? { _tag: "manual", redirectUri: manualUri }
            : { _tag: "loopback", port: port ?? 0, redirectUri },
          manualPrompt: manual && manualUri === OOB_REDIRECT
            ? "After you approve, the page shows a code: copy it and paste it here:"
            : undefined,
          timeout: Duration.seconds(timeout),
          appName: name,
          env,
          say: sayOn(io),
          readAnswer: readLine(io.stdin),
          exchange: (grant) => cli.signIn.exchange({ hosts, client, grant, scopes })
        })
        const fileStore = credentialStore(cli.signIn, env)
        if (store) yield* fileStore.write(credential)
        const access = Redacted.value(credential.access_token)
        const refresh = withRefresh && credential.refresh_token !== null
          ? Redacted.value(credential.refresh_token)
          : undefined
        if (raw) return yield* writeOut(refresh === undefined ? access : `${access}\n${refresh}`)
        const host = new URL(hosts.baseUrl).host
        const summary = {
          signed_in: true,
          stored: store,
          ...credentialSummary(credential, store ? fileStore.path : null)
        }
        if (store) {
          return yield* announce(
            shared,
            [
              `Signed in to ${host} as ${accountText(credential)}.`,
              `Credential stored in ${fileStore.path} (mode 0600)${
                credential.expires_at === null ? "" : `; the access token expires ${credential.expires_at}`
              }${credential.refresh_token === null ? "" : " and is renewed with the stored refresh token"}.`
            ].join("\n"),
            summary
          )
        }
        yield* writeErr(`Signed in to ${host} as ${accountText(credential)}; nothing was stored (--no-store).`)
        yield* print(
          shared,
          [
            `access_token: ${access}`,
            `expires_at: ${credential.expires_at ?? "(not given)"}`,
            ...(refresh === undefined ? [] : [`refresh_token: ${refresh}`])
          ].join("\n"),
          { ...summary, access_token: access, ...(refresh === undefined ? {} : { refresh_token: refresh }) }
        )
      })
  }
}

// ---- auth token and auth refresh ---------------------------------------------------------------

/** The stored sign-in for the configured hosts, or the error that there is none. */
const storedSignIn = (cli: AnyCli, shared: Shared, env: Env) =>
  Effect.gen(function*() {
    const signIn = yield* loadSignIn(cli.signIn, env, yield* hostsFor(cli, shared, env))
    if (Option.isNone(signIn)) return yield* Effect.fail(notSignedIn(credentialStore(cli.signIn, env).path))
    return signIn.value
  })

const renewed = (cli: AnyCli, options: Invocation["options"], shared: Shared, env: Env, stored: StoredCredential) =>
  Effect.gen(function*() {
    const app = yield* optionalApp(cli.signIn, options, env)
    return yield* cli.signIn.refresh(stored, grantClient(stored, app), yield* limitsOf(cli, shared, env))
  })

const tokenLeaf = (cli: AnyCli): Leaf => ({
  path: ["auth", "token"],
  spec: {
    name: "token",
    summary: "Print the stored access token, renewing it first when it expires within 5 minutes.",
    options: [...clientFlags(cli.signIn)],
    positionals: [],
    examples: [
      `${cli.service.name} auth token`,
      `curl -H "Authorization: Bearer $(${cli.service.name} auth token)" ...`
    ],
    subcommands: []
  },
  run: ({ options, shared }) =>
    Effect.gen(function*() {
      const env = (yield* CliIO).env
      yield* formatOf(shared)
      const signIn = yield* storedSignIn(cli, shared, env)
      let credential = signIn.credential
      if (expiresWithin(credential, yield* Clock.currentTimeMillis, REFRESH_MARGIN_MS)) {
        credential = yield* renewed(cli, options, shared, env, credential)
        yield* signIn.store.write(credential)
      }
      const token = Redacted.value(credential.access_token)
      yield* print(shared, token, { access_token: token, expires_at: credential.expires_at })
    })
})

const refreshLeaf = (cli: AnyCli): Leaf => ({
  path: ["auth", "refresh"],
  spec: {
    name: "refresh",
    summary: "Renew the stored access token now with its refresh token (which is kept).",
    options: [...clientFlags(cli.signIn)],
    positionals: [],
    examples: [`${cli.service.name} auth refresh`],
    subcommands: []
  },
  run: ({ options, shared }) =>
    Effect.gen(function*() {
      const env = (yield* CliIO).env
      yield* formatOf(shared)
      const signIn = yield* storedSignIn(cli, shared, env)
      const refreshed = yield* renewed(cli, options, shared, env, signIn.credential)
      yield* signIn.store.write(refreshed)
      yield* announce(
        shared,
        `Renewed the access token${
          refreshed.expires_at === null ? "" : `; it expires ${refreshed.expires_at}`
        } (${signIn.store.path}).`,
        { refreshed: true, ...credentialSummary(refreshed, signIn.store.path) }
      )
    })
})

// ---- auth logout -------------------------------------------------------------------------------------

const logoutLeaf = (cli: AnyCli): Leaf => {
  const revoke = cli.signIn.revoke
  return {
    path: ["auth", "logout"],
    spec: {
      name: "logout",
      summary: revoke === undefined
        ? "Delete the stored credential (the service has no revocation: revoke the app in your account's settings)."
        : "Revoke the grant at the service and delete the stored credential; --local only deletes it.",
      options: revoke === undefined ? [] : [
        ...clientFlags(cli.signIn),
        option("--local", "Delete the stored credential without revoking the grant", { takesValue: false })
      ],
      positionals: [],
      examples: revoke === undefined
        ? [`${cli.service.name} auth logout`]
        : [`${cli.service.name} auth logout`, `${cli.service.name} auth logout --local`],
      subcommands: []
    },
    run: ({ options, shared }) =>
      Effect.gen(function*() {
        const env = (yield* CliIO).env
        yield* formatOf(shared)
        const store = credentialStore(cli.signIn, env)
        const deleted = (removed: boolean, revoked: boolean, text: string) =>
          announce(shared, text, { removed, revoked, credential_file: store.path })
        const stored = yield* store.read
        if (Option.isNone(stored)) return yield* deleted(false, false, `No sign-in was stored (${store.path}).`)
        if (revoke === undefined || options["--local"] === true) {
          yield* store.remove
          return yield* deleted(
            true,
            false,
            revoke === undefined
              ? `Signed out: deleted ${store.path}. The grant stays valid until it expires or is revoked in your account's settings.`
              : `Deleted ${store.path}; the grant was not revoked.`
          )
        }
        const app = yield* optionalApp(cli.signIn, options, env)
        const revoked = yield* revoke(stored.value, grantClient(stored.value, app), yield* limitsOf(cli, shared, env))
          .pipe(
            Effect.tapError(() =>
              writeErr(
                `The local credential was not deleted (${store.path}); '${cli.service.name} auth logout --local' deletes it without revoking.`
              )
            )
          )
        yield* store.remove
        const host = new URL(stored.value.app_url ?? stored.value.base_url).host
        yield* deleted(
          true,
          revoked,
          revoked
            ? `Revoked the grant at ${host} and deleted ${store.path}.`
            : `Deleted ${store.path} (it held no refresh token, so there was no grant to revoke).`
        )
      })
  }
}

/** The `auth` commands of a program. */
export const authLeaves = (cli: AnyCli): ReadonlyArray<Leaf> => [
  statusLeaf(cli),
  loginLeaf(cli),
  tokenLeaf(cli),
  refreshLeaf(cli),
  logoutLeaf(cli)
]
