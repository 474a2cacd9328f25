/**
 * Helpers for driving the design simulator through its in-process
 * HttpClient in tests: JSON requests with either credential header, raw
 * requests (any body, bytes back, redirects not followed), the error bodies,
 * the OAuth code flow, the Enterprise seed's credentials and a fresh
 * rate-limit budget.
 */
import * as HttpClient from "@effect/platform/HttpClient"
import * as HttpClientRequest from "@effect/platform/HttpClientRequest"
import { expect } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as TestClock from "effect/TestClock"
import { createHash } from "node:crypto"
import { designSeed, DesignSimulatorClient } from "../../../src/testing/design/index.js"

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

export const run = <A, E>(effect: Effect.Effect<A, E, any>) =>
  effect.pipe(Effect.provide(DesignSimulatorClient.layer)) as Effect.Effect<A, E, never>

export interface RawOptions {
  readonly headers?: Record<string, string>
  readonly body?: string
  readonly contentType?: string
}

export interface RawSent {
  readonly status: number
  readonly headers: Record<string, string>
  readonly bytes: Uint8Array
  readonly text: string
}

export const raw = (method: "GET" | "POST" | "DELETE", pathOrUrl: string, options: RawOptions = {}) =>
  Effect.gen(function*() {
    const client = yield* HttpClient.HttpClient
    const url = pathOrUrl.startsWith("http") ? pathOrUrl : `${BASE}${pathOrUrl}`
    let request = HttpClientRequest.make(method)(url).pipe(HttpClientRequest.setHeaders(options.headers ?? {}))
    if (options.body !== undefined) {
      request = HttpClientRequest.bodyText(request, options.body, options.contentType ?? "text/plain")
    }
    const response = yield* client.execute(request)
    const bytes = new Uint8Array(yield* response.arrayBuffer)
    const sent: RawSent = {
      status: response.status,
      headers: response.headers,
      bytes,
      text: new TextDecoder().decode(bytes)
    }
    return sent
  }).pipe(Effect.orDie)

/** Rate-limit buckets drain fully within a minute. */
export const freshBudget = TestClock.adjust("1 minute")

export const INVALID_TOKEN = { status: 403, err: "Invalid token" }
export const NOT_FOUND_PLAIN = { status: 404, err: "Not found" }
export const NOT_FOUND_RICH = { error: true, status: 404, message: "Not found", i18n: null }
export const notANumber = (name: string) => `'${name}' must be a valid number, received type String`

export const rich = (status: number, message: RegExp | string) => ({
  error: true,
  status,
  message: typeof message === "string" ? message : expect.stringMatching(message),
  i18n: null
})

export const plain = (status: number, err: RegExp | string) => ({
  status,
  err: typeof err === "string" ? err : expect.stringMatching(err)
})

export const scopeRefusal = (scope: string) =>
  rich(403, new RegExp(`^Invalid scope: \\[.*\\]\\. This endpoint requires the ${scope} scope\\.$`))

// ── OAuth ───────────────────────────────────────────────────────────────────

const { oauth_client } = designSeed

export const basic = (id: string = oauth_client.id, secret: string = oauth_client.secret) =>
  `Basic ${Buffer.from(`${id}:${secret}`).toString("base64")}`

export const VERIFIER = "sandbox-verifier-0123456789-abcdefghijklmnopqrstuvwxyz"
export const challengeOf = (verifier: string) => createHash("sha256").update(verifier).digest("base64url")

export const authorizeQuery = (overrides: Record<string, string | undefined> = {}) => {
  const params: Record<string, string | undefined> = {
    client_id: oauth_client.id,
    redirect_uri: oauth_client.redirect_uri,
    scope: "current_user:read file_content:read file_comments:read",
    state: "st4te-xyz",
    response_type: "code",
    code_challenge: challengeOf(VERIFIER),
    code_challenge_method: "S256",
    ...overrides
  }
  const defined = Object.entries(params).filter((e): e is [string, string] => e[1] !== undefined)
  return new URLSearchParams(defined).toString()
}

