/**
 * JSON-RPC 2.0 framing: what one incoming line is, and the lines we send back.
 * Knows nothing about MCP methods, so every error rule of the JSON-RPC spec
 * lives here and nowhere else.
 */
import { safeJson } from "../output.js"

/**
 * A request id (or progress token) as JSON text, exactly as the client wrote
 * it: JSON.parse rounds an integer beyond 2^53, and an answer must carry the
 * id it answers. A string id is re-encoded (same value); 1 and "1" differ.
 */
export type RequestId = string & { readonly RequestId: unique symbol }

export const ErrorCode = {
  ParseError: -32700,
  InvalidRequest: -32600,
  MethodNotFound: -32601,
  InvalidParams: -32602,
  InternalError: -32603
} as const

/** One incoming line, classified. `line` is its text, for reading ids inside params exactly (`idAt`). */
export type Incoming =
  | {
    readonly _tag: "Request"
    readonly id: RequestId
    readonly method: string
    readonly params: unknown
    readonly line: string
  }
  | { readonly _tag: "Notification"; readonly method: string; readonly params: unknown; readonly line: string }
  /** A response from the client to a request of ours (roots/list): its result, or its error's message. */
  | { readonly _tag: "Reply"; readonly id: RequestId; readonly result: unknown; readonly error: string | undefined }
  /** Not a valid message: answered with an error, with the request's id when it could be read. */
  | { readonly _tag: "Invalid"; readonly id: RequestId | null; readonly code: number; readonly message: string }

export const isRecord = (u: unknown): u is Record<string, unknown> =>
  typeof u === "object" && u !== null && !Array.isArray(u)

const isWhitespace = (c: string | undefined) => c === " " || c === "\t" || c === "\n" || c === "\r"

/** The index just past the string literal that opens at `start` (indexOf, since strings are most of a long line). */
const stringEnd = (text: string, start: number): number => {
  let quote = text.indexOf("\"", start + 1)
  for (;;) {
    if (quote < 0) return text.length
    let backslashes = 0
    while (text[quote - 1 - backslashes] === "\\") backslashes++
    // An odd run of backslashes escapes the quote.
    if (backslashes % 2 === 0) return quote + 1
    quote = text.indexOf("\"", quote + 1)
  }
}

/**
 * The source text of the number at a member path (`["params", "requestId"]`)
 * of valid JSON, the last one when a key repeats (as JSON.parse keeps the
 * last). Only tokenizes: JSON.parse has already checked the text.
 */
export const numberTextAt = (text: string, path: ReadonlyArray<string>): string | undefined => {
  // One entry per open container: the member key being read, null inside an array.
  const keys: Array<string | null> = []
  const atPath = () => keys.length === path.length && keys.every((key, i) => key === path[i])
  let found: string | undefined
  let i = 0
  while (i < text.length) {
    const c = text[i]!
    if (c === "\"") {
      const end = stringEnd(text, i)
      let next = end
      while (isWhitespace(text[next])) next++
      if (text[next] === ":" && keys.length > 0) {
        keys[keys.length - 1] = JSON.parse(text.slice(i, end)) as string
        i = next + 1
      } else i = end
    } else if (c === "{") {
      keys.push("")
      i++
    } else if (c === "[") {
      keys.push(null)
      i++
    } else if (c === "}" || c === "]") {
      keys.pop()
      i++
    } else if (c === "-" || (c >= "0" && c <= "9")) {
      let end = i + 1
      while (end < text.length && /[0-9eE+\-.]/.test(text[end]!)) end++
      if (atPath()) found = text.slice(i, end)
      i = end
    } else i++
  }
  return found
}

/**
 * The id-like value `value`, found at `path` of `line`, as a RequestId:
 * undefined unless it is a string or a number (MCP forbids null ids).
 */
export const idAt = (line: string, path: ReadonlyArray<string>, value: unknown): RequestId | undefined => {
  if (typeof value === "string") return safeJson(value) as RequestId
  if (typeof value !== "number") return undefined
  // Even a value that reads as a small integer may have been rounded to it (1.0000000000000000001).
  return (numberTextAt(line, path) ?? JSON.stringify(value)) as RequestId
}

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
  const id = idAt(line, ["id"], raw.id) ?? null
  if (raw.jsonrpc !== "2.0") return invalid(id, `"jsonrpc" must be "2.0"`)
  if ("method" in raw) {
    if (typeof raw.method !== "string") return invalid(id, `"method" must be a string`)
    if (!("id" in raw)) return { _tag: "Notification", method: raw.method, params: raw.params, line }
    if (id === null) return invalid(null, `"id" must be a string or a number`)
    return { _tag: "Request", id, method: raw.method, params: raw.params, line }
  }
  // Answering a response would be a protocol error of our own.
  if (id !== null && ("result" in raw || "error" in raw)) {
    const error = isRecord(raw.error) ? String(raw.error.message ?? "error") : "error" in raw ? "error" : undefined
    return { _tag: "Reply", id, result: raw.result, error }
  }
  return invalid(id, `no "method"`)
}

// The lines we send. The id is spliced in as text; everything else is safeJson's: JSON.stringify leaves the bidi
// and C1 controls raw, and a client that shows a message (an unknown tool's name, an error naming a value) would
// show them as they act; escaped, the data is the same once parsed.

/** A request of ours to the client (roots/list); `id` is JSON text, as every id here. */
export const request = (id: RequestId, method: string, params?: unknown): string =>
  `{"jsonrpc":"2.0","id":${id},"method":${safeJson(method)}${
    params === undefined ? "" : `,"params":${safeJson(params)}`
  }}`

/** A notification without params (notifications/tools/list_changed). */
export const notification = (method: string): string => `{"jsonrpc":"2.0","method":${safeJson(method)}}`

/** Throws when the result cannot be encoded (a BigInt, a cycle); the caller answers with an error result instead. */
export const success = (id: RequestId, result: unknown): string =>
  `{"jsonrpc":"2.0","id":${id},"result":${safeJson(result)}}`

export const failure = (id: RequestId | null, code: number, message: string): string =>
  `{"jsonrpc":"2.0","id":${id ?? "null"},"error":${safeJson({ code, message })}}`

/** A notification whose params carry `token` (a progress token, exactly as the client wrote it) beside `fields`. */
export const tokenNotification = (
  method: string,
  tokenKey: string,
  token: RequestId,
  fields: Record<string, unknown>
): string => {
  const rest = safeJson(fields)
  return `{"jsonrpc":"2.0","method":${safeJson(method)},"params":{${safeJson(tokenKey)}:${token}${
    rest === "{}" ? "" : `,${rest.slice(1, -1)}`
  }}}`
}
