/**
 * Design-service OAuth on the shared machinery (core/oauth): the authorize
 * URL on {auth_url}/oauth, the code exchange and the refresh on
 * {base_url}/v1/oauth/{token,refresh} with HTTP Basic client credentials
 * (design-wire rows +2 and +3). The refresh answer has no refresh token, so
 * the original is kept (spec rule 7).
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { signInError } from "../core/oauth/redirect.js"
import { isoAfter, type SignInService } from "../core/oauth/sign-in.js"
import { postTokenForm, tokenFields } from "../core/oauth/token-endpoint.js"

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

const DesignTokenAnswer = Schema.Struct({ ...tokenFields, user_id_string: Schema.optional(Schema.String) })

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

/** GET {auth_url}/oauth; scopes comma-separated. */
const authorizeUrl: SignInService["authorizeUrl"] = (hosts, clientId, scopes) => (p) => {
  const url = new URL(`${(hosts.authUrl ?? defaultAuthUrl(hosts.baseUrl)).replace(/\/+$/, "")}/oauth`)
  url.searchParams.set("client_id", clientId)
  url.searchParams.set("redirect_uri", p.redirectUri)
  url.searchParams.set("scope", scopes.join(","))
  url.searchParams.set("state", p.state)
  url.searchParams.set("response_type", "code")
  url.searchParams.set("code_challenge", p.codeChallenge)
  url.searchParams.set("code_challenge_method", p.codeChallengeMethod)
  return url.href
}

/** The code exchange (POST /v1/oauth/token): a new stored credential. */
const exchange: SignInService["exchange"] = ({ client, grant, hosts, scopes }) =>
  Effect.gen(function*() {
    const answer = yield* postTokenForm(DesignTokenAnswer, {
      url: `${hosts.baseUrl}/v1/oauth/token`,
      client,
      subject: "The code exchange",
      form: {
        redirect_uri: grant.redirectUri,
        code: grant.code,
        grant_type: "authorization_code",
        code_verifier: grant.verifier
      }
    })
    const now = yield* Clock.currentTimeMillis
    return {
      version: 1 as const,
      base_url: hosts.baseUrl,
      client_id: client.id,
      client_secret: client.secret,
      access_token: answer.access_token,
      refresh_token: answer.refresh_token ?? null,
      expires_at: isoAfter(now, answer.expires_in),
      scopes: answer.scope === undefined ? scopes : answer.scope.split(/[\s,]+/).filter((s) => s !== ""),
      user_id: answer.user_id_string ?? null,
      obtained_at: new Date(now).toISOString()
    }
  })

/** A refresh (POST /v1/oauth/refresh): the credential with its new access token; the refresh token is kept. */
const refresh: SignInService["refresh"] = (credential, client, limits) =>
  Effect.gen(function*() {
    if (credential.refresh_token === null) {
      return yield* Effect.fail(
        signInError("not_signed_in", "The stored sign-in has no refresh token, so it cannot be renewed.")
      )
    }
    const answer = yield* postTokenForm(DesignTokenAnswer, {
      url: `${credential.base_url}/v1/oauth/refresh`,
      client,
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

/**
 * Design-service OAuth: the authorize page on {auth_url}, the code exchange
 * and the refresh with HTTP Basic client credentials. The service has no
 * revocation endpoint: a grant is revoked in the account's settings.
 */
export const designSignIn: SignInService = {
  name: "design",
  prefix: "DESIGN",
  clientIdVariables: ["DESIGN_CLIENT_ID"],
  clientSecretVariables: ["DESIGN_CLIENT_SECRET"],
  scopes: {
    known: DESIGN_SCOPES,
    defaults: DEFAULT_DESIGN_SCOPES,
    retired: {
      "files:read": "the granular scopes (file_content:read, file_comments:read, ...)",
      file_read: "the granular scopes (file_content:read, file_comments:read, ...)"
    }
  },
  authorizeUrl,
  manualRedirect: "loopback",
  exchange,
  refresh
}
