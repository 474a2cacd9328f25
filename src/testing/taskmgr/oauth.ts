/**
 * The OAuth pages and endpoints on the app host:
 *
 * - `GET /-/oauth_authorize` approves at once as the seeded user: a 302 to
 *   the `redirect_uri` with `code` and `state`, or for
 *   `urn:ietf:wg:oauth:2.0:oob` an HTML page showing the code. Accepted
 *   redirect URIs: the oob form and any http loopback URL (127.0.0.1,
 *   localhost, [::1]) on any port, since `auth login` picks its port.
 * - `POST /-/oauth_token` (form-encoded): `authorization_code` (codes are
 *   single-use, live `CODE_TTL_MS`, PKCE S256 checked) or `refresh_token`.
 *   Access tokens live an hour of simulator time; the refresh token is
 *   answered on the first exchange only and reused.
 * - `POST /-/oauth_revoke` (form-encoded, a refresh token): revokes the grant
 *   and every access token issued under it.
 *
 * Errors are `{"error", "error_description"}` (a rejection's code and
 * message); a client id of the app kind made for the hosted tool server gets
 * `invalid_client`, like a wrong secret.
 */
import * as HttpServerResponse from "@effect/platform/HttpServerResponse"
import * as Either from "effect/Either"
import { createHash, randomBytes } from "node:crypto"
import type { Call } from "../core/call.js"
import { MINUTE_MS } from "../core/clock.js"
import type { ErrorBody, Parsed } from "../core/rejection.js"
import { reject } from "../core/rejection.js"
import { jsonResponse } from "../core/responses.js"
import type { Route } from "../core/route.js"
import { route } from "../core/route.js"
import type { Grant, OAuthClient, TaskmgrState, User } from "./model.js"
import { taskmgrSeed } from "./seed.js"

export const OOB_REDIRECT_URI = "urn:ietf:wg:oauth:2.0:oob"
export const CODE_TTL_MS = 10 * MINUTE_MS
export const ACCESS_TOKEN_TTL_S = 3600

type Response = HttpServerResponse.HttpServerResponse

/** What an OAuth endpoint sees: the request and the simulator's state. */
export interface OAuthCtx {
  readonly call: Call
  readonly state: TaskmgrState
}

export type OAuthRoute = Route<OAuthCtx>

const oauthError = (status: number, error: string, error_description: string): Parsed<never> =>
  reject(status, error_description, { code: error })

/** OAuth 2's error body: the rejection's code and message. */
export const oauthErrorBody: ErrorBody = (refused) => ({ error: refused.code, error_description: refused.message })

const INVALID_CLIENT = "The client_id or client_secret is invalid, or the client may not be used with this endpoint."

const single = (query: Call["query"] | null, name: string): string | undefined => {
  const value = query?.[name]
  return typeof value === "string" ? value : undefined
}

const secret = (state: TaskmgrState, kind: string): string => {
  const n = state.nextSecret++
  return `sbx-oauth-${kind}-${n}-${randomBytes(12).toString("base64url")}`
}

/** The oob form, or an http loopback URL on any port. */
export const acceptedRedirect = (uri: string): boolean => {
  if (uri === OOB_REDIRECT_URI) return true
  try {
    const url = new URL(uri)
    return url.protocol === "http:" && ["127.0.0.1", "localhost", "[::1]"].includes(url.hostname)
  } catch {
    return false
  }
}

const escapeHtml = (text: string): string =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;")

const scopesOf = (scope: string | undefined): ReadonlyArray<string> | null => {
  const list = (scope ?? "").split(/[\s,]+/).filter((s) => s !== "")
  return list.length === 0 ? null : list
}

const authorize = ({ call, state }: OAuthCtx): Parsed<Response> => {
  const q = call.query
  const clientId = single(q, "client_id")
  if (clientId === undefined || !state.clients.has(clientId)) {
    return oauthError(400, "invalid_client", "Unknown client_id.")
  }
  const redirectUri = single(q, "redirect_uri") ?? ""
  if (!acceptedRedirect(redirectUri)) {
    return oauthError(400, "invalid_request", "The redirect_uri does not match a redirect URL registered for the app.")
  }
  const stateParam = single(q, "state")
  const redirectError = (error: string, description: string): Parsed<Response> => {
    if (redirectUri === OOB_REDIRECT_URI) return oauthError(400, error, description)
    const url = new URL(redirectUri)
    url.searchParams.set("error", error)
    url.searchParams.set("error_description", description)
    if (stateParam !== undefined) url.searchParams.set("state", stateParam)
    return Either.right(HttpServerResponse.empty({ status: 302, headers: { location: url.toString() } }))
  }
  if (single(q, "response_type") !== "code") {
    return redirectError("unsupported_response_type", "response_type must be code.")
  }
  const challenge = single(q, "code_challenge")
  const method = single(q, "code_challenge_method")
  if (challenge === undefined && method !== undefined) {
    return redirectError("invalid_request", "code_challenge is missing.")
  }
  if (challenge !== undefined && method !== "S256") {
    return redirectError("invalid_request", "code_challenge_method must be S256.")
  }
  const code = secret(state, "code")
  state.codes.set(code, {
    client_id: clientId,
    redirect_uri: redirectUri,
    user: taskmgrSeed.user_gid,
    scopes: scopesOf(single(q, "scope")),
    code_challenge: challenge ?? null,
    expires_ms: call.now_ms + CODE_TTL_MS,
    used: false
  })
  if (redirectUri === OOB_REDIRECT_URI) {
    return Either.right(HttpServerResponse.html(
      `<!doctype html><html><head><title>Authorization code</title></head><body>` +
        `<h1>Authorization code</h1><p>Copy this code and paste it into the app that asked for it:</p>` +
        `<pre id="code">${escapeHtml(code)}</pre></body></html>`
    ))
  }
  const url = new URL(redirectUri)
  url.searchParams.set("code", code)
  if (stateParam !== undefined) url.searchParams.set("state", stateParam)
  return Either.right(HttpServerResponse.empty({ status: 302, headers: { location: url.toString() } }))
}

