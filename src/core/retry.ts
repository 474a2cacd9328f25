/**
 * The one retry policy of both wrappers.
 * - A 429 waits its Retry-After and tries again, at most 3 times, and only while
 *   the wait is within the ceiling; a longer Retry-After fails at once.
 * - 5xx and transport failures retry idempotent methods only, with capped
 *   exponential backoff and jitter. A POST is therefore never sent twice,
 *   except after a 429 (which the service did not act on).
 * Written as a loop rather than a Schedule because the delay comes from the error.
 */
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Random from "effect/Random"

export type RetryVerdict =
  | { readonly kind: "rate-limited"; readonly retryAfterSeconds: number | null }
  | { readonly kind: "transient" }
  | { readonly kind: "final" }

export interface RetryOptions<E> {
  readonly idempotent: boolean
  readonly maxWaitSeconds: number
  readonly classify: (error: E) => RetryVerdict
  /** Called on every 429, e.g. to learn the pace from its headers. */
  readonly onRateLimited?: (error: E) => Effect.Effect<void>
  readonly maxRateLimitRetries?: number
  readonly maxTransientRetries?: number
}

const BACKOFF_BASE_MS = 250
const BACKOFF_CAP_MS = 4_000
/** Wait this long for a 429 that names no Retry-After. */
const DEFAULT_RETRY_AFTER_SECONDS = 1

export const IDEMPOTENT_METHODS: ReadonlySet<string> = new Set(["GET", "HEAD", "PUT", "DELETE", "OPTIONS"])

/** Capped exponential backoff with jitter: half fixed, half random. */
export const backoff = (attempt: number) =>
  Effect.map(Random.next, (r) => {
    const ceiling = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** attempt)
    return Duration.millis(Math.round(ceiling / 2 + (r * ceiling) / 2))
  })

export const withRetries = <A, E, R>(send: Effect.Effect<A, E, R>, options: RetryOptions<E>): Effect.Effect<A, E, R> => {
  const maxRateLimited = options.maxRateLimitRetries ?? 3
  const maxTransient = options.maxTransientRetries ?? 3
  const loop = (rateLimited: number, transient: number): Effect.Effect<A, E, R> =>
    Effect.catchAll(send, (error) => {
      const verdict = options.classify(error)
      if (verdict.kind === "rate-limited") {
        const wait = verdict.retryAfterSeconds ?? DEFAULT_RETRY_AFTER_SECONDS
        const giveUp = rateLimited >= maxRateLimited || wait > options.maxWaitSeconds
        return (options.onRateLimited?.(error) ?? Effect.void).pipe(
          Effect.zipRight(
            giveUp
              ? Effect.fail(error)
              : Effect.sleep(Duration.seconds(wait)).pipe(Effect.zipRight(loop(rateLimited + 1, transient)))
          )
        )
      }
      if (verdict.kind === "transient" && options.idempotent && transient < maxTransient) {
        return Effect.flatMap(backoff(transient), Effect.sleep).pipe(Effect.zipRight(loop(rateLimited, transient + 1)))
      }
      return Effect.fail(error)
    })
  return loop(0, 0)
}
