/**
 * The rate store on a real redis-server, the waits on TestClock: one budget
 * for every limiter on the store (a batch taking its cost), waits bounded by
 * the caller whatever the store holds, pacing in-process while the store is
 * down and shared again once it is back, the URL checked when the layer is
 * built (its password never shown), the connection closed with the layer.
 */
import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import { Chunk, Clock, Context, Duration, Effect, Exit, Fiber, Layer, Logger, Option, Scope, TestClock } from "effect"
import { Redis } from "ioredis"
import { HttpObserver, type WaitEvent } from "../../../src/core/http/observe.js"
import { LATENCY_MARGIN_MS, RateLimiter, type RateLimiterService } from "../../../src/core/pacing/rate-limit.js"
import { connectRedisStore } from "../../../src/core/pacing/rate-store-redis.js"
import { RedisRateStore } from "../../../src/redis.js"
import { TaskmgrApi } from "../../../src/taskmgr/api.js"
import { taskmgrSeed, TaskmgrSimulator } from "../../../src/testing/index.js"
import { type RedisServer, startRedisServer } from "../../e2e/redis-server.js"

let server: RedisServer
let admin: Redis
let db = 0

beforeAll(async () => {
  server = await startRedisServer()
  admin = new Redis(server.url)
}, 30_000)
afterAll(async () => {
  admin?.disconnect()
  await server?.stop()
})

/** A database of its own for each test, so no key of one test meets another. */
const freshStore = () => {
  db++
  return { url: `${server.url}/${db}`, key: (k: string) => `design-taskmgr:pace:${k}`, db }
}
const inDb = <A>(n: number, command: (redis: Redis) => Promise<A>) =>
  Effect.promise(async () => {
    await admin.select(n)
    return command(admin)
  })
/** Our connections the server holds now (by the name the store gives them). */
const ourClients = Effect.promise(async () =>
  (await admin.client("LIST") as string).split("\n").filter((line) => line.includes("name=design-taskmgr-pacing"))
    .length
)

/** The limiter of `layer`, built in `scope`. */
const limiterIn = <E>(layer: Layer.Layer<RateLimiter, E>, scope: Scope.Scope): Effect.Effect<RateLimiterService, E> =>
  Effect.map(Layer.buildWithScope(layer, scope), (context) => Context.get(context, RateLimiter))

/** Every warning logged (a notice goes to Effect's logger when nobody observes the request). */
const logged = () => {
  const lines: Array<string> = []
  const logger = Logger.make(({ message }) => {
    lines.push((Array.isArray(message) ? message : [message]).map(String).join(" "))
  })
  return { lines, layer: Logger.add(logger) }
}

/**
 * Until `fiber` is over or asleep on the test clock: it may be waiting for
 * Redis meanwhile, in real time, which is given a moment at a time.
 */
const settled = <A, E>(fiber: Fiber.RuntimeFiber<A, E>) =>
  Effect.gen(function*() {
    for (let tries = 0; tries < 1_000; tries++) {
      if (Option.isSome(yield* Fiber.poll(fiber))) return []
      const sleeps = Chunk.toReadonlyArray(yield* TestClock.sleeps())
      if (sleeps.length > 0) return sleeps
      yield* Effect.promise(() => new Promise((resolve) => setTimeout(resolve, 5)))
    }
    throw new Error("neither over nor asleep after 5 s of Redis")
  })

/** Whether `effect` is over before the test clock has moved `by`, moving it from sleep to sleep. */
const doneWithin = <A, E>(effect: Effect.Effect<A, E>, by: Duration.DurationInput) =>
  Effect.gen(function*() {
    const fiber = yield* Effect.fork(effect)
    const limit = (yield* Clock.currentTimeMillis) + Duration.toMillis(by)
    for (;;) {
      const sleeps = yield* settled(fiber)
      if (sleeps.length === 0) return true
      const next = Math.min(...sleeps)
      if (next > limit) return false
      yield* TestClock.setTime(next)
    }
  })

const PACE = { perMinute: 60, burst: 10 }

