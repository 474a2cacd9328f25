/**
 * Simulator time: the Clock of the fiber handling the request (a TestClock in
 * tests) plus the offset POST /_sandbox/clock adds. Nothing reads Date.now().
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import type { SimState } from "./state.js"

export const simNow = (state: SimState): Effect.Effect<number> =>
  Effect.map(Clock.currentTimeMillis, (ms) => ms + state.clockOffsetMs)

export const isoTime = (ms: number): string => new Date(ms).toISOString()

export const MINUTE_MS = 60_000
export const HOUR_MS = 60 * MINUTE_MS
export const DAY_MS = 24 * HOUR_MS
