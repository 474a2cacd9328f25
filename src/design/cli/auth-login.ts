/**
 * `design auth login`, `auth refresh` and `auth logout` (CLI only): OAuth
 * sign-in on the shared machinery (core/oauth), the credential kept in the
 * config directory with mode 0600. Nothing secret is printed: the authorize
 * URL carries the client id, the state and the PKCE challenge only.
 */
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Redacted from "effect/Redacted"
import { createServer } from "node:net"
import type { OptionValue } from "../../core/cli/derive.js"
import { cliEnv, CliIO, type Env, sayOn, terminalWidth, writeErr, writeOut, writeText } from "../../core/cli/io.js"
import { formatOf } from "../../core/cli/leaf.js"
import { flagOrEnv, option, secondsSetting, wholeNumber } from "../../core/cli/options.js"
import type { Invocation, Leaf } from "../../core/cli/runtime.js"
import { invalidInput } from "../../core/errors.js"
import { signInError } from "../../core/oauth/redirect.js"
import { readLine } from "../../core/oauth/stdin.js"
import { render, useColor } from "../../core/output.js"
import {
  DEFAULT_DESIGN_SCOPES,
  defaultAuthUrl,
  DESIGN_SCOPES,
  designAuthorizeUrl,
  type DesignCredential,
  designCredentialStore,
  exchangeDesignCode,
  refreshDesignCredential
} from "../oauth.js"
import { checkBaseUrl, DEFAULT_BASE_URL, DEFAULT_GOV_BASE_URL } from "../options.js"
import { cliSettings } from "./options.js"

/** Five minutes to approve in the browser. */
const DEFAULT_LOGIN_TIMEOUT_S = 300

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

/** The scopes asked for: known, granular, without repeats. */
const scopesOf = (value: OptionValue | undefined) => {
  const asked = value === undefined || value === true
    ? DEFAULT_DESIGN_SCOPES
    : [
      ...new Set(
        (typeof value === "string" ? [value] : value).flatMap((v) => v.split(",")).map((s) => s.trim()).filter((s) =>
          s !== ""
        )
      )
    ]
  const known: ReadonlySet<string> = new Set(DESIGN_SCOPES)
  const bad = asked.find((s) => !known.has(s))
  if (bad === undefined) return Effect.succeed(asked)
  return Effect.fail(invalidInput(
    bad === "files:read" || bad === "file_read"
      ? `--scope ${bad} is deprecated; ask for the granular scopes instead (file_content:read, file_comments:read, ...).`
      : `--scope: "${bad}" is not a scope of the service; the scopes are ${DESIGN_SCOPES.join(", ")}.`,
    "scope"
  ))
}

/** The API base URL the sign-in is for (shared --base-url, --gov and their variables). */
const baseUrlOf = (shared: Invocation["shared"], env: Env) =>
  Effect.gen(function*() {
    // The sign-in does not use a stored credential, so it is not read (a broken one is about to be replaced).
    const { "--auth-mode": _mode, ...rest } = shared
    const { DESIGN_AUTH_MODE: _env, ...otherEnv } = env
    const settings = yield* cliSettings(rest, otherEnv)
    return yield* checkBaseUrl(
      settings.options.baseUrl ?? (settings.options.edition === "gov" ? DEFAULT_GOV_BASE_URL : DEFAULT_BASE_URL)
    )
  })

const output = (shared: Invocation["shared"], text: string, data: Record<string, unknown>) =>
  Effect.gen(function*() {
    const io = yield* CliIO
    const format = yield* formatOf(shared)
    if (format === "text") return yield* writeText(text)
    const out = render({ kind: "record" }, data, data, {
      format,
      full: true,
      color: useColor(io.stdout, io.env),
      tty: io.stdout.isTTY === true,
      width: terminalWidth(io)
    })
    return yield* writeOut(out.stdout)
  })

const summary = (credential: DesignCredential, path: string) => ({
  base_url: credential.base_url,
  user_id: credential.user_id,
  client_id: credential.client_id,
  scopes: credential.scopes,
  expires_at: credential.expires_at,
  refreshable: credential.refresh_token !== null,
  credential_file: path
})

