/**
 * The one HTTP pipeline of both services. A service configures it with its
 * base URL, its credential (headers, and optionally a refresh), its error
 * classifier, its pacing and its concurrency caps; the pipeline is the
 * composition of small steps, each in its own module:
 * - around each send, `client => client` as HttpClient's own transforms:
 *   permit (permit.ts), pace (pace.ts), credential (credential.ts), the
 *   debug report (exchange-log.ts) and the quiet timeout (quiet-timeout.ts),
 *   over the user's middleware and the base URL;
 * - an attempt (exchange.ts) splits a 2xx answer, read by the caller, from a
 *   failure; a 429 teaches the pacer (pace.ts);
 * - the retry schedule runs the attempts (retry.ts), and the failure it gives
 *   up on is classified once (classify.ts), so the error can say how many
 *   attempts were made;
 * - an auth failure refreshes the credential once and resends (refresh.ts).
 * JSON bodies are read whole; `download` hands a success body over as a
 * Stream; a multipart body streams its file from disk, opened anew by each
 * attempt.
 */
import * as HttpClient from "@effect/platform/HttpClient"
import * as HttpClientRequest from "@effect/platform/HttpClientRequest"
import type * as HttpClientResponse from "@effect/platform/HttpClientResponse"
import type * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Stream from "effect/Stream"
import { type AuthError, type InvalidInputError, type RequestError, ServiceError, UnexpectedError } from "../errors.js"
import { nestsTooDeep } from "../input.js"
import { classified } from "./classify.js"
import { type Credential, currentCredential, withCredential } from "./credential.js"
import { reportingExchanges } from "./exchange-log.js"
import { type Answer, exchange, type Failure, parseBody, transportDetail } from "./exchange.js"
import { announceWait, currentObserver } from "./observe.js"
import { learningFromRateLimits, paced } from "./pace.js"
import { type Concurrency, permits } from "./permit.js"
import { timeoutWhenQuiet } from "./quiet-timeout.js"
import { type Refresh, refreshingOnAuthFailure } from "./refresh.js"
import { type RequestSpec, targetTooLong, toHttpRequest } from "./request.js"
import { IDEMPOTENT_METHODS, retrying, type Verdict } from "./retry.js"

export { foundNothing, type LimitDetails, rateLimited, retryAfter, tooLargeStatus, unreadable } from "./classify.js"
export type { Credential } from "./credential.js"
export { reportExchange } from "./exchange-log.js"
export type { Answer, Failure } from "./exchange.js"
export {
  type HttpMethod,
  MAX_REQUEST_TARGET,
  pathOf,
  type QueryValue,
  type RequestBody,
  type RequestSpec
} from "./request.js"

export interface PipelineConfig<Route, E> {
  readonly baseUrl: string
  /** The token in use and the headers that carry it; read once a round of attempts (again after a refresh). */
  readonly credential: Effect.Effect<Credential, AuthError>
  /**
   * Renews the credential after the service rejected `rejected`, at most once a request: true when the request
   * is to be sent once more, with the credential in use by then; false when it cannot be, and the auth failure
   * stands. Its own failure fails the request. Sharing one renewal between requests is up to the refresh.
   */
  readonly refresh?: Refresh | undefined
  /** The service's reading of a non-2xx answer (its error bodies, its headers). */
  readonly classify: (answer: Answer, route: Route, attempts: number) => E | RequestError
  /** How the retry policy treats an answer. */
  readonly verdict: (answer: Answer) => Verdict
  /** Waits until the route's budget allows another request. */
  readonly pace?: ((route: Route) => Effect.Effect<void>) | undefined
  /** Learns from a 429 (the pace it reveals). */
  readonly onRateLimited?: ((answer: Answer, route: Route) => Effect.Effect<void>) | undefined
  /** At most this many requests in flight at once, for reads (GET) and for writes. */
  readonly concurrency?: Concurrency | undefined
  readonly maxWait: Duration.Duration
  /** How long a request may go with nothing sent and no answer (quiet-timeout.ts). */
  readonly timeout: Duration.Duration
  /** The user's middleware, over the finished requests (base URL and credential already added). */
  readonly transformClient?: ((client: HttpClient.HttpClient) => HttpClient.HttpClient) | undefined
}

