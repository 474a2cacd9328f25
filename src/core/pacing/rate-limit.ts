/**
 * RateLimiter: a budget per counting scope (a key), so a script stays inside
 * it instead of collecting 429s. Each key is paced as a leaky bucket, a
 * request taking as many slots as the service counts it for (a batch: one
 * per action), and a 429 pauses the whole key until its Retry-After has
 * passed: every request of the scope waits, including those already queued,
 * since the service counts the requests it rejects too.
 *
 * The state lives in a store. A client built without a `RateLimiter` in
 * context gets one of its own, in process; `RateLimiter.layer` is one to
 * share between clients (the budget belongs to the credential, so two
 * clients with one token should share it), `RateLimiter.layerStore(url,
 * connect)` (or the `rateStore` option, with "design-taskmgr/redis") one on
 * Redis, shared by every process that uses it, and `RateLimiter.unpaced` none.
 * The Redis client is handed in (`connect`), so this module never loads it.
 */
import * as Clock from "effect/Clock"
import * as Context from "effect/Context"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Scope from "effect/Scope"
import type { InvalidSettingsError } from "../errors.js"
import { announceNotice, announceWait, currentObserver } from "../http/observe.js"
import { checkRateStore, invalidSetting } from "../settings.js"
import { type BucketState, type Pace, take } from "./leaky-bucket.js"
import type { RedisRateStore, StoreAnswer } from "./rate-store-redis.js"
import type { ConnectRedisStore } from "./redis-connector.js"

export { type Pace, paceOf } from "./leaky-bucket.js"

export interface AcquireOptions {
  /** How many requests the service counts this one as (a batch: one per action); 1 when not given. */
  readonly cost?: number | undefined
  /**
   * The longest the caller waits at a shared store's word (the client's `maxWait`): a store asking more
   * holds values no process wrote, and pacing goes on in-process. At most `STORE_WAIT_CAP` in any case.
   */
  readonly maxWait?: Duration.Duration | undefined
}

