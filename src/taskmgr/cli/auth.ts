/**
 * `taskmgr auth status | login | token | logout` (spec section 5), on the
 * shared sign-in machinery (core/oauth) and the task-manager endpoints
 * (oauth.ts). Tokens are printed on request only (`auth token`, and
 * `auth login` with --no-store, --include-refresh-token or --raw); nothing
 * else prints a token, code, verifier, secret or refresh token.
 */
import * as Clock from "effect/Clock"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Redacted from "effect/Redacted"
import type { OptionValue } from "../../core/cli/derive.js"
import { CliIO, type Env, sayOn, terminalWidth, writeErr, writeOut, writeText } from "../../core/cli/io.js"
import { formatOf } from "../../core/cli/leaf.js"
import { flagOrEnv, option, secondsSetting, wholeNumber } from "../../core/cli/options.js"
import type { Invocation, Leaf } from "../../core/cli/runtime.js"
import type { OptionSpec } from "../../core/cli/spec.js"
import { invalidInput } from "../../core/errors.js"
import { signInError } from "../../core/oauth/redirect.js"
import { readLine } from "../../core/oauth/stdin.js"
import { render, useColor } from "../../core/output.js"
import { maskToken } from "../../core/secrets.js"
import { checkServiceUrl } from "../../core/settings.js"
import {
  type AppRegistration,
  exchangeTaskmgrCode,
  expiresWithin,
  grantClient,
  loadSignIn,
  OOB_REDIRECT,
  refreshTaskmgrCredential,
  resolveAppRegistration,
  revokeTaskmgrGrant,
  type TaskmgrAccount,
  taskmgrAuthorizeUrl,
  type TaskmgrCredential,
  taskmgrCredentialStore
} from "../oauth.js"
import { DEFAULT_APP_URL, DEFAULT_BASE_URL } from "../options.js"
import { cliSettings, missingToken } from "./options.js"

/** Five minutes to approve in the browser. */
const DEFAULT_LOGIN_TIMEOUT_S = 300
/** `auth token` renews a token that expires within this. */
const REFRESH_MARGIN_MS = 5 * 60 * 1000

const CLIENT_OPTIONS: ReadonlyArray<OptionSpec> = [
  option("--client-id", "The OAuth app's client id ($TASKMGR_API_CLIENT_ID, $TASKMGR_CLIENT_ID, settings.json)", {
    valueName: "ID"
  }),
  option(
    "--client-secret",
    "The app's client secret; prefer $TASKMGR_API_CLIENT_SECRET, which shell history does not keep",
    { valueName: "SECRET" }
  )
]

const appOf = (options: Invocation["options"], env: Env) =>
  resolveAppRegistration({
    clientId: flagOrEnv(options, "--client-id", env),
    clientSecret: flagOrEnv(options, "--client-secret", env)
  }, env)

/** --timeout and --max-wait, which a refresh or a revocation keeps like every request. */
const limitsOf = (shared: Invocation["shared"], env: Env) =>
  Effect.all({
    timeout: secondsSetting("timeout", flagOrEnv(shared, "--timeout", env, "TASKMGR_TIMEOUT")),
    maxWait: secondsSetting("maxWait", flagOrEnv(shared, "--max-wait", env, "TASKMGR_MAX_WAIT"))
  })

/** The API and app hosts (shared --base-url and --app-url, their variables, the defaults), checked. */
const urlsOf = (shared: Invocation["shared"], env: Env) =>
  Effect.all({
    baseUrl: checkServiceUrl("baseUrl", flagOrEnv(shared, "--base-url", env, "TASKMGR_BASE_URL") ?? DEFAULT_BASE_URL),
    appUrl: checkServiceUrl("appUrl", flagOrEnv(shared, "--app-url", env, "TASKMGR_APP_URL") ?? DEFAULT_APP_URL)
  })

/** --scope: a comma list (repeatable); none asks for full access. */
const scopesOf = (value: OptionValue | undefined) => {
  if (value === undefined || value === true) return Effect.succeed<ReadonlyArray<string>>([])
  const asked = [
    ...new Set(
      (typeof value === "string" ? [value] : value).flatMap((v) => v.split(",")).map((s) => s.trim()).filter((s) =>
        s !== ""
      )
    )
  ]
  const bad = asked.find((s) => !/^[A-Za-z0-9_.:/-]+$/.test(s))
  return bad === undefined
    ? Effect.succeed<ReadonlyArray<string>>(asked)
    : Effect.fail(
      invalidInput(
        `--scope: "${bad}" is not a scope name (letters, digits and _ . : / - only; separate scopes with commas).`,
        "scope"
      )
    )
}

