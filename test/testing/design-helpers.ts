/**
 * Small helpers for driving the design simulator through its in-process
 * HttpClient layer in tests.
 */
import * as HttpClient from "@effect/platform/HttpClient"
import * as HttpClientRequest from "@effect/platform/HttpClientRequest"
import * as Effect from "effect/Effect"
import { designSeed } from "../../src/testing/design/index.js"

export const BASE = "http://sim.test"

export interface Sent {
  readonly status: number
  readonly headers: Record<string, string>
  readonly text: string
  readonly body: any
}

export interface SendOptions {
  /** Sent in X-Design-Token. */
  readonly token?: string
  /** Sent as Authorization: Bearer. */
  readonly bearer?: string
  readonly body?: unknown
}

export const send = (method: "GET" | "POST" | "PUT" | "DELETE", pathOrUrl: string, options: SendOptions = {}) =>
  Effect.gen(function*() {
    const client = yield* HttpClient.HttpClient
    const url = pathOrUrl.startsWith("http") ? pathOrUrl : `${BASE}${pathOrUrl}`
    let request = HttpClientRequest.make(method)(url)
    if (options.token !== undefined) request = HttpClientRequest.setHeader(request, "X-Design-Token", options.token)
    if (options.bearer !== undefined) request = HttpClientRequest.bearerToken(request, options.bearer)
    if (options.body !== undefined) request = HttpClientRequest.bodyUnsafeJson(request, options.body)
    const response = yield* client.execute(request)
    const text = yield* response.text
    const sent: Sent = {
      status: response.status,
      headers: response.headers,
      text,
      body: text === "" ? null : JSON.parse(text)
    }
    return sent
  }).pipe(Effect.orDie)

export const personal = { token: designSeed.tokens.personal }

export const hookBody = (overrides: Record<string, unknown> = {}) => ({
  event_type: "FILE_UPDATE",
  context: "file",
  context_id: designSeed.file_key,
  endpoint: "https://hooks.example.com/design",
  passcode: "s3cret-passcode",
  ...overrides
})

/** Creates a webhook as the admin and returns the response body. */
export const createHook = (overrides: Record<string, unknown> = {}, options: SendOptions = personal) =>
  Effect.map(send("POST", "/v2/webhooks", { ...options, body: hookBody(overrides) }), (r) => {
    if (r.status !== 200) throw new Error(`create failed: ${r.status} ${r.text}`)
    return r.body
  })