export interface Pipeline<Route, E> {
  /** Sends and reads a JSON (or empty) success body. */
  readonly send: (request: RequestSpec, route: Route) => Effect.Effect<Answer, E | RequestError | InvalidInputError>
  /** Sends and hands the success body over unread, as bytes. */
  readonly download: (
    request: RequestSpec,
    route: Route
  ) => Effect.Effect<
    { readonly headers: Readonly<Record<string, string>>; readonly body: Stream.Stream<Uint8Array, ServiceError> },
    E | RequestError | InvalidInputError
  >
}

/** Far deeper than any documented answer (a design document nests tens of levels), and safely within the stack. */
export const MAX_ANSWER_DEPTH = 1_000

export const makePipeline = <Route, E>(
  config: PipelineConfig<Route, E>
): Effect.Effect<Pipeline<Route, E>, never, HttpClient.HttpClient> =>
  Effect.gen(function*() {
    const host = new URL(config.baseUrl).host
    // What every send goes through, innermost first.
    const sending = (yield* HttpClient.HttpClient).pipe(
      // Trace headers (b3, traceparent) would go to a third-party service: send none.
      HttpClient.withTracerPropagation(false),
      HttpClient.mapRequest(HttpClientRequest.prependUrl(config.baseUrl)),
      (finished) => config.transformClient?.(finished) ?? finished,
      timeoutWhenQuiet(config.timeout),
      reportingExchanges(config.baseUrl)
    )
    const permitted = yield* permits(config.concurrency)
    const classifier = { host, timeout: config.timeout, classify: config.classify }
    const refreshed = refreshingOnAuthFailure(config.refresh)

    const run = <A>(
      spec: RequestSpec,
      route: Route,
      read: (response: HttpClientResponse.HttpClientResponse) => Effect.Effect<A, Failure>
    ): Effect.Effect<A, E | RequestError | InvalidInputError> =>
      Effect.gen(function*() {
        // The span is the operation's (core/api.ts); the route is a template, so no id or secret reaches it.
        yield* Effect.annotateCurrentSpan({
          "http.request.method": spec.method,
          "http.route": spec.route ?? "(unnamed)"
        })
        const tooLong = targetTooLong(spec)
        if (tooLong !== undefined) return yield* Effect.fail(tooLong)
        const observer = yield* currentObserver
        const request = toHttpRequest(spec)
        const { onRateLimited: learn, pace } = config
        // Asked anew at each attempt, as the pacer may decide when asked.
        const budget = pace && Effect.suspend(() => pace(route))
        // One round of attempts with the credential as it is now: a refresh runs another.
        const round = (credential: Credential) => {
          // Paced within the permit: a request waiting for one cannot go out after a 429 paused its scope.
          const client = sending.pipe(withCredential(credential), paced(budget), permitted)
          return exchange(client, request, read).pipe(
            learningFromRateLimits(learn && ((answer) => learn(answer, route))),
            retrying({
              policy: {
                idempotent: IDEMPOTENT_METHODS.has(spec.method),
                maxWait: config.maxWait,
                deadline: Option.getOrUndefined(observer)?.deadline
              },
              announce: announceWait(observer),
              verdict: config.verdict,
              write: spec.method !== "GET"
            }),
            classified(classifier, route)
          )
        }
        return yield* refreshed(currentCredential(config.credential), round)
      })

    const send: Pipeline<Route, E>["send"] = (spec, route) =>
      run(spec, route, (response) =>
        response.text.pipe(
          Effect.map((text): Answer => ({ status: response.status, headers: response.headers, body: parseBody(text) })),
          Effect.mapError((cause): Failure => ({ _tag: "transport", detail: transportDetail(cause), timedOut: false }))
        )).pipe(
          // Decoding and printing recurse: an answer this deep would overflow the stack instead of being reported.
          Effect.filterOrFail(
            (answer) => !nestsTooDeep(answer.body, MAX_ANSWER_DEPTH),
            () =>
              new UnexpectedError({
                message:
                  `The answer from ${host} is nested more than ${MAX_ANSWER_DEPTH} levels deep, deeper than any documented answer.`
              })
          )
        )

    const download: Pipeline<Route, E>["download"] = (spec, route) =>
      run(spec, route, (response) =>
        Effect.succeed({
          headers: response.headers,
          body: Stream.mapError(response.stream, (cause) =>
            new ServiceError({
              status: null,
              attempts: 1,
              message: `The download from ${host} broke off (${transportDetail(cause)}).`
            }))
        }))

    return { send, download }
  })
