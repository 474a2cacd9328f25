/**
 * A batch is paced as the requests the service counts it for (TestClock, the
 * task manager's simulator): sixteen programs sharing one free-workspace
 * token (150 a minute) through one RateLimiter, each fetching 15 tasks with
 * `taskGetMany` (a batch of 10 and one of 5, every action counted), meet at
 * most two 429s and lose no task.
 */
import { describe, expect, it } from "@effect/vitest"
import { Clock, Effect, Fiber, Layer, TestClock } from "effect"
import { HttpObserver } from "../../../src/core/http/observe.js"
import { take } from "../../../src/core/pacing/leaky-bucket.js"
import { RateLimiter } from "../../../src/core/pacing/rate-limit.js"
import { TaskmgrApi } from "../../../src/taskmgr/api.js"
import { taskmgrSeed, TaskmgrSimulator } from "../../../src/testing/index.js"

const SIM = "http://127.0.0.1:1"
const PROGRAMS = 16
const GIDS = 15

const api = (plan: "free" | undefined) =>
  TaskmgrApi.layer({
    token: taskmgrSeed.tokens.free,
    baseUrl: `${SIM}/api/1.0`,
    appUrl: SIM,
    workspace: taskmgrSeed.free_workspace_gid,
    ...(plan === undefined ? {} : { plan })
  }).pipe(Layer.provideMerge(Layer.merge(TaskmgrSimulator.layer, RateLimiter.layer)))

/** `PROGRAMS` taskGetMany calls at once on the token, over `GIDS` tasks made first: what they met. */
const programs = Effect.gen(function*() {
  const answers: Array<{ readonly at: number; readonly status: number | null }> = []
  const observer = {
    onWait: () => Effect.void,
    onExchange: (event: { readonly status: number | null }) =>
      Effect.map(Clock.currentTimeMillis, (at) => void answers.push({ at, status: event.status }))
  }
  const tm = yield* TaskmgrApi
  const gids = yield* Effect.forEach(
    Array.from({ length: GIDS }, (_, i) => i),
    (i) => Effect.map(tm.taskCreate({ name: `Batch ${i}` }), (task) => task.gid)
  )
  // The creates spent some of the budget: a full one for the programs.
  yield* TestClock.adjust("2 minutes")
  const started = yield* Clock.currentTimeMillis
  const fiber = yield* Effect.fork(
    Effect.forEach(
      Array.from({ length: PROGRAMS }),
      () => Effect.either(tm.taskGetMany({ gids })),
      { concurrency: "unbounded" }
    ).pipe(Effect.provideService(HttpObserver, observer))
  )
  yield* TestClock.adjust("5 minutes")
  const results = yield* Fiber.join(fiber)
  return {
    failures: results.filter((r) => r._tag === "Left"),
    failedGids: results.flatMap((r) => (r._tag === "Right" ? r.right.tasks.filter((t) => "error" in t) : [])),
    limited: answers.filter((a) => a.status === 429).length,
    ok: answers.filter((a) => a.status === 200).length,
    lastAt: Math.max(...answers.map((a) => a.at)) - started
  }
})

describe("a batch costs what the service counts", () => {
  it("takes as many slots as it counts for, and goes when the last of them is due", () => {
    const pace = { perMinute: 60, burst: 5 }
    // From an empty bucket, a batch of 5 fits the burst: it goes at once and fills it.
    const [first, full] = take(pace, undefined, 0, Number.NEGATIVE_INFINITY, 5)
    expect(first).toBe(0)
    // The next batch of 3 needs three slots to drain: 3 s; a single request after it, one more.
    const [second, after] = take(pace, full, 0, Number.NEGATIVE_INFINITY, 3)
    expect(second).toBe(3_000)
    expect(take(pace, after, 0)[0]).toBe(4_000)
  })

  it.effect(`${PROGRAMS} programs of ${GIDS}-gid taskGetMany on one free token: no task lost, at most two 429s`, () =>
    Effect.gen(function*() {
      const r = yield* programs
      expect(r.failures).toEqual([])
      expect(r.failedGids).toEqual([])
      expect(r.limited).toBeLessThanOrEqual(2)
      expect(r.ok).toBe(2 * PROGRAMS)
      // 16 x (11 + 6) = 272 counted, 149 of them at once, then 2.5 a second: the last about 49 s later.
      expect(r.lastAt).toBeGreaterThanOrEqual(48_000)
      expect(r.lastAt).toBeLessThanOrEqual(52_000)
    }).pipe(Effect.provide(api("free"))))

  it.effect("without the plan, the actions refused while the pace is learned are asked again: no task lost", () =>
    Effect.gen(function*() {
      const r = yield* programs
      expect(r.failures).toEqual([])
      expect(r.failedGids).toEqual([])
      expect(r.limited).toBeGreaterThan(0)
    }).pipe(Effect.provide(api(undefined))))
})
