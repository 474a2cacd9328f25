/**
 * The one retry policy of both services, as a Schedule over failed attempts:
 * - a 429 waits its Retry-After (1 s when it names none) and tries again, at
 *   most 3 times, only while the wait is within the ceiling and ends before the
 *   caller's deadline; a longer Retry-After gives up at once;
 * - 5xx and transport failures retry idempotent methods only, with capped
 *   exponential backoff and jitter, so a POST is never sent twice except
 *   after a 429 (which the service did not act on).
 * Every wait is announced to the observer first (cli: a line on stderr; tool
 * server: a progress notification). `retrying` is the pipeline's step that
 * runs an attempt under it, counting what the classifier needs to know.
 */
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Random from "effect/Random"
import * as Ref from "effect/Ref"
import * as Schedule from "effect/Schedule"
import * as ScheduleDecision from "effect/ScheduleDecision"
import * as Interval from "effect/ScheduleInterval"
import { type Answer, answerLost, type Failure } from "./exchange.js"
import type { WaitEvent } from "./observe.js"

export type Verdict =
  | { readonly kind: "rate-limited"; readonly retryAfter: Duration.Duration | null }
  | { readonly kind: "transient"; readonly reason: string }
  | { readonly kind: "final" }

export interface RetryPolicy {
  readonly idempotent: boolean
  /** The longest Retry-After worth waiting out. */
  readonly maxWait: Duration.Duration
  /** Epoch milliseconds no wait may end after (a tool call's budget), if any. */
  readonly deadline?: number | undefined
  readonly maxRateLimitRetries?: number | undefined
  readonly maxTransientRetries?: number | undefined
}

const BACKOFF_BASE_MS = 250
const BACKOFF_CAP_MS = 4_000
const DEFAULT_RETRY_AFTER = Duration.seconds(1)

export const IDEMPOTENT_METHODS: ReadonlySet<string> = new Set(["GET", "HEAD", "PUT", "DELETE", "OPTIONS"])

/** Capped exponential backoff with jitter: half fixed, half random. */
export const backoff = (attempt: number) =>
  Effect.map(Random.next, (r) => {
    const ceiling = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** attempt)
    return Duration.millis(Math.round(ceiling / 2 + (r * ceiling) / 2))
  })

interface Counts {
  readonly rateLimited: number
  readonly transient: number
}

export const retrySchedule = <In extends { readonly verdict: Verdict }>(
  policy: RetryPolicy,
  announce: (event: WaitEvent) => Effect.Effect<void>
): Schedule.Schedule<Counts, In> => {
  const maxRateLimited = policy.maxRateLimitRetries ?? 3
  const maxTransient = policy.maxTransientRetries ?? 3
  const fitsDeadline = (now: number, wait: Duration.Duration) =>
    policy.deadline === undefined || now + Duration.toMillis(wait) <= policy.deadline
  const stop = (state: Counts) => Effect.succeed([state, state, ScheduleDecision.done] as const)
  const wait = (now: number, state: Counts, delay: Duration.Duration, event: WaitEvent) =>
    Effect.as(
      announce(event),
      [state, state, ScheduleDecision.continueWith(Interval.after(now + Duration.toMillis(delay)))] as const
    )

  return Schedule.makeWithState<Counts, In, Counts>({ rateLimited: 0, transient: 0 }, (now, { verdict }, state) => {
    if (verdict.kind === "rate-limited") {
      const delay = verdict.retryAfter ?? DEFAULT_RETRY_AFTER
      if (
        state.rateLimited >= maxRateLimited || Duration.greaterThan(delay, policy.maxWait) || !fitsDeadline(now, delay)
      ) {
        return stop(state)
      }
      const next = { ...state, rateLimited: state.rateLimited + 1 }
      return wait(now, next, delay, { reason: "rate-limited", delay, attempt: next.rateLimited + next.transient + 1 })
    }
    if (verdict.kind === "transient" && policy.idempotent && state.transient < maxTransient) {
      return Effect.flatMap(backoff(state.transient), (delay) => {
        if (!fitsDeadline(now, delay)) return stop(state)
        const next = { ...state, transient: state.transient + 1 }
        return wait(now, next, delay, {
          reason: "retry",
          delay,
          attempt: next.rateLimited + next.transient + 1,
          detail: verdict.reason
        })
      })
    }
    return stop(state)
  })
}

/** How a request's attempts ended when the schedule gave up: the classifier's input (classify.ts). */
export interface GaveUp {
  /** The last attempt's failure. */
  readonly failure: Failure
  readonly attempts: number
  /** A write reached the service and an answer was lost on the way back (some attempt): it may have been done. */
  readonly unconfirmed: boolean
}

/** A transport failure is transient, except a name that does not exist: it will not come to exist by retrying. */
const verdictOf = (answerVerdict: (answer: Answer) => Verdict) => (failure: Failure): Verdict =>
  failure._tag === "answer"
    ? answerVerdict(failure.answer)
    : failure._tag === "unsendable" || failure.detail === "ENOTFOUND"
    ? { kind: "final" }
    : { kind: "transient", reason: failure.detail }

/** Runs `attempt` under the retry schedule; each attempt is counted on the current span. */
export const retrying = (options: {
  readonly policy: RetryPolicy
  readonly announce: (event: WaitEvent) => Effect.Effect<void>
  /** How the policy treats an answer (the service's reading of 429 and 5xx). */
  readonly verdict: (answer: Answer) => Verdict
  /** Whether the request changes something: only a write's lost answer leaves it unconfirmed. */
  readonly write: boolean
}) =>
<A, R>(attempt: Effect.Effect<A, Failure, R>): Effect.Effect<A, GaveUp, R> =>
  Effect.gen(function*() {
    const attempts = yield* Ref.make(0)
    const lost = yield* Ref.make(false)
    const verdict = verdictOf(options.verdict)
    const counted = Effect.flatMap(
      Ref.updateAndGet(attempts, (n) => n + 1),
      (n) => Effect.annotateCurrentSpan("attempts", n)
    )
    const tracked = Effect.zipRight(counted, attempt).pipe(
      Effect.tapError((failure) => (options.write && answerLost(failure) ? Ref.set(lost, true) : Effect.void)),
      Effect.mapError((failure) => ({ failure, verdict: verdict(failure) }))
    )
    return yield* Effect.retry(tracked, retrySchedule(options.policy, options.announce)).pipe(
      Effect.catchAll(({ failure }) =>
        Effect.flatMap(
          Effect.zip(Ref.get(attempts), Ref.get(lost)),
          ([n, unconfirmed]) => Effect.fail<GaveUp>({ failure, attempts: n, unconfirmed })
        )
      )
    )
  })
