/**
 * Design-service OAuth on the shared machinery (core/oauth): the authorize
 * URL on {auth_url}/oauth, the code exchange and the refresh on
 * {base_url}/v1/oauth/{token,refresh} with HTTP Basic client credentials
 * (design-wire rows +2 and +3), and the stored credential. The refresh
 * answer has no refresh token, so the original is kept (spec rule 7).
 */
import type * as HttpClient from "@effect/platform/HttpClient"
import * as Clock from "effect/Clock"
import type * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import type * as Redacted from "effect/Redacted"
import * as Schema from "effect/Schema"
import { join } from "node:path"
import type { RequestError, SignInError } from "../core/errors.js"
import type { Env } from "../core/oauth/browser.js"
import type { AuthorizeParams, Grant } from "../core/oauth/login.js"
import { signInError } from "../core/oauth/redirect.js"
import { refreshStored } from "../core/oauth/refresh.js"
import { configDir, type CredentialStore, fileCredentialStore } from "../core/oauth/store.js"
import {
  type ClientCredentials,
  postTokenForm,
  type TokenEndpointError,
  tokenFields,
  type TokenLimits
} from "../core/oauth/token-endpoint.js"
import { TokenText } from "../core/settings.js"

/** The granular scopes (spec section 5); `files:read` is deprecated and the wrapper asks for granular scopes only. */
export const DESIGN_SCOPES = [
  "current_user:read",
  "file_comments:read",
  "file_comments:write",
  "file_content:read",
  "file_dev_resources:read",
  "file_dev_resources:write",
  "file_metadata:read",
  "file_variables:read",
  "file_variables:write",
  "file_versions:read",
  "library_analytics:read",
  "library_assets:read",
  "library_content:read",
  "org:activity_log_read",
  "org:ai_metering_usage_read",
  "org:developer_log_read",
  "org:discovery_read",
  "project_metadata:read",
  "projects:read",
  "selections:read",
  "team_library_content:read",
  "webhooks:read",
  "webhooks:write"
] as const

/** Asked for when --scope is not given: what every plan and role may grant (no Enterprise or org-admin scopes). */
export const DEFAULT_DESIGN_SCOPES: ReadonlyArray<string> = [
  "current_user:read",
  "file_content:read",
  "file_metadata:read",
  "file_versions:read",
  "file_comments:read",
  "file_comments:write",
  "file_dev_resources:read",
  "file_dev_resources:write",
  "library_assets:read",
  "library_content:read",
  "team_library_content:read",
  "projects:read",
  "project_metadata:read",
  "webhooks:read",
  "webhooks:write"
]

/** The credential `design auth login` stores. Version 1. */
export const DesignCredential = Schema.Struct({
  version: Schema.Literal(1),
  /** The API it was issued for; it is never sent anywhere else. */
  base_url: Schema.String,
  client_id: Schema.String,
  /** Kept (in the 0600 file) because every refresh authenticates the app with it. */
  client_secret: Schema.Redacted(Schema.String),
  access_token: Schema.Redacted(TokenText),
  refresh_token: Schema.NullOr(Schema.Redacted(Schema.String)),
  /** ISO time, from expires_in; null when the service gave none. */
  expires_at: Schema.NullOr(Schema.String),
  scopes: Schema.Array(Schema.String),
  user_id: Schema.NullOr(Schema.String),
  obtained_at: Schema.String
})
export type DesignCredential = typeof DesignCredential.Type

const DesignTokenAnswer = Schema.Struct({ ...tokenFields, user_id_string: Schema.optional(Schema.String) })

/** The config directory: $DESIGN_CONFIG_DIR, else $XDG_CONFIG_HOME/design, else ~/.config/design. */
export const designConfigDir = (env: Env) => configDir(env, "DESIGN_CONFIG_DIR", "design")

export const designCredentialStore = (env: Env): CredentialStore<DesignCredential> =>
  fileCredentialStore(DesignCredential, join(designConfigDir(env), "credentials.json"))

const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i

/**
 * {auth_url} when it is not configured: the base URL's origin on loopback
 * (a sandbox serves its own authorize page), else the API host with `api.`
 * replaced by `www.` (api.design.example → www.design.example).
 */
export const defaultAuthUrl = (baseUrl: string): string => {
  const url = new URL(baseUrl)
  if (LOOPBACK.test(url.hostname)) return url.origin
  return `${url.protocol}//${url.host.replace(/^api\./, "www.")}`
}

export const designAuthorizeUrl =
  (authUrl: string, clientId: string, scopes: ReadonlyArray<string>) => (p: AuthorizeParams) => {
    const url = new URL(`${authUrl.replace(/\/+$/, "")}/oauth`)
    url.searchParams.set("client_id", clientId)
    url.searchParams.set("redirect_uri", p.redirectUri)
    url.searchParams.set("scope", scopes.join(","))
    url.searchParams.set("state", p.state)
    url.searchParams.set("response_type", "code")
    url.searchParams.set("code_challenge", p.codeChallenge)
    url.searchParams.set("code_challenge_method", p.codeChallengeMethod)
    return url.href
  }

