import { describe, expect, it } from "@effect/vitest"
import {
  Chunk,
  Config,
  ConfigProvider,
  Context,
  Duration,
  Effect,
  Exit,
  Fiber,
  Layer,
  Redacted,
  Stream,
  TestClock
} from "effect"
import { LATENCY_MARGIN_MS, RateLimiter } from "../../src/core/pacing/rate-limit.js"
import { DesignApi, type DesignApiService } from "../../src/design/api.js"
import { DesignSimulator, PLAN_PAGE_SIZE } from "../../src/testing/index.js"
import { api, apiLayer, options, seed, sent, sim } from "./harness.js"

const PASSCODE = "pc-LIBRARY-SECRET-77"
const create = (extra: Record<string, unknown> = {}) =>
  Effect.flatMap(api, (a) =>
    a.webhookCreate(
      {
        event: "FILE_UPDATE",
        context: "team",
        endpoint: "https://hooks.example.com/in",
        passcode: Redacted.make(PASSCODE),
        ...extra
      } as Parameters<DesignApiService["webhookCreate"]>[0]
    ))

describe("DesignApi over the simulator", () => {
  it.effect("runs the webhook lifecycle and never returns the passcode", () =>
    Effect.gen(function*() {
      const a = yield* api
      const created = yield* create({ description: "lib" })
      expect(created.context).toBe("TEAM")
      expect(created.context_id).toBe(seed.team_id)
      const listed = yield* a.webhookList({})
      expect(listed.webhooks.map((w) => w.id)).toEqual([created.id])
      expect(listed.next_cursor).toBeNull()
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
      expect(yield* a.webhookDelete({ webhook_id: created.id })).toEqual({
        deleted: true,
        webhook_id: created.id,
        already_absent: false
      })
      expect(yield* a.webhookDelete({ webhook_id: created.id })).toEqual({
        deleted: true,
        webhook_id: created.id,
        already_absent: true
      })
      const gone = yield* Effect.flip(a.webhookGet({ webhook_id: created.id }))
      expect(gone._tag).toBe("NotFoundError")
      expect(JSON.stringify([created, listed, updated, deliveries])).not.toContain(PASSCODE)
      const bodies = (yield* sent).filter((r) => r.body !== null).map((r) => (r.body as { passcode?: string }).passcode)
      expect(bodies).toEqual(["***", "***"])
    }).pipe(Effect.provide(apiLayer())))

  it.effect("checks typed input before sending anything, naming the field", () =>
    Effect.gen(function*() {
      const bad: Array<[Record<string, unknown>, string]> = [
        [{ endpoint: "http://hooks.example.com/in" }, "endpoint"],
        [{ endpoint: `https://h.example.com/${"x".repeat(2030)}` }, "endpoint"],
        [{ passcode: Redacted.make("") }, "passcode"],
        [{ context: "project" }, "context_id"],
        [{ context_id: "not an id!" }, "context_id"]
      ]
      for (const [extra, field] of bad) {
        const error = yield* Effect.flip(create(extra))
        expect(error._tag).toBe("InvalidInputError")
        if (error._tag === "InvalidInputError") expect(error.fields).toContain(field)
        expect(error.message).not.toMatch(/--|Run the command/)
      }
      const a = yield* api
      const mixed = yield* Effect.flip(a.webhookList({ context_id: seed.team_id, plan_api_id: "team-1" }))
      expect(mixed._tag).toBe("InvalidInputError")
      const cursor = yield* Effect.flip(a.webhookList({ cursor: "abc" }))
      expect(cursor.message).toContain("plan_api_id")
      expect(yield* sent).toEqual([])
    }).pipe(Effect.provide(apiLayer())))

  it.effect("refuses /v1/me with a plan token before sending (AuthModeError)", () =>
    Effect.gen(function*() {
      const error = yield* Effect.flip(Effect.flatMap(api, (a) => a.userMe({})))
      expect(error._tag).toBe("AuthModeError")
      expect(yield* sent).toEqual([])
    }).pipe(Effect.provide(apiLayer({ token: seed.tokens.plan, authMode: "plan" }))))

  it.effect("reports an expired token as an AuthError the service rejected", () =>
    Effect.gen(function*() {
      const error = yield* Effect.flip(Effect.flatMap(api, (a) => a.userMe({})))
      expect(error._tag).toBe("AuthError")
      if (error._tag === "AuthError") expect(error.reason).toBe("rejected")
    }).pipe(Effect.provide(apiLayer({ token: seed.tokens.expired }))))

  it.effect("sends OAuth tokens as Bearer (the request log shows the header, masked)", () =>
    Effect.gen(function*() {
      const created = yield* create()
      expect(created.client_id).toBe(seed.oauth_client_id)
      const [request] = yield* sent
      expect(request?.headers.authorization).toBe("Bearer ***")
      expect(request?.headers["x-design-token"]).toBeUndefined()
      expect(JSON.stringify(yield* sent)).not.toContain(seed.tokens.oauth)
    }).pipe(Effect.provide(apiLayer({ token: Redacted.make(seed.tokens.oauth), authMode: "oauth" }))))
})

