/** Requests against an in-process task-management simulator, for the taskmgr-sim-* tests. */
import * as HttpClient from "@effect/platform/HttpClient"
import * as HttpClientRequest from "@effect/platform/HttpClientRequest"
import * as Effect from "effect/Effect"
import { taskmgrSeed } from "../../src/testing/index.js"

export const ORIGIN = "http://taskmgr.test"
export const API = `${ORIGIN}/api/1.0`
export const seed = taskmgrSeed
export const PERSONAL = taskmgrSeed.tokens.personal
export const FREE = taskmgrSeed.tokens.free

export interface Answer {
  readonly status: number
  readonly headers: Readonly<Record<string, string>>
  readonly text: string
  readonly body: any
}

export interface Options {
  /** Bearer token; default the personal one; null sends none. */
  readonly token?: string | null
  /** Sent as `{data: ...}`. */
  readonly data?: unknown
  /** A raw JSON body. */
  readonly json?: unknown
  /** A form-encoded body. */
  readonly form?: Record<string, string>
}

/** `path` below /api/1.0, or an absolute URL. */
export const send = (method: "GET" | "POST" | "PUT" | "DELETE", path: string, options: Options = {}) =>
  Effect.gen(function*() {
    const client = yield* HttpClient.HttpClient
    const url = path.startsWith("http") ? path : `${API}${path}`
    let request = HttpClientRequest.make(method)(url)
    const token = options.token === undefined ? PERSONAL : options.token
    if (token !== null) request = HttpClientRequest.bearerToken(request, token)
    if (options.data !== undefined) request = HttpClientRequest.bodyUnsafeJson(request, { data: options.data })
    if (options.json !== undefined) request = HttpClientRequest.bodyUnsafeJson(request, options.json)
    if (options.form !== undefined) request = HttpClientRequest.bodyUrlParams(request, options.form)
    const response = yield* client.execute(request)
    const text = yield* response.text
    let body: unknown = null
    try {
      body = JSON.parse(text)
    } catch {
      body = null
    }
    return { status: response.status, headers: response.headers, text, body } as Answer
  }).pipe(Effect.scoped, Effect.orDie)

export const get = (path: string, options: Options = {}) => send("GET", path, options)
export const post = (path: string, data?: unknown, options: Options = {}) =>
  send("POST", path, data === undefined ? options : { ...options, data })
export const put = (path: string, data: unknown, options: Options = {}) => send("PUT", path, { ...options, data })
export const del = (path: string, options: Options = {}) => send("DELETE", path, options)

export const messageOf = (answer: Answer): string => answer.body?.errors?.[0]?.message ?? ""
