/**
 * Task-manager OAuth on the shared machinery (core/oauth): the authorize
 * page, token and revoke endpoints on {app_url} (taskmgr-wire "OAuth"),
 * with the client credentials in the form; the app registration resolved
 * from flags, variables and {config_dir}/settings.json; and the credential
 * `taskmgr auth login` stores in {config_dir}/credentials.json (0600).
 */
import type * as HttpClient from "@effect/platform/HttpClient"
import * as Clock from "effect/Clock"
import type * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Redacted from "effect/Redacted"
import * as Schema from "effect/Schema"
import { join } from "node:path"
import { type RequestError, SignInError } from "../core/errors.js"
import type { Env } from "../core/oauth/browser.js"
import type { AuthorizeParams, Grant } from "../core/oauth/login.js"
import { signInError } from "../core/oauth/redirect.js"
import { refreshStored } from "../core/oauth/refresh.js"
import { readSettingsFile } from "../core/oauth/settings-file.js"
import { configDir, type CredentialStore, fileCredentialStore } from "../core/oauth/store.js"
import {
  type ClientCredentials,
  postTokenForm,
  type TokenEndpointError,
  tokenFields,
  type TokenLimits
} from "../core/oauth/token-endpoint.js"
import { TokenText } from "../core/settings.js"

/** The paste-the-code redirect for machines without a browser. */
export const OOB_REDIRECT = "urn:ietf:wg:oauth:2.0:oob"

/** The account a token answer names (`data`). */
export const TaskmgrAccount = Schema.Struct({
  gid: Schema.String,
  name: Schema.optional(Schema.String),
  email: Schema.optional(Schema.String)
})
export type TaskmgrAccount = typeof TaskmgrAccount.Type

/** The credential `taskmgr auth login` stores. Version 1. */
export const TaskmgrCredential = Schema.Struct({
  version: Schema.Literal(1),
  /** Where it was issued and where it may be sent; it is used nowhere else. */
  app_url: Schema.String,
  base_url: Schema.String,
  client_id: Schema.String,
  /** Kept (in the 0600 file) because every refresh and the revocation authenticate the app with it. */
  client_secret: Schema.Redacted(Schema.String),
  access_token: Schema.Redacted(TokenText),
  refresh_token: Schema.NullOr(Schema.Redacted(Schema.String)),
  /** ISO time, from expires_in; null when the service gave none. */
  expires_at: Schema.NullOr(Schema.String),
  /** The scopes asked for; null is full access. */
  scopes: Schema.NullOr(Schema.Array(Schema.String)),
  account: Schema.NullOr(TaskmgrAccount),
  obtained_at: Schema.String
})
export type TaskmgrCredential = typeof TaskmgrCredential.Type

const TaskmgrTokenAnswer = Schema.Struct({
  ...tokenFields,
  data: Schema.optional(Schema.Struct({
    gid: Schema.String,
    name: Schema.optional(Schema.String),
    email: Schema.optional(Schema.String)
  }))
})

/** {config_dir}: $TASKMGR_CONFIG_DIR, else $XDG_CONFIG_HOME/taskmgr, else ~/.config/taskmgr. */
export const taskmgrConfigDir = (env: Env): string => configDir(env, "TASKMGR_CONFIG_DIR", "taskmgr")

export const taskmgrCredentialStore = (env: Env): CredentialStore<TaskmgrCredential> =>
  fileCredentialStore(TaskmgrCredential, join(taskmgrConfigDir(env), "credentials.json"))

// ---- the app registration ---------------------------------------------------

export type ClientIdSource = "--client-id" | "TASKMGR_API_CLIENT_ID" | "TASKMGR_CLIENT_ID" | "settings.json"
export type ClientSecretSource =
  | "--client-secret"
  | "TASKMGR_API_CLIENT_SECRET"
  | "TASKMGR_CLIENT_SECRET"
  | "settings.json"

