/** Activity logs, developer logs, AI usage and discovery through DesignApi: their paging models, modes, plan gates and checks before sending. */
import { describe, expect, it } from "@effect/vitest"
import { Chunk, Effect, Redacted, Stream, TestClock } from "effect"
import { api, apiLayer, seed, sent } from "../harness.js"

const ent = seed.enterprise
const NOW = Date.parse("2026-03-04T12:00:00Z")
const plan = () => apiLayer({ token: ent.tokens.plan, authMode: "plan" })
const orgOauth = () => apiLayer({ token: Redacted.make(ent.tokens.oauth_org), authMode: "oauth" })
const personal = () => apiLayer({ token: ent.tokens.personal })
type Failing = Effect.Effect<unknown, { readonly _tag: string; readonly message: string }>

const refusedBeforeSending = (calls: ReadonlyArray<Failing>, tag: string) =>
  Effect.gen(function*() {
    for (const call of calls) expect((yield* Effect.flip(call))._tag).toBe(tag)
    expect(yield* sent).toEqual([])
  })

describe("activity logs", () => {
  const { count, first_timestamp, last_timestamp } = ent.activity_logs

  it.effect("pages newest first by moving the window's end, and the Stream walks the whole log", () =>
    Effect.gen(function*() {
      yield* TestClock.setTime(NOW)
      const a = yield* api
      const page = yield* a.activityLogList({ limit: 7, start_time: first_timestamp })
      const stamps = page.meta.activity_logs.map((e) => e.timestamp)
      expect(stamps).toHaveLength(7)
      expect(stamps[0]).toBe(last_timestamp)
      expect(stamps).toEqual([...stamps].sort((x, y) => y - x))
      const oldest = page.meta.activity_logs.at(-1)!
      expect(page.next_cursor).toBe(`desc:${oldest.timestamp}:${oldest.id}`)
      const next = yield* a.activityLogList({ limit: 7, start_time: first_timestamp, cursor: page.next_cursor! })
      expect(next.meta.activity_logs[0]!.timestamp).toBeLessThanOrEqual(oldest.timestamp)
      expect(next.meta.activity_logs.map((e) => e.id)).not.toContain(oldest.id)
      const all = Chunk.toReadonlyArray(
        yield* Stream.runCollect(a.streams.activityLogList({ limit: 20, start_time: first_timestamp }))
      )
      expect(new Set(all.map((e) => e.id)).size).toBe(count)
      expect((yield* sent).every((r) => r.query.order === "desc")).toBe(true)
    }).pipe(Effect.provide(plan())))

  it.effect("takes an org-level OAuth token", () =>
    Effect.gen(function*() {
      yield* TestClock.setTime(NOW)
      const page = yield* Effect.flatMap(api, (a) => a.activityLogList({ events: ["login"], limit: 3 }))
      expect(page.meta.activity_logs.map((e) => e.action.type)).toEqual(["login", "login", "login"])
      expect((yield* sent)[0]?.query.events).toBe("login")
    }).pipe(Effect.provide(orgOauth())))

  it.effect("an org-level OAuth token of a member who is no org admin gets a ForbiddenError, not a plan error", () =>
    Effect.gen(function*() {
      yield* TestClock.setTime(NOW)
      const error = yield* Effect.flip(Effect.flatMap(api, (a) => a.activityLogList({})))
      expect(error._tag).toBe("ForbiddenError")
      expect(error.message).toMatch(/admins/)
    }).pipe(Effect.provide(apiLayer({ token: Redacted.make(ent.tokens.oauth_org_member), authMode: "oauth" }))))

  it.effect("refuses a personal token before sending", () =>
    Effect.flatMap(api, (a) => refusedBeforeSending([a.activityLogList({})], "AuthModeError")).pipe(
      Effect.provide(personal())
    ))

  it.effect("refuses non-integers, out-of-range limits and a window out of order before sending", () =>
    Effect.flatMap(api, (a) =>
      refusedBeforeSending([
        a.activityLogList({ limit: 7.5 }),
        a.activityLogList({ limit: 1001 }),
        a.activityLogList({ start_time: 1.5 }),
        a.activityLogList({ start_time: 200, end_time: 100 }),
        a.activityLogList({ events: ["File Export"] })
      ], "InvalidInputError")).pipe(Effect.provide(plan())))

  it.effect("with a plan below Enterprise configured, fails with PlanRequiredError before sending", () =>
    Effect.flatMap(
      api,
      (a) =>
        refusedBeforeSending([
          a.activityLogList({}),
          a.aiUsageDaily({ start_date: "2026-01-01", end_date: "2026-01-02" })
        ], "PlanRequiredError")
    )
      .pipe(Effect.provide(apiLayer({ token: ent.tokens.plan, authMode: "plan", plan: "organization" }))))
})

