/**
 * The request log: what reached the API, headers included, with every secret
 * masked as "***" so a log can be printed or snapshotted safely.
 *
 * Headers: authorization keeps its scheme (`Bearer ***`); cookie and any
 * header whose name contains token, secret, key or passcode are masked whole.
 * Bodies (JSON, or form-encoded as OAuth token endpoints take them): the
 * values of secret-named fields are masked at any depth.
 */
import type * as Headers from "@effect/platform/Headers"
import type { Call, Query } from "./call.js"

export const MASK = "***"

export interface LoggedRequest {
  readonly method: string
  /** Without the query string. */
  readonly path: string
  readonly query: Readonly<Query>
  /** Lower-case names, secrets masked. */
  readonly headers: Readonly<Record<string, string>>
  /** The JSON body, the fields of a form-encoded one, or a multipart form (files by name, size and hash), secrets masked; null when there is none. */
  readonly body: unknown
}

const SECRET_FIELDS: ReadonlySet<string> = new Set([
  "passcode",
  "client_secret",
  "refresh_token",
  "access_token",
  "code_verifier",
  "code",
  "token",
  "password"
])

const SECRET_HEADER_PARTS: ReadonlyArray<string> = ["token", "secret", "key", "passcode"]

/** Masks the values of secret-named fields at any depth, leaving the original untouched. */
export const maskBody = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(maskBody)
  if (typeof value !== "object" || value === null) return value
  return Object.fromEntries(
    Object.entries(value).map(([key, v]) => [key, SECRET_FIELDS.has(key.toLowerCase()) ? MASK : maskBody(v)])
  )
}

/** `Bearer abc` -> `Bearer ***`; a value without a scheme is masked whole. */
const maskCredentials = (value: string): string => {
  const scheme = /^\s*([A-Za-z][\w.+-]*)\s+\S/.exec(value)?.[1]
  return scheme === undefined ? MASK : `${scheme} ${MASK}`
}

export const maskHeader = (name: string, value: string): string => {
  const lower = name.toLowerCase()
  if (lower === "authorization" || lower === "proxy-authorization") return maskCredentials(value)
  if (lower === "cookie" || SECRET_HEADER_PARTS.some((part) => lower.includes(part))) return MASK
  return value
}

export const maskHeaders = (headers: Headers.Headers): Record<string, string> =>
  Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), maskHeader(name, value)]))

export const logEntry = (call: Call): LoggedRequest => ({
  method: call.method,
  path: call.path,
  query: call.query,
  headers: maskHeaders(call.headers),
  body: maskBody(call.form ?? call.multipart ?? call.body)
})