const print = (shared: Invocation["shared"], text: string, data: unknown) =>
  Effect.gen(function*() {
    const io = yield* CliIO
    const format = yield* formatOf(shared)
    if (format === "text") return yield* writeText(text)
    const out = render({ kind: "record" }, data as Record<string, unknown>, data, {
      format,
      full: true,
      color: useColor(io.stdout, io.env),
      tty: io.stdout.isTTY === true,
      width: terminalWidth(io)
    })
    return yield* writeOut(out.stdout)
  })

const accountText = (a: TaskmgrAccount | null) =>
  a === null ? "an unknown account" : `${a.name ?? `user ${a.gid}`}${a.email === undefined ? "" : ` <${a.email}>`}`

const expiryText = (expiresAt: string | null, nowMs: number) => {
  if (expiresAt === null) return "no expiry given"
  const left = Date.parse(expiresAt) - nowMs
  return left <= 0
    ? `${expiresAt} (expired; refreshed on next use)`
    : `${expiresAt} (in ${Math.round(left / 60_000)} min)`
}

const notSignedIn = (path: string) => signInError("not_signed_in", `No sign-in is stored (${path}).`, { path })

// ---- auth status ----------------------------------------------------------------

/** The spec's `app` of the auth status object: the registration login would use, or null. */
export const appStatus = (app: AppRegistration) =>
  Option.match(app.clientId.value, {
    onNone: () => null,
    onSome: (id) => ({
      client_id_masked: maskToken(Redacted.make(id)),
      source: Option.getOrThrow(app.clientId.source) as string,
      shadowed: app.clientId.shadowed as ReadonlyArray<string>,
      secret_source: Option.getOrNull(app.clientSecret.source) as string | null
    })
  })

export const authStatusLeaf: Leaf = {
  path: ["auth", "status"],
  spec: {
    name: "status",
    summary:
      "Which token would be used and where it comes from (masked), and the app registration login would use; no API call.",
    options: [...CLIENT_OPTIONS],
    positionals: [],
    examples: ["taskmgr auth status", "taskmgr auth status --json"],
    subcommands: []
  },
  run: ({ options, shared }) =>
    Effect.gen(function*() {
      const io = yield* CliIO
      const env = io.env
      const format = yield* formatOf(shared)
      const settings = yield* cliSettings(shared, env)
      const store = taskmgrCredentialStore(env)
      const shadowed: Array<string> = [...settings.shadowed]
      if (Option.isSome(settings.tokenSource) && settings.tokenSource.value !== "stored credential") {
        // A token is given, so the stored credential was not read: is there one it hides?
        const stored = yield* Effect.either(store.read)
        if (stored._tag === "Left" || Option.isSome(stored.right)) shadowed.push("stored credential")
      }
      const credential = Option.map(settings.signIn, (s) => s.credential)
      const app = yield* appOf(options, env)
      const now = yield* Clock.currentTimeMillis
      const status = {
        authenticated: Option.isSome(settings.token),
        source: Option.getOrNull(settings.tokenSource),
        token: Option.getOrNull(Option.map(settings.token, maskToken)),
        account: Option.getOrNull(Option.flatMap(credential, (c) => Option.fromNullable(c.account))),
        expires_at: Option.getOrNull(Option.flatMap(credential, (c) => Option.fromNullable(c.expires_at))),
        refreshable: Option.match(credential, { onNone: () => null, onSome: (c) => c.refresh_token !== null }),
        shadowed,
        credential_file: store.path,
        // Where a token was looked for, in order (the stored sign-in is used whenever no token is given).
        sources_checked: ["--token", "TASKMGR_ACCESS_TOKEN", "TASKMGR_TOKEN", `stored credential (${store.path})`],
        app: appStatus(app)
      }
      // Not authenticated is a failure, as for `gh auth status` (exit 3), after the status is shown.
      const unauthenticated = status.authenticated ? Effect.void : Effect.fail(missingToken)
      if (format !== "text") return yield* print(shared, "", status).pipe(Effect.zipRight(unauthenticated))
      const lines: Array<string> = []
      if (!status.authenticated) {
        lines.push(
          "Not authenticated: no token is configured and no sign-in is stored.",
          `Checked: ${status.sources_checked.join(", ")}.`,
          "To fix this, either:",
          "  - set TASKMGR_ACCESS_TOKEN (or TASKMGR_TOKEN) to a personal access token, or pass --token; or",
          "  - run 'taskmgr auth login' to sign in in the browser (needs an API app's client id and secret)."
        )
      } else {
        lines.push(`Authenticated with the token from ${status.source}.`, `  Token: ${status.token}`)
        if (Option.isSome(credential)) {
          lines.push(
            `  Account: ${accountText(credential.value.account)}`,
            `  Expires: ${expiryText(credential.value.expires_at, now)}`,
            `  Credential file: ${store.path}`
          )
        }
        if (shadowed.length > 0) lines.push(`  Shadowed (set, but not used): ${shadowed.join(", ")}`)
      }
      lines.push(
        status.app === null
          ? `App registration: none (set TASKMGR_API_CLIENT_ID and TASKMGR_API_CLIENT_SECRET, or client_id and client_secret in ${app.settingsPath}).`
          : `App registration: client id ${status.app.client_id_masked} from ${status.app.source}` +
            (status.app.shadowed.length > 0 ? `; shadowed: ${status.app.shadowed.join(", ")}` : "") +
            (status.app.secret_source === null
              ? "; no client secret configured"
              : `; client secret from ${status.app.secret_source}`)
      )
      yield* writeText(lines.join("\n"))
      yield* unauthenticated
    })
}