describe("developer logs", () => {
  it.effect("sends the filters in the body and pages with the body's cursor", () =>
    Effect.gen(function*() {
      yield* TestClock.setTime(NOW)
      const a = yield* api
      const page = yield* a.developerLogList({ date_range: "last_24h", limit: 5 })
      expect(page.meta.items).toHaveLength(5)
      expect(page.next_cursor).toEqual(expect.any(String))
      const all = Chunk.toReadonlyArray(
        yield* Stream.runCollect(a.streams.developerLogList({ date_range: "last_24h", limit: 5 }))
      )
      expect(all).toHaveLength(12)
      expect(new Set(all.map((e) => e.uuid)).size).toBe(12)
      const bodies = (yield* sent).map((r) => r.body as Record<string, unknown>)
      expect(bodies[0]).toEqual({ date_range: "last_24h", limit: 5 })
      expect(bodies.at(-1)?.cursor).toEqual(expect.any(String))
      expect((yield* sent).every((r) => r.method === "POST")).toBe(true)
    }).pipe(Effect.provide(plan())))

  it.effect("needs a plan token: personal and OAuth are refused before sending", () =>
    Effect.flatMap(
      api,
      (a) =>
        refusedBeforeSending([
          a.developerLogList({}),
          a.aiUsageDaily({ start_date: "2026-01-01", end_date: "2026-01-02" })
        ], "AuthModeError")
    )
      .pipe(Effect.provide(orgOauth())))

  it.effect("without a configured plan, an org lacking Governance+ gets PlanRequiredError from the service's answer", () =>
    Effect.gen(function*() {
      yield* TestClock.setTime(NOW)
      const error = yield* Effect.flip(Effect.flatMap(api, (a) => a.developerLogList({})))
      expect(error._tag).toBe("PlanRequiredError")
      if (error._tag === "PlanRequiredError") expect(error.plan).toBe("Enterprise plus Governance+")
      expect(yield* sent).toHaveLength(1)
    }).pipe(Effect.provide(apiLayer({ token: ent.tokens.basic_plan, authMode: "plan" }))))

  it.effect("refuses a limit out of range and an unknown date range before sending", () =>
    Effect.flatMap(
      api,
      (a) =>
        refusedBeforeSending([
          a.developerLogList({ limit: 101 }),
          a.developerLogList({ date_range: "last_year" as never })
        ], "InvalidInputError")
    )
      .pipe(Effect.provide(plan())))
})

describe("AI usage", () => {
  it.effect("pages by next_cursor; the Stream stops when has_next_page is false", () =>
    Effect.gen(function*() {
      yield* TestClock.setTime(NOW)
      const a = yield* api
      const input = { start_date: "2026-01-01", end_date: "2026-01-10", limit: 4 }
      const page = yield* a.aiUsageDaily(input)
      expect(page.rows).toHaveLength(4)
      expect(page.next_cursor).toEqual(expect.any(String))
      const rows = Chunk.toReadonlyArray(yield* Stream.runCollect(a.streams.aiUsageDaily(input)))
      expect(rows.length).toBeGreaterThan(4)
      expect(rows.every((r) => r.day >= "2026-01-01" && r.day <= "2026-01-10")).toBe(true)
      const requests = yield* sent
      expect(requests.at(-1)?.query.cursor).toEqual(expect.any(String))
      expect(requests.length).toBe(1 + Math.ceil(rows.length / 4))
    }).pipe(Effect.provide(plan())))

  it.effect("refuses dates before the floor, bad dates, a reversed range and a fractional limit before sending", () =>
    Effect.flatMap(api, (a) =>
      refusedBeforeSending([
        a.aiUsageDaily({ start_date: "2025-11-30", end_date: "2026-01-01" }),
        a.aiUsageDaily({ start_date: "2026-01-32", end_date: "2026-02-01" }),
        a.aiUsageDaily({ start_date: "2026-02-01", end_date: "2026-01-01" }),
        a.aiUsageDaily({ start_date: "2026-01-01", end_date: "2026-01-02", limit: 30.5 })
      ], "InvalidInputError")).pipe(Effect.provide(plan())))
})

describe("discovery", () => {
  it.effect("returns hourly download links with an org-level OAuth token", () =>
    Effect.gen(function*() {
      yield* TestClock.setTime(NOW)
      const out = yield* Effect.flatMap(api, (a) =>
        a.discoveryTextEvents({
          start_date: "2026-03-03T00:00:00Z",
          end_date: "2026-03-03T03:00:00Z",
          file_ttl_in_seconds: 600
        }))
      expect(Object.keys(out.urls)).toHaveLength(3)
      expect(
        Object.values(out.urls).every((links) => links.every((u) => u.startsWith("https://")))
      ).toBe(true)
      expect((yield* sent)[0]?.query.file_ttl_in_seconds).toBe("600")
    }).pipe(Effect.provide(orgOauth())))

  it.effect("is OAuth only: a plan token is refused before sending", () =>
    Effect.flatMap(
      api,
      (a) =>
        refusedBeforeSending([
          a.discoveryTextEvents({ start_date: "2026-03-03T00:00:00Z", end_date: "2026-03-03T01:00:00Z" })
        ], "AuthModeError")
    )
      .pipe(Effect.provide(plan())))

  it.effect("refuses a window over 24 hours or reversed, a TTL out of range, a date without time, before sending", () =>
    Effect.flatMap(api, (a) =>
      refusedBeforeSending([
        a.discoveryTextEvents({ start_date: "2026-03-01T00:00:00Z", end_date: "2026-03-02T00:00:01Z" }),
        a.discoveryTextEvents({ start_date: "2026-03-02T00:00:00Z", end_date: "2026-03-01T00:00:00Z" }),
        a.discoveryTextEvents({
          start_date: "2026-03-01T00:00:00Z",
          end_date: "2026-03-01T01:00:00Z",
          file_ttl_in_seconds: 59
        }),
        a.discoveryTextEvents({ start_date: "2026-03-01", end_date: "2026-03-01T01:00:00Z" })
      ], "InvalidInputError")).pipe(Effect.provide(orgOauth())))
})
