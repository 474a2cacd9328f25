/**
 * The credential step, as the pipeline composes it: read once for a round of
 * attempts, on every request before the user's middleware sees it, masked in
 * the debug report of each exchange and in whatever the service's answer
 * echoes back.
 */
import * as HttpClient from "@effect/platform/HttpClient"
import * as HttpClientResponse from "@effect/platform/HttpClientResponse"
import { describe, expect, it } from "@effect/vitest"
import { Duration, Effect, Fiber, Redacted, Ref, TestClock } from "effect"
import { InvalidRequestError } from "../../../src/core/errors.js"
import { type ExchangeEvent, HttpObserver } from "../../../src/core/http/observe.js"
import { makePipeline, type PipelineConfig } from "../../../src/core/http/pipeline.js"

type Route = { readonly name: string }

const TOKEN = "cred-step-token-9f3a"
const bearer = { token: Redacted.make(TOKEN), headers: { authorization: `Bearer ${TOKEN}` } }

const config = (overrides: Partial<PipelineConfig<Route, never>>): PipelineConfig<Route, never> => ({
  baseUrl: "https://service.test/api",
  credential: Effect.succeed(bearer),
  classify: (answer) =>
    new InvalidRequestError({ status: answer.status, message: String((answer.body as { message?: string }).message) }),
  verdict: (
    answer
  ) => (answer.status >= 500 ? { kind: "transient", reason: String(answer.status) } : { kind: "final" }),
  maxWait: Duration.seconds(60),
  timeout: Duration.seconds(30),
  ...overrides
})

/** A service that answers 503 `failing` times, then with `last`. */
const service = (failing: number, last: (authorization: string) => Response) =>
  Effect.map(
    Ref.make(0),
    (count) =>
      HttpClient.make((request) =>
        Effect.map(Ref.getAndUpdate(count, (n) => n + 1), (n) =>
          HttpClientResponse.fromWeb(
            request,
            n < failing ? new Response("{}", { status: 503 }) : last(request.headers.authorization ?? "")
          ))
      )
  )

describe("the credential step", () => {
  it.effect("reads the credential once a round, and puts it on every attempt before the user's middleware", () =>
    Effect.gen(function*() {
      const reads = yield* Ref.make(0)
      const seen: Array<string> = []
      const client = yield* service(2, () => new Response("{\"ok\":true}"))
      const pipeline = yield* makePipeline(config({
        credential: Effect.as(Ref.update(reads, (n) => n + 1), bearer),
        transformClient: HttpClient.tapRequest((request) =>
          Effect.sync(() => void seen.push(`${request.url} ${request.headers.authorization}`))
        )
      })).pipe(Effect.provideService(HttpClient.HttpClient, client))
      const fiber = yield* Effect.fork(pipeline.send({ method: "GET", path: "/items" }, { name: "items" }))
      yield* TestClock.adjust("1 minute")
      expect((yield* Fiber.join(fiber)).body).toEqual({ ok: true })
      expect(yield* Ref.get(reads)).toBe(1)
      expect(seen).toEqual(Array(3).fill(`https://service.test/api/items Bearer ${TOKEN}`))
    }))

  it.effect("masks the credential in each exchange's debug report and in an answer that echoes it", () =>
    Effect.gen(function*() {
      const client = yield* service(
        1,
        (authorization) => new Response(JSON.stringify({ message: `refused ${authorization}` }), { status: 400 })
      )
      const pipeline = yield* makePipeline(config({})).pipe(Effect.provideService(HttpClient.HttpClient, client))
      const events: Array<ExchangeEvent> = []
      const fiber = yield* Effect.fork(
        Effect.flip(pipeline.send({ method: "GET", path: "/items", query: { limit: 5 } }, { name: "items" })).pipe(
          Effect.provideService(HttpObserver, {
            onWait: () => Effect.void,
            onExchange: (event) => Effect.sync(() => void events.push(event))
          })
        )
      )
      yield* TestClock.adjust("1 minute")
      const error = yield* Fiber.join(fiber)
      expect(error.message).toBe("refused Bearer ***")
      expect(events.map((e) => [e.method, e.url, e.headers.authorization, e.status])).toEqual([
        ["GET", "https://service.test/api/items?limit=5", "Bearer ***", 503],
        ["GET", "https://service.test/api/items?limit=5", "Bearer ***", 400]
      ])
      expect(JSON.stringify(events)).not.toContain(TOKEN)
    }))
})