// ---- auth login -------------------------------------------------------------------

const missingClient = (what: "id" | "secret", app: AppRegistration) =>
  invalidInput(
    what === "id"
      ? `The OAuth app's client id is needed: pass --client-id, set TASKMGR_API_CLIENT_ID (or TASKMGR_CLIENT_ID), or put client_id in ${app.settingsPath}.`
      : `The OAuth app's client secret is needed: set TASKMGR_API_CLIENT_SECRET (or TASKMGR_CLIENT_SECRET), put client_secret in ${app.settingsPath}, or pass --client-secret.`,
    what === "id" ? "client_id" : "client_secret"
  )

const loginSummary = (c: TaskmgrCredential, path: string | null) => ({
  signed_in: true,
  stored: path !== null,
  credential_file: path,
  app_url: c.app_url,
  account: c.account,
  client_id: maskToken(Redacted.make(c.client_id)),
  scopes: c.scopes,
  expires_at: c.expires_at,
  refreshable: c.refresh_token !== null
})

export const authLoginLeaf: Leaf = {
  path: ["auth", "login"],
  spec: {
    name: "login",
    summary: "Sign in with OAuth in the browser (PKCE) and store the credential for every later command.",
    description:
      "Opens the authorize page with $BROWSER when set (else the system's opener, else prints the address) and waits " +
      "on 127.0.0.1 for the redirect; --manual prints the address and reads the pasted code instead. The app must be " +
      "registered as an API app. The credential is stored with mode 0600 in $TASKMGR_CONFIG_DIR (else " +
      "$XDG_CONFIG_HOME/taskmgr, else ~/.config/taskmgr)/credentials.json.",
    options: [
      ...CLIENT_OPTIONS,
      option("--scope", "Scopes to ask for, comma-separated (default: full access)", {
        valueName: "LIST",
        repeatable: true
      }),
      option("--port", "Port on 127.0.0.1 for the redirect (0: any free port)", {
        valueName: "PORT",
        defaultText: "0"
      }),
      option(
        "--redirect-uri",
        "Redirect URL registered for the app: a loopback http URL to listen on, or any with --manual",
        { valueName: "URL" }
      ),
      option(
        "--manual",
        "Print the address and read the pasted code from stdin (the oob form, for machines without a browser)",
        {
          takesValue: false
        }
      ),
      option("--no-store", "Print the token instead of saving it", { takesValue: false }),
      option("--include-refresh-token", "Also print the long-lived refresh token (implies --no-store)", {
        takesValue: false
      }),
      option("--raw", "Print only the token", { takesValue: false }),
      option(
        "--login-timeout",
        "Give up when nobody completes the sign-in within this many seconds ($TASKMGR_LOGIN_TIMEOUT)",
        {
          valueName: "SECONDS",
          defaultText: String(DEFAULT_LOGIN_TIMEOUT_S)
        }
      )
    ],
    positionals: [],
    examples: [
      "TASKMGR_API_CLIENT_ID=... TASKMGR_API_CLIENT_SECRET=... taskmgr auth login",
      "taskmgr auth login --manual",
      "taskmgr auth login --scope tasks:read,projects:read --port 8085",
      "taskmgr auth login --no-store --raw"
    ],
    subcommands: []
  },
  run: ({ options, shared }) =>
    Effect.gen(function*() {
      const io = yield* CliIO
      const env = io.env
      yield* formatOf(shared)
      const { appUrl, baseUrl } = yield* urlsOf(shared, env)
      const app = yield* appOf(options, env)
      if (Option.isNone(app.clientId.value)) return yield* Effect.fail(missingClient("id", app))
      if (Option.isNone(app.clientSecret.value)) return yield* Effect.fail(missingClient("secret", app))
      const client = { id: app.clientId.value.value, secret: app.clientSecret.value.value }
      const scopes = yield* scopesOf(options["--scope"])
      const portRaw = flagOrEnv(options, "--port", env)
      const port = portRaw === undefined ? undefined : yield* wholeNumber("port", "--port", portRaw, 0, 65_535)
      const redirectUri = flagOrEnv(options, "--redirect-uri", env)
      if (port !== undefined && redirectUri !== undefined) {
        return yield* Effect.fail(
          invalidInput(
            "Give --port or --redirect-uri, not both: the redirect URI names its port.",
            "port",
            "redirect_uri"
          )
        )
      }
      const manual = options["--manual"] === true
      if (manual && port !== undefined) {
        return yield* Effect.fail(
          invalidInput("--port is for the loopback listener; --manual uses the oob form (or --redirect-uri).", "port")
        )
      }
      const timeoutRaw = flagOrEnv(options, "--login-timeout", env, "TASKMGR_LOGIN_TIMEOUT")
      const timeout = timeoutRaw === undefined
        ? DEFAULT_LOGIN_TIMEOUT_S
        : yield* wholeNumber("login_timeout", "--login-timeout", timeoutRaw, 1, 86_400)
      const withRefresh = options["--include-refresh-token"] === true
      const store = options["--no-store"] !== true && !withRefresh
      const raw = options["--raw"] === true
      if (typeof options["--client-secret"] === "string") {
        yield* writeErr(
          "Note: a secret on the command line shows in the process list and shell history; TASKMGR_API_CLIENT_SECRET is preferred."
        )
      }
      const manualUri = redirectUri ?? OOB_REDIRECT
      // The sign-in flow (a loopback listener, a browser launcher) loads only for a sign-in.
      const { runLogin } = yield* Effect.promise(() => import("../../core/oauth/login.js"))
      const credential = yield* runLogin({
        authorizeUrl: taskmgrAuthorizeUrl(appUrl, client.id, scopes),
        redirect: manual
          ? { _tag: "manual", redirectUri: manualUri }
          : { _tag: "loopback", port: port ?? 0, redirectUri },
        manualPrompt: manualUri === OOB_REDIRECT
          ? "After you approve, the page shows a code: copy it and paste it here:"
          : undefined,
        timeout: Duration.seconds(timeout),
        appName: "taskmgr",
        env,
        say: sayOn(io),
        readAnswer: readLine(io.stdin),
        exchange: (grant) => exchangeTaskmgrCode({ appUrl, baseUrl, client, grant, scopes, timeout: undefined })
      })
      const fileStore = taskmgrCredentialStore(env)
      if (store) yield* fileStore.write(credential)
      const access = Redacted.value(credential.access_token)
      const refresh = withRefresh && credential.refresh_token !== null
        ? Redacted.value(credential.refresh_token)
        : undefined
      if (raw) return yield* writeOut(refresh === undefined ? access : `${access}\n${refresh}`)
      const host = new URL(appUrl).host
      const summary = loginSummary(credential, store ? fileStore.path : null)
      if (store) {
        return yield* print(
          shared,
          [
            `Signed in to ${host} as ${accountText(credential.account)}.`,
            `Credential stored in ${fileStore.path} (mode 0600)${
              credential.expires_at === null ? "" : `; the access token expires ${credential.expires_at}`
            }` +
            `${credential.refresh_token === null ? "" : " and is refreshed with the stored refresh token"}.`
          ].join("\n"),
          summary
        )
      }
      yield* writeErr(`Signed in to ${host} as ${accountText(credential.account)}; nothing was stored (--no-store).`)
      yield* print(
        shared,
        [
          `access_token: ${access}`,
          `expires_at: ${credential.expires_at ?? "(not given)"}`,
          ...(refresh === undefined ? [] : [`refresh_token: ${refresh}`])
        ]
          .join("\n"),
        { ...summary, access_token: access, ...(refresh === undefined ? {} : { refresh_token: refresh }) }
      )
    })
}

