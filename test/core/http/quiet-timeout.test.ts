/**
 * The quiet timeout step on its own, on TestClock: a send fails once the
 * limit passes with nothing sent and no answer; each chunk of a streamed body
 * that leaves counts as activity, so an upload that keeps flowing is never
 * cut off, and the limit then applies to the wait for the answer.
 */
import * as HttpBody from "@effect/platform/HttpBody"
import * as HttpClient from "@effect/platform/HttpClient"
import * as HttpClientRequest from "@effect/platform/HttpClientRequest"
import * as HttpClientResponse from "@effect/platform/HttpClientResponse"
import { describe, expect, it } from "@effect/vitest"
import { Cause, Duration, Effect, Exit, Fiber, Option, Ref, Stream, TestClock } from "effect"
import { timeoutWhenQuiet } from "../../../src/core/http/quiet-timeout.js"

const LIMIT = Duration.seconds(5)

/** A server that reads the body a chunk every `every`, then waits `before` and answers 200 with how much it read. */
const slowReader = (every: Duration.DurationInput, before: Duration.DurationInput) =>
  HttpClient.make((request) =>
    Effect.gen(function*() {
      let received = 0
      if (request.body._tag === "Stream") {
        yield* Stream.runForEach(
          request.body.stream,
          (chunk) => Effect.zipRight(Effect.sleep(every), Effect.sync(() => void (received += chunk.length)))
        ).pipe(Effect.orDie)
      }
      yield* Effect.sleep(before)
      return HttpClientResponse.fromWeb(request, new Response(String(received)))
    })
  )

/** Ten chunks of 1,000 bytes, each its own chunk of the stream (as multipart sends its pairs). */
const upload = HttpClientRequest.post("http://service.test/upload").pipe(
  HttpClientRequest.setBody(
    HttpBody.stream(Stream.rechunk(Stream.fromIterable(Array.from({ length: 10 }, () => new Uint8Array(1_000))), 1))
  )
)

const settled = <A, E>(fiber: Fiber.RuntimeFiber<A, E>) => Effect.map(Fiber.poll(fiber), Option.isSome)

describe("the quiet timeout", () => {
  it.effect("fails a send that hears nothing for the limit, and not a moment before", () =>
    Effect.gen(function*() {
      const silent = HttpClient.make(() => Effect.never).pipe(timeoutWhenQuiet(LIMIT))
      const fiber = yield* Effect.fork(silent.execute(HttpClientRequest.get("http://service.test/me")))
      yield* TestClock.adjust("4999 millis")
      expect(yield* settled(fiber)).toBe(false)
      yield* TestClock.adjust("1 millis")
      const exit = yield* Fiber.await(fiber)
      expect(Exit.isFailure(exit) && Cause.failureOption(exit.cause).pipe(Option.map((e) => e._tag))).toEqual(
        Option.some("TimeoutException")
      )
    }))

  it.effect("lets an upload that takes four times the limit complete while its chunks keep leaving", () =>
    Effect.gen(function*() {
      const client = slowReader("2 seconds", 0).pipe(timeoutWhenQuiet(LIMIT))
      const fiber = yield* Effect.fork(Effect.flatMap(client.execute(upload), (r) => r.text))
      yield* TestClock.adjust("19 seconds")
      expect(yield* settled(fiber)).toBe(false)
      yield* TestClock.adjust("1 second")
      expect(yield* Fiber.join(fiber)).toBe("10000")
    }))

  it.effect("counts the silence from the last chunk sent: all sent, then no answer, fails a limit later", () =>
    Effect.gen(function*() {
      const client = slowReader("2 seconds", "1 hour").pipe(timeoutWhenQuiet(LIMIT))
      const fiber = yield* Effect.fork(client.execute(upload))
      // The last chunk leaves at 18 s (the reader pulls one every 2 s).
      yield* TestClock.adjust("22999 millis")
      expect(yield* settled(fiber)).toBe(false)
      yield* TestClock.adjust("1 millis")
      expect(Exit.isFailure(yield* Fiber.await(fiber))).toBe(true)
    }))

  it.effect("gives each send its own clock: a retry after a quiet one starts afresh", () =>
    Effect.gen(function*() {
      const sends = yield* Ref.make(0)
      // The first send never answers; the second answers after 4 s.
      const client = HttpClient.make((request) =>
        Effect.flatMap(
          Ref.getAndUpdate(sends, (n) => n + 1),
          (n) =>
            n === 0
              ? Effect.never
              : Effect.as(Effect.sleep("4 seconds"), HttpClientResponse.fromWeb(request, new Response("ok")))
        )
      ).pipe(timeoutWhenQuiet(LIMIT))
      const request = HttpClientRequest.get("http://service.test/me")
      const fiber = yield* Effect.fork(
        Effect.flatMap(Effect.retry(client.execute(request), { times: 1 }), (r) => r.text)
      )
      yield* TestClock.adjust("9 seconds")
      expect(yield* Fiber.join(fiber)).toBe("ok")
      expect(yield* Ref.get(sends)).toBe(2)
    }))
})
