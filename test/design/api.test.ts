import { describe, expect, it } from "@effect/vitest"
import { Chunk, ConfigProvider, Effect, Exit, Fiber, Option, Redacted, Stream, TestClock } from "effect"
import { DesignApi } from "../../src/design/api.js"
import { DesignSimulatorClient } from "../../src/testing/index.js"
import { RateLimiter } from "../../src/design/rate-limiter.js"
import { api, apiLayer, fault, receiver, seed, sent, settings } from "./harness.js"

const PASSCODE = "pc-LIBRARY-SECRET-77"
const create = (extra: Record<string, unknown> = {}) =>
  Effect.flatMap(api, (a) =>
    a.webhookCreate({
      event: "FILE_UPDATE",
      context: "team",
      endpoint: "https://hooks.example.com/in",
      passcode: Redacted.make(PASSCODE),
      ...extra
    } as Parameters<typeof a.webhookCreate>[0]))

describe("DesignApi over the simulator", () => {
  it.effect("runs the webhook lifecycle and never returns the passcode", () =>
    Effect.gen(function*() {
      const a = yield* api
      const created = yield* create({ description: "lib" })
      expect(created.context).toBe("TEAM")
      expect(created.context_id).toBe(seed.team_id)
      const listed = yield* a.webhookList({})
      expect(listed.webhooks.map((w) => w.id)).toEqual([created.id])
      const updated = yield* a.webhookUpdate({
        webhook_id: created.id,
        event: "FILE_COMMENT",
        endpoint: "https://hooks.example.com/v2",
        passcode: Redacted.make(PASSCODE),
        status: "PAUSED"
      })
      expect(updated.status).toBe("PAUSED")
      const deliveries = yield* a.webhookRequests({ webhook_id: created.id })
      expect(deliveries.delivered).toBe(1)
      expect(yield* a.webhookDelete({ webhook_id: created.id })).toEqual({ deleted: true, id: created.id, already_absent: false })
      expect(yield* a.webhookDelete({ webhook_id: created.id })).toEqual({ deleted: true, id: created.id, already_absent: true })
      const gone = yield* Effect.flip(a.webhookGet({ webhook_id: created.id }))
      expect(gone._tag).toBe("NotFoundError")
      expect(JSON.stringify([created, listed, updated, deliveries])).not.toContain(PASSCODE)
      // The passcode did go out, in the create and update bodies only (the log masks it).
      const bodies = (yield* sent).filter((r) => r.body !== null).map((r) => (r.body as { passcode?: string }).passcode)
      expect(bodies).toEqual(["***", "***"])
    }).pipe(Effect.provide(apiLayer())))

  it.effect("checks typed input before sending anything", () =>
    Effect.gen(function*() {
      const bad = [
        { endpoint: "http://hooks.example.com/in" },
        { endpoint: `https://h.example.com/${"x".repeat(2030)}` },
        { passcode: Redacted.make("") }
      ]
      for (const extra of bad) {
        const error = yield* Effect.flip(create(extra))
        expect(error._tag).toBe("UsageError")
      }
      expect(yield* sent).toEqual([])
    }).pipe(Effect.provide(apiLayer())))

  it.effect("refuses /v1/me with a plan token before sending", () =>
    Effect.gen(function*() {
      const error = yield* Effect.flip(Effect.flatMap(api, (a) => a.userMe({})))
      expect(error._tag).toBe("UsageError")
      expect(yield* sent).toEqual([])
    }).pipe(Effect.provide(apiLayer(settings({ token: seed.tokens.plan, authMode: "plan" })))))

  it.effect("reports an expired token as an auth error", () =>
    Effect.gen(function*() {
      const error = yield* Effect.flip(Effect.flatMap(api, (a) => a.userMe({})))
      expect(error._tag).toBe("AuthError")
    }).pipe(Effect.provide(apiLayer(settings({ token: seed.tokens.expired })))))

  it.effect("sends OAuth tokens as Bearer and gets the app's client id on webhooks", () =>
    Effect.gen(function*() {
      const created = yield* create()
      expect(created.client_id).toBe(seed.oauth_client_id)
    }).pipe(Effect.provide(apiLayer(settings({ token: seed.tokens.oauth, authMode: "oauth" })))))
})

