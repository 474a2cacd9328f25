/**
 * JSON-RPC 2.0 framing: what one incoming line is, and the shapes of what we
 * send back. Knows nothing about MCP methods, so every error rule of the
 * JSON-RPC spec lives here and nowhere else.
 */

export type RequestId = string | number

export const ErrorCode = {
  ParseError: -32700,
  InvalidRequest: -32600,
  MethodNotFound: -32601,
  InvalidParams: -32602,
  InternalError: -32603
} as const

/** One incoming line, classified. */
export type Incoming =
  | { readonly _tag: "Request"; readonly id: RequestId; readonly method: string; readonly params: unknown }
  | { readonly _tag: "Notification"; readonly method: string; readonly params: unknown }
  /** A response from the client; we never send requests, so there is nothing to match it to. */
  | { readonly _tag: "Reply" }
  /** Not a valid message: answered with an error, with the request's id when it could be read. */
  | { readonly _tag: "Invalid"; readonly id: RequestId | null; readonly code: number; readonly message: string }

export type Outgoing =
  | { readonly jsonrpc: "2.0"; readonly id: RequestId; readonly result: unknown }
  | {
    readonly jsonrpc: "2.0"
    readonly id: RequestId | null
    readonly error: { readonly code: number; readonly message: string }
  }
  | { readonly jsonrpc: "2.0"; readonly method: string; readonly params: unknown }

export const isRecord = (u: unknown): u is Record<string, unknown> =>
  typeof u === "object" && u !== null && !Array.isArray(u)

/** MCP forbids null ids, so only strings and finite numbers identify a request. */
export const isRequestId = (u: unknown): u is RequestId =>
  typeof u === "string" || (typeof u === "number" && Number.isFinite(u))

const invalid = (id: RequestId | null, message: string): Incoming => ({
  _tag: "Invalid",
  id,
  code: ErrorCode.InvalidRequest,
  message: `Invalid Request: ${message}`
})

export const parseMessage = (line: string): Incoming => {
  let raw: unknown
  try {
    raw = JSON.parse(line)
  } catch (e) {
    return { _tag: "Invalid", id: null, code: ErrorCode.ParseError, message: `Parse error: ${(e as Error).message}` }
  }
  if (Array.isArray(raw)) return invalid(null, "batches are not supported; send one message per line")
  if (!isRecord(raw)) return invalid(null, "a message must be a JSON object")
  // Echo the id whenever it is readable, so the client can fail that request instead of waiting.
  const id = isRequestId(raw.id) ? raw.id : null
  if (raw.jsonrpc !== "2.0") return invalid(id, `"jsonrpc" must be "2.0"`)
  if ("method" in raw) {
    if (typeof raw.method !== "string") return invalid(id, `"method" must be a string`)
    if (!("id" in raw)) return { _tag: "Notification", method: raw.method, params: raw.params }
    if (id === null) return invalid(null, `"id" must be a string or a number`)
    return { _tag: "Request", id, method: raw.method, params: raw.params }
  }
  // Answering a response would be a protocol error of our own.
  if (id !== null && ("result" in raw || "error" in raw)) return { _tag: "Reply" }
  return invalid(id, `no "method"`)
}

export const success = (id: RequestId, result: unknown): Outgoing => ({ jsonrpc: "2.0", id, result })

export const failure = (id: RequestId | null, code: number, message: string): Outgoing => ({
  jsonrpc: "2.0",
  id,
  error: { code, message }
})

export const notification = (method: string, params: unknown): Outgoing => ({ jsonrpc: "2.0", method, params })