describe("RateLimiter.layerStore on a real Redis", () => {
  it.scoped("two limiters on one store share one budget, a batch taking as many slots as it costs", () =>
    Effect.gen(function*() {
      const store = freshStore()
      const scope = yield* Effect.scope
      const a = yield* limiterIn(RateLimiter.layerStore(store.url, connectRedisStore), scope)
      const b = yield* limiterIn(RateLimiter.layerStore(store.url, connectRedisStore), scope)
      const waits: Array<WaitEvent> = []
      const observer = { onWait: (e: WaitEvent) => Effect.sync(() => void waits.push(e)) }
      // A slot every 10 s (Redis's clock runs on meanwhile, so the slots are long beside a loaded machine's delays).
      const pace = { perMinute: 6, burst: 10 }
      // Ten at once from an empty bucket: the whole burst, no wait.
      yield* a.acquire("k", pace, { cost: 10 })
      expect(waits).toEqual([])
      // The other limiter's next request waits for a slot to drain, told which store asked it.
      const fiber = yield* Effect.fork(b.acquire("k", pace).pipe(Effect.provideService(HttpObserver, observer)))
      expect(yield* settled(fiber)).toHaveLength(1)
      expect(waits).toHaveLength(1)
      expect(waits[0]!.detail).toBe(`redis://127.0.0.1:${server.port}/${store.db}`)
      expect(Duration.toMillis(waits[0]!.delay)).toBeGreaterThan(5_000 + LATENCY_MARGIN_MS)
      expect(Duration.toMillis(waits[0]!.delay)).toBeLessThanOrEqual(10_000 + LATENCY_MARGIN_MS)
      yield* TestClock.adjust("11 seconds")
      yield* Fiber.join(fiber)
      expect(yield* ourClients).toBeGreaterThanOrEqual(2)
    }))

  describe("a wait is bounded by maxWait whatever the store holds: said once, then paced in-process", () => {
    const FAR = String(Date.now() + 11 * 24 * 3_600_000)
    const cases: ReadonlyArray<
      readonly [string, Record<string, string>, RegExp, ReadonlyArray<typeof PACE | undefined>]
    > = [
      ["paused far ahead", { paused: FAR }, /asks for a wait of 1\dd\b.*, more than the 5s allowed/, [PACE]],
      ["tat far ahead", { tat: FAR }, /asks for a wait of 1\dd\b.*, more than the 5s allowed/, [PACE]],
      ["a learned pace of 0.0001 a minute", { pm: "0.0001", pb: "1" }, /more than the 5s allowed/, [undefined]],
      ["a tat that is not a number", { tat: "nan" }, /holds a tat that is not a number/, [PACE]],
      ["a paused that is infinite", { paused: "inf" }, /holds a paused that is not a number/, [PACE]]
    ]
    for (const [name, fields, said, paces] of cases) {
      it.scoped(name, () =>
        Effect.gen(function*() {
          const store = freshStore()
          yield* inDb(store.db, (r) => r.hset(store.key("k"), fields))
          const log = logged()
          const limiter = yield* limiterIn(RateLimiter.layerStore(store.url, connectRedisStore), yield* Effect.scope)
          const acquire = Effect.forEach(
            [...paces, ...paces, ...paces],
            (pace) => limiter.acquire("k", pace, { maxWait: Duration.seconds(5) })
          ).pipe(Effect.provide(log.layer))
          expect(yield* doneWithin(acquire, "5 seconds")).toBe(true)
          expect(log.lines).toEqual([expect.stringMatching(said)])
          expect(log.lines[0]).toContain(`The rate store redis://127.0.0.1:${server.port}/${store.db} `)
          expect(log.lines[0]).toContain("pacing within this process only")
          // Nothing was taken from the store at its word: the value is still there, untouched.
          expect(yield* inDb(store.db, (r) => r.hgetall(store.key("k")))).toMatchObject(fields)
        }))
    }

    it.scoped("bounded by the cap when maxWait is longer", () =>
      Effect.gen(function*() {
        const store = freshStore()
        yield* inDb(store.db, (r) => r.hset(store.key("k"), { paused: FAR }))
        const log = logged()
        const limiter = yield* limiterIn(RateLimiter.layerStore(store.url, connectRedisStore), yield* Effect.scope)
        const acquire = limiter.acquire("k", PACE, { maxWait: Duration.days(30) }).pipe(Effect.provide(log.layer))
        expect(yield* doneWithin(acquire, "1 second")).toBe(true)
        expect(log.lines).toEqual([expect.stringMatching(/more than the 10m allowed/)])
      }))
  })

  it.scoped("a restarted Redis: paced in-process while it is down, the shared budget taken up again after", () =>
    Effect.gen(function*() {
      const restarted = yield* Effect.promise(() => startRedisServer())
      yield* Effect.addFinalizer(() => Effect.promise(() => restarted.stop()))
      const url = `${restarted.url}/0`
      const log = logged()
      const limiter = yield* limiterIn(RateLimiter.layerStore(url, connectRedisStore), yield* Effect.scope)
      const acquire = limiter.acquire("k", PACE).pipe(Effect.provide(log.layer))
      const keys = Effect.promise(async () => {
        const probe = new Redis(restarted.url)
        const found = await probe.keys("design-taskmgr:pace:*")
        probe.disconnect()
        return found
      })
      yield* acquire
      expect(yield* keys).toEqual(["design-taskmgr:pace:k"])
      yield* Effect.promise(() => restarted.stop())
      yield* acquire
      expect(log.lines).toEqual([expect.stringMatching(/^The rate store .* cannot be used \(.+\): pacing within/)])
      const again = yield* Effect.promise(() => startRedisServer(restarted.port))
      yield* Effect.addFinalizer(() => Effect.promise(() => again.stop()))
      // Left alone for a second after it failed: still in-process, nothing more said.
      yield* acquire
      expect(yield* keys).toEqual([])
      expect(log.lines).toHaveLength(1)
      yield* TestClock.adjust("1 second")
      yield* acquire
      expect(yield* keys).toEqual(["design-taskmgr:pace:k"])
      expect(log.lines).toHaveLength(2)
      expect(log.lines[1]).toMatch(/answers again: pacing shared with the other processes again/)
    }))

  it.effect("the connection is closed with the layer's scope", () =>
    Effect.gen(function*() {
      const store = freshStore()
      const before = yield* ourClients
      const scope = yield* Scope.make()
      const limiter = yield* limiterIn(RateLimiter.layerStore(store.url, connectRedisStore), scope)
      yield* limiter.acquire("k", PACE)
      expect(yield* ourClients).toBe(before + 1)
      yield* Scope.close(scope, Exit.void)
      expect(yield* ourClients).toBe(before)
    }))

  it.effect("a client's own store (the rateStore option) is closed with its layer", () =>
    Effect.gen(function*() {
      const store = freshStore()
      const before = yield* ourClients
      const scope = yield* Scope.make()
      const layer = TaskmgrApi.layer({
        token: taskmgrSeed.tokens.free,
        baseUrl: "http://127.0.0.1:1/api/1.0",
        appUrl: "http://127.0.0.1:1",
        workspace: taskmgrSeed.free_workspace_gid,
        rateStore: store.url
      }).pipe(Layer.provide(Layer.merge(TaskmgrSimulator.layer, RedisRateStore.layer)))
      const context = yield* Layer.buildWithScope(layer, scope)
      yield* Effect.flatMap(TaskmgrApi, (api) => api.userMe({})).pipe(Effect.provide(context))
      expect(yield* ourClients).toBe(before + 1)
      yield* Scope.close(scope, Exit.void)
      expect(yield* ourClients).toBe(before)
    }))
})

