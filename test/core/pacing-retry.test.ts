import { describe, expect, it } from "@effect/vitest"
import { Effect, Exit, Fiber, Ref, TestClock } from "effect"
import { take } from "../../src/core/leaky-bucket.js"
import { IDEMPOTENT_METHODS, type RetryVerdict, withRetries } from "../../src/core/retry.js"
import { limitFor } from "../../src/design/rate-limiter.js"

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

  it("reads the spec's table", () => {
    expect(limitFor(1, "high", "enterprise")).toEqual({ count: 20, per: "minute" })
    expect(limitFor(1, "low", "enterprise")).toEqual({ count: 6, per: "month" })
    expect(limitFor(1, "high", "starter")).toEqual({ count: 6, per: "month" })
    expect(limitFor(2, "high", "organization")).toEqual({ count: 50, per: "minute" })
    expect(limitFor(3, "low", "enterprise")).toEqual({ count: 10, per: "minute" })
    expect(limitFor(3, "high", "enterprise")).toEqual({ count: 150, per: "minute" })
  })
})

describe("retry policy", () => {
  const failing = (verdicts: Array<RetryVerdict>) =>
    Effect.gen(function*() {
      const calls = yield* Ref.make(0)
      const send = Effect.flatMap(Ref.getAndUpdate(calls, (n) => n + 1), (n) =>
        n < verdicts.length ? Effect.fail(verdicts[n]!) : Effect.succeed("ok"))
      return { calls, send }
    })

  it.effect("waits each Retry-After, at most three times", () =>
    Effect.gen(function*() {
      const { calls, send } = yield* failing(Array(5).fill({ kind: "rate-limited", retryAfterSeconds: 2 }))
      const fiber = yield* Effect.fork(withRetries(send, { idempotent: false, maxWaitSeconds: 60, classify: (v) => v }))
      yield* TestClock.adjust("1999 millis")
      expect(yield* Ref.get(calls)).toBe(1)
      yield* TestClock.adjust("1 millis")
      expect(yield* Ref.get(calls)).toBe(2)
      yield* TestClock.adjust("10 seconds")
      expect(Exit.isFailure(yield* Fiber.await(fiber))).toBe(true)
      expect(yield* Ref.get(calls)).toBe(4)
    }))

  it.effect("fails at once when Retry-After is over the ceiling", () =>
    Effect.gen(function*() {
      const { calls, send } = yield* failing([{ kind: "rate-limited", retryAfterSeconds: 61 }])
      const exit = yield* Effect.exit(withRetries(send, { idempotent: true, maxWaitSeconds: 60, classify: (v) => v }))
      expect(Exit.isFailure(exit)).toBe(true)
      expect(yield* Ref.get(calls)).toBe(1)
    }))

  it.effect("retries transient failures of idempotent methods with capped backoff", () =>
    Effect.gen(function*() {
      const { calls, send } = yield* failing(Array(3).fill({ kind: "transient" }))
      const fiber = yield* Effect.fork(withRetries(send, { idempotent: true, maxWaitSeconds: 60, classify: (v) => v }))
      // Backoff is at most 250 ms, 500 ms, 1 s (each half fixed, half jitter).
      yield* TestClock.adjust("1750 millis")
      expect(yield* Fiber.join(fiber)).toBe("ok")
      expect(yield* Ref.get(calls)).toBe(4)
    }))

  it.effect("never repeats a non-idempotent request after a transient failure", () =>
    Effect.gen(function*() {
      const { calls, send } = yield* failing([{ kind: "transient" }])
      const exit = yield* Effect.exit(withRetries(send, { idempotent: false, maxWaitSeconds: 60, classify: (v) => v }))
      expect(Exit.isFailure(exit)).toBe(true)
      expect(yield* Ref.get(calls)).toBe(1)
    }))

  it("treats only safe methods as idempotent", () => {
    expect([...IDEMPOTENT_METHODS].sort()).toEqual(["DELETE", "GET", "HEAD", "OPTIONS", "PUT"])
  })
})
