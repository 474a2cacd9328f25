/**
 * A client layer built without a RateLimiter paces on a limiter of its own
 * (TestClock, one simulator behind every layer): a 429's pause met by one
 * layer does not hold up another layer on the same token; an explicit
 * `RateLimiter.layer` is how layers share one budget.
 */
import * as HttpClient from "@effect/platform/HttpClient"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Fiber, Layer, Option, TestClock } from "effect"
import type { InvalidSettingsError } from "../../../src/core/errors.js"
import { RateLimiter } from "../../../src/core/pacing/rate-limit.js"
import { TaskmgrApi } from "../../../src/taskmgr/api.js"
import { taskmgrSeed, TaskmgrSimulator } from "../../../src/testing/index.js"

const SIM = "http://127.0.0.1:1"

/** The simulator's HttpClient and controls, and nothing else: no RateLimiter in context. */
const simulatorOnly = Layer.mergeAll(
  Layer.effect(HttpClient.HttpClient, HttpClient.HttpClient),
  Layer.effect(TaskmgrSimulator, TaskmgrSimulator)
).pipe(Layer.provide(TaskmgrSimulator.layer))

const client = TaskmgrApi.layer({
  token: taskmgrSeed.tokens.free,
  baseUrl: `${SIM}/api/1.0`,
  appUrl: SIM,
  workspace: taskmgrSeed.free_workspace_gid,
  plan: "free"
})
const userMe = Effect.flatMap(TaskmgrApi, (api) => api.userMe({}))

/** One layer meets a 429 (Retry-After 40 s) and waits it out; meanwhile, another layer's call on the same token. */
const pausedThenOther = (
  first: Layer.Layer<TaskmgrApi, InvalidSettingsError, HttpClient.HttpClient>,
  second: Layer.Layer<TaskmgrApi, InvalidSettingsError, HttpClient.HttpClient>
) =>
  Effect.gen(function*() {
    const sim = yield* TaskmgrSimulator
    yield* sim.injectFault({
      method: "GET",
      path: "/api/1.0/users/me",
      status: 429,
      headers: { "retry-after": "40" },
      times: 1
    })
    const paused = yield* Effect.fork(Effect.provide(userMe, first))
    yield* TestClock.adjust("1 second")
    expect(Option.isNone(yield* Fiber.poll(paused))).toBe(true)
    const other = yield* Effect.fork(Effect.provide(userMe, second))
    yield* TestClock.adjust("1 second")
    const otherDone = Option.isSome(yield* Fiber.poll(other))
    yield* TestClock.adjust("40 seconds")
    yield* Fiber.join(paused)
    yield* Fiber.join(other)
    return otherDone
  })

describe("a rate limiter per layer", () => {
  it.effect("a layer built without a RateLimiter is not held up by another layer's 429", () =>
    Effect.gen(function*() {
      expect(yield* pausedThenOther(client, client)).toBe(true)
    }).pipe(Effect.provide(simulatorOnly)))

  it.effect("layers given one RateLimiter share its budget: the other waits out the pause too", () =>
    Effect.gen(function*() {
      const shared = yield* Effect.map(Layer.build(RateLimiter.layer), (context) => Layer.succeedContext(context))
      const paced = client.pipe(Layer.provide(shared))
      expect(yield* pausedThenOther(paced, paced)).toBe(false)
    }).pipe(Effect.scoped, Effect.provide(simulatorOnly)))
})
