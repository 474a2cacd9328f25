/**
 * What every simulator can be told to do, whatever service it simulates:
 * force answers (faults), show what it received (the request log), move its
 * time forward, and go back to its seed. One `Controls` value serves both the
 * /_sandbox routes and the typed helpers, so the two cannot disagree.
 */
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import type { SimClock } from "./clock.js"
import { makeSimClock, simNow } from "./clock.js"
import type { Fault, FaultSpec } from "./faults.js"
import { faultFromSpec } from "./faults.js"
import type { LoggedRequest } from "./requestlog.js"

/** The typed control surface a test gets from a simulator layer. */
export interface SimulatorControl {
  /** Forces the next matching API requests' answers. Dies on an invalid spec (a bug in the test). */
  readonly injectFault: (fault: FaultSpec) => Effect.Effect<void>
  /** The API requests received since the start or the last reset, oldest first, secrets masked. */
  readonly requests: Effect.Effect<ReadonlyArray<LoggedRequest>>
  /**
   * Moves simulator time forward (what POST /_sandbox/clock does) and runs
   * whatever the service has due by then. The test's own Clock is not moved:
   * use TestClock.adjust for the client's waits.
   */
  readonly advanceClock: (duration: Duration.DurationInput) => Effect.Effect<void>
  /** Back to the seed: service state, faults, the request log and the clock offset. */
  readonly reset: Effect.Effect<void>
}

/** The mutable parts every simulator shares; the service keeps its own state apart. */
export interface Controls {
  readonly clock: SimClock
  readonly faults: Array<Fault>
  readonly log: Array<LoggedRequest>
  /** The body of a fault that gives none: the service's error body for the status. */
  readonly defaultFaultBody: (status: number) => unknown
  /** Adds `ms` to simulator time, whose value was `now_ms`; returns the new time. */
  readonly advance: (ms: number, now_ms: number) => number
  readonly reset: () => void
}

export interface ControlHooks {
  readonly defaultFaultBody: (status: number) => unknown
  readonly resetService: () => void
  readonly onClockAdvance?: ((now_ms: number) => void) | undefined
}

export const makeControls = (hooks: ControlHooks): Controls => {
  const controls: Controls = {
    clock: makeSimClock(),
    faults: [],
    log: [],
    defaultFaultBody: hooks.defaultFaultBody,
    advance: (ms, now_ms) => {
      controls.clock.offsetMs += ms
      const now = now_ms + ms
      hooks.onClockAdvance?.(now)
      return now
    },
    reset: () => {
      controls.faults.length = 0
      controls.log.length = 0
      controls.clock.offsetMs = 0
      hooks.resetService()
    }
  }
  return controls
}

/** The typed helpers over the same state the /_sandbox routes change. */
export const simulatorControl = (controls: Controls): SimulatorControl => ({
  injectFault: (spec) =>
    Effect.suspend(() => {
      const fault = faultFromSpec(spec, controls.defaultFaultBody)
      if (Either.isLeft(fault)) return Effect.dieMessage(`injectFault: ${fault.left.message}`)
      controls.faults.push(fault.right)
      return Effect.void
    }),
  requests: Effect.sync(() => [...controls.log]),
  advanceClock: (duration) =>
    Effect.flatMap(simNow(controls.clock), (now_ms) =>
      Effect.suspend(() => {
        const ms = Duration.toMillis(duration)
        if (!(ms >= 0) || !Number.isFinite(ms)) return Effect.dieMessage("advanceClock: the duration must be finite")
        controls.advance(ms, now_ms)
        return Effect.void
      })),
  reset: Effect.sync(() => controls.reset())
})