describe("retry policy against the simulator (TestClock)", () => {
  it.effect("waits out a 429's Retry-After and succeeds", () =>
    Effect.gen(function*() {
      yield* fault({ method: "GET", path: "/v1/me", status: 429, headers: { "retry-after": "30" } })
      const fiber = yield* Effect.fork(Effect.flatMap(api, (a) => a.userMe({})))
      yield* TestClock.adjust("29 seconds")
      expect((yield* sent).length).toBe(1)
      yield* TestClock.adjust("1 second")
      const me = yield* Fiber.join(fiber)
      expect(me.handle).toBe(seed.users.admin.handle)
      expect((yield* sent).length).toBe(2)
    }).pipe(Effect.provide(apiLayer())))

  it.effect("fails at once when Retry-After exceeds the ceiling", () =>
    Effect.gen(function*() {
      yield* fault({
        method: "GET",
        path: "/v1/me",
        status: 429,
        headers: { "retry-after": "345600", "x-design-plan-tier": "starter", "x-design-rate-limit-type": "low", "x-design-upgrade-link": "https://u.example" }
      })
      const error = yield* Effect.flip(Effect.flatMap(api, (a) => a.userMe({})))
      expect(error._tag).toBe("RateLimitError")
      if (error._tag === "RateLimitError") {
        expect(error.retry_after).toBe("345600")
        expect(error.message).toContain("monthly Tier 1 quota")
      }
      expect((yield* sent).length).toBe(1)
    }).pipe(Effect.provide(apiLayer())))

  it.effect("gives up after three 429s even when each wait is allowed", () =>
    Effect.gen(function*() {
      yield* fault({ method: "GET", path: "/v1/me", status: 429, headers: { "retry-after": "1" }, times: 10 })
      const fiber = yield* Effect.fork(Effect.flatMap(api, (a) => a.userMe({})))
      yield* TestClock.adjust("10 seconds")
      const exit = yield* Fiber.await(fiber)
      expect(Exit.isFailure(exit)).toBe(true)
      expect((yield* sent).length).toBe(4)
    }).pipe(Effect.provide(apiLayer())))

  it.effect("retries a 503 on GET with backoff", () =>
    Effect.gen(function*() {
      yield* fault({ method: "GET", path: "/v1/me", status: 503, times: 2 })
      const fiber = yield* Effect.fork(Effect.flatMap(api, (a) => a.userMe({})))
      yield* TestClock.adjust("10 seconds")
      yield* Fiber.join(fiber)
      expect((yield* sent).length).toBe(3)
    }).pipe(Effect.provide(apiLayer())))

  it.effect("never sends a POST twice after a 503", () =>
    Effect.gen(function*() {
      yield* fault({ method: "POST", path: "/v2/webhooks", status: 503, times: 5 })
      const fiber = yield* Effect.fork(create())
      yield* TestClock.adjust("1 minute")
      const exit = yield* Fiber.await(fiber)
      expect(Exit.isFailure(exit) && exit.cause._tag === "Fail" ? exit.cause.error._tag : "").toBe("ServiceError")
      expect((yield* sent).filter((r) => r.method === "POST").length).toBe(1)
    }).pipe(Effect.provide(apiLayer())))
})