describe("layers", () => {
  class Admin extends Context.Tag("test/Admin")<Admin, DesignApiService>() {}
  class Editor extends Context.Tag("test/Editor")<Editor, DesignApiService>() {}
  const as = <T>(tag: Context.Tag<T, DesignApiService>, token: string) =>
    Layer.effect(tag, DesignApi).pipe(Layer.provide(DesignApi.layer(options({ token }))))

  it.effect("two layers with different tokens in one graph each send their own", () =>
    Effect.gen(function*() {
      const admin = yield* (yield* Admin).userMe({})
      const editor = yield* (yield* Editor).userMe({})
      expect(admin.handle).toBe(seed.users.admin.handle)
      expect(editor.handle).toBe(seed.users.editor.handle)
    }).pipe(
      Effect.provide(
        Layer.mergeAll(as(Admin, seed.tokens.personal), as(Editor, seed.tokens.editor)).pipe(
          Layer.provide(RateLimiter.layer),
          Layer.provideMerge(DesignSimulator.layer)
        )
      )
    ))

  it.effect("layer(options) refuses a plain-http base URL off loopback, and credentials in it, before sending", () =>
    Effect.gen(function*() {
      for (const baseUrl of ["http://evil.example/", "https://user:pw@api.design.example"]) {
        const exit = yield* Effect.exit(Layer.build(DesignApi.layer(options({ baseUrl }))).pipe(Effect.scoped))
        expect(Exit.isFailure(exit)).toBe(true)
        const error = Exit.isFailure(exit) && exit.cause._tag === "Fail" ? exit.cause.error : undefined
        expect(error?._tag).toBe("InvalidSettingsError")
        expect(JSON.stringify(error)).not.toContain("pw")
      }
      expect(yield* sent).toEqual([])
    }).pipe(Effect.provide(DesignSimulator.layer)))

  it.effect("layerConfig reads DESIGN_* through Config, and a missing token is a ConfigError", () =>
    Effect.gen(function*() {
      const env = (map: Record<string, string>) =>
        Effect.withConfigProvider(ConfigProvider.fromMap(new Map(Object.entries(map))))
      const me = yield* Effect.flatMap(DesignApi, (a) => a.userMe({})).pipe(
        Effect.provide(DesignApi.layerConfig()),
        env({ DESIGN_ACCESS_TOKEN: seed.tokens.editor, DESIGN_BASE_URL: "http://127.0.0.1:1" })
      )
      expect(me.handle).toBe(seed.users.editor.handle)
      const missing = yield* Effect.flip(
        Effect.flatMap(DesignApi, (a) => a.userMe({})).pipe(Effect.provide(DesignApi.layerConfig()), env({}))
      )
      expect(missing._tag).toBe("ConfigError")
      const wrapped = yield* Effect.flatMap(DesignApi, (a) => Effect.succeed(a.settings.authMode)).pipe(
        Effect.provide(DesignApi.layerConfig({
          token: Config.redacted("MY_TOKEN"),
          baseUrl: Config.succeed("http://127.0.0.1:1"),
          authMode: Config.succeed("oauth" as const)
        })),
        env({ MY_TOKEN: seed.tokens.oauth })
      )
      expect(wrapped).toBe("oauth")
    }).pipe(Effect.provide(DesignSimulator.layer), Effect.provide(RateLimiter.layer)))
})

