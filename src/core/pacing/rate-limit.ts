/**
 * RateLimiter: a budget per counting scope (a key), so a script stays inside
 * it instead of collecting 429s. Each key is paced as a leaky bucket, and a
 * 429 pauses the whole key until its Retry-After has passed: every request of
 * the scope waits, including those already queued, since the service counts
 * the requests it rejects too.
 *
 * The state lives in a store. By default one in-process store is shared by
 * every layer in the process (the budget belongs to the credential, so two
 * clients with one token share it); `RateLimiter.layer` gives a private one
 * (tests), `RateLimiter.layerStore(url)` (or the `rateStore` option) one on
 * Redis, shared by every process that uses it, and `RateLimiter.unpaced` none.
 */
import * as Clock from "effect/Clock"
import * as Context from "effect/Context"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import { globalValue } from "effect/GlobalValue"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import { announceNotice, announceWait, currentObserver } from "../http/observe.js"
import { type BucketState, type Pace, take } from "./leaky-bucket.js"
import type { RedisRateStore } from "./rate-store-redis.js"
import type { ConnectRedisStore } from "./redis-connector.js"

export { type Pace, paceOf } from "./leaky-bucket.js"

export interface RateLimiterService {
  /**
   * Waits until a request counted against `key` may go: after any pause of the
   * key, at `pace`, else at the pace learned for the key, else at once.
   */
  readonly acquire: (key: string, pace?: Pace | undefined) => Effect.Effect<void>
  /**
   * A 429 for `key`: pauses every request of the key for `retryAfter`, and from
   * then on paces the key at `learned` when given (what the 429 revealed).
   */
  readonly rateLimited: (key: string, retryAfter: Duration.Duration, learned?: Pace | undefined) => Effect.Effect<void>
}

/**
 * Added to every wait: a request reaches the service a little later than its
 * slot, and the first of a burst often later than the rest (a new
 * connection); arriving a moment late costs little, a moment early a 429.
 */
export const LATENCY_MARGIN_MS = 250

/** The state behind a limiter; each operation is atomic for its key. */
export interface RateStore<E = never> {
  /** Reserves the key's next slot: the milliseconds to wait for it. */
  readonly reserve: (key: string, pace: Pace | undefined) => Effect.Effect<number, E>
  /** The milliseconds left of the key's pause (0: none). */
  readonly pausedFor: (key: string) => Effect.Effect<number, E>
  /** Pauses the key for `ms` from now (never shortening a pause) and adopts `learned`, when given. */
  readonly pause: (key: string, ms: number, learned: Pace | undefined) => Effect.Effect<void, E>
}

interface KeyState {
  tat: BucketState | undefined
  pausedUntil: number
  learned: Pace | undefined
}

/** The in-process store: synchronous read-modify-write on the Clock, so no other fiber runs in between. */
export const memoryStore = (): RateStore => {
  const keys = new Map<string, KeyState>()
  const stateOf = (key: string) => {
    const found = keys.get(key)
    if (found !== undefined) return found
    const fresh: KeyState = { tat: undefined, pausedUntil: Number.NEGATIVE_INFINITY, learned: undefined }
    keys.set(key, fresh)
    return fresh
  }
  return {
    reserve: (key, pace) =>
      Effect.map(Clock.currentTimeMillis, (now) => {
        const state = stateOf(key)
        const effective = pace ?? state.learned
        if (effective === undefined) return Math.max(0, state.pausedUntil - now)
        const [wait, next] = take(effective, state.tat, now, state.pausedUntil)
        state.tat = next
        return wait
      }),
    pausedFor: (key) => Effect.map(Clock.currentTimeMillis, (now) => Math.max(0, stateOf(key).pausedUntil - now)),
    pause: (key, ms, learned) =>
      Effect.map(Clock.currentTimeMillis, (now) => {
        const state = stateOf(key)
        state.pausedUntil = Math.max(state.pausedUntil, now + ms)
        if (learned !== undefined) state.learned = learned
      })
  }
}

