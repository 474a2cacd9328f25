/**
 * One incoming request, read once: path, query, parsed body, the origin
 * pagination URLs are built from, and simulator time. Route handlers take it
 * from the `ApiCall` service instead of re-reading the request.
 */
import type * as Headers from "@effect/platform/Headers"
import type { HttpServerRequest } from "@effect/platform/HttpServerRequest"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import { simNow } from "./clock.js"
import type { SimState } from "./state.js"

export interface Call {
  readonly method: string
  /** Without the query string. */
  readonly path: string
  readonly query: Record<string, string | Array<string>>
  readonly search: URLSearchParams
  /** Parsed JSON body; null when there is none. */
  readonly body: unknown
  /** True when a body was sent but is not JSON. */
  readonly bodyInvalid: boolean
  readonly headers: Headers.Headers
  /** Scheme and host the client used, e.g. http://127.0.0.1:4010. */
  readonly origin: string
  readonly now_ms: number
}

export class ApiCall extends Context.Tag("design-simulator/ApiCall")<ApiCall, Call>() {}

/**
 * In-process requests carry an absolute URL; requests from a socket carry
 * only a path, and then the Host header names the origin.
 */
const originOf = (request: HttpServerRequest): string => {
  if (/^https?:\/\//i.test(request.originalUrl)) return new URL(request.originalUrl).origin
  const scheme = request.headers["x-forwarded-proto"] === "https" ? "https" : "http"
  return `${scheme}://${request.headers.host ?? "localhost"}`
}

const queryObject = (search: URLSearchParams): Record<string, string | Array<string>> => {
  const query: Record<string, string | Array<string>> = {}
  for (const key of new Set(search.keys())) {
    const values = search.getAll(key)
    query[key] = values.length === 1 ? values[0]! : values
  }
  return query
}

const parseBody = (text: string): { body: unknown; bodyInvalid: boolean } => {
  if (text.trim() === "") return { body: null, bodyInvalid: false }
  try {
    return { body: JSON.parse(text), bodyInvalid: false }
  } catch {
    return { body: null, bodyInvalid: true }
  }
}

export const readCall = (request: HttpServerRequest, state: SimState): Effect.Effect<Call> =>
  Effect.gen(function*() {
    const url = new URL(request.url, "http://simulator.invalid")
    const text = yield* Effect.orElseSucceed(request.text, () => "")
    const now_ms = yield* simNow(state)
    return {
      method: request.method,
      path: url.pathname,
      query: queryObject(url.searchParams),
      search: url.searchParams,
      ...parseBody(text),
      headers: request.headers,
      origin: originOf(request),
      now_ms
    }
  })