/** One value resolved from ordered sources: the winner and the ones it shadows. */
export interface Resolved<A, S extends string> {
  readonly value: Option.Option<A>
  readonly source: Option.Option<S>
  readonly shadowed: ReadonlyArray<S>
}

export interface AppRegistration {
  readonly clientId: Resolved<string, ClientIdSource>
  readonly clientSecret: Resolved<Redacted.Redacted<string>, ClientSecretSource>
  readonly settingsPath: string
}

/** First found wins; the others that were set are shadowed. */
export const firstOf = <A, S extends string>(
  candidates: ReadonlyArray<readonly [S, A | undefined]>
): Resolved<A, S> => {
  const present = candidates.filter((c): c is readonly [S, A] => c[1] !== undefined)
  const [winner, ...rest] = present
  return {
    value: Option.map(Option.fromNullable(winner), (w) => w[1]),
    source: Option.map(Option.fromNullable(winner), (w) => w[0]),
    shadowed: rest.map((r) => r[0])
  }
}

const nonBlank = (value: string | undefined): string | undefined =>
  value === undefined || value.trim() === "" ? undefined : value

/**
 * The client id and secret login would use, each resolved on its own:
 * --client-id/--client-secret, TASKMGR_API_CLIENT_*, TASKMGR_CLIENT_*,
 * then client_id/client_secret in {config_dir}/settings.json. A settings file
 * that cannot be used is an error only when something is taken from it.
 */
export const resolveAppRegistration = (
  flags: { readonly clientId?: string | undefined; readonly clientSecret?: string | undefined },
  env: Env
): Effect.Effect<AppRegistration, SignInError> =>
  Effect.gen(function*() {
    const settingsPath = join(taskmgrConfigDir(env), "settings.json")
    const settings = yield* Effect.either(readSettingsFile(settingsPath, ["client_secret"]))
    const file = settings._tag === "Right" ? settings.right : undefined
    const secret = (v: string | undefined) => (v === undefined ? undefined : Redacted.make(v))
    const clientId = firstOf<string, ClientIdSource>([
      ["--client-id", nonBlank(flags.clientId)],
      ["TASKMGR_API_CLIENT_ID", nonBlank(env.TASKMGR_API_CLIENT_ID)],
      ["TASKMGR_CLIENT_ID", nonBlank(env.TASKMGR_CLIENT_ID)],
      ["settings.json", file?.values.client_id]
    ])
    const clientSecret = firstOf<Redacted.Redacted<string>, ClientSecretSource>([
      ["--client-secret", secret(nonBlank(flags.clientSecret))],
      ["TASKMGR_API_CLIENT_SECRET", secret(nonBlank(env.TASKMGR_API_CLIENT_SECRET))],
      ["TASKMGR_CLIENT_SECRET", secret(nonBlank(env.TASKMGR_CLIENT_SECRET))],
      ["settings.json", file?.secrets.client_secret]
    ])
    if (settings._tag === "Left" && (Option.isNone(clientId.value) || Option.isNone(clientSecret.value))) {
      return yield* Effect.fail(settings.left)
    }
    return { clientId, clientSecret, settingsPath }
  })

/**
 * The client a stored grant is renewed or revoked with: the one it was
 * issued to. A configured secret for that same client id replaces the
 * stored one (a rotated secret); another client id cannot use the grant.
 */
export const grantClient = (credential: TaskmgrCredential, app?: AppRegistration): ClientCredentials =>
  app !== undefined && Option.contains(app.clientId.value, credential.client_id) &&
    Option.isSome(app.clientSecret.value)
    ? { id: credential.client_id, secret: app.clientSecret.value.value }
    : { id: credential.client_id, secret: credential.client_secret }

// ---- the endpoints ------------------------------------------------------------

const trimmed = (url: string) => url.replace(/\/+$/, "")