// ---- auth token ---------------------------------------------------------------------

export const authTokenLeaf: Leaf = {
  path: ["auth", "token"],
  spec: {
    name: "token",
    summary: "Print the stored access token, refreshing it first when it expires within 5 minutes.",
    options: [...CLIENT_OPTIONS],
    positionals: [],
    examples: ["taskmgr auth token", "curl -H \"Authorization: Bearer $(taskmgr auth token)\" ..."],
    subcommands: []
  },
  run: ({ options, shared }) =>
    Effect.gen(function*() {
      const io = yield* CliIO
      const env = io.env
      yield* formatOf(shared)
      const urls = yield* urlsOf(shared, env)
      const signIn = yield* loadSignIn(env, urls)
      if (Option.isNone(signIn)) return yield* Effect.fail(notSignedIn(taskmgrCredentialStore(env).path))
      let credential = signIn.value.credential
      const now = yield* Clock.currentTimeMillis
      if (expiresWithin(credential, now, REFRESH_MARGIN_MS)) {
        const app = Option.getOrUndefined(Option.getRight(yield* Effect.either(appOf(options, env))))
        credential = yield* refreshTaskmgrCredential(
          credential,
          grantClient(credential, app),
          yield* limitsOf(shared, env)
        )
        yield* signIn.value.store.write(credential)
      }
      const token = Redacted.value(credential.access_token)
      yield* print(shared, token, { access_token: token, expires_at: credential.expires_at })
    })
}

