/**
 * The one HTTP pipeline of both services. A service configures it with its
 * base URL, its credential (headers, and optionally a refresh), its error
 * classifier, its pacing and its concurrency caps; the pipeline does the rest:
 * - base URL and credential applied with `mapRequest`;
 * - pacing before each attempt (within its semaphore permit), a per-attempt timeout, a semaphore per method class;
 * - failures classified once, after the retry Schedule (retry.ts) gives up, so
 *   the error can say how many attempts were made;
 * - an auth failure refreshes the credential once and resends, when the service can;
 * - JSON bodies read whole; `download` hands a success body over as a Stream;
 * - a multipart body streams its file from disk, opened anew by each attempt.
 */
import * as Headers from "@effect/platform/Headers"
import * as HttpBody from "@effect/platform/HttpBody"
import * as HttpClient from "@effect/platform/HttpClient"
import * as HttpClientRequest from "@effect/platform/HttpClientRequest"
import type * as HttpClientResponse from "@effect/platform/HttpClientResponse"
import * as Cause from "effect/Cause"
import * as Clock from "effect/Clock"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as FiberRef from "effect/FiberRef"
import * as Option from "effect/Option"
import type * as Redacted from "effect/Redacted"
import * as Ref from "effect/Ref"
import * as Stream from "effect/Stream"
import {
  AuthError,
  InvalidInputError,
  RateLimitError,
  type RequestError,
  ServiceError,
  UnexpectedError
} from "../errors.js"
import { nestsTooDeep } from "../input.js"
import { maskHeaders, maskUrl, rememberHeaderSecrets, scrubDeep, SECRET_HEADER } from "../secrets.js"
import { type MultipartBody, multipartBody } from "./multipart.js"
import { announceWait, currentObserver, type Observer } from "./observe.js"
import { IDEMPOTENT_METHODS, retrySchedule, type Verdict } from "./retry.js"

/**
 * Debug mode: one request and its answer told to the observer's onExchange,
 * URL and headers masked, never a body. Every request reports here: the
 * pipeline's and the token endpoint's (a refresh is an exchange too).
 */
export const reportExchange =
  (observer: Option.Option<Observer>, request: HttpClientRequest.HttpClientRequest, url: string, started: number) =>
  (status: number | null, responseHeaders: Readonly<Record<string, string>>, error?: string): Effect.Effect<void> =>
    Option.match(Option.flatMap(observer, (o) => Option.fromNullable(o.onExchange)), {
      onNone: () => Effect.void,
      onSome: (onExchange) =>
        Effect.flatMap(Clock.currentTimeMillis, (now) =>
          onExchange({
            method: request.method,
            url: maskUrl(`${url}${
              request.urlParams.length === 0
                ? ""
                : `?${new URLSearchParams(request.urlParams.map(([k, v]) => [k, v])).toString()}`
            }`),
            headers: maskHeaders(request.headers),
            status,
            responseHeaders: maskHeaders(responseHeaders),
            millis: now - started,
            error
          }))
    })

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE"
export type QueryValue = string | number | boolean | ReadonlyArray<string> | undefined

export type RequestBody =
  | { readonly _tag: "json"; readonly value: unknown }
  | { readonly _tag: "form"; readonly value: Readonly<Record<string, string>> }
  | MultipartBody

export interface RequestSpec {
  readonly method: HttpMethod
  /** Below the base URL, segments already encoded (see `pathOf`). */
  readonly path: string
  /** Arrays are sent as comma lists; undefined values are left out. */
  readonly query?: Readonly<Record<string, QueryValue>> | undefined
  readonly body?: RequestBody | undefined
  /** The path as a template (`/v1/files/{file_key}`), for spans; secrets and ids left out. */
  readonly route?: string | undefined
}

/** A non-2xx answer, as the classifier sees it. */
export interface Answer {
  readonly status: number
  readonly headers: Readonly<Record<string, string>>
  readonly body: unknown
}

/** What every attempt that did not succeed failed with. */
export type Failure =
  | { readonly _tag: "answer"; readonly answer: Answer }
  | { readonly _tag: "transport"; readonly detail: string; readonly timedOut: boolean }

