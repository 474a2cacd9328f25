/**
 * Simulator time: the Clock of the fiber handling the request (a TestClock in
 * tests) plus an offset the clock control adds. Nothing reads Date.now().
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"

export interface SimClock {
  /** Milliseconds added to the Clock; back to 0 on reset. */
  offsetMs: number
}

export const makeSimClock = (): SimClock => ({ offsetMs: 0 })

export const simNow = (clock: SimClock): Effect.Effect<number> =>
  Effect.map(Clock.currentTimeMillis, (ms) => ms + clock.offsetMs)

export const isoTime = (ms: number): string => new Date(ms).toISOString()

export const MINUTE_MS = 60_000
export const HOUR_MS = 60 * MINUTE_MS
export const DAY_MS = 24 * HOUR_MS
