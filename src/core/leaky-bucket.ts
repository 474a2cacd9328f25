/**
 * A leaky bucket as a meter (GCRA): requests drain at `perMinute`, and up to
 * `burst` may go at once from an empty bucket. Pure arithmetic over
 * timestamps, so the caller owns the clock and the state.
 */

/** The theoretical arrival time of the next request, in epoch milliseconds. */
export type BucketState = number

export interface Pace {
  readonly perMinute: number
  readonly burst: number
}

/** How long the next request must wait, and the state after it goes. */
export const take = (pace: Pace, state: BucketState | undefined, now: number): readonly [waitMs: number, next: BucketState] => {
  const interval = 60_000 / pace.perMinute
  const tolerance = (Math.max(1, pace.burst) - 1) * interval
  const tat = Math.max(state ?? now, now)
  const waitMs = Math.max(0, Math.ceil(tat - tolerance - now))
  return [waitMs, tat + interval]
}