describe("retry policy against the simulator (TestClock)", () => {
  it.effect("waits out a 429's Retry-After and succeeds", () =>
    Effect.gen(function*() {
      const s = yield* sim
      yield* s.injectFault({ method: "GET", path: "/v1/me", status: 429, headers: { "retry-after": "30" } })
      const fiber = yield* Effect.fork(Effect.flatMap(api, (a) => a.userMe({})))
      yield* TestClock.adjust("29 seconds")
      expect((yield* sent).length).toBe(1)
      yield* TestClock.adjust("1 second")
      const me = yield* Fiber.join(fiber)
      expect(me.handle).toBe(seed.users.admin.handle)
      expect((yield* sent).length).toBe(2)
    }).pipe(Effect.provide(apiLayer())))

  it.effect("fails at once when Retry-After exceeds the ceiling, with typed fields", () =>
    Effect.gen(function*() {
      const s = yield* sim
      yield* s.injectFault({
        method: "GET",
        path: "/v1/me",
        status: 429,
        headers: {
          "retry-after": "345600",
          "x-design-plan-tier": "starter",
          "x-design-rate-limit-type": "low",
          "x-design-upgrade-link": "https://u.example"
        }
      })
      const error = yield* Effect.flip(Effect.flatMap(api, (a) => a.userMe({})))
      expect(error._tag).toBe("RateLimitError")
      if (error._tag === "RateLimitError") {
        expect(error.retryAfter && Duration.toSeconds(error.retryAfter)).toBe(345600)
        expect(error.headers["X-Design-Plan-Tier"]).toBe("starter")
        expect(error.upgradeLink).toBe("https://u.example")
        expect(error.attempts).toBe(1)
        expect(error.message).toContain("monthly Tier 1 quota")
      }
      expect((yield* sent).length).toBe(1)
    }).pipe(Effect.provide(apiLayer())))

  it.effect("gives up after three 429s even when each wait is allowed, counting the attempts", () =>
    Effect.gen(function*() {
      const s = yield* sim
      yield* s.injectFault({ method: "GET", path: "/v1/me", status: 429, headers: { "retry-after": "1" }, times: 10 })
      const fiber = yield* Effect.fork(Effect.flip(Effect.flatMap(api, (a) => a.userMe({}))))
      yield* TestClock.adjust("10 seconds")
      const error = yield* Fiber.join(fiber)
      expect(error._tag === "RateLimitError" && error.attempts).toBe(4)
      expect((yield* sent).length).toBe(4)
    }).pipe(Effect.provide(apiLayer())))

  it.effect("retries a 503 on GET with backoff", () =>
    Effect.gen(function*() {
      const s = yield* sim
      yield* s.injectFault({ method: "GET", path: "/v1/me", status: 503, times: 2 })
      const fiber = yield* Effect.fork(Effect.flatMap(api, (a) => a.userMe({})))
      yield* TestClock.adjust("10 seconds")
      yield* Fiber.join(fiber)
      expect((yield* sent).length).toBe(3)
    }).pipe(Effect.provide(apiLayer())))

  it.effect("never sends a POST twice after a 503", () =>
    Effect.gen(function*() {
      const s = yield* sim
      yield* s.injectFault({ method: "POST", path: "/v2/webhooks", status: 503, times: 5 })
      const fiber = yield* Effect.fork(Effect.flip(create()))
      yield* TestClock.adjust("1 minute")
      const error = yield* Fiber.join(fiber)
      expect(error._tag).toBe("ServiceError")
      expect((yield* sent).filter((r) => r.method === "POST").length).toBe(1)
    }).pipe(Effect.provide(apiLayer())))

  it.effect("a slow answer times out per request and is retried, then reports the attempts", () =>
    Effect.gen(function*() {
      const s = yield* sim
      yield* s.injectFault({ method: "GET", path: "/v1/me", status: 200, delay: "10 seconds", times: 10 })
      const fiber = yield* Effect.fork(Effect.flip(Effect.flatMap(api, (a) => a.userMe({}))))
      yield* TestClock.adjust("2 minutes")
      const error = yield* Fiber.join(fiber)
      expect(error._tag).toBe("ServiceError")
      expect(error.message).toMatch(/within 2s \(4 attempts\)/)
    }).pipe(Effect.provide(apiLayer({ timeout: "2 seconds" }))))
})

