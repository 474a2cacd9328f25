/**
 * The OAuth endpoints, outside the API description and its rate tiers:
 * - GET /oauth: the authorization page, which approves at once (as the
 *   seeded app user) and redirects to redirect_uri with `code` and `state`;
 *   problems found after redirect_uri is trusted go back to the app as
 *   `error` and `error_description`, as OAuth 2 asks;
 * - POST /v1/oauth/token: form-encoded code exchange with HTTP Basic client
 *   credentials and PKCE S256;
 * - POST /v1/oauth/refresh: a new access token, no new refresh token, and
 *   the previous access token stops working at once.
 * Their errors use the `{error, status, message, i18n}` form.
 */
import type * as Headers from "@effect/platform/Headers"
import * as HttpServerResponse from "@effect/platform/HttpServerResponse"
import * as Either from "effect/Either"
import type { Call } from "../core/call.js"
import type { Parsed } from "../core/rejection.js"
import { route } from "../core/route.js"
import type { DesignCtx, OpenRoute } from "./gate.js"
import type { OAuthClient } from "./oauth.js"
import {
  ACCESS_TOKEN_LIFETIME_S,
  CODE_LIFETIME_MS,
  grantFor,
  issueCode,
  oauthClients,
  redirectAllowed,
  refreshGrant,
  s256
} from "./oauth.js"
import { json, richError } from "./responses.js"
import { designSeed } from "./seed.js"

/** The published scopes (spec section 5) and the Code Connect one plan tokens mention. */
export const KNOWN_SCOPES: ReadonlySet<string> = new Set([
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
  "files:read",
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
])

const PKCE_CHALLENGE = /^[A-Za-z0-9_-]{43}$/

const authorize = ({ call, state }: DesignCtx): Parsed<HttpServerResponse.HttpServerResponse> => {
  const q = (name: string) => call.search.get(name) ?? undefined
  const client = oauthClients.find((c) => c.id === q("client_id"))
  if (client === undefined) return richError(400, "Unknown client_id")
  const redirectUri = q("redirect_uri")
  if (redirectUri === undefined || !redirectAllowed(client, redirectUri)) {
    return richError(400, "redirect_uri is not registered for this app")
  }
  const stateParam = q("state")
  const back = (params: Record<string, string>) => {
    const url = new URL(redirectUri)
    for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value)
    if (stateParam !== undefined) url.searchParams.set("state", stateParam)
    return Either.right(HttpServerResponse.redirect(url, { status: 302 }))
  }
  const refuse = (error: string, error_description: string) => back({ error, error_description })
  if (q("response_type") !== "code") return refuse("unsupported_response_type", "response_type must be code")
  if (stateParam === undefined || stateParam === "") return refuse("invalid_request", "state is required")
  const scopes = [...new Set((q("scope") ?? "").split(/[\s,]+/).filter((s) => s !== ""))]
  if (scopes.length === 0) return refuse("invalid_scope", "scope is required")
  const unknown = scopes.find((s) => !KNOWN_SCOPES.has(s))
  if (unknown !== undefined) return refuse("invalid_scope", `Unknown scope ${unknown}`)
  const challenge = q("code_challenge")
  const method = q("code_challenge_method")
  if (challenge !== undefined || method !== undefined) {
    if (method !== "S256") return refuse("invalid_request", "code_challenge_method must be S256")
    if (challenge === undefined || !PKCE_CHALLENGE.test(challenge)) {
      return refuse("invalid_request", "code_challenge must be the base64url SHA-256 of the code_verifier")
    }
  }
  const code = issueCode(state.oauth, {
    client_id: client.id,
    redirect_uri: redirectUri,
    user_id: designSeed.users.app_user.id,
    scopes,
    code_challenge: challenge ?? null,
    expires_at_ms: call.now_ms + CODE_LIFETIME_MS
  })
  return back({ code })
}

