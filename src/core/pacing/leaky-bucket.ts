/**
 * A leaky bucket as a meter (GCRA): requests drain at `perMinute`, and up to
 * `burst` may go at once from an empty bucket. Pure arithmetic over
 * timestamps, so the caller owns the clock and the state. The Redis store
 * (rate-store-redis.ts) runs the same arithmetic in its script.
 */

/** The theoretical arrival time of the next request, in epoch milliseconds. */
export type BucketState = number

export interface Pace {
  readonly perMinute: number
  readonly burst: number
}

/**
 * The pace for a published limit of `count` a minute, which the service lets
 * go all at once from an idle budget. One of the burst is held back: the
 * service's bucket starts when the first request arrives, ours when it was
 * reserved, and the first request of a process is the slowest (a new
 * connection, cold code), so without it the first request after the burst
 * can arrive early.
 */
export const paceOf = (count: number): Pace => ({ perMinute: count, burst: Math.max(1, count - 1) })

/**
 * How long the next request must wait, and the state after it goes. A
 * request the service counts as `cost` (a batch of actions) takes that many
 * slots and goes when the last of them is due. A pause (a 429's Retry-After,
 * in epoch ms) leaves the bucket full when it ends: one request at its end,
 * then one per interval, whatever the burst.
 */
export const take = (
  pace: Pace,
  state: BucketState | undefined,
  now: number,
  pausedUntil = Number.NEGATIVE_INFINITY,
  cost = 1
): readonly [waitMs: number, next: BucketState] => {
  const interval = 60_000 / pace.perMinute
  const tolerance = (Math.max(1, pace.burst) - 1) * interval
  const tat = Math.max(state ?? now, now, pausedUntil + tolerance)
  const waitMs = Math.max(0, Math.ceil(tat + (cost - 1) * interval - tolerance - now))
  return [waitMs, tat + cost * interval]
}
