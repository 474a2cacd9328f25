/**
 * The retry and classify steps on their own, over attempts that fail as told,
 * on TestClock: the attempts are counted, a failure is classified once, after
 * the schedule gives up (so the error knows how many attempts were made), a
 * name that does not resolve is never retried, and a write whose answer was
 * lost stays unconfirmed whatever a later attempt met.
 */
import { describe, expect, it } from "@effect/vitest"
import { Duration, Effect, Fiber, Ref, TestClock } from "effect"
import { type RequestError, ServiceError } from "../../../src/core/errors.js"
import { classified } from "../../../src/core/http/classify.js"
import type { Answer, Failure } from "../../../src/core/http/exchange.js"
import type { WaitEvent } from "../../../src/core/http/observe.js"
import { retrying, type Verdict } from "../../../src/core/http/retry.js"

const answer = (status: number): Failure => ({ _tag: "answer", answer: { status, headers: {}, body: null } })
const transport = (detail: string): Failure => ({ _tag: "transport", detail, timedOut: false })

const verdict = (a: Answer): Verdict =>
  a.status === 429
    ? { kind: "rate-limited", retryAfter: Duration.seconds(1) }
    : a.status >= 500
    ? { kind: "transient", reason: String(a.status) }
    : { kind: "final" }

/** Attempts that fail with `failures` in turn, then succeed; and every classifier call, with its attempts. */
const scenario = (failures: ReadonlyArray<Failure>, write: boolean, idempotent = !write) =>
  Effect.gen(function*() {
    const made = yield* Ref.make(0)
    const classifications: Array<{ status: number; attempts: number }> = []
    const waits: Array<WaitEvent> = []
    const attempt = Effect.flatMap(
      Ref.getAndUpdate(made, (n) => n + 1),
      (n) => (n < failures.length ? Effect.fail(failures[n]!) : Effect.succeed("done"))
    )
    const run = attempt.pipe(
      retrying({
        policy: { idempotent, maxWait: Duration.seconds(60) },
        announce: (event) => Effect.sync(() => void waits.push(event)),
        verdict,
        write
      }),
      classified<string, RequestError>({
        host: "service.test",
        timeout: Duration.seconds(30),
        classify: (a, route, attempts) => {
          classifications.push({ status: a.status, attempts })
          return new ServiceError({ status: a.status, attempts, message: `${route} failed` })
        }
      }, "me")
    )
    return { made, classifications, waits, run }
  })

describe("the retry and classify steps", () => {
  it.effect("classifies once, after the last retry, with the number of attempts", () =>
    Effect.gen(function*() {
      const { classifications, made, run, waits } = yield* scenario(Array(10).fill(answer(503)), false)
      const fiber = yield* Effect.fork(Effect.flip(run))
      yield* TestClock.adjust("1 minute")
      const error = yield* Fiber.join(fiber)
      expect(yield* Ref.get(made)).toBe(4)
      expect(classifications).toEqual([{ status: 503, attempts: 4 }])
      expect(error).toMatchObject({ _tag: "ServiceError", status: 503, attempts: 4 })
      expect(waits.map((w) => [w.reason, w.attempt, w.detail])).toEqual([
        ["retry", 2, "503"],
        ["retry", 3, "503"],
        ["retry", 4, "503"]
      ])
    }))

  it.effect("classifies nothing when a retry succeeds", () =>
    Effect.gen(function*() {
      const { classifications, run } = yield* scenario([answer(429), answer(502)], false)
      const fiber = yield* Effect.fork(run)
      yield* TestClock.adjust("1 minute")
      expect(yield* Fiber.join(fiber)).toBe("done")
      expect(classifications).toEqual([])
    }))

  it.effect("never retries a name that does not resolve, and says so", () =>
    Effect.gen(function*() {
      const { made, run } = yield* scenario([transport("ENOTFOUND")], false)
      const error = yield* Effect.flip(run)
      expect(yield* Ref.get(made)).toBe(1)
      expect(error).toMatchObject({ _tag: "ServiceError", status: null, attempts: 1, hostUnresolved: true })
      expect(error.message).toBe("Could not reach service.test (ENOTFOUND).")
    }))

  it.effect("does not resend a write whose answer was lost, and calls the change unconfirmed", () =>
    Effect.gen(function*() {
      const { made, run } = yield* scenario([transport("ECONNRESET")], true)
      const error = yield* Effect.flip(run)
      expect(yield* Ref.get(made)).toBe(1)
      expect(error).toMatchObject({ _tag: "ServiceError", unconfirmed: true, attempts: 1 })
      expect(error.message).toBe(
        "The connection to service.test broke (ECONNRESET) before an answer came: the change was sent, so the service may have made it."
      )
    }))

  it.effect("keeps an idempotent write unconfirmed when the retry after a lost answer meets a 5xx", () =>
    Effect.gen(function*() {
      // A PUT: retried after a transport failure, yet its first attempt may have been done.
      const { classifications, made, run } = yield* scenario(
        [transport("ETIMEDOUT"), ...Array(3).fill(answer(503))],
        true,
        true
      )
      const fiber = yield* Effect.fork(Effect.flip(run))
      yield* TestClock.adjust("1 minute")
      const error = yield* Fiber.join(fiber)
      expect(yield* Ref.get(made)).toBe(4)
      expect(classifications).toEqual([{ status: 503, attempts: 4 }])
      expect(error).toMatchObject({ _tag: "ServiceError", status: 503, unconfirmed: true, attempts: 4 })
    }))

  it.effect("says how long a write went unanswered, after how many attempts, and that it may have been done", () =>
    Effect.gen(function*() {
      const timedOut: Failure = { _tag: "transport", detail: "timeout", timedOut: true }
      // A 429 is resent even for a POST (the service did not act on it); the resend's answer never comes.
      const { run } = yield* scenario([answer(429), timedOut], true)
      const fiber = yield* Effect.fork(Effect.flip(run))
      yield* TestClock.adjust("1 minute")
      const error = yield* Fiber.join(fiber)
      expect(error).toMatchObject({ _tag: "ServiceError", unconfirmed: true, attempts: 2 })
      expect(error.message).toBe(
        "No answer from service.test within 30s (2 attempts): the change was sent, so the service may have made it."
      )
    }))
})