export interface Classified<E> {
  readonly error: E
  /** How the retry policy treats it; 429 and 5xx are the usual cases. */
  readonly verdict: Verdict
}

/** A request's credential: the token, and the headers that carry it. */
export interface Credential {
  readonly token: Redacted.Redacted<string>
  readonly headers: Readonly<Record<string, string>>
}

export interface PipelineConfig<Route, E> {
  readonly baseUrl: string
  /** The token in use and the headers that carry it. */
  readonly credential: Effect.Effect<Credential, AuthError>
  /**
   * Renews the credential after the service rejected `rejected`; false when it cannot. Called at most once a
   * request, which is then sent once more with the credential in use by then.
   */
  readonly refresh?: ((rejected: Redacted.Redacted<string>) => Effect.Effect<boolean, RequestError>) | undefined
  /** The service's reading of a non-2xx answer (its error bodies, its headers). */
  readonly classify: (answer: Answer, route: Route, attempts: number) => E | RequestError
  /** How the retry policy treats an answer. */
  readonly verdict: (answer: Answer) => Verdict
  /** Waits until the route's budget allows another request. */
  readonly pace?: ((route: Route) => Effect.Effect<void>) | undefined
  /** Learns from a 429 (the pace it reveals). */
  readonly onRateLimited?: ((answer: Answer, route: Route) => Effect.Effect<void>) | undefined
  /** At most this many requests in flight at once, for reads (GET) and for writes. */
  readonly concurrency?: { readonly read: number; readonly write: number } | undefined
  readonly maxWait: Duration.Duration
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

export const pathOf = (...segments: ReadonlyArray<string>) => segments.map(encodeURIComponent).join("/")

const parseBody = (text: string): unknown => {
  if (text === "") return null
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

/** The system's own word for a transport failure (ECONNREFUSED, ENOTFOUND, ...) when it gives one. */
const transportDetail = (error: { readonly reason?: string; readonly cause?: unknown }) => {
  const cause = error.cause as { code?: unknown; cause?: { code?: unknown } } | undefined
  const code = cause?.code ?? cause?.cause?.code
  return typeof code === "string" ? code : error.reason ?? "transport error"
}

/** `sending` runs as each chunk of a streamed body goes out. */
const toHttpRequest = (
  spec: RequestSpec,
  sending: Effect.Effect<void> = Effect.void
): HttpClientRequest.HttpClientRequest => {
  const params: Array<[string, string]> = []
  for (const [key, value] of Object.entries(spec.query ?? {})) {
    if (value !== undefined) params.push([key, Array.isArray(value) ? value.join(",") : String(value)])
  }
  const body = spec.body === undefined
    ? HttpBody.empty
    : spec.body._tag === "json"
    ? HttpBody.unsafeJson(spec.body.value)
    : spec.body._tag === "multipart"
    ? multipartBody(spec.body, sending)
    : HttpBody.urlParams(Object.entries(spec.body.value))
  return HttpClientRequest.make(spec.method)(spec.path, {
    urlParams: params,
    headers: { accept: "application/json" },
    body
  })
}

/**
 * Fails with a TimeoutException once `limit` passes with nothing sent and no
 * answer: the time an upload spends on the wire does not count, only silence
 * (a large file on a slow link is not cut off while its bytes still flow).
 */
const timeoutWhenQuiet =
  (limit: Duration.Duration, lastActive: () => number) => <A, E, R>(effect: Effect.Effect<A, E, R>) =>
    Effect.raceFirst(
      effect,
      Effect.gen(function*() {
        const quietMs = Duration.toMillis(limit)
        for (;;) {
          const quiet = (yield* Clock.currentTimeMillis) - lastActive()
          if (quiet >= quietMs) return yield* Effect.fail(new Cause.TimeoutException())
          yield* Effect.sleep(quietMs - quiet)
        }
      })
    )

/** Secret headers (X-Design-Token, ...) redacted wherever the request is shown: HttpClient's span, the user's logging. */
const redactSecretHeaders = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
  Effect.flatMap(
    FiberRef.get(Headers.currentRedactedNames),
    (names) => Effect.locally(effect, Headers.currentRedactedNames, [...names, SECRET_HEADER])
  )

/** Far deeper than any documented answer (a design document nests tens of levels), and safely within the stack. */
export const MAX_ANSWER_DEPTH = 1_000

/**
 * The longest request target (path and query) sent: servers and proxies
 * commonly refuse request lines past 8 KB (414, 431), so a longer one (a
 * huge list of ids, a pasted cursor) is refused before sending, by the
 * parameter that made it long.
 */
export const MAX_REQUEST_TARGET = 8_000

/** 413, 414, 431: the service refused the request as too large; like a 400, the input must change. */
export const tooLargeStatus = (status: number) => status === 413 || status === 414 || status === 431

const targetTooLong = (spec: RequestSpec): InvalidInputError | undefined => {
  const query = toHttpRequest(spec).urlParams.map(([k, v]) =>
    [k, new URLSearchParams([[k, v]]).toString().length] as const
  )
  const length = spec.path.length + query.reduce((n, [, l]) => n + l + 1, 0)
  if (length <= MAX_REQUEST_TARGET) return undefined
  const [key, longest] = query.reduce<readonly [string, number]>((a, b) => (b[1] > a[1] ? b : a), [
    "",
    spec.path.length
  ])
  return new InvalidInputError({
    message: key === ""
      ? `The request's path would be ${spec.path.length} characters long, more than the ${MAX_REQUEST_TARGET} a service accepts: an id that long cannot be one.`
      : `${key}: makes the request ${length} characters long (${longest} of them its own), more than the ${MAX_REQUEST_TARGET} a service accepts; give fewer or shorter values.`,
    fields: key === "" ? [] : [key]
  })
}

const isAuthFailure = (e: unknown): boolean => e instanceof AuthError

const isWrite = (method: HttpMethod) => method !== "GET"

/** Failures that happen before a request leaves: the service cannot have acted on it. */
const NOT_SENT: ReadonlySet<string> = new Set([
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "Encode",
  "InvalidUrl"
])

/** The host name did not resolve: no waiting fixes a wrong name (EAI_AGAIN is DNS itself failing for now). */
const UNRESOLVED: ReadonlySet<string> = new Set(["ENOTFOUND", "EAI_AGAIN"])

/** The request went out and no answer came back (timeout, connection cut): the service may have acted. */
const answerLost = (failure: Failure) =>
  failure._tag === "transport" && (failure.timedOut || !NOT_SENT.has(failure.detail))

/** A write that failed after an earlier attempt's answer was lost is still unconfirmed (a 5xx on the retry says nothing of the first). */
const markUnconfirmed = <X>(error: X, unconfirmed: boolean): X =>
  unconfirmed && error instanceof ServiceError
    ? (new ServiceError({ ...error, message: error.message, unconfirmed }) as X)
    : error

export const makePipeline = <Route, E>(
  config: PipelineConfig<Route, E>
): Effect.Effect<Pipeline<Route, E>, never, HttpClient.HttpClient> =>
  Effect.gen(function*() {
    const host = new URL(config.baseUrl).host
    const client = (yield* HttpClient.HttpClient).pipe(
      // Trace headers (b3, traceparent) would go to a third-party service: send none.
      HttpClient.withTracerPropagation(false),
      HttpClient.mapRequest(HttpClientRequest.prependUrl(config.baseUrl)),
      // The credential is on the request already (see `once`): the user's middleware sees it finished.
      (finished) => config.transformClient?.(finished) ?? finished
    )
    const semaphores = config.concurrency === undefined ? undefined : {
      read: yield* Effect.makeSemaphore(config.concurrency.read),
      write: yield* Effect.makeSemaphore(config.concurrency.write)
    }
    const limited = <A, X>(method: HttpMethod, effect: Effect.Effect<A, X>) =>
      semaphores === undefined ? effect : (method === "GET" ? semaphores.read : semaphores.write).withPermits(1)(effect)

    const debug = (observer: Option.Option<Observer>, request: HttpClientRequest.HttpClientRequest, started: number) =>
      reportExchange(observer, request, `${config.baseUrl}${request.url}`, started)

    /** One attempt: pace, send within the timeout, and split success from failure. */
    const attempt = <A>(
      spec: RequestSpec,
      route: Route,
      observer: Option.Option<Observer>,
      credential: Readonly<Record<string, string>>,
      onSuccess: (response: HttpClientResponse.HttpClientResponse) => Effect.Effect<A, Failure>
    ): Effect.Effect<A, Failure> =>
      Effect.gen(function*() {
        let started = 0
        let lastActive = 0
        const active = Effect.map(Clock.currentTimeMillis, (now) => void (lastActive = now))
        const request = HttpClientRequest.setHeaders(toHttpRequest(spec, active), credential)
        // Paced within the permit: a request waiting for one cannot go out after a 429 paused its scope.
        const paced = Effect.zipRight(
          config.pace === undefined ? Effect.void : config.pace(route),
          Effect.map(Clock.currentTimeMillis, (now) => void (started = lastActive = now))
        )
        const log: ReturnType<typeof debug> = (...args) => debug(observer, request, started)(...args)
        const sent = client.execute(request).pipe(
          timeoutWhenQuiet(config.timeout, () => lastActive),
          redactSecretHeaders
        )
        const response = yield* limited(spec.method, Effect.zipRight(paced, sent)).pipe(
          Effect.tapError((cause) =>
            log(null, {}, cause._tag === "TimeoutException" ? "timeout" : transportDetail(cause))
          ),
          Effect.mapError((cause): Failure =>
            cause._tag === "TimeoutException"
              ? { _tag: "transport", detail: "timeout", timedOut: true }
              : { _tag: "transport", detail: transportDetail(cause), timedOut: false }
          )
        )
        yield* log(response.status, response.headers)
        yield* Effect.annotateCurrentSpan("http.response.status_code", response.status)
        if (response.status >= 200 && response.status < 300) return yield* onSuccess(response)
        const text = yield* response.text.pipe(Effect.orElseSucceed(() => ""))
        const answer: Answer = { status: response.status, headers: response.headers, body: parseBody(text) }
        if (response.status === 429 && config.onRateLimited !== undefined) yield* config.onRateLimited(answer, route)
        return yield* Effect.fail<Failure>({ _tag: "answer", answer })
      })

    const verdictOf = (failure: Failure): Verdict =>
      failure._tag === "transport"
        // A name that does not exist will not come to exist by retrying.
        ? failure.detail === "ENOTFOUND" ? { kind: "final" } : { kind: "transient", reason: failure.detail }
        : config.verdict(failure.answer)

    const finalError = (failure: Failure, route: Route, attempts: number, unconfirmed: boolean): E | RequestError => {
      // The one point where the service's words become an error: every credential held is masked first.
      if (failure._tag === "answer") {
        return markUnconfirmed(config.classify(scrubDeep(failure.answer), route, attempts), unconfirmed)
      }
      const tries = attempts > 1 ? ` (${attempts} attempts)` : ""
      const said = failure.timedOut
        ? `No answer from ${host} within ${Duration.format(config.timeout)}${tries}`
        : unconfirmed && answerLost(failure)
        ? `The connection to ${host} broke (${failure.detail}) before an answer came${tries}`
        : `Could not reach ${host} (${failure.detail})${attempts > 1 ? ` after ${attempts} attempts` : ""}`
      return new ServiceError({
        status: null,
        attempts,
        message: unconfirmed ? `${said}: the change was sent, so the service may have made it.` : `${said}.`,
        ...(unconfirmed ? { unconfirmed } : {}),
        ...(UNRESOLVED.has(failure.detail) ? { hostUnresolved: true } : {})
      })
    }

    /** Attempts under the retry schedule, then one refresh-and-resend on an auth failure when possible. */
    const run = <A>(
      spec: RequestSpec,
      route: Route,
      onSuccess: (response: HttpClientResponse.HttpClientResponse) => Effect.Effect<A, Failure>
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
        const policy = {
          idempotent: IDEMPOTENT_METHODS.has(spec.method),
          maxWait: config.maxWait,
          deadline: Option.getOrUndefined(observer)?.deadline
        }
        const once = (credential: Credential) =>
          Effect.gen(function*() {
            // What is sent as a credential is masked wherever the service's words are shown.
            rememberHeaderSecrets(credential.headers)
            const attempts = yield* Ref.make(0)
            const counted = Effect.flatMap(
              Ref.updateAndGet(attempts, (n) => n + 1),
              (n) => Effect.annotateCurrentSpan("attempts", n)
            )
            // Whether a write reached the service and its answer was lost: it may have been done.
            const lost = yield* Ref.make(false)
            const tracked = Effect.zipRight(counted, attempt(spec, route, observer, credential.headers, onSuccess))
              .pipe(
                Effect.tapError((
                  failure
                ) => (isWrite(spec.method) && answerLost(failure) ? Ref.set(lost, true) : Effect.void)),
                Effect.mapError((failure) => ({ failure, verdict: verdictOf(failure) }))
              )
            return yield* Effect.retry(tracked, retrySchedule(policy, announceWait(observer))).pipe(
              Effect.catchAll(({ failure }) =>
                Effect.flatMap(
                  Effect.zip(Ref.get(attempts), Ref.get(lost)),
                  ([n, unconfirmed]) => Effect.fail(finalError(failure, route, n, unconfirmed))
                )
              )
            )
          })
        const credential = yield* config.credential
        return yield* once(credential).pipe(
          Effect.catchIf(
            (error) => isAuthFailure(error) && config.refresh !== undefined,
            (error) =>
              Effect.flatMap(
                config.refresh!(credential.token),
                (refreshed) => (refreshed ? Effect.flatMap(config.credential, once) : Effect.fail(error))
              )
          )
        )
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

/** A success body that did not have the documented shape. */
/** A 404's message: "found no task 12", and "found no current user" rather than "found no the current user". */
export const foundNothing = (subject: string, quoted: string) =>
  `The service found no ${subject.replace(/^the /, "")} (${quoted}).`

export const unreadable = (subject: string, detail: string) =>
  new UnexpectedError({ message: `The answer for ${subject} did not have the documented shape: ${detail}` })

/** Retry-After as a Duration (seconds, or an HTTP date); null when absent or unreadable. */
export const retryAfter = (raw: string | undefined): Duration.Duration | null => {
  if (raw === undefined || raw.trim() === "") return null
  if (/^\d+$/.test(raw.trim())) return Duration.seconds(Number(raw.trim()))
  const date = Date.parse(raw)
  return Number.isNaN(date) ? null : Duration.millis(Math.max(0, date - Date.now()))
}

/** What a service says about its limit beyond Retry-After; a service that says nothing leaves it all out. */
export interface LimitDetails {
  /** The limit's headers to quote, in their documented spelling; Retry-After alone by default. */
  readonly quote?: ReadonlyArray<string>
  readonly planTier?: string | null
  readonly rateLimitType?: string | null
  readonly upgradeLink?: string | null
}

/** A 429 (headers with lower-cased names) as a RateLimitError: the wait read from Retry-After, the limit's headers quoted verbatim. */
export const rateLimited = (
  headers: Readonly<Record<string, string>>,
  message: string,
  attempts: number,
  details: LimitDetails = {}
): RateLimitError => {
  const quoted: Record<string, string> = {}
  for (const name of details.quote ?? ["Retry-After"]) {
    const value = headers[name.toLowerCase()]
    if (value !== undefined) quoted[name] = value
  }
  return new RateLimitError({
    message,
    retryAfter: retryAfter(headers["retry-after"]),
    headers: quoted,
    planTier: details.planTier ?? null,
    rateLimitType: details.rateLimitType ?? null,
    upgradeLink: details.upgradeLink ?? null,
    attempts
  })
}