// ---- auth logout --------------------------------------------------------------------

export const authLogoutLeaf: Leaf = {
  path: ["auth", "logout"],
  spec: {
    name: "logout",
    summary: "Revoke the grant at the service and delete the stored credential; --local only deletes it.",
    options: [
      ...CLIENT_OPTIONS,
      option("--local", "Delete the stored credential without revoking the grant", { takesValue: false })
    ],
    positionals: [],
    examples: ["taskmgr auth logout", "taskmgr auth logout --local"],
    subcommands: []
  },
  run: ({ options, shared }) =>
    Effect.gen(function*() {
      const io = yield* CliIO
      const env = io.env
      yield* formatOf(shared)
      const store = taskmgrCredentialStore(env)
      const local = options["--local"] === true
      if (local) {
        const removed = yield* store.remove
        return yield* print(
          shared,
          removed ? `Deleted ${store.path}; the grant was not revoked.` : `No sign-in was stored (${store.path}).`,
          { removed, revoked: false, credential_file: store.path }
        )
      }
      const stored = yield* store.read
      if (Option.isNone(stored)) {
        return yield* print(shared, `No sign-in was stored (${store.path}).`, {
          removed: false,
          revoked: false,
          credential_file: store.path
        })
      }
      const app = Option.getOrUndefined(Option.getRight(yield* Effect.either(appOf(options, env))))
      const limits = yield* limitsOf(shared, env)
      const revoked = yield* revokeTaskmgrGrant(stored.value, grantClient(stored.value, app), limits).pipe(
        Effect.tapError(() =>
          writeErr(
            `The local credential was not deleted (${store.path}); 'taskmgr auth logout --local' deletes it without revoking.`
          )
        )
      )
      yield* store.remove
      yield* print(
        shared,
        revoked
          ? `Revoked the grant at ${new URL(stored.value.app_url).host} and deleted ${store.path}.`
          : `Deleted ${store.path} (it held no refresh token, so there was no grant to revoke).`,
        { removed: true, revoked, credential_file: store.path }
      )
    })
}

export const authLeaves: ReadonlyArray<Leaf> = [authStatusLeaf, authLoginLeaf, authTokenLeaf, authLogoutLeaf]