/** The app named by HTTP Basic credentials, if they are right. */
const basicClient = (headers: Headers.Headers): OAuthClient | null => {
  const encoded = /^Basic\s+(\S+)\s*$/i.exec(headers["authorization"] ?? "")?.[1]
  if (encoded === undefined) return null
  const decoded = Buffer.from(encoded, "base64").toString("utf8")
  const colon = decoded.indexOf(":")
  if (colon < 0) return null
  try {
    const id = decodeURIComponent(decoded.slice(0, colon))
    const secret = decodeURIComponent(decoded.slice(colon + 1))
    return oauthClients.find((c) => c.id === id && c.secret === secret) ?? null
  } catch {
    return null
  }
}

const invalidClient = () =>
  richError(401, "Invalid client credentials: send the client id and secret with HTTP Basic authentication", {
    "www-authenticate": `Basic realm="oauth"`
  })

const noStore = { "cache-control": "no-store" }

/** The form body, as the first value of each field. */
const formOf = (call: Call): URLSearchParams => {
  const form = new URLSearchParams()
  for (const [key, value] of Object.entries(call.form ?? {})) {
    for (const one of typeof value === "string" ? [value] : value) form.append(key, one)
  }
  return form
}

/** Checks the client and the body's type, as every token request starts, then `f`. */
const tokenRequest =
  (f: (client: OAuthClient, form: URLSearchParams, ctx: DesignCtx) => Parsed<HttpServerResponse.HttpServerResponse>) =>
  (ctx: DesignCtx) => {
    const client = basicClient(ctx.call.headers)
    if (client === null) return invalidClient()
    const contentType = ctx.call.headers["content-type"] ?? ""
    if (!contentType.toLowerCase().startsWith("application/x-www-form-urlencoded")) {
      return richError(400, "The request body must be application/x-www-form-urlencoded")
    }
    return f(client, formOf(ctx.call), ctx)
  }

const exchange = tokenRequest((client, form, { call, state }) => {
  const field = (name: string) => form.get(name) ?? undefined
  if (field("grant_type") !== "authorization_code") {
    return richError(400, "grant_type must be authorization_code")
  }
  const value = field("code")
  const redirectUri = field("redirect_uri")
  if (value === undefined || value === "") return richError(400, "code is required")
  if (redirectUri === undefined) return richError(400, "redirect_uri is required")
  const code = state.oauth.codes.get(value)
  if (code === undefined || code.client_id !== client.id) return richError(400, "Invalid authorization code")
  if (code.used) return richError(400, "Authorization code has already been used")
  // Any exchange attempt by the right app uses the code up.
  code.used = true
  if (call.now_ms >= code.expires_at_ms) return richError(400, "Authorization code has expired")
  if (redirectUri !== code.redirect_uri) {
    return richError(400, "redirect_uri does not match the authorization request")
  }
  if (code.code_challenge !== null) {
    const verifier = field("code_verifier")
    if (verifier === undefined) return richError(400, "code_verifier is required")
    if (s256(verifier) !== code.code_challenge) {
      return richError(400, "code_verifier does not match the code_challenge")
    }
  }
  const tokens = grantFor(state.oauth, code, call.now_ms)
  return Either.right(json(200, {
    user_id_string: code.user_id,
    // Deprecated, and a double cannot hold the id exactly: use user_id_string.
    user_id: Number(code.user_id),
    access_token: tokens.access_token,
    token_type: "bearer",
    expires_in: ACCESS_TOKEN_LIFETIME_S,
    refresh_token: tokens.refresh_token
  }, noStore))
})

const refresh = tokenRequest((client, form, { call, state }) => {
  const token = form.get("refresh_token") ?? ""
  if (token === "") return richError(400, "refresh_token is required")
  const grant = state.oauth.grants.get(token)
  if (grant === undefined || grant.client_id !== client.id) return richError(400, "Invalid refresh token")
  const access_token = refreshGrant(state.oauth, grant, call.now_ms)
  return Either.right(json(200, { access_token, token_type: "bearer", expires_in: ACCESS_TOKEN_LIFETIME_S }, noStore))
})

export const oauthRoutes: ReadonlyArray<OpenRoute> = [
  route("GET", "/oauth", "rich", authorize),
  route("POST", "/v1/oauth/token", "rich", exchange),
  route("POST", "/v1/oauth/refresh", "rich", refresh)
]
