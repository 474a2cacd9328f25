/**
 * OAuth state of one simulator: authorization codes (single use, 30 seconds
 * of simulator time), grants (one refresh token and its current access
 * token), and the token lookup the gate authenticates every API call with, so
 * tokens issued here work as Bearer tokens and retired ones stop at once.
 */
import { createHash } from "node:crypto"
import { designSeed, seedWorld } from "./seed.js"
import type { TokenRecord } from "./world.js"

export const CODE_LIFETIME_MS = 30_000
/** OAuth access tokens live 90 days (spec section 8). */
export const ACCESS_TOKEN_LIFETIME_S = 90 * 24 * 60 * 60

export interface OAuthClient {
  readonly id: string
  readonly secret: string
  readonly redirect_uris: ReadonlyArray<string>
}

export const oauthClients: ReadonlyArray<OAuthClient> = [{
  id: designSeed.oauth_client.id,
  secret: designSeed.oauth_client.secret,
  redirect_uris: [designSeed.oauth_client.redirect_uri]
}]

/** The registered URIs, and any loopback http URL (a CLI's local callback on any port). */
export const redirectAllowed = (client: OAuthClient, uri: string): boolean => {
  if (client.redirect_uris.includes(uri)) return true
  try {
    const url = new URL(uri)
    return url.protocol === "http:" && ["127.0.0.1", "localhost", "[::1]"].includes(url.hostname)
  } catch {
    return false
  }
}

export interface AuthorizationCode {
  readonly client_id: string
  readonly redirect_uri: string
  readonly user_id: string
  readonly scopes: ReadonlyArray<string>
  /** S256 challenge; null when the app did not use PKCE. */
  readonly code_challenge: string | null
  readonly expires_at_ms: number
  used: boolean
}

export interface Grant {
  readonly client_id: string
  readonly user_id: string
  readonly scopes: ReadonlyArray<string>
  access_token: string
}

export interface OAuthState {
  codes: Map<string, AuthorizationCode>
  /** By refresh token. */
  grants: Map<string, Grant>
  /** Access tokens issued by this simulator. */
  issued: Map<string, TokenRecord>
  /** Seeded tokens retired by a refresh. */
  retired: Set<string>
  serial: number
}

/** The seeded `oauth` token has a grant, so a client can refresh without the browser step. */
export const makeOAuthState = (): OAuthState => {
  const seeded = seedWorld.tokens.get(designSeed.tokens.oauth)
  return {
    codes: new Map(),
    grants: new Map([[designSeed.oauth_refresh_token, {
      client_id: designSeed.oauth_client_id,
      user_id: designSeed.users.app_user.id,
      scopes: seeded?.scopes ?? [],
      access_token: designSeed.tokens.oauth
    }]]),
    issued: new Map(),
    retired: new Set(),
    serial: 0
  }
}

/** Who a token belongs to, for `authenticate`: issued tokens, then the seed, minus retired ones. */
export const lookupToken = (state: OAuthState, token: string): TokenRecord | undefined => {
  if (state.retired.has(token)) return undefined
  return state.issued.get(token) ?? seedWorld.tokens.get(token)
}

/** PKCE S256: base64url(SHA-256(verifier)), unpadded. */
export const s256 = (verifier: string): string => createHash("sha256").update(verifier).digest("base64url")

const nextSerial = (state: OAuthState): string => String(++state.serial).padStart(6, "0")

export const issueCode = (state: OAuthState, code: Omit<AuthorizationCode, "used">): string => {
  const serial = nextSerial(state)
  const tag = createHash("sha256").update(`${code.client_id}:${serial}`).digest("hex").slice(0, 16)
  const value = `sbx_code_${serial}_${tag}`
  state.codes.set(value, { ...code, used: false })
  return value
}

const accessRecord = (grant: Grant, now_ms: number): TokenRecord => ({
  mode: "oauth",
  user_id: grant.user_id,
  // The app user's seat and plan, as the seeded OAuth token has them.
  seat: "full",
  plan: "professional",
  client_id: grant.client_id,
  expires_at_ms: now_ms + ACCESS_TOKEN_LIFETIME_S * 1000,
  scopes: grant.scopes
})

const newAccessToken = (state: OAuthState, grant: Grant, now_ms: number): string => {
  const token = `dsgn_oauth_sandbox_issued_${nextSerial(state)}`
  state.issued.set(token, accessRecord(grant, now_ms))
  return token
}

/** Exchanges a checked code: a new grant with its first access token. */
export const grantFor = (
  state: OAuthState,
  code: AuthorizationCode,
  now_ms: number
): { readonly access_token: string; readonly refresh_token: string } => {
  const refresh_token = `dsgn_oauthr_sandbox_issued_${nextSerial(state)}`
  const grant: Grant = { client_id: code.client_id, user_id: code.user_id, scopes: code.scopes, access_token: "" }
  grant.access_token = newAccessToken(state, grant, now_ms)
  state.grants.set(refresh_token, grant)
  return { access_token: grant.access_token, refresh_token }
}

/** A refresh: a new access token, and the previous one stops working at once. */
export const refreshGrant = (state: OAuthState, grant: Grant, now_ms: number): string => {
  const previous = grant.access_token
  if (!state.issued.delete(previous)) state.retired.add(previous)
  grant.access_token = newAccessToken(state, grant, now_ms)
  return grant.access_token
}