/** The API app named by client_id and client_secret, or null. */
const apiClient = (state: TaskmgrState, form: Call["query"]): OAuthClient | null => {
  const client = state.clients.get(single(form, "client_id") ?? "")
  if (client === undefined || client.secret !== single(form, "client_secret") || client.kind !== "api") return null
  return client
}

const s256 = (verifier: string): string => createHash("sha256").update(verifier).digest("base64url")

const issue = (state: TaskmgrState, call: Call, grant: Grant, withRefresh: boolean): Parsed<Response> => {
  const access = secret(state, "access")
  state.tokens.set(access, {
    user: grant.user,
    expires_ms: call.now_ms + ACCESS_TOKEN_TTL_S * 1000,
    scopes: grant.scopes,
    grant: grant.id
  })
  const user = state.users.get(grant.user) as User
  return Either.right(jsonResponse(200, {
    access_token: access,
    token_type: "bearer",
    expires_in: ACCESS_TOKEN_TTL_S,
    ...(withRefresh ? { refresh_token: grant.refresh_token } : {}),
    data: { id: Number(user.gid), gid: user.gid, name: user.name, email: user.email }
  }))
}

const exchangeCode = (
  state: TaskmgrState,
  call: Call,
  client: OAuthClient,
  form: Call["query"]
): Parsed<Response> => {
  const code = single(form, "code") ?? ""
  const record = state.codes.get(code)
  const invalid = () => oauthError(400, "invalid_grant", "The authorization code is invalid, expired or already used.")
  if (record === undefined || record.client_id !== client.id) return invalid()
  if (record.used || call.now_ms >= record.expires_ms) return invalid()
  record.used = true
  if (single(form, "redirect_uri") !== record.redirect_uri) {
    return oauthError(400, "invalid_grant", "The redirect_uri does not match the one the code was issued for.")
  }
  if (record.code_challenge !== null) {
    const verifier = single(form, "code_verifier")
    if (verifier === undefined || s256(verifier) !== record.code_challenge) {
      return oauthError(400, "invalid_grant", "The code_verifier does not match the code_challenge.")
    }
  }
  const grant: Grant = {
    id: `grant-${state.nextSecret}`,
    client_id: client.id,
    user: record.user,
    scopes: record.scopes,
    refresh_token: secret(state, "refresh"),
    revoked: false
  }
  state.grants.set(grant.id, grant)
  return issue(state, call, grant, true)
}

const grantOf = (state: TaskmgrState, client: OAuthClient, refreshToken: string): Grant | undefined =>
  [...state.grants.values()].find((g) => g.refresh_token === refreshToken && g.client_id === client.id && !g.revoked)

const token = ({ call, state }: OAuthCtx): Parsed<Response> => {
  const form = call.form
  if (form === null) {
    return oauthError(400, "invalid_request", "The request body must be application/x-www-form-urlencoded.")
  }
  const grantType = single(form, "grant_type")
  if (grantType !== "authorization_code" && grantType !== "refresh_token") {
    return oauthError(400, "unsupported_grant_type", "grant_type must be authorization_code or refresh_token.")
  }
  const client = apiClient(state, form)
  if (client === null) return oauthError(401, "invalid_client", INVALID_CLIENT)
  if (grantType === "authorization_code") return exchangeCode(state, call, client, form)
  const grant = grantOf(state, client, single(form, "refresh_token") ?? "")
  if (grant === undefined) return oauthError(400, "invalid_grant", "The refresh token is invalid or has been revoked.")
  return issue(state, call, grant, false)
}

const revoke = ({ call, state }: OAuthCtx): Parsed<Response> => {
  const form = call.form
  if (form === null) {
    return oauthError(400, "invalid_request", "The request body must be application/x-www-form-urlencoded.")
  }
  const client = apiClient(state, form)
  if (client === null) return oauthError(401, "invalid_client", INVALID_CLIENT)
  const value = single(form, "token")
  if (value === undefined || value === "") return oauthError(400, "invalid_request", "token is missing.")
  if (state.tokens.has(value)) return oauthError(400, "unsupported_token_type", "Only refresh tokens can be revoked.")
  const grant = grantOf(state, client, value)
  // As RFC 7009 asks, an unknown or already revoked token is not an error.
  if (grant !== undefined) grant.revoked = true
  return Either.right(jsonResponse(200, {}))
}

export const oauthRoutes: ReadonlyArray<OAuthRoute> = [
  route("GET", "/-/oauth_authorize", null, authorize),
  route("POST", "/-/oauth_token", null, token),
  route("POST", "/-/oauth_revoke", null, revoke)
]