describe("pacing (TestClock)", () => {
  it.effect("paces tier 2 for a View seat at 5 a minute", () =>
    Effect.gen(function*() {
      const a = yield* api
      const fiber = yield* Effect.fork(Effect.forEach(Array.from({ length: 7 }), () => a.webhookList({})))
      // 4 at once (one of the burst held back for the first request's latency), then one every 12 s, each a latency margin late.
      yield* TestClock.adjust("1 millis")
      expect((yield* sent).length).toBe(4)
      yield* TestClock.adjust(12_000 + LATENCY_MARGIN_MS)
      expect((yield* sent).length).toBe(5)
      yield* TestClock.adjust("12 seconds")
      expect((yield* sent).length).toBe(6)
      yield* TestClock.adjust("12 seconds")
      yield* Fiber.join(fiber)
      expect((yield* sent).length).toBe(7)
    }).pipe(Effect.provide(apiLayer({ seat: "view", plan: "professional" }))))

  it.effect("two clients with the same token share one budget; another token has its own", () =>
    Effect.gen(function*() {
      const view = { seat: "view" as const, plan: "professional" as const }
      const [a, b, c] = yield* Effect.all([
        DesignApi.make(options(view)),
        DesignApi.make(options(view)),
        DesignApi.make(options({ ...view, token: seed.tokens.editor }))
      ])
      const calls = [a, a, a, b, b, c, c, c, c, c].map((x) => x.webhookList({}).pipe(Effect.ignore))
      const fiber = yield* Effect.fork(Effect.all(calls, { concurrency: "unbounded" }))
      yield* TestClock.adjust("1 millis")
      // The shared token (a+b wanted 5) and the editor (5) each send their burst of 4 at once; each fifth waits 12 s.
      expect((yield* sent).length).toBe(8)
      yield* TestClock.adjust(12_000 + LATENCY_MARGIN_MS)
      expect((yield* sent).length).toBe(10)
      yield* Fiber.join(fiber)
      const again = yield* Effect.fork(b.webhookList({}).pipe(Effect.ignore))
      yield* TestClock.adjust("1 millis")
      expect((yield* sent).length).toBe(10)
      yield* TestClock.adjust("12 seconds")
      yield* Fiber.join(again)
      expect((yield* sent).length).toBe(11)
    }).pipe(Effect.provide(RateLimiter.layer), Effect.provide(DesignSimulator.layer)))
})

describe("paging", () => {
  it.effect("one page with its cursor, the next page by that cursor, and a Stream of every item", () =>
    Effect.gen(function*() {
      const a = yield* api
      yield* Effect.forEach(Array.from({ length: 7 }), () => create({ context_id: seed.org_team_id }))
      const first = yield* a.webhookList({ plan_api_id: seed.plan_api_ids.org })
      expect(first.webhooks.length).toBe(PLAN_PAGE_SIZE)
      expect(first.next_cursor).not.toBeNull()
      const second = yield* a.webhookList({ plan_api_id: seed.plan_api_ids.org, cursor: first.next_cursor! })
      expect(second.webhooks[0]?.id).not.toBe(first.webhooks[0]?.id)
      const all = Chunk.toReadonlyArray(
        yield* Stream.runCollect(a.streams.webhookList({ plan_api_id: seed.plan_api_ids.org }))
      )
      expect(all.length).toBe(7)
      expect(new Set(all.map((w) => w.id)).size).toBe(7)
    }).pipe(Effect.provide(apiLayer({ token: seed.tokens.plan, authMode: "plan" }))))

  it.effect("a Stream fetches pages only as they are pulled", () =>
    Effect.gen(function*() {
      const a = yield* api
      yield* Effect.forEach(Array.from({ length: 7 }), () => create({ context_id: seed.org_team_id }))
      const before = (yield* sent).length
      yield* Stream.runCollect(Stream.take(a.streams.webhookList({ plan_api_id: seed.plan_api_ids.org }), 2))
      expect((yield* sent).length - before).toBe(1)
    }).pipe(Effect.provide(apiLayer({ token: seed.tokens.plan, authMode: "plan" }))))
})