/** GET {app_url}/-/oauth_authorize; scopes space-separated, none for full access. */
export const taskmgrAuthorizeUrl =
  (appUrl: string, clientId: string, scopes: ReadonlyArray<string>) => (p: AuthorizeParams) => {
    const url = new URL(`${trimmed(appUrl)}/-/oauth_authorize`)
    url.searchParams.set("client_id", clientId)
    url.searchParams.set("redirect_uri", p.redirectUri)
    url.searchParams.set("response_type", "code")
    url.searchParams.set("state", p.state)
    url.searchParams.set("code_challenge", p.codeChallenge)
    url.searchParams.set("code_challenge_method", p.codeChallengeMethod)
    if (scopes.length > 0) url.searchParams.set("scope", scopes.join(" "))
    return url.href
  }

/** What the service's invalid_client means here: the two kinds of app registration. */
export const APP_KIND_HINT =
  "The service has two kinds of app registration: an API app, whose tokens work on the REST API, " +
  "and an app made for the service's hosted tool server, whose tokens do not; sign-in needs the client id and secret of an API app."

/** Adds the app-kind hint to the service's own invalid_client message. */
export const withAppKindHint = <A, E, R>(effect: Effect.Effect<A, E, R>): Effect.Effect<A, E, R> =>
  Effect.mapError(
    effect,
    (e) =>
      e instanceof SignInError && e.reason === "client_rejected" && /invalid_client/.test(e.message)
        ? (new SignInError({ ...e, message: `${e.message} ${APP_KIND_HINT}` }) as E)
        : e
  )

const isoAfter = (nowMs: number, seconds: number | undefined) =>
  seconds === undefined ? null : new Date(nowMs + seconds * 1000).toISOString()

const accountOf = (data: typeof TaskmgrTokenAnswer.Type["data"]): TaskmgrAccount | null =>
  data === undefined
    ? null
    : {
      gid: data.gid,
      ...(data.name === undefined ? {} : { name: data.name }),
      ...(data.email === undefined ? {} : { email: data.email })
    }

export interface TaskmgrExchange {
  readonly appUrl: string
  readonly baseUrl: string
  readonly client: ClientCredentials
  readonly grant: Grant
  /** Asked for; empty is full access. */
  readonly scopes: ReadonlyArray<string>
  readonly timeout?: Duration.DurationInput | undefined
}

/** The code exchange (POST {app_url}/-/oauth_token): a new credential. */
export const exchangeTaskmgrCode = (
  options: TaskmgrExchange
): Effect.Effect<TaskmgrCredential, TokenEndpointError, HttpClient.HttpClient> =>
  Effect.gen(function*() {
    const answer = yield* withAppKindHint(postTokenForm(TaskmgrTokenAnswer, {
      url: `${trimmed(options.appUrl)}/-/oauth_token`,
      client: options.client,
      clientAuth: "form",
      subject: "The code exchange",
      timeout: options.timeout,
      form: {
        grant_type: "authorization_code",
        redirect_uri: options.grant.redirectUri,
        code: options.grant.code,
        code_verifier: options.grant.verifier
      }
    }))
    const now = yield* Clock.currentTimeMillis
    return {
      version: 1 as const,
      app_url: trimmed(options.appUrl),
      base_url: trimmed(options.baseUrl),
      client_id: options.client.id,
      client_secret: options.client.secret,
      access_token: answer.access_token,
      refresh_token: answer.refresh_token ?? null,
      expires_at: isoAfter(now, answer.expires_in),
      scopes: options.scopes.length === 0 ? null : options.scopes,
      account: accountOf(answer.data),
      obtained_at: new Date(now).toISOString()
    }
  })

