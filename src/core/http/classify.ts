/**
 * Classification, once a request's attempts are over: the one point where a
 * failure becomes the service's error (its classifier reads its error bodies
 * and headers) or ours (no answer at all), so the error can say how many
 * attempts were made and whether a write may have been done. Below, the
 * pieces a service's classifier is made of.
 */
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import { type InvalidInputError, RateLimitError, type RequestError, ServiceError, UnexpectedError } from "../errors.js"
import { scrubDeep } from "../secrets.js"
import { type Answer, answerLost } from "./exchange.js"
import type { GaveUp } from "./retry.js"

/** The host name did not resolve: no waiting fixes a wrong name (EAI_AGAIN is DNS itself failing for now). */
const UNRESOLVED: ReadonlySet<string> = new Set(["ENOTFOUND", "EAI_AGAIN"])

/** A write that failed after an earlier attempt's answer was lost is still unconfirmed (a 5xx on the retry says nothing of the first). */
const markUnconfirmed = <X>(error: X, unconfirmed: boolean): X =>
  unconfirmed && error instanceof ServiceError
    ? (new ServiceError({ ...error, message: error.message, unconfirmed }) as X)
    : error

export interface Classifier<Route, E> {
  /** The host, as errors name it. */
  readonly host: string
  /** The quiet timeout, as a timed-out request's error names it. */
  readonly timeout: Duration.Duration
  /** The service's reading of a non-2xx answer. */
  readonly classify: (answer: Answer, route: Route, attempts: number) => E | RequestError
}

export const classifyFailure = <Route, E>(
  { classify, host, timeout }: Classifier<Route, E>,
  route: Route,
  { attempts, failure, unconfirmed }: GaveUp
): E | RequestError | InvalidInputError => {
  if (failure._tag === "unsendable") return failure.error
  // Every credential held is masked before the service's words reach an error.
  if (failure._tag === "answer") {
    return markUnconfirmed(classify(scrubDeep(failure.answer), route, attempts), unconfirmed)
  }
  const tries = attempts > 1 ? ` (${attempts} attempts)` : ""
  const said = failure.timedOut
    ? `No answer from ${host} within ${Duration.format(timeout)}${tries}`
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

/** The step: a request's attempts that gave up, classified once. */
export const classified =
  <Route, E>(classifier: Classifier<Route, E>, route: Route) =>
  <A, R>(attempts: Effect.Effect<A, GaveUp, R>): Effect.Effect<A, E | RequestError | InvalidInputError, R> =>
    Effect.mapError(attempts, (gaveUp) => classifyFailure(classifier, route, gaveUp))

/** 413, 414, 431: the service refused the request as too large; like a 400, the input must change. */
export const tooLargeStatus = (status: number) => status === 413 || status === 414 || status === 431

/** A 404's message: "found no task 12", and "found no current user" rather than "found no the current user". */
export const foundNothing = (subject: string, quoted: string) =>
  `The service found no ${subject.replace(/^the /, "")} (${quoted}).`

/** A success body that did not have the documented shape. */
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