/** Runs the authorize step and returns the redirect's query parameters. */
export const authorize = (overrides: Record<string, string | undefined> = {}) =>
  Effect.map(raw("GET", `/oauth?${authorizeQuery(overrides)}`), (r) => {
    if (r.status !== 302) throw new Error(`authorize answered ${r.status}: ${r.text}`)
    const location = new URL(r.headers["location"] ?? "")
    return { location, params: location.searchParams }
  })

export const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString()

export const tokenExchange = (fields: Record<string, string>, authorization = basic()) =>
  Effect.map(
    raw("POST", "/v1/oauth/token", {
      headers: { authorization },
      body: form(fields),
      contentType: "application/x-www-form-urlencoded"
    }),
    (r) => ({ ...r, json: r.text === "" ? null : JSON.parse(r.text) })
  )

export const exchangeFields = (code: string, overrides: Record<string, string> = {}) => ({
  grant_type: "authorization_code",
  code,
  redirect_uri: oauth_client.redirect_uri,
  code_verifier: VERIFIER,
  ...overrides
})

export const refreshToken = (refresh_token: string, authorization = basic()) =>
  Effect.map(
    raw("POST", "/v1/oauth/refresh", {
      headers: { authorization },
      body: form({ refresh_token }),
      contentType: "application/x-www-form-urlencoded"
    }),
    (r) => ({ ...r, json: r.text === "" ? null : JSON.parse(r.text) })
  )

/** The whole code flow: authorize, then exchange; returns the token response. */
export const oauthLogin = (scope?: string) =>
  Effect.gen(function*() {
    const { params } = yield* authorize(scope === undefined ? {} : { scope })
    const exchanged = yield* tokenExchange(exchangeFields(params.get("code") ?? ""))
    if (exchanged.status !== 200) throw new Error(`exchange answered ${exchanged.status}: ${exchanged.text}`)
    return exchanged.json as { access_token: string; refresh_token: string; user_id_string: string }
  })

// ── The Enterprise seed of the newer endpoint groups ──────────────────────────

export const ent = designSeed.enterprise
const et = ent.tokens

/** Each Enterprise credential as the header it must travel in. */
export const as = {
  admin: { token: et.personal },
  member: { token: et.member },
  plan: { token: et.plan },
  oauth: { bearer: et.oauth },
  oauthOrg: { bearer: et.oauth_org },
  oauthOrgMember: { bearer: et.oauth_org_member },
  basicPlan: { token: et.basic_plan },
  basicOauthOrg: { bearer: et.basic_oauth_org },
  basePersonal: { token: designSeed.tokens.personal },
  basePlan: { token: designSeed.tokens.plan },
  baseOauth: { bearer: designSeed.tokens.oauth },
  baseEditor: { token: designSeed.tokens.editor }
} satisfies Record<string, SendOptions>

export const LIMITED = rich(403, "Limited by Design plan")

/** Sends a body as is (for malformed JSON). */
export const sendText = (method: "POST" | "PUT", path: string, text: string, options: SendOptions) =>
  Effect.gen(function*() {
    const client = yield* HttpClient.HttpClient
    let request = HttpClientRequest.make(method)(`${BASE}${path}`).pipe(
      HttpClientRequest.bodyText(text, "application/json")
    )
    if (options.token !== undefined) request = HttpClientRequest.setHeader(request, "X-Design-Token", options.token)
    if (options.bearer !== undefined) request = HttpClientRequest.bearerToken(request, options.bearer)
    const response = yield* client.execute(request)
    const body = yield* response.text
    const sent: Sent = {
      status: response.status,
      headers: response.headers,
      text: body,
      body: body === "" ? null : JSON.parse(body)
    }
    return sent
  }).pipe(Effect.orDie)
