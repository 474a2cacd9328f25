/** Requests against an in-process task-management simulator, for the tests of test/testing/taskmgr. */
import * as HttpClient from "@effect/platform/HttpClient"
import * as HttpClientRequest from "@effect/platform/HttpClientRequest"
import { expect } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { createHash } from "node:crypto"
import { taskmgrSeed, TaskmgrSimulator } from "../../../src/testing/index.js"

/** Runs `effect` against a fresh simulator, its HttpClient and controls provided. */
export const run = <A, E>(effect: Effect.Effect<A, E, TaskmgrSimulator | HttpClient.HttpClient>) =>
  Effect.provide(effect, TaskmgrSimulator.layer)

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

// ── The OAuth code flow ─────────────────────────────────────────────────────

export const VERIFIER = "a-verifier-that-is-long-enough-for-pkce-0123456789abcdef"
const CHALLENGE = createHash("sha256").update(VERIFIER).digest("base64url")
export const REDIRECT = "http://127.0.0.1:53682/callback"
const { client } = taskmgrSeed

export const authorizeUrl = (params: Record<string, string> = {}) =>
  `${ORIGIN}/-/oauth_authorize?${
    new URLSearchParams({
      client_id: client.id,
      redirect_uri: REDIRECT,
      response_type: "code",
      state: "st4te",
      code_challenge: CHALLENGE,
      code_challenge_method: "S256",
      ...params
    }).toString()
  }`

export const tokenRequest = (form: Record<string, string>) =>
  send("POST", `${ORIGIN}/-/oauth_token`, { token: null, form })

export const exchange = (code: string, overrides: Record<string, string> = {}) =>
  tokenRequest({
    grant_type: "authorization_code",
    client_id: client.id,
    client_secret: client.secret,
    redirect_uri: REDIRECT,
    code,
    code_verifier: VERIFIER,
    ...overrides
  })

/** Approves at once: the code from the 302's Location, after checking state came back. */
export const authorizeCode = (params: Record<string, string> = {}) =>
  Effect.map(get(authorizeUrl(params), { token: null }), (answer: Answer) => {
    expect(answer.status).toBe(302)
    const location = new URL(answer.headers.location!)
    expect(`${location.origin}${location.pathname}`).toBe(REDIRECT)
    expect(location.searchParams.get("state")).toBe("st4te")
    return location.searchParams.get("code")!
  })
