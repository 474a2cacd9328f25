/**
 * The permit and pace steps, as the pipeline composes them, on TestClock:
 * reads and writes are capped apart; a request paces only once it holds its
 * permit (one still waiting for a permit cannot go out on a budget measured
 * before a 429 paused its scope); each attempt paces, and a 429 teaches the
 * pacer before the retry waits.
 */
import * as HttpClient from "@effect/platform/HttpClient"
import * as HttpClientResponse from "@effect/platform/HttpClientResponse"
import { describe, expect, it } from "@effect/vitest"
import { Deferred, Duration, Effect, Fiber, Redacted, Ref, TestClock } from "effect"
import { InvalidRequestError } from "../../../src/core/errors.js"
import { type Answer, makePipeline, type PipelineConfig } from "../../../src/core/http/pipeline.js"

type Route = { readonly name: string }

const route: Route = { name: "items" }

const config = (overrides: Partial<PipelineConfig<Route, never>>): PipelineConfig<Route, never> => ({
  baseUrl: "https://service.test",
  credential: Effect.succeed({ token: Redacted.make("t"), headers: { authorization: "Bearer t" } }),
  classify: (answer) => new InvalidRequestError({ status: answer.status, message: "refused" }),
  verdict: (answer) =>
    answer.status === 429 ? { kind: "rate-limited", retryAfter: Duration.seconds(1) } : { kind: "final" },
  maxWait: Duration.seconds(60),
  timeout: Duration.seconds(30),
  ...overrides
})

/** A service that holds every request until `release`, counting those in flight by method. */
const holdingService = Effect.gen(function*() {
  const release = yield* Deferred.make<void>()
  const inFlight = yield* Ref.make<Record<string, number>>({})
  const peak = yield* Ref.make<Record<string, number>>({})
  const bump = (method: string, by: number) =>
    Effect.flatMap(
      Ref.updateAndGet(inFlight, (m) => ({ ...m, [method]: (m[method] ?? 0) + by })),
      (now) => Ref.update(peak, (p) => ({ ...p, [method]: Math.max(p[method] ?? 0, now[method]!) }))
    )
  const client = HttpClient.make((request) =>
    Effect.gen(function*() {
      yield* bump(request.method, 1)
      yield* Deferred.await(release)
      yield* bump(request.method, -1)
      return HttpClientResponse.fromWeb(request, new Response("{}"))
    })
  )
  return { client, release, inFlight, peak }
})

const get = { method: "GET", path: "/items" } as const
const post = { method: "POST", path: "/items", body: { _tag: "json", value: {} } } as const

describe("the permit and pace steps", () => {
  it.effect("caps reads and writes apart: writes waiting for a permit never hold a read back", () =>
    Effect.gen(function*() {
      const service = yield* holdingService
      const pipeline = yield* makePipeline(config({ concurrency: { read: 1, write: 2 } })).pipe(
        Effect.provideService(HttpClient.HttpClient, service.client)
      )
      const sends = [...Array.from({ length: 4 }, () => pipeline.send(post, route)), pipeline.send(get, route)]
      const fiber = yield* Effect.fork(Effect.all([...sends, pipeline.send(get, route)], { concurrency: "unbounded" }))
      yield* TestClock.adjust("1 millis")
      expect(yield* Ref.get(service.inFlight)).toEqual({ POST: 2, GET: 1 })
      yield* Deferred.succeed(service.release, undefined)
      yield* Fiber.join(fiber)
      expect(yield* Ref.get(service.peak)).toEqual({ POST: 2, GET: 1 })
    }))

  it.effect("paces a request only once it holds its permit", () =>
    Effect.gen(function*() {
      const service = yield* holdingService
      const paced = yield* Ref.make(0)
      const pipeline = yield* makePipeline(config({
        concurrency: { read: 5, write: 1 },
        pace: () => Ref.update(paced, (n) => n + 1)
      })).pipe(Effect.provideService(HttpClient.HttpClient, service.client))
      const fiber = yield* Effect.fork(
        Effect.all(Array.from({ length: 3 }, () => pipeline.send(post, route)), { concurrency: "unbounded" })
      )
      yield* TestClock.adjust("1 millis")
      expect(yield* Ref.get(paced)).toBe(1)
      yield* Deferred.succeed(service.release, undefined)
      yield* Fiber.join(fiber)
      expect(yield* Ref.get(paced)).toBe(3)
    }))

  it.effect("paces every attempt, and hands a 429 to the pacer with its route before the retry waits", () =>
    Effect.gen(function*() {
      const sent = yield* Ref.make(0)
      const client = HttpClient.make((request) =>
        Effect.map(Ref.getAndUpdate(sent, (n) => n + 1), (n) =>
          HttpClientResponse.fromWeb(
            request,
            n === 0 ? new Response("{\"error\":\"slow down\"}", { status: 429 }) : new Response("{\"ok\":true}")
          ))
      )
      const paced: Array<string> = []
      const learned: Array<[number, unknown, string]> = []
      const pipeline = yield* makePipeline(config({
        pace: (r) => Effect.sync(() => void paced.push(r.name)),
        onRateLimited: (answer: Answer, r) => Effect.sync(() => void learned.push([answer.status, answer.body, r.name]))
      })).pipe(Effect.provideService(HttpClient.HttpClient, client))
      const fiber = yield* Effect.fork(pipeline.send(get, route))
      yield* TestClock.adjust("999 millis")
      // The 429 was learned from at once; the retry still waits its second.
      expect(learned).toEqual([[429, { error: "slow down" }, "items"]])
      expect(yield* Ref.get(sent)).toBe(1)
      yield* TestClock.adjust("1 millis")
      expect((yield* Fiber.join(fiber)).body).toEqual({ ok: true })
      expect(paced).toEqual(["items", "items"])
      expect(learned).toHaveLength(1)
    }))
})
