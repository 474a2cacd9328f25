/**
 * The HTTP pipeline of the design service, the one place that: prefixes the
 * base URL, adds the auth header, waits for the rate limiter, sends, reads the
 * body, classifies failures into typed errors, and retries (core/retry.ts).
 */
import * as HttpBody from "@effect/platform/HttpBody"
import * as HttpClient from "@effect/platform/HttpClient"
import * as HttpClientRequest from "@effect/platform/HttpClientRequest"
import * as Context from "effect/Context"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import { ServiceError, UnexpectedError, type WrapperError } from "../core/errors.js"
import { IDEMPOTENT_METHODS, type RetryVerdict, withRetries } from "../core/retry.js"
import { Auth } from "./auth.js"
import { classifyResponse } from "./classify.js"
import { RateLimiter, type Tier } from "./rate-limiter.js"
import { DesignConfig } from "./settings.js"

export type QueryValue = string | number | boolean | undefined
export type HttpMethod = "GET" | "POST" | "PUT" | "DELETE"

export interface DesignRequest {
  readonly method: HttpMethod
  /** Path below the base URL, e.g. /v2/webhooks/42 (segments already encoded). */
  readonly path: string
  readonly query?: Readonly<Record<string, QueryValue>>
  readonly body?: unknown
  readonly tier: Tier | null
  /** Names the target in error messages. */
  readonly subject: string
  readonly planGate?: string | undefined
}

export interface DesignResponse {
  readonly status: number
  readonly body: unknown
}

/** A failed attempt, kept with its headers until the retry policy has looked at it. */
class Attempt {
  constructor(readonly error: WrapperError, readonly verdict: RetryVerdict, readonly headers: Record<string, string>) {}
}

const REQUEST_TIMEOUT = Duration.seconds(30)

export const encodePath = (...segments: ReadonlyArray<string>) => segments.map(encodeURIComponent).join("/")

const buildUrl = (baseUrl: string, path: string, query: Readonly<Record<string, QueryValue>> | undefined) => {
  const url = new URL(baseUrl + path)
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) url.searchParams.set(key, String(value))
  }
  return url.href
}

/** The system's own word for a transport failure (ECONNREFUSED, ENOTFOUND, ...) when it gives one. */
const transportDetail = (error: { readonly reason: string; readonly cause?: unknown }) => {
  const cause = error.cause as { code?: unknown; cause?: { code?: unknown } } | undefined
  const code = cause?.code ?? cause?.cause?.code
  return typeof code === "string" ? code : error.reason
}

const parseBody = (text: string): unknown => {
  if (text === "") return null
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

export interface DesignHttpService {
  readonly send: (request: DesignRequest) => Effect.Effect<DesignResponse, WrapperError>
}

export class DesignHttp extends Context.Tag("design/DesignHttp")<DesignHttp, DesignHttpService>() {
  static readonly layer = Layer.effect(
    DesignHttp,
    Effect.gen(function*() {
      const settings = yield* DesignConfig
      const auth = yield* Auth
      const limiter = yield* RateLimiter
      const client = yield* HttpClient.HttpClient

      const send = (request: DesignRequest): Effect.Effect<DesignResponse, WrapperError> =>
        Effect.gen(function*() {
          const headers = yield* auth.headers
          const url = buildUrl(settings.baseUrl, request.path, request.query)
          const httpRequest = HttpClientRequest.make(request.method)(url, {
            headers: { accept: "application/json", ...headers },
            ...(request.body === undefined ? {} : { body: HttpBody.unsafeJson(request.body) })
          })
          const ctx = {
            subject: request.subject,
            planGate: request.planGate,
            seat: Option.getOrUndefined(settings.seat),
            plan: Option.getOrUndefined(settings.plan),
            maxWaitSeconds: settings.maxWaitSeconds
          }

          const attempt = Effect.gen(function*() {
            yield* limiter.acquire(request.tier)
            const response = yield* client.execute(httpRequest).pipe(
              Effect.flatMap((res) => Effect.map(res.text, (text) => ({ res, text }))),
              Effect.timeout(REQUEST_TIMEOUT),
              Effect.mapError((cause) =>
                new Attempt(
                  new ServiceError({
                    message: cause._tag === "TimeoutException"
                      ? `No answer from ${new URL(url).host} within ${Duration.format(REQUEST_TIMEOUT)}.`
                      : `Could not reach ${new URL(url).host} (${transportDetail(cause)}).`,
                    remedy: "Check the network and --base-url, then try again."
                  }),
                  { kind: "transient" },
                  {}
                )
              ),
              Effect.scoped
            )
            const { res, text } = response
            const body = parseBody(text)
            if (res.status >= 200 && res.status < 300) return { status: res.status, body }
            const error = classifyResponse(res.status, body, res.headers, ctx)
            const verdict: RetryVerdict = res.status === 429
              ? { kind: "rate-limited", retryAfterSeconds: retryAfter(res.headers["retry-after"]) }
              : res.status >= 500
              ? { kind: "transient" }
              : { kind: "final" }
            return yield* Effect.fail(new Attempt(error, verdict, { ...res.headers }))
          })

          return yield* withRetries(attempt, {
            idempotent: IDEMPOTENT_METHODS.has(request.method),
            maxWaitSeconds: settings.maxWaitSeconds,
            classify: (a) => a.verdict,
            onRateLimited: (a) => limiter.observe429(request.tier, a.headers)
          }).pipe(Effect.mapError((a) => a.error))
        })

      return DesignHttp.of({ send })
    })
  )
}

/** Retry-After in seconds (an HTTP date is accepted too); null when absent or unreadable. */
export const retryAfter = (raw: string | undefined): number | null => {
  if (raw === undefined || raw.trim() === "") return null
  if (/^\d+$/.test(raw.trim())) return Number(raw.trim())
  const date = Date.parse(raw)
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - Date.now()) / 1000))
}

/** A success body that did not have the documented shape. */
export const unreadable = (subject: string, detail: string) =>
  new UnexpectedError({
    message: `The answer for ${subject} did not have the documented shape: ${detail}`,
    remedy: "Check --base-url points at the design service; report this if it does."
  })
