/**
 * The one retry policy of both services, as a Schedule over failed attempts:
 * - a 429 waits its Retry-After (1 s when it names none) and tries again, at
 *   most 3 times, only while the wait is within the ceiling and ends before the
 *   caller's deadline; a longer Retry-After gives up at once;
 * - 5xx and transport failures retry idempotent methods only, with capped
 *   exponential backoff and jitter, so a POST is never sent twice except
 *   after a 429 (which the service did not act on).
 * Every wait is announced to the observer first (cli: a line on stderr; tool
 * server: a progress notification).
 */
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Random from "effect/Random"
import * as Schedule from "effect/Schedule"
import * as ScheduleDecision from "effect/ScheduleDecision"
import * as Interval from "effect/ScheduleInterval"
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
