/**
 * RateLimiter: buckets keyed by a service's counting scope and tier, so a
 * script stays inside its budget instead of collecting 429s. The budget
 * belongs to the credential on the service side, so by default every layer in
 * the process shares one store: two clients with the same token share a
 * budget, two tokens do not. Provide `RateLimiter.layer` for a private store
 * (tests) or `RateLimiter.unpaced` to turn pacing off.
 */
import * as Clock from "effect/Clock"
import * as Context from "effect/Context"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import { globalValue } from "effect/GlobalValue"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import { type BucketState, type Pace, take } from "./leaky-bucket.js"
import { announceWait, currentObserver } from "./observe.js"

export type { Pace } from "./leaky-bucket.js"

export interface RateLimiterService {
  /** Waits until a request counted against `key` may go at `pace`. */
  readonly acquire: (key: string, pace: Pace) => Effect.Effect<void>
  /** A pace learned for a key (from a 429), shared like the buckets. */
  readonly learned: (key: string) => Effect.Effect<Option.Option<Pace>>
  readonly learn: (key: string, pace: Pace) => Effect.Effect<void>
}

const makeStore = (): RateLimiterService => {
  const buckets = new Map<string, BucketState>()
  const paces = new Map<string, Pace>()
  return {
    acquire: (key, pace) =>
      Effect.gen(function*() {
        const now = yield* Clock.currentTimeMillis
        // Synchronous read-modify-write: no other fiber runs in between.
        const [waitMs, next] = take(pace, buckets.get(key), now)
        buckets.set(key, next)
        if (waitMs <= 0) return
        const delay = Duration.millis(waitMs)
        yield* announceWait(yield* currentObserver)({ reason: "pacing", delay, attempt: 1 })
        yield* Effect.sleep(delay)
      }),
    learned: (key) => Effect.sync(() => Option.fromNullable(paces.get(key))),
    learn: (key, pace) => Effect.sync(() => void paces.set(key, pace))
  }
}

const shared = globalValue(Symbol.for("design-taskmgr/RateLimiter/shared"), makeStore)

export class RateLimiter extends Context.Tag("design-taskmgr/RateLimiter")<RateLimiter, RateLimiterService>() {
  /** A private store, for tests and for callers that want their own budget. */
  static readonly layer: Layer.Layer<RateLimiter> = Layer.sync(RateLimiter, makeStore)
  /** No pacing at all. */
  static readonly unpaced: Layer.Layer<RateLimiter> = Layer.succeed(RateLimiter, {
    acquire: () => Effect.void,
    learned: () => Effect.succeed(Option.none()),
    learn: () => Effect.void
  })
  /** The one in scope, else the process-wide store. */
  static readonly current: Effect.Effect<RateLimiterService> = Effect.map(
    Effect.serviceOption(RateLimiter),
    Option.getOrElse(() => shared)
  )
}