const isoAfter = (nowMs: number, seconds: number | undefined) =>
  seconds === undefined ? null : new Date(nowMs + seconds * 1000).toISOString()

export interface DesignTokenOptions {
  readonly baseUrl: string
  readonly client: ClientCredentials
  readonly timeout?: Duration.DurationInput | undefined
}

/** The code exchange (POST /v1/oauth/token): a new stored credential. */
export const exchangeDesignCode = (
  options: DesignTokenOptions & { readonly grant: Grant; readonly scopes: ReadonlyArray<string> }
): Effect.Effect<DesignCredential, TokenEndpointError, HttpClient.HttpClient> =>
  Effect.gen(function*() {
    const answer = yield* postTokenForm(DesignTokenAnswer, {
      url: `${options.baseUrl}/v1/oauth/token`,
      client: options.client,
      subject: "The code exchange",
      timeout: options.timeout,
      form: {
        redirect_uri: options.grant.redirectUri,
        code: options.grant.code,
        grant_type: "authorization_code",
        code_verifier: options.grant.verifier
      }
    })
    const now = yield* Clock.currentTimeMillis
    return {
      version: 1 as const,
      base_url: options.baseUrl,
      client_id: options.client.id,
      client_secret: options.client.secret,
      access_token: answer.access_token,
      refresh_token: answer.refresh_token ?? null,
      expires_at: isoAfter(now, answer.expires_in),
      scopes: answer.scope === undefined ? options.scopes : answer.scope.split(/[\s,]+/).filter((s) => s !== ""),
      user_id: answer.user_id_string ?? null,
      obtained_at: new Date(now).toISOString()
    }
  })

/** A refresh (POST /v1/oauth/refresh): the credential with its new access token; the refresh token is kept. */
export const refreshDesignCredential = (
  credential: DesignCredential,
  limits: TokenLimits = {}
): Effect.Effect<DesignCredential, TokenEndpointError, HttpClient.HttpClient> =>
  Effect.gen(function*() {
    if (credential.refresh_token === null) {
      return yield* Effect.fail(
        signInError("not_signed_in", "The stored sign-in has no refresh token, so it cannot be renewed.")
      )
    }
    const answer = yield* postTokenForm(DesignTokenAnswer, {
      url: `${credential.base_url}/v1/oauth/refresh`,
      client: { id: credential.client_id, secret: credential.client_secret },
      subject: "The token refresh",
      refusal: "refresh_refused",
      // The refresh token is kept: a repeat only issues another access token.
      repeatable: true,
      ...limits,
      form: { refresh_token: credential.refresh_token }
    })
    const now = yield* Clock.currentTimeMillis
    return {
      ...credential,
      access_token: answer.access_token,
      // Spec rule 7: no new refresh token comes back; should one ever come, it replaces the old.
      refresh_token: answer.refresh_token ?? credential.refresh_token,
      expires_at: isoAfter(now, answer.expires_in),
      obtained_at: new Date(now).toISOString()
    }
  })

const sameApi = (a: string, b: string) => {
  try {
    return new URL(a).href.replace(/\/+$/, "") === new URL(b).href.replace(/\/+$/, "")
  } catch {
    return false
  }
}

export interface StoredSignIn {
  readonly credential: DesignCredential
  readonly store: CredentialStore<DesignCredential>
}

/**
 * The stored credential for this base URL. A credential issued for another
 * API is not used (its token must not travel to another host): that is an
 * error saying so, as is a file that cannot be trusted.
 */
export const loadSignIn = (env: Env, baseUrl: string): Effect.Effect<Option.Option<StoredSignIn>, SignInError> =>
  Effect.gen(function*() {
    const store = designCredentialStore(env)
    const stored = yield* store.read
    if (Option.isNone(stored)) return Option.none()
    if (!sameApi(stored.value.base_url, baseUrl)) {
      return yield* Effect.fail(signInError(
        "not_signed_in",
        `The stored sign-in (${store.path}) is for ${new URL(stored.value.base_url).host}, not ${
          new URL(baseUrl).host
        }; it was not used.`,
        { path: store.path }
      ))
    }
    return Option.some({ credential: stored.value, store })
  })

/** The pipeline's refresh for a stored sign-in: renew, store, and hand over the new token. */
export const storedRefresh = (
  signIn: StoredSignIn,
  limits: TokenLimits = {}
): Effect.Effect<Redacted.Redacted<string>, RequestError, HttpClient.HttpClient> =>
  refreshStored({
    store: signIn.store,
    used: signIn.credential,
    accessToken: (c) => c.access_token,
    canRefresh: (c) => c.refresh_token !== null,
    refresh: (c) => refreshDesignCredential(c, limits)
  })
