/**
 * The log GET /_sandbox/requests returns: what reached the API, with every
 * `passcode` in a body masked. Headers (and so tokens) are never recorded.
 */
import type { Call } from "./call.js"
import type { LoggedRequest, SimState } from "./state.js"

const MASK = "***"

/** Masks `passcode` at any depth, leaving the original body untouched. */
export const redact = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(redact)
  if (typeof value !== "object" || value === null) return value
  return Object.fromEntries(
    Object.entries(value).map(([key, v]) => [key, key === "passcode" ? MASK : redact(v)])
  )
}

export const recordRequest = (state: SimState, call: Call): void => {
  const entry: LoggedRequest = { method: call.method, path: call.path, query: call.query, body: redact(call.body) }
  state.log.push(entry)
}