describe("RateLimiter.layerStore checks its URL when the layer is built", () => {
  const refused: ReadonlyArray<readonly [string, RegExp]> = [
    ["http://127.0.0.1:6379/0", /is not a Redis URL \(http:\)/],
    ["redis://127.0.0.1:6379/zero", /has a database that is not a number/],
    ["redis://127.0.0.1:0/0", /has port 0/],
    ["redis://127.0.0.1:70000/0", /is not a URL/],
    ["redis:nohost", /names no host/],
    ["redis://127.0.0.1:6379/0?family=6", /has a query/],
    ["redis://bad host:6379/0", /is not a URL/],
    ["redis://127.0.0.1:6379/0\n1", /contains a line break \(CR or LF\); it is refused rather than cleaned/],
    ["", /is empty/]
  ]
  for (const [url, why] of refused) {
    it.effect(`refuses ${JSON.stringify(url)}`, () =>
      Effect.gen(function*() {
        const exit = yield* Effect.exit(Effect.scoped(Layer.build(RateLimiter.layerStore(url, connectRedisStore))))
        expect(exit).toMatchObject({ _tag: "Failure", cause: { error: { _tag: "InvalidSettingsError" } } })
        const error = Exit.isFailure(exit) ? (exit.cause as unknown as { error: { message: string } }).error : undefined
        expect(error?.message).toMatch(why)
      }))
  }

  it.effect("never shows a user name or password, however it is written", () =>
    Effect.gen(function*() {
      for (
        const url of [
          "redis://:Sup3r/SecretRedisPw@127.0.0.1:6379/0",
          "redis://:Sup3r@Secret:RedisPw@127.0.0.1:6379/zero",
          "redis://admin:Sup3r%2FSecretRedisPw@127.0.0.1:0/0",
          "http://admin:Sup3rSecretRedisPw@127.0.0.1:6379/0"
        ]
      ) {
        const exit = yield* Effect.exit(Effect.scoped(Layer.build(RateLimiter.layerStore(url, connectRedisStore))))
        const message = Exit.isFailure(exit) ? JSON.stringify(exit.cause) : ""
        expect(message).toContain("rate store")
        expect(message).toContain("***@127.0.0.1")
        expect(message).not.toMatch(/Sup3r|Secret|RedisPw|admin/)
      }
    }))
})