describe("pacing (TestClock)", () => {
  it.effect("paces tier 2 for a View seat at 5 a minute", () =>
    Effect.gen(function*() {
      const a = yield* api
      const fiber = yield* Effect.fork(Effect.forEach(Array.from({ length: 7 }), () => a.webhookList({})))
      yield* TestClock.adjust("1 millis")
      expect((yield* sent).length).toBe(5)
      yield* TestClock.adjust("12 seconds")
      expect((yield* sent).length).toBe(6)
      yield* TestClock.adjust("12 seconds")
      yield* Fiber.join(fiber)
      expect((yield* sent).length).toBe(7)
    }).pipe(Effect.provide(apiLayer(settings({ seat: Option.some("view"), plan: Option.some("professional") })))))

  it.effect("adopts the pace a 429 reveals when seat and plan are unknown", () =>
    Effect.gen(function*() {
      const limiter = yield* RateLimiter
      expect(Option.isNone(yield* limiter.paceFor(2))).toBe(true)
      yield* fault({ method: "GET", path: "/v2/webhooks", status: 429, headers: { "retry-after": "1", "x-design-plan-tier": "pro", "x-design-rate-limit-type": "high" } })
      const fiber = yield* Effect.fork(Effect.flatMap(api, (a) => a.webhookList({})))
      yield* TestClock.adjust("1 second")
      yield* Fiber.join(fiber)
      expect(yield* limiter.paceFor(2)).toEqual(Option.some({ perMinute: 25, burst: 1 }))
    }).pipe(Effect.provide(apiLayer())))
})

describe("simulated deliveries (TestClock)", () => {
  it.effect("retries a failing endpoint after 5 minutes, 30 minutes and 3 hours", () =>
    Effect.gen(function*() {
      const a = yield* api
      yield* receiver({ endpoint: "https://hooks.example.com/in", status: 500 })
      const created = yield* create()
      const count = Effect.map(a.webhookRequests({ webhook_id: created.id }), (r) => [r.delivered, r.failed])
      expect(yield* count).toEqual([0, 1])
      yield* TestClock.adjust("5 minutes")
      expect(yield* count).toEqual([0, 2])
      yield* TestClock.adjust("30 minutes")
      expect(yield* count).toEqual([0, 3])
      yield* TestClock.adjust("3 hours")
      expect(yield* count).toEqual([0, 4])
      yield* TestClock.adjust("3 hours")
      expect(yield* count).toEqual([0, 4])
      const failedOnly = yield* a.webhookRequests({ webhook_id: created.id, failed_only: true })
      expect(failedOnly.requests.length).toBe(4)
      expect(failedOnly.requests.every((r) => r.status === "500")).toBe(true)
      // Never deactivated automatically.
      expect((yield* a.webhookGet({ webhook_id: created.id })).status).toBe("ACTIVE")
    }).pipe(Effect.provide(apiLayer())))
})

describe("the README's library example", () => {
  it.effect("runs against the simulator layer with a loopback base URL", () =>
    Effect.gen(function*() {
      const a = yield* api
      const me = yield* a.userMe({})
      const { webhooks } = yield* a.webhookList({ context: "team" })
      expect(me.handle).toBe(seed.users.admin.handle)
      expect(webhooks).toEqual([])
    }).pipe(
      Effect.provide(
        DesignApi.layerConfig(
          { baseUrl: "http://127.0.0.1", token: Redacted.make(seed.tokens.personal), team: seed.team_id },
          DesignSimulatorClient.layer
        )
      ),
      Effect.withConfigProvider(ConfigProvider.fromMap(new Map()))
    ))
})

describe("paged lists as Streams", () => {
  it.effect("fetch pages only as the stream is pulled", () =>
    Effect.gen(function*() {
      const a = yield* api
      for (let i = 0; i < 7; i++) yield* create({ endpoint: `https://hooks.example.com/${i}` })
      const planId = seed.plan_api_ids.team
      const before = (yield* sent).length
      const firstFive = yield* Stream.runCollect(Stream.take(a.streams.webhookList({ plan_api_id: planId }), 5))
      expect(Chunk.size(firstFive)).toBe(5)
      expect((yield* sent).length - before).toBe(2)
      const all = yield* Stream.runCollect(a.streams.webhookList({ plan_api_id: planId }))
      expect(Chunk.toReadonlyArray(all).map((w) => w.endpoint)).toEqual(Array.from({ length: 7 }, (_, i) => `https://hooks.example.com/${i}`))
      // Bad input fails the stream before anything is sent.
      const mixed = yield* Effect.flip(Stream.runCollect(a.streams.webhookList({ plan_api_id: planId, context_id: "1" })))
      expect(mixed._tag).toBe("UsageError")
    }).pipe(Effect.provide(apiLayer())))
})