export const authLoginLeaf: Leaf = {
  path: ["auth", "login"],
  spec: {
    name: "login",
    summary: "Sign in with OAuth in the browser (PKCE); the credential is stored for --auth-mode oauth.",
    description:
      "Opens the authorize page in the browser ($BROWSER when set) and waits on 127.0.0.1 for the redirect; " +
      "--manual prints the address and reads the code pasted on stdin instead. The code is exchanged at once with the " +
      "app's client credentials, and the credential is stored with mode 0600 in $DESIGN_CONFIG_DIR " +
      "(else $XDG_CONFIG_HOME/design, else ~/.config/design).",
    options: [
      option("--client-id", "The OAuth app's client id ($DESIGN_CLIENT_ID)", { valueName: "ID" }),
      option("--client-secret", "The app's client secret; prefer $DESIGN_CLIENT_SECRET, which no process list shows", {
        valueName: "SECRET"
      }),
      option("--scope", "Scopes to ask for, comma-separated", {
        valueName: "LIST",
        repeatable: true,
        defaultText: "the scopes every plan grants"
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
      option("--auth-url", "Host of the authorize page ($DESIGN_AUTH_URL; default from the base URL)", {
        valueName: "URL"
      }),
      option(
        "--login-timeout",
        "Give up when nobody completes the sign-in within this many seconds ($DESIGN_LOGIN_TIMEOUT)",
        {
          valueName: "SECONDS",
          defaultText: String(DEFAULT_LOGIN_TIMEOUT_S)
        }
      )
    ],
    positionals: [],
    examples: [
      "DESIGN_CLIENT_ID=... DESIGN_CLIENT_SECRET=... design auth login",
      "design auth login --scope file_content:read,file_comments:read --port 8085",
      "design auth login --manual --redirect-uri https://app.example.com/oauth/callback"
    ],
    subcommands: []
  },
  run: ({ options, shared }) =>
    Effect.gen(function*() {
      const io = yield* CliIO
      const env = io.env
      yield* formatOf(shared)
      const baseUrl = yield* baseUrlOf(shared, env)
      const clientId = flagOrEnv(options, "--client-id", env, "DESIGN_CLIENT_ID")
      if (clientId === undefined) {
        return yield* Effect.fail(
          invalidInput("The OAuth app's client id is needed: pass --client-id or set DESIGN_CLIENT_ID.", "client_id")
        )
      }
      const secret = flagOrEnv(options, "--client-secret", env, "DESIGN_CLIENT_SECRET")
      if (secret === undefined) {
        return yield* Effect.fail(
          invalidInput(
            "The OAuth app's client secret is needed: set DESIGN_CLIENT_SECRET (or pass --client-secret).",
            "client_secret"
          )
        )
      }
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
      const timeoutRaw = flagOrEnv(options, "--login-timeout", env, "DESIGN_LOGIN_TIMEOUT")
      const timeout = timeoutRaw === undefined
        ? DEFAULT_LOGIN_TIMEOUT_S
        : yield* wholeNumber("login_timeout", "--login-timeout", timeoutRaw, 1, 86_400)
      const authUrlRaw = flagOrEnv(options, "--auth-url", env, "DESIGN_AUTH_URL")
      const authUrl = authUrlRaw === undefined
        ? defaultAuthUrl(baseUrl)
        : yield* Effect.mapError(checkBaseUrl(authUrlRaw), (e) =>
          invalidInput(e.message.replace(/base URL/g, "authorize URL"), "auth_url"))
      const manual = options["--manual"] === true
      if (typeof options["--client-secret"] === "string") {
        yield* writeErr(
          "Note: a secret on the command line shows in the process list and shell history; DESIGN_CLIENT_SECRET is preferred."
        )
      }
      const client = { id: clientId, secret: Redacted.make(secret) }
      const store = designCredentialStore(env)
      // The sign-in flow (a loopback listener, a browser launcher) loads only for a sign-in.
      const { runLogin } = yield* Effect.promise(() =>
        import("../../core/oauth/login.js")
      )
      const credential = yield* runLogin({
        authorizeUrl: designAuthorizeUrl(authUrl, clientId, scopes),
        redirect: manual
          ? { _tag: "manual", redirectUri: redirectUri ?? `http://127.0.0.1:${port ?? (yield* freePort)}/callback` }
          : { _tag: "loopback", port: port ?? 0, redirectUri },
        timeout: Duration.seconds(timeout),
        appName: "design",
        env,
        say: sayOn(io),
        readAnswer: readLine(io.stdin),
        exchange: (grant) => exchangeDesignCode({ baseUrl, client, grant, scopes })
      })
      yield* store.write(credential)
      const host = new URL(baseUrl).host
      yield* output(
        shared,
        [
          `Signed in to ${host}${credential.user_id === null ? "" : ` as user ${credential.user_id}`}.`,
          `Credential stored in ${store.path} (mode 0600)${
            credential.expires_at === null ? "" : `; the access token expires ${credential.expires_at}`
          }.`,
          "Use it with --auth-mode oauth (or DESIGN_AUTH_MODE=oauth)."
        ].join("\n"),
        { signed_in: true, ...summary(credential, store.path) }
      )
    })
}

const notSignedIn = (path: string) => signInError("not_signed_in", `No sign-in is stored (${path}).`, { path })

export const authRefreshLeaf: Leaf = {
  path: ["auth", "refresh"],
  spec: {
    name: "refresh",
    summary: "Renew the stored OAuth access token with its refresh token (which is kept).",
    options: [],
    positionals: [],
    examples: ["design auth refresh"],
    subcommands: []
  },
  run: ({ shared }) =>
    Effect.gen(function*() {
      yield* formatOf(shared)
      const env = yield* cliEnv
      const store = designCredentialStore(env)
      const stored = yield* store.read
      if (Option.isNone(stored)) return yield* Effect.fail(notSignedIn(store.path))
      const limits = yield* Effect.all({
        timeout: secondsSetting("timeout", flagOrEnv(shared, "--timeout", env, "DESIGN_TIMEOUT")),
        maxWait: secondsSetting("maxWait", flagOrEnv(shared, "--max-wait", env, "DESIGN_MAX_WAIT"))
      })
      const refreshed = yield* refreshDesignCredential(stored.value, limits)
      yield* store.write(refreshed)
      yield* output(
        shared,
        `Refreshed the access token${
          refreshed.expires_at === null ? "" : `; it expires ${refreshed.expires_at}`
        } (${store.path}).`,
        { refreshed: true, ...summary(refreshed, store.path) }
      )
    })
}

export const authLogoutLeaf: Leaf = {
  path: ["auth", "logout"],
  spec: {
    name: "logout",
    summary: "Delete the stored OAuth credential (the service has no revocation endpoint).",
    options: [],
    positionals: [],
    examples: ["design auth logout"],
    subcommands: []
  },
  run: ({ shared }) =>
    Effect.gen(function*() {
      yield* formatOf(shared)
      const store = designCredentialStore(yield* cliEnv)
      const removed = yield* store.remove
      yield* output(
        shared,
        removed ? `Signed out: deleted ${store.path}.` : `No sign-in was stored (${store.path}).`,
        { removed, credential_file: store.path }
      )
    })
}
