import { describe, expect, it } from "@effect/vitest"
import { Duration, Effect, Exit, Fiber, Ref, TestClock } from "effect"
import type { WaitEvent } from "../../../src/core/http/observe.js"
import { IDEMPOTENT_METHODS, retrySchedule, type Verdict } from "../../../src/core/http/retry.js"
import { take } from "../../../src/core/pacing/leaky-bucket.js"
import { perMinute } from "../../../src/design/limits.js"

describe("leaky bucket", () => {
  it("lets a burst through, then paces at the rate", () => {
    const pace = { perMinute: 6, burst: 2 }
    let state: number | undefined
    const waits: Array<number> = []
    for (let i = 0; i < 4; i++) {
      const [wait, next] = take(pace, state, 0)
      waits.push(wait)
      state = next
    }
    expect(waits).toEqual([0, 0, 10_000, 20_000])
  })

  it("refills while idle", () => {
    const pace = { perMinute: 60, burst: 1 }
    const [, s1] = take(pace, undefined, 0)
    expect(take(pace, s1, 500)[0]).toBe(500)
    expect(take(pace, s1, 5_000)[0]).toBe(0)
  })

  it("reads the spec's table (null: a monthly quota no process can meter)", () => {
    expect(perMinute(1, "high", "enterprise")).toBe(20)
    expect(perMinute(1, "low", "enterprise")).toBeNull()
    expect(perMinute(1, "high", "starter")).toBeNull()
    expect(perMinute(2, "high", "organization")).toBe(50)
    expect(perMinute(3, "low", "enterprise")).toBe(10)
    expect(perMinute(3, "high", "enterprise")).toBe(150)
  })
})

describe("retry schedule", () => {
  const failing = (verdicts: Array<Verdict>) =>
    Effect.gen(function*() {
      const calls = yield* Ref.make(0)
      const send = Effect.flatMap(Ref.getAndUpdate(calls, (n) => n + 1), (n) =>
        n < verdicts.length ? Effect.fail({ verdict: verdicts[n]! }) : Effect.succeed("ok"))
      return { calls, send }
    })
  const events: Array<WaitEvent> = []
  const policy = (idempotent: boolean, deadline?: number) =>
    retrySchedule<{ verdict: Verdict }>(
      { idempotent, maxWait: Duration.seconds(60), deadline },
      (e) => Effect.sync(() => void events.push(e))
    )
  const limited = (seconds: number): Verdict => ({ kind: "rate-limited", retryAfter: Duration.seconds(seconds) })

  it.effect("waits each Retry-After, at most three times, announcing each wait", () =>
    Effect.gen(function*() {
      events.length = 0
      const { calls, send } = yield* failing(Array(5).fill(limited(2)))
      const fiber = yield* Effect.fork(Effect.retry(send, policy(false)))
      yield* TestClock.adjust("1999 millis")
      expect(yield* Ref.get(calls)).toBe(1)
      yield* TestClock.adjust("1 millis")
      expect(yield* Ref.get(calls)).toBe(2)
      yield* TestClock.adjust("10 seconds")
      expect(Exit.isFailure(yield* Fiber.await(fiber))).toBe(true)
      expect(yield* Ref.get(calls)).toBe(4)
      expect(events.map((e) => [e.reason, e.attempt])).toEqual([["rate-limited", 2], ["rate-limited", 3], [
        "rate-limited",
        4
      ]])
    }))

  it.effect("fails at once when Retry-After is over the ceiling, or would end after the deadline", () =>
    Effect.gen(function*() {
      const over = yield* failing([limited(61)])
      expect(Exit.isFailure(yield* Effect.exit(Effect.retry(over.send, policy(true))))).toBe(true)
      expect(yield* Ref.get(over.calls)).toBe(1)
      const late = yield* failing([limited(30)])
      expect(Exit.isFailure(yield* Effect.exit(Effect.retry(late.send, policy(true, 20_000))))).toBe(true)
      expect(yield* Ref.get(late.calls)).toBe(1)
    }))

  it.effect("retries transient failures of idempotent methods with capped backoff", () =>
    Effect.gen(function*() {
      const { calls, send } = yield* failing(Array(3).fill({ kind: "transient", reason: "503" }))
      const fiber = yield* Effect.fork(Effect.retry(send, policy(true)))
      // Backoff is at most 250 ms, 500 ms, 1 s (each half fixed, half jitter).
      yield* TestClock.adjust("1750 millis")
      expect(yield* Fiber.join(fiber)).toBe("ok")
      expect(yield* Ref.get(calls)).toBe(4)
    }))

  it.effect("never repeats a non-idempotent request after a transient failure", () =>
    Effect.gen(function*() {
      const { calls, send } = yield* failing([{ kind: "transient", reason: "503" }])
      expect(Exit.isFailure(yield* Effect.exit(Effect.retry(send, policy(false))))).toBe(true)
      expect(yield* Ref.get(calls)).toBe(1)
    }))

  it("treats only safe methods as idempotent", () => {
    expect([...IDEMPOTENT_METHODS].sort()).toEqual(["DELETE", "GET", "HEAD", "OPTIONS", "PUT"])
  })
})
