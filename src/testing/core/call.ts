/**
 * One incoming request, read once: path, query, parsed body, the origin
 * pagination URLs are built from, and simulator time. Route handlers get it
 * in their context instead of re-reading the request.
 */
import type * as Headers from "@effect/platform/Headers"
import type { HttpServerRequest } from "@effect/platform/HttpServerRequest"
import * as Effect from "effect/Effect"
import { isMultipart, type MultipartForm, readMultipart } from "./multipart.js"

export type Query = Record<string, string | Array<string>>

export interface Call {
  readonly method: string
  /** Without the query string. */
  readonly path: string
  readonly query: Query
  readonly search: URLSearchParams
  /** Parsed JSON body; null when there is none. */
  readonly body: unknown
  /** True when a body was sent but is not JSON (a form-encoded body included). */
  readonly bodyInvalid: boolean
  /** The fields of an application/x-www-form-urlencoded body (OAuth token endpoints); null otherwise. */
  readonly form: Query | null
  /** A multipart/form-data body (an upload): its text fields, and its files counted, not kept; null otherwise. */
  readonly multipart: MultipartForm | null
  readonly headers: Headers.Headers
  /** Scheme and host the client used, e.g. http://127.0.0.1:4010. */
  readonly origin: string
  /** Simulator time: the handling fiber's Clock plus the offset the clock control adds. */
  readonly now_ms: number
}

/**
 * In-process requests carry an absolute URL; requests from a socket carry
 * only a path, and then the Host header names the origin.
 */
const originOf = (request: HttpServerRequest): string => {
  if (/^https?:\/\//i.test(request.originalUrl)) return new URL(request.originalUrl).origin
  const scheme = request.headers["x-forwarded-proto"] === "https" ? "https" : "http"
  return `${scheme}://${request.headers.host ?? "localhost"}`
}

/** Repeated keys become arrays; single keys stay strings. */
export const queryObject = (search: URLSearchParams): Query => {
  const query: Query = {}
  for (const key of new Set(search.keys())) {
    const values = search.getAll(key)
    query[key] = values.length === 1 ? values[0]! : values
  }
  return query
}

const isForm = (headers: Headers.Headers): boolean =>
  (headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase() === "application/x-www-form-urlencoded"

const parseBody = (text: string, headers: Headers.Headers): Pick<Call, "body" | "bodyInvalid" | "form"> => {
  if (text.trim() === "") return { body: null, bodyInvalid: false, form: null }
  if (isForm(headers)) return { body: null, bodyInvalid: true, form: queryObject(new URLSearchParams(text)) }
  try {
    return { body: JSON.parse(text), bodyInvalid: false, form: null }
  } catch {
    return { body: null, bodyInvalid: true, form: null }
  }
}

export const readCall = (request: HttpServerRequest, now_ms: number): Effect.Effect<Call> =>
  Effect.map(
    isMultipart(request.headers)
      ? Effect.map(
        readMultipart(request),
        (multipart): Pick<Call, "body" | "bodyInvalid" | "form" | "multipart"> => ({
          body: null,
          bodyInvalid: multipart === null,
          form: null,
          multipart
        })
      )
      : Effect.map(
        Effect.orElseSucceed(request.text, () => ""),
        (text): Pick<Call, "body" | "bodyInvalid" | "form" | "multipart"> => ({
          ...parseBody(text, request.headers),
          multipart: null
        })
      ),
    (body): Call => {
      // Prefixed, not resolved: a path that starts with "//" would otherwise be read as a host.
      const url = new URL(`http://simulator.invalid${request.url.startsWith("/") ? "" : "/"}${request.url}`)
      return {
        method: request.method,
        path: url.pathname,
        query: queryObject(url.searchParams),
        search: url.searchParams,
        ...body,
        headers: request.headers,
        origin: originOf(request),
        now_ms
      }
    }
  )