/** A limiter over a store. */
export const makeLimiter = (store: RateStore): RateLimiterService => ({
  acquire: (key, pace) =>
    Effect.gen(function*() {
      // A request that waited re-checks the pause: one begun meanwhile sends it back for a slot after it.
      for (let turn = 0;; turn++) {
        const waitMs = yield* store.reserve(key, pace)
        if (waitMs <= 0) return
        const delay = Duration.millis(waitMs + LATENCY_MARGIN_MS)
        if (turn === 0) yield* announceWait(yield* currentObserver)({ reason: "pacing", delay, attempt: 1 })
        yield* Effect.sleep(delay)
        if ((yield* store.pausedFor(key)) <= 0) return
      }
    }),
  rateLimited: (key, retryAfter, learned) => store.pause(key, Duration.toMillis(retryAfter), learned)
})

/** Redis-backed stores by URL: one connection per process, whatever the number of clients. */
const redisStores = globalValue(Symbol.for("design-taskmgr/RateLimiter/redis"), () => new Map<string, RateStore>())

/** Where a store is, without any password: for messages. */
export const describeStore = (url: string): string => {
  try {
    const u = new URL(url)
    return `${u.protocol}//${u.host}${u.pathname === "/" ? "" : u.pathname}`
  } catch {
    return "the rate store"
  }
}

/**
 * The store at `url` (redis://HOST:PORT/DB), connected on first use. When it
 * cannot be reached, or fails later, this process says so once (to whoever
 * observes the request: a line on stderr, a tool result's note) and paces
 * in-process from then on.
 */
export const redisStore = (url: string, connect: ConnectRedisStore): RateStore => {
  const known = redisStores.get(url)
  if (known !== undefined) return known
  let active: RateStore | undefined
  let connection: Promise<RedisRateStore> | undefined
  const fallback = (cause: unknown) =>
    Effect.gen(function*() {
      if (active !== undefined) return active
      active = memoryStore()
      const detail = cause instanceof Error && cause.message !== "" ? cause.message : String(cause)
      yield* announceNotice(yield* currentObserver)(
        `The rate store ${describeStore(url)} cannot be used (${detail}): pacing within this process only.`
      )
      return active
    })
  const viaRedis = <A>(use: (redis: RedisRateStore) => Promise<A>, local: (store: RateStore) => Effect.Effect<A>) =>
    Effect.suspend(() =>
      active !== undefined ? local(active) : Effect.tryPromise({
        try: () => {
          connection ??= connect(url)
          return connection.then(use)
        },
        catch: (cause) => cause
      }).pipe(Effect.catchAll((cause) => Effect.flatMap(fallback(cause), local)))
    )
  const store: RateStore = {
    reserve: (key, pace) => viaRedis((r) => r.reserve(key, pace), (s) => s.reserve(key, pace)),
    pausedFor: (key) => viaRedis((r) => r.pausedFor(key), (s) => s.pausedFor(key)),
    pause: (key, ms, learned) => viaRedis((r) => r.pause(key, ms, learned), (s) => s.pause(key, ms, learned))
  }
  redisStores.set(url, store)
  return store
}

const shared = globalValue(Symbol.for("design-taskmgr/RateLimiter/shared"), () => makeLimiter(memoryStore()))

export class RateLimiter extends Context.Tag("design-taskmgr/RateLimiter")<RateLimiter, RateLimiterService>() {
  /** A private in-process store, for tests and for callers that want their own budget. */
  static readonly layer: Layer.Layer<RateLimiter> = Layer.sync(RateLimiter, () => makeLimiter(memoryStore()))
  /**
   * One budget shared through Redis (redis://HOST:PORT/DB) by every process
   * that uses it; `connect` is the Redis client ("design-taskmgr/redis").
   */
  static readonly layerStore = (url: string, connect: ConnectRedisStore): Layer.Layer<RateLimiter> =>
    Layer.sync(RateLimiter, () => makeLimiter(redisStore(url, connect)))
  /** No pacing at all. */
  static readonly unpaced: Layer.Layer<RateLimiter> = Layer.succeed(RateLimiter, {
    acquire: () => Effect.void,
    rateLimited: () => Effect.void
  })
  /** The one in scope, else the process-wide store. */
  static readonly current: Effect.Effect<RateLimiterService> = Effect.map(
    Effect.serviceOption(RateLimiter),
    Option.getOrElse(() => shared)
  )
  /** For a client: the store its options name, else the one in scope. */
  static readonly forClient = (
    rateStore: Option.Option<string>,
    connect: ConnectRedisStore
  ): Effect.Effect<RateLimiterService> =>
    Option.match(rateStore, {
      onNone: () => RateLimiter.current,
      onSome: (url) => Effect.sync(() => makeLimiter(redisStore(url, connect)))
    })
}
