/**
 * A 429 pauses its whole counting scope (TestClock, simulator layers): bursts
 * of any size at any concurrency meet at most one 429 per scope with the plan
 * configured, and with it unset learn the pace from the first 429s; requests
 * already queued wait for the pause instead of going out early.
 */
import { describe, expect, it } from "@effect/vitest"
import { Clock, type Duration, Effect, Fiber, Layer, TestClock } from "effect"
import { HttpObserver } from "../../../src/core/http/observe.js"
import { DesignApi } from "../../../src/design/api.js"
import type { DesignOptions } from "../../../src/design/options.js"
import { TaskmgrApi } from "../../../src/taskmgr/api.js"
import type { TaskmgrOptions } from "../../../src/taskmgr/options.js"
import { designSeed, DesignSimulator, taskmgrSeed, TaskmgrSimulator } from "../../../src/testing/index.js"

const SIM = "http://127.0.0.1:1"

/** Runs `calls` at `concurrency` in flight, recording when each answer came and with which status. */
const burst = <R>(
  call: Effect.Effect<unknown, unknown, R>,
  calls: number,
  concurrency: number,
  testTime: Duration.DurationInput
) =>
  Effect.gen(function*() {
    const answers: Array<{ readonly at: number; readonly status: number | null }> = []
    const observer = {
      onWait: () => Effect.void,
      onExchange: (event: { readonly status: number | null }) =>
        Effect.map(Clock.currentTimeMillis, (at) => void answers.push({ at, status: event.status }))
    }
    const fiber = yield* Effect.fork(
      Effect.forEach(Array.from({ length: calls }), () => Effect.either(call), { concurrency }).pipe(
        Effect.provideService(HttpObserver, observer)
      )
    )
    yield* TestClock.adjust(testTime)
    const results = yield* Fiber.join(fiber)
    const limited = answers.filter((a) => a.status === 429)
    return {
      failures: results.filter((r) => r._tag === "Left").length,
      limited: limited.length,
      lastLimitedAt: Math.max(0, ...limited.map((a) => a.at)),
      ok: answers.filter((a) => a.status === 200).length,
      finishedAt: Math.max(...answers.map((a) => a.at))
    }
  })

const taskmgr = (overrides: Partial<TaskmgrOptions>) =>
  TaskmgrApi.layer({
    token: taskmgrSeed.tokens.free,
    baseUrl: `${SIM}/api/1.0`,
    appUrl: SIM,
    workspace: taskmgrSeed.free_workspace_gid,
    ...overrides
  }).pipe(Layer.provideMerge(TaskmgrSimulator.layer))
const userMe = Effect.flatMap(TaskmgrApi, (api) => api.userMe({}))

const design = (overrides: Partial<DesignOptions>) =>
  DesignApi.layer({ token: designSeed.tokens.personal, baseUrl: SIM, teamId: designSeed.team_id, ...overrides }).pipe(
    Layer.provideMerge(DesignSimulator.layer)
  )
const designMe = Effect.flatMap(DesignApi, (api) => api.userMe({}))

describe("a 429 pauses the counting scope: task-management, free workspace (150 a minute)", () => {
  it.effect("with the plan set, 200 calls at 50 in flight meet at most one 429, fail none, and take about the 20 s the limit allows", () =>
    Effect.gen(function*() {
      const r = yield* burst(userMe, 200, 50, "2 minutes")
      expect(r.failures).toBe(0)
      expect(r.limited).toBeLessThanOrEqual(1)
      expect(r.ok).toBe(200)
      // 149 at once (one held back), then 2.5 a second: 20.4 s, plus the latency margin.
      expect(r.finishedAt).toBeGreaterThanOrEqual(20_400)
      expect(r.finishedAt).toBeLessThanOrEqual(21_000)
    }).pipe(Effect.provide(taskmgr({ plan: "free" }))))

  it.effect("with the plan set, one at a time meets no 429", () =>
    Effect.gen(function*() {
      const r = yield* burst(userMe, 200, 1, "2 minutes")
      expect([r.failures, r.limited, r.ok]).toEqual([0, 0, 200])
    }).pipe(Effect.provide(taskmgr({ plan: "free" }))))

  it.effect("without the plan, the pace is learned from the first 429s: none after them, no call fails", () =>
    Effect.gen(function*() {
      const r = yield* burst(userMe, 200, 50, "3 minutes")
      expect(r.failures).toBe(0)
      expect(r.ok).toBe(200)
      expect(r.limited).toBeGreaterThan(0)
      // Only the requests already in flight when the first 429 came back met one.
      expect(r.limited).toBeLessThanOrEqual(50)
      expect(r.lastLimitedAt).toBe(0)
    }).pipe(Effect.provide(taskmgr({}))))
})

describe("a 429 pauses the counting scope: design, Full seat on Professional (tier 3: 50 a minute)", () => {
  it.effect("with seat and plan set, 200 calls at 50 in flight meet at most one 429 and fail none", () =>
    Effect.gen(function*() {
      const r = yield* burst(designMe, 200, 50, "5 minutes")
      expect(r.failures).toBe(0)
      expect(r.limited).toBeLessThanOrEqual(1)
      // 49 at once (one held back), then one every 1.2 s: 181.2 s, plus the latency margin.
      expect(r.finishedAt).toBeGreaterThanOrEqual(181_200)
      expect(r.finishedAt).toBeLessThanOrEqual(182_000)
    }).pipe(Effect.provide(design({ seat: "full", plan: "professional" }))))

  it.effect("without them, the pace is learned from the 429's headers: none after the first ones, no call fails", () =>
    Effect.gen(function*() {
      const r = yield* burst(designMe, 200, 50, "6 minutes")
      expect(r.failures).toBe(0)
      expect(r.limited).toBeGreaterThan(0)
      expect(r.limited).toBeLessThanOrEqual(50)
      expect(r.lastLimitedAt).toBe(0)
    }).pipe(Effect.provide(design({}))))
})

describe("requests already queued wait out a pause", () => {
  it.effect("a request paced for later does not go out while a 429 paused its scope", () =>
    Effect.gen(function*() {
      const s = yield* DesignSimulator
      const a = yield* DesignApi
      // Tier 2 for a View seat: 5 a minute; 4 at once, then one every 12 s.
      yield* Effect.forEach(Array.from({ length: 4 }), () => a.webhookList({}))
      yield* s.injectFault({ method: "GET", path: "/v2/webhooks", status: 429, headers: { "retry-after": "40" } })
      const fifth = yield* Effect.fork(a.webhookList({}))
      const sixth = yield* Effect.fork(a.webhookList({}))
      yield* TestClock.adjust("13 seconds")
      // The fifth went at 12 s and met the 429: the scope is paused until 52 s.
      expect((yield* s.requests).length).toBe(5)
      yield* TestClock.adjust("39 seconds")
      // The sixth, queued for 24 s, is still waiting at 52 s.
      expect((yield* s.requests).length).toBe(5)
      yield* TestClock.adjust("1 second")
      expect((yield* s.requests).length).toBe(6)
      // The fifth's retry takes the next slot, 12 s later.
      yield* TestClock.adjust("20 seconds")
      yield* Fiber.join(fifth)
      yield* Fiber.join(sixth)
      expect((yield* s.requests).length).toBe(7)
    }).pipe(Effect.provide(design({ seat: "view", plan: "professional" }))))
})