/** A refresh: the credential with a new access token; the long-lived refresh token is kept. */
export const refreshTaskmgrCredential = (
  credential: TaskmgrCredential,
  client: ClientCredentials,
  limits: TokenLimits = {}
): Effect.Effect<TaskmgrCredential, TokenEndpointError, HttpClient.HttpClient> =>
  Effect.gen(function*() {
    if (credential.refresh_token === null) {
      return yield* Effect.fail(
        signInError("not_signed_in", "The stored sign-in has no refresh token, so it cannot be renewed.")
      )
    }
    const answer = yield* withAppKindHint(postTokenForm(TaskmgrTokenAnswer, {
      url: `${credential.app_url}/-/oauth_token`,
      client,
      clientAuth: "form",
      subject: "The token refresh",
      refusal: "refresh_refused",
      // A refresh token is reused: a repeat only issues another access token.
      repeatable: true,
      ...limits,
      form: { grant_type: "refresh_token", refresh_token: credential.refresh_token }
    }))
    const now = yield* Clock.currentTimeMillis
    return {
      ...credential,
      access_token: answer.access_token,
      refresh_token: answer.refresh_token ?? credential.refresh_token,
      expires_at: isoAfter(now, answer.expires_in),
      account: accountOf(answer.data) ?? credential.account,
      obtained_at: new Date(now).toISOString()
    }
  })

/** Revokes the grant (POST {app_url}/-/oauth_revoke with the refresh token; access tokens are not revocable). */
export const revokeTaskmgrGrant = (
  credential: TaskmgrCredential,
  client: ClientCredentials,
  limits: TokenLimits = {}
): Effect.Effect<boolean, TokenEndpointError, HttpClient.HttpClient> =>
  credential.refresh_token === null
    ? Effect.succeed(false)
    : withAppKindHint(postTokenForm(Schema.Unknown, {
      url: `${credential.app_url}/-/oauth_revoke`,
      client,
      clientAuth: "form",
      subject: "The revocation",
      refusal: "revoke_refused",
      repeatable: true,
      ...limits,
      form: { token: credential.refresh_token }
    })).pipe(Effect.as(true))

// ---- the stored sign-in -------------------------------------------------------

const sameUrl = (a: string, b: string) => {
  try {
    return trimmed(new URL(a).href) === trimmed(new URL(b).href)
  } catch {
    return false
  }
}

export interface StoredSignIn {
  readonly credential: TaskmgrCredential
  readonly store: CredentialStore<TaskmgrCredential>
}

/**
 * The stored credential, when it was issued for this API and app host; one
 * for another host is refused (its token must not travel elsewhere), as is
 * a file that others can read.
 */
export const loadSignIn = (
  env: Env,
  urls: { readonly baseUrl: string; readonly appUrl: string }
): Effect.Effect<Option.Option<StoredSignIn>, SignInError> =>
  Effect.gen(function*() {
    const store = taskmgrCredentialStore(env)
    const stored = yield* store.read
    if (Option.isNone(stored)) return Option.none()
    const c = stored.value
    if (!sameUrl(c.base_url, urls.baseUrl) || !sameUrl(c.app_url, urls.appUrl)) {
      return yield* Effect.fail(signInError(
        "not_signed_in",
        `The stored sign-in (${store.path}) is for ${c.base_url}, not ${trimmed(urls.baseUrl)}; it was not used.`,
        { path: store.path }
      ))
    }
    return Option.some({ credential: c, store })
  })

/** The client's `refresh` for a stored sign-in: renew once, store, hand over the new token. */
export const storedRefresh = (
  signIn: StoredSignIn,
  app?: AppRegistration,
  limits: TokenLimits = {}
): Effect.Effect<Redacted.Redacted<string>, RequestError, HttpClient.HttpClient> =>
  refreshStored({
    store: signIn.store,
    used: signIn.credential,
    accessToken: (c) => c.access_token,
    canRefresh: (c) => c.refresh_token !== null,
    refresh: (c) => refreshTaskmgrCredential(c, grantClient(c, app), limits)
  })

/** Whether the credential's access token expires within `withinMs` of `nowMs` (unknown expiry: no). */
export const expiresWithin = (credential: TaskmgrCredential, nowMs: number, withinMs: number): boolean => {
  if (credential.expires_at === null) return false
  const at = Date.parse(credential.expires_at)
  return Number.isNaN(at) || at - nowMs <= withinMs
}