export interface RateLimiterService {
  /**
   * Waits until a request counted against `key` may go: after any pause of the
   * key, at `pace`, else at the pace learned for the key, else at once.
   */
  readonly acquire: (key: string, pace?: Pace | undefined, options?: AcquireOptions | undefined) => Effect.Effect<void>
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

/** The longest wait a shared store is believed whatever `maxWait` says: beyond it, its values are corrupt. */
export const STORE_WAIT_CAP = Duration.minutes(10)

/** What a request asks of a store. */
export interface Reservation {
  readonly pace: Pace | undefined
  readonly cost: number
  /** A shared store asking a longer wait is not believed. */
  readonly boundMs: number
}

/** The wait for a slot, and the shared store that asked it (none: paced in this process). */
export interface Slot {
  readonly waitMs: number
  readonly sharedBy?: string | undefined
}

/** The state behind a limiter; each operation is atomic for its key. */
export interface RateStore {
  /** Reserves the key's next slots. */
  readonly reserve: (key: string, reservation: Reservation) => Effect.Effect<Slot>
  /** The milliseconds left of the key's pause (0: none). */
  readonly pausedFor: (key: string, boundMs: number) => Effect.Effect<number>
  /** Pauses the key for `ms` from now (never shortening a pause) and adopts `learned`, when given. */
  readonly pause: (key: string, ms: number, learned: Pace | undefined) => Effect.Effect<void>
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
    reserve: (key, { cost, pace }) =>
      Effect.map(Clock.currentTimeMillis, (now) => {
        const state = stateOf(key)
        const effective = pace ?? state.learned
        if (effective === undefined) return { waitMs: Math.max(0, state.pausedUntil - now) }
        const [waitMs, next] = take(effective, state.tat, now, state.pausedUntil, cost)
        state.tat = next
        return { waitMs }
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
  acquire: (key, pace, options) =>
    Effect.gen(function*() {
      const cost = Math.max(1, Math.ceil(options?.cost ?? 1))
      const cap = Duration.toMillis(STORE_WAIT_CAP)
      const boundMs = options?.maxWait === undefined ? cap : Math.min(cap, Duration.toMillis(options.maxWait))
      const announce = announceWait(yield* currentObserver)
      let waited = 0
      // A request that waited re-checks the pause: one begun meanwhile sends it back for a slot after it,
      // until it has waited as long as the caller allows.
      for (;;) {
        const slot = yield* store.reserve(key, { pace, cost, boundMs })
        if (slot.waitMs <= 0) return
        const delay = Duration.millis(slot.waitMs + LATENCY_MARGIN_MS)
        yield* announce({ reason: "pacing", delay, attempt: 1, detail: slot.sharedBy })
        yield* Effect.sleep(delay)
        waited += Duration.toMillis(delay)
        if (waited >= boundMs || (yield* store.pausedFor(key, boundMs)) <= 0) return
      }
    }),
  rateLimited: (key, retryAfter, learned) => store.pause(key, Duration.toMillis(retryAfter), learned)
})

/** Where a store is, without its user name or password: for messages. */
export const describeStore = (url: string): string => {
  try {
    const u = new URL(url)
    return `${u.protocol}//${u.host}${u.pathname === "/" ? "" : u.pathname}`
  } catch {
    return "the rate store"
  }
}

/** After the store failed, it is left alone this long before it is tried again, doubling up to `RETRY_MAX_MS`. */
const RETRY_FIRST_MS = 1_000
const RETRY_MAX_MS = 30_000

const reasonOf = (cause: unknown) => (cause instanceof Error && cause.message !== "" ? cause.message : String(cause))

const shown = (ms: number) => Duration.format(Duration.millis(Math.ceil(ms / 1000) * 1000))

/**
 * The store at `href` (a URL checked by `checkRateStore`), connected when
 * first used and closed with the scope. While it cannot be reached, fails,
 * or answers what no process writes (a field that is not a number, a wait
 * longer than the request allows), requests are paced in this process, and
 * the store is tried again after a while (1 s, doubling up to 30 s): said
 * once when it stops being used, and once when it is used again, to the
 * request's observer (the command line's `Note:`, a tool result) or else
 * through Effect's logger.
 */
export const redisStore = (href: string, connect: ConnectRedisStore): Effect.Effect<RateStore, never, Scope.Scope> =>
  Effect.gen(function*() {
    const where = describeStore(href)
    const local = memoryStore()
    let live: Promise<RedisRateStore> | undefined
    let down: { readonly retryAt: number; readonly backoffMs: number } | undefined
    let closed = false
    yield* Effect.addFinalizer(() =>
      Effect.promise(() => {
        closed = true
        const last = live
        live = undefined
        return last === undefined ? Promise.resolve() : last.then((redis) => redis.close(), () => undefined)
      })
    )
    const say = (message: string) => Effect.flatMap(currentObserver, (observer) => announceNotice(observer)(message))

    /** Stops using the store for a while; `broken` is a connection to drop. */
    const unusable = (reason: string, broken?: Promise<RedisRateStore>) =>
      Effect.gen(function*() {
        if (broken !== undefined && live === broken) {
          live = undefined
          void broken.then((redis) => redis.close(), () => undefined)
        }
        const now = yield* Clock.currentTimeMillis
        const first = down === undefined
        const backoffMs = down === undefined ? RETRY_FIRST_MS : Math.min(RETRY_MAX_MS, down.backoffMs * 2)
        down = { retryAt: now + backoffMs, backoffMs }
        if (first) yield* say(`The rate store ${where} ${reason}: pacing within this process only.`)
      })

    const usable = Effect.suspend(() => {
      if (down === undefined) return Effect.void
      down = undefined
      return say(`The rate store ${where} answers again: pacing shared with the other processes again.`)
    })

    /** The store's answer, or none when it is not to be used now (the request is then paced in-process). */
    const ask = <A>(command: (redis: RedisRateStore) => Promise<A>): Effect.Effect<Option.Option<A>> =>
      Effect.gen(function*() {
        if (closed) return Option.none()
        if (down !== undefined && (yield* Clock.currentTimeMillis) < down.retryAt) return Option.none()
        const connection = (live ??= connect(href))
        const answer = yield* Effect.either(
          Effect.tryPromise({ try: () => connection.then(command), catch: (cause) => cause })
        )
        if (answer._tag === "Right") return Option.some(answer.right)
        yield* unusable(`cannot be used (${reasonOf(answer.left)})`, connection)
        return Option.none()
      })

    /** A wait the store asks, when it is one to believe; else why not. */
    const believed = (answer: StoreAnswer, boundMs: number): number | string =>
      "bad" in answer
        ? `holds a ${answer.bad} that is not a number (its values look corrupt)`
        : !(answer.ms >= 0 && answer.ms <= boundMs)
        ? `asks for a wait of ${Number.isFinite(answer.ms) ? shown(answer.ms) : String(answer.ms)}, more than the ${
          shown(boundMs)
        } allowed (its values look corrupt)`
        : answer.ms

    const waitOf = <A>(
      answer: Option.Option<StoreAnswer>,
      boundMs: number,
      local: Effect.Effect<A>,
      wrap: (ms: number) => A
    ) =>
      Effect.gen(function*() {
        if (Option.isNone(answer)) return yield* local
        const ms = believed(answer.value, boundMs)
        if (typeof ms === "string") {
          yield* unusable(ms)
          return yield* local
        }
        yield* usable
        return wrap(ms)
      })

    return {
      reserve: (key, reservation) =>
        Effect.flatMap(
          ask((redis) => redis.reserve(key, reservation.pace, reservation.cost, reservation.boundMs)),
          (answer) =>
            waitOf(answer, reservation.boundMs, local.reserve(key, reservation), (waitMs) => ({
              waitMs,
              sharedBy: where
            }))
        ),
      pausedFor: (key, boundMs) =>
        Effect.flatMap(
          ask((redis) => redis.pausedFor(key)),
          (answer) => waitOf(answer, boundMs, local.pausedFor(key, boundMs), (ms) => ms)
        ),
      pause: (key, ms, learned) =>
        Effect.flatMap(
          ask((redis) => redis.pause(key, ms, learned)),
          (done) => (Option.isSome(done) ? usable : local.pause(key, ms, learned))
        )
    }
  })

/** A limiter on the store at `url`, checked first. */
const storeLimiter = (
  url: string,
  connect: ConnectRedisStore
): Effect.Effect<RateLimiterService, InvalidSettingsError, Scope.Scope> =>
  Effect.flatMap(
    checkRateStore(url),
    Option.match({
      onNone: () => invalidSetting("rateStore", "The rate store URL is empty; expected redis://HOST:PORT/DB."),
      onSome: (href) => Effect.map(redisStore(href, connect), makeLimiter)
    })
  )

export class RateLimiter extends Context.Tag("design-taskmgr/RateLimiter")<RateLimiter, RateLimiterService>() {
  /** One in-process budget, shared by every client built where this layer is provided. */
  static readonly layer: Layer.Layer<RateLimiter> = Layer.sync(RateLimiter, () => makeLimiter(memoryStore()))
  /**
   * One budget shared through Redis (redis://HOST:PORT/DB, rediss:// for TLS) by every process that uses it;
   * `connect` is the Redis client ("design-taskmgr/redis" `RedisRateStore.rateLimiter` gives it). The URL is
   * checked when the layer is built; the connection is closed with the layer.
   */
  static readonly layerStore = (
    url: string,
    connect: ConnectRedisStore
  ): Layer.Layer<RateLimiter, InvalidSettingsError> => Layer.scoped(RateLimiter, storeLimiter(url, connect))
  /** No pacing at all. */
  static readonly unpaced: Layer.Layer<RateLimiter> = Layer.succeed(RateLimiter, {
    acquire: () => Effect.void,
    rateLimited: () => Effect.void
  })
  /**
   * For a client: the store its options name, else the limiter in context,
   * else one of its own, so nothing a client learns (a 429's pause) reaches a
   * client that was not given the same limiter. A store's connection is
   * closed with the scope the client is built in (a layer's), if any.
   */
  static readonly forClient = (
    rateStore: Option.Option<string>,
    connect: ConnectRedisStore
  ): Effect.Effect<RateLimiterService> =>
    Option.match(rateStore, {
      onNone: () => Effect.map(Effect.serviceOption(RateLimiter), Option.getOrElse(() => makeLimiter(memoryStore()))),
      onSome: (href) =>
        Effect.flatMap(
          Effect.serviceOption(Scope.Scope),
          (scope) =>
            Effect.flatMap(
              Option.match(scope, { onNone: () => Scope.make(), onSome: Effect.succeed }),
              (owner) => Effect.map(Scope.extend(redisStore(href, connect), owner), makeLimiter)
            )
        )
    })
}
