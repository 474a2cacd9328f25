import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as TestClock from "effect/TestClock"
import type { SendOptions, Sent } from "./helpers.js"
import { as, ent, LIMITED, run, send, sendText } from "./helpers.js"

const NOW = Date.parse("2026-03-04T12:00:00Z")
const NOW_S = NOW / 1000
const at = <A, E, R>(effect: Effect.Effect<A, E, R>, ms = NOW) => Effect.zipRight(TestClock.setTime(ms), effect)

const expectRefused = (r: { status: number; body: any }, message: RegExp) => {
  expect(r.status).toBe(403)
  expect(r.body).toMatchObject({ error: true, status: 403, i18n: null })
  expect(r.body.message).toMatch(message)
}

const expect400 = (r: { status: number; body: any }, message: RegExp | string) => {
  expect(r.status).toBe(400)
  expect(r.body).toMatchObject({ error: true, status: 400, i18n: null })
  if (typeof message === "string") expect(r.body.message).toBe(message)
  else expect(r.body.message).toMatch(message)
}

type Event = { id: string; timestamp: number; action: { type: string } }

describe("activity logs", () => {
  const { first_timestamp: first, last_timestamp: last, count } = ent.activity_logs

  it.effect("pages the whole log by moving the time window", () =>
    run(at(Effect.gen(function*() {
      const seen: Array<Event> = []
      let start = first
      for (let page = 1;; page++) {
        const r = yield* send("GET", `/v1/activity_logs?start_time=${start}&end_time=${last}&limit=7`, as.plan)
        expect(r.status).toBe(200)
        expect(r.body).toMatchObject({ status: 200, error: false })
        const { activity_logs, cursor, next_page } = r.body.meta
        expect(typeof cursor).toBe("string")
        seen.push(...activity_logs)
        if (!next_page) {
          expect(page).toBe(Math.ceil(count / 7))
          break
        }
        start = activity_logs[activity_logs.length - 1].timestamp + 1
      }
      expect(seen).toHaveLength(count)
      expect(new Set(seen.map((e) => e.id)).size).toBe(count)
      expect(seen.map((e) => e.timestamp)).toEqual([...seen.map((e) => e.timestamp)].sort((a, b) => a - b))
      expect(seen[0]!.timestamp).toBe(first)
      expect(seen[count - 1]!.timestamp).toBe(last)
    }))))

  it.effect("returns events in the wire's shape, newest first with order=desc, filtered by events", () =>
    run(at(Effect.gen(function*() {
      const r = yield* send("GET", "/v1/activity_logs?order=desc&limit=2", as.oauthOrg)
      expect(r.status).toBe(200)
      const [newest] = r.body.meta.activity_logs
      expect(newest.timestamp).toBe(last)
      expect(Object.keys(newest)).toEqual(["id", "timestamp", "actor", "action", "entity", "context"])
      expect(Object.keys(newest.context)).toEqual([
        "client_name",
        "ip_address",
        "is_design_support_team_action",
        "org_id",
        "team_id"
      ])
      expect(newest.context.org_id).toBe(ent.org_id)
      expect(r.body.meta.next_page).toBe(true)
      const all = yield* send("GET", "/v1/activity_logs", as.plan)
      expect(all.body.meta.activity_logs).toHaveLength(count)
      expect(all.body.meta.next_page).toBe(false)
      expect(all.body.meta.activity_logs.some((e: { actor: unknown }) => e.actor === null)).toBe(true)
      const filtered = yield* send("GET", "/v1/activity_logs?events=login,file_export", as.plan)
      const types = new Set(filtered.body.meta.activity_logs.map((e: Event) => e.action.type))
      expect([...types].sort()).toEqual(["file_export", "login"])
    }))))

  it.effect("rejects non-integers and other bad parameters with 400", () =>
    run(at(Effect.gen(function*() {
      expect400(
        yield* send("GET", "/v1/activity_logs?limit=30.0", as.plan),
        "'limit' must be a valid number, received type String"
      )
      expect400(
        yield* send("GET", "/v1/activity_logs?start_time=1e9", as.plan),
        "'start_time' must be a valid number, received type String"
      )
      expect400(
        yield* send("GET", "/v1/activity_logs?end_time=now", as.plan),
        "'end_time' must be a valid number, received type String"
      )
      expect400(yield* send("GET", "/v1/activity_logs?limit=0", as.plan), /between 1 and 1000/)
      expect400(yield* send("GET", "/v1/activity_logs?order=newest", as.plan), /'order' must be one of asc, desc/)
      expect400(yield* send("GET", "/v1/activity_logs?events=login,teleport", as.plan), /unknown event type "teleport"/)
      expect400(
        yield* send("GET", `/v1/activity_logs?start_time=${last}&end_time=${first}`, as.plan),
        /must not be after/
      )
    }))))

  it.effect("takes a plan token or an org admin's org-level OAuth token, on Enterprise only", () =>
    run(at(Effect.gen(function*() {
      expectRefused(yield* send("GET", "/v1/activity_logs", as.admin), /does not accept personal access tokens/)
      expectRefused(yield* send("GET", "/v1/activity_logs", as.oauth), /requires an organization-level OAuth token/)
      expectRefused(yield* send("GET", "/v1/activity_logs", as.oauthOrgMember), /Only organization admins/)
      expect((yield* send("GET", "/v1/activity_logs", as.basePlan)).body).toEqual(LIMITED)
      const basic = yield* send("GET", "/v1/activity_logs", as.basicPlan)
      expect(basic.body.meta).toEqual({ activity_logs: [], cursor: "", next_page: false })
      expect((yield* send("GET", "/v1/activity_logs", { token: "wrong" })).body).toEqual({
        status: 403,
        err: "Invalid token"
      })
    }))))
})

describe("developer logs", () => {
  const post = (body: unknown, options: SendOptions = as.plan) =>
    send("POST", "/v1/developer_logs", { ...options, body })

  it.effect("answers a read for POST with 25 items of the last 30 days by default", () =>
    run(at(Effect.gen(function*() {
      const r = yield* send("POST", "/v1/developer_logs", as.plan)
      expect(r.status).toBe(200)
      expect(r.body).toMatchObject({ status: 200, error: false })
      const { items, cursor, has_more } = r.body.meta
      expect(items).toHaveLength(25)
      expect(has_more).toBe(true)
      expect(typeof cursor).toBe("string")
      expect(items[0].timestamp).toBe("2026-03-04T12:00:00.000Z")
      // The item as the service describes it: nested, keyed by uuid, no token value.
      expect(Object.keys(items[0])).toEqual(["uuid", "timestamp", "action", "actor", "resource", "context"])
      for (const item of items) {
        expect(item.uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-8[0-9a-f]{3}-[0-9a-f]{12}$/)
        expect(Object.keys(item.action)).toEqual(["event_name", "event_source"])
        expect(["rest_api", "mcp_server"]).toContain(item.action.event_source)
        expect(Object.keys(item.actor)).toEqual(["user_id", "user_name", "user_email", "token_name", "token_type"])
        expect(["developer_token", "plan_access_token", "oauth_token"]).toContain(item.actor.token_type)
        expect(Object.keys(item.resource)).toEqual(["id_or_key", "name", "type", "org_id"])
        expect([null, "file", "team", "project"]).toContain(item.resource.type)
        expect(item.resource.org_id).toBe(ent.org_id)
        expect(Object.keys(item.context)).toEqual(["ip_address", "city", "country_region", "country"])
        expect(JSON.stringify(item)).not.toContain("-t1")
      }
      expect(items.some((i: any) => i.actor.user_id === null && i.actor.token_type === "plan_access_token")).toBe(true)
      expect(items.some((i: any) => i.context.city === null)).toBe(true)
    }))))

  it.effect("walks the last 24 hours with a cursor and a small limit", () =>
    run(at(Effect.gen(function*() {
      const seen: Array<{ uuid: string; timestamp: string }> = []
      let cursor: string | null = null
      do {
        const r: Sent = yield* post({ date_range: "last_24h", limit: 5, cursor })
        expect(r.status).toBe(200)
        seen.push(...r.body.meta.items)
        cursor = r.body.meta.cursor
        expect(r.body.meta.has_more).toBe(cursor !== null)
      } while (cursor !== null)
      expect(seen).toHaveLength(12)
      expect(new Set(seen.map((i) => i.uuid)).size).toBe(12)
      expect(Date.parse(seen[11]!.timestamp)).toBeGreaterThan(NOW - 24 * 3600_000)
    }))))

  it.effect("filters by event source, token type and user email", () =>
    run(at(Effect.gen(function*() {
      const mcp = (yield* post({ event_source: "mcp_server", limit: 100 })).body.meta.items
      expect(mcp.length).toBeGreaterThan(0)
      expect(mcp.every((i: any) => i.action.event_source === "mcp_server")).toBe(true)
      const plan = (yield* post({ token_type: "plan_access_token", limit: 100 })).body.meta.items
      expect(plan.length).toBeGreaterThan(0)
      expect(plan.every((i: any) => i.actor.token_type === "plan_access_token" && i.actor.user_email === null)).toBe(
        true
      )
      const developer = (yield* post({ token_type: "developer_token", limit: 100 })).body.meta.items
      expect(developer.length).toBeGreaterThan(0)
      expect(developer.every((i: any) => i.actor.token_type === "developer_token")).toBe(true)
      const byToken = (yield* post({ token: `${ent.org_id}-t2`, limit: 100 })).body.meta.items
      expect(byToken.map((i: any) => i.actor.token_name)).toEqual(plan.map((i: any) => i.actor.token_name))
      const mine =
        (yield* post({ user_email: ent.users.admin.email.toUpperCase(), date_range: "last_7d", limit: 100 })).body.meta
          .items
      expect(mine.length).toBeGreaterThan(0)
      expect(mine.every((i: any) => i.actor.user_email === ent.users.admin.email)).toBe(true)
    }))))

  it.effect("rejects bad bodies with 400, including a limit sent as a string", () =>
    run(at(Effect.gen(function*() {
      expect400(yield* post({ limit: "30" }), "'limit' must be a valid number, received type String")
      expect400(yield* post({ limit: 2.5 }), "'limit' must be an integer")
      expect400(yield* post({ limit: 101 }), /between 1 and 100/)
      expect400(yield* post({ date_range: "last_90d" }), /'date_range' must be one of last_24h, last_7d, last_30d/)
      expect400(yield* post({ event_source: "cli" }), /'event_source' must be one of rest_api, mcp_server/)
      expect400(yield* post({ token_type: "session" }), /'token_type' must be one of/)
      expect400(
        yield* post({ token_type: "personal_access_token" }),
        /'token_type' must be one of developer_token, plan_access_token, oauth_token/
      )
      expect400(yield* post({ cursor: "nonsense" }), /Invalid 'cursor'/)
      expect400(yield* post({ since: "yesterday" }), /Unknown field 'since'/)
      expect400(yield* sendText("POST", "/v1/developer_logs", "{", as.plan), "Request body is not valid JSON")
    }))))

  it.effect("takes only a plan token, of an org with Governance+", () =>
    run(at(Effect.gen(function*() {
      expectRefused(yield* post({}, as.admin), /does not accept personal access tokens/)
      expectRefused(
        yield* post({}, as.oauthOrg),
        /does not accept organization-level OAuth tokens\. Use plan access tokens\./
      )
      expect((yield* post({}, as.basicPlan)).body).toEqual(LIMITED)
      expect((yield* post({}, as.basePlan)).body).toEqual(LIMITED)
    }))))
})

describe("AI usage", () => {
  const usage = (query: string, options: SendOptions = as.plan) => send("GET", `/v1/ai_usage/daily?${query}`, options)

  it.effect("pages daily rows with next_cursor until it is empty", () =>
    run(at(Effect.gen(function*() {
      const whole = yield* usage("start_date=2026-02-01&end_date=2026-02-28")
      expect(whole.status).toBe(200)
      expect(whole.body.has_next_page).toBe(false)
      expect(whole.body.next_cursor).toBe("")
      const total = whole.body.rows.length
      expect(total).toBeGreaterThan(40)
      const rows: Array<unknown> = []
      let cursor = ""
      let pages = 0
      do {
        const r = yield* usage(
          `start_date=2026-02-01&end_date=2026-02-28&limit=15${cursor === "" ? "" : `&cursor=${cursor}`}`
        )
        pages++
        rows.push(...r.body.rows)
        cursor = r.body.next_cursor
        expect(r.body.has_next_page).toBe(cursor !== "")
      } while (cursor !== "")
      expect(rows).toEqual(whole.body.rows)
      expect(pages).toBe(Math.ceil(total / 15))
      expect(Object.keys(whole.body.rows[0])).toEqual([
        "plan_id",
        "user_id",
        "user_email",
        "day",
        "editor_type",
        "seat_credits_sum",
        "plan_credits_sum",
        "workspace_id",
        "workspace_name",
        "team_id",
        "team_name",
        "license_group_id",
        "license_group_name",
        "metering_period_start",
        "metering_period_end"
      ])
      expect(whole.body.rows[0]).toMatchObject({
        plan_id: ent.org_id,
        metering_period_start: "2026-02-01",
        metering_period_end: "2026-02-28"
      })
    }))))

  it.effect("stops at the data lag and filters by user_email", () =>
    run(at(Effect.gen(function*() {
      const r = yield* usage("start_date=2026-03-01&end_date=2026-03-31")
      const days = new Set(r.body.rows.map((row: { day: string }) => row.day))
      expect([...days].sort().at(-1)).toBe("2026-03-04")
      const member = yield* usage(`start_date=2026-02-01&end_date=2026-02-28&user_email=${ent.users.member.email}`)
      expect(member.body.rows.length).toBeGreaterThan(0)
      expect(member.body.rows.every((row: { user_id: string }) => row.user_id === ent.users.member.id)).toBe(true)
    }))))

  it.effect("rejects missing dates, dates out of range, an unknown user and non-integer limits with 400", () =>
    run(at(Effect.gen(function*() {
      expect400(yield* usage("start_date=2026-02-01"), "'end_date' is required")
      expect400(yield* usage("end_date=2026-02-01"), "'start_date' is required")
      expect400(
        yield* usage("start_date=2025-11-30&end_date=2026-01-01"),
        "'start_date' must be on or after 2025-12-01"
      )
      expect400(yield* usage("start_date=2026-02-10&end_date=2026-02-01"), /must not be before/)
      expect400(
        yield* usage("start_date=2026-02-01&end_date=2026-02-28&user_email=nobody@example.com"),
        /No user with email nobody@example.com/
      )
      expect400(
        yield* usage("start_date=2026-02-01&end_date=2026-02-28&limit=10.0"),
        "'limit' must be a valid number, received type String"
      )
      expect400(yield* usage("start_date=2026-02-01&end_date=2026-02-28&limit=1001"), /between 1 and 1000/)
      const first = yield* usage("start_date=2026-02-01&end_date=2026-02-28&limit=5")
      expect400(
        yield* usage(`start_date=2026-02-02&end_date=2026-02-28&limit=5&cursor=${first.body.next_cursor}`),
        /Invalid 'cursor'/
      )
    }))))

  it.effect("refuses a start_date more than 366 days before today", () =>
    run(at(
      Effect.gen(function*() {
        expect400(
          yield* usage("start_date=2026-01-01&end_date=2026-01-31"),
          "'start_date' must be at most 366 days before today"
        )
        expect((yield* usage("start_date=2026-06-01&end_date=2026-06-30")).status).toBe(200)
      }),
      Date.parse("2027-06-01T12:00:00Z")
    )))

  it.effect("takes only a plan token, of an Enterprise org", () =>
    run(at(Effect.gen(function*() {
      const q = "start_date=2026-02-01&end_date=2026-02-02"
      expectRefused(yield* usage(q, as.admin), /does not accept personal access tokens/)
      expectRefused(yield* usage(q, as.oauthOrg), /does not accept organization-level OAuth tokens/)
      expect((yield* usage(q, as.basePlan)).body).toEqual(LIMITED)
      expect((yield* usage(q, as.basicPlan)).status).toBe(200)
    }))))
})

describe("discovery", () => {
  const discover = (query: string, options: SendOptions = as.oauthOrg) => send("GET", `/v1/discovery?${query}`, options)
  const window = "start_date=2026-03-04T00:00:00Z&end_date=2026-03-04T06:00:00Z"

  it.effect("returns download links keyed by hour", () =>
    run(at(Effect.gen(function*() {
      const r = yield* discover(window)
      expect(r.status).toBe(200)
      expect(r.body.error).toBe(false)
      expect(r.body.status).toBe(200)
      expect(r.body.i18n).toBeNull()
      expect(Object.keys(r.body.meta.urls)).toEqual(["00", "01", "02", "03", "04", "05"].map((h) => `2026/03/04/${h}`))
      const links = Object.values(r.body.meta.urls).flat() as Array<string>
      expect(links.length).toBeGreaterThan(0)
      for (const link of links) expect(link).toMatch(new RegExp(`^https://.*expires=${NOW_S + 86_400}&`))
      const short = yield* discover(`${window}&file_ttl_in_seconds=60`)
      for (const link of Object.values(short.body.meta.urls).flat() as Array<string>) {
        expect(link).toContain(`expires=${NOW_S + 60}&`)
      }
    }))))

  it.effect("checks the window and the link lifetime", () =>
    run(at(Effect.gen(function*() {
      expect400(
        yield* discover("start_date=2026-03-04T11:30:00Z&end_date=2026-03-04T12:00:00Z"),
        /at least 1 hour in the past/
      )
      expect400(
        yield* discover("start_date=2026-03-02T00:00:00Z&end_date=2026-03-03T01:00:00Z"),
        /at most 24 hours after/
      )
      expect400(yield* discover("start_date=2026-03-03T05:00:00Z&end_date=2026-03-03T05:00:00Z"), /must be after/)
      expect400(yield* discover("start_date=2026-03-03T05:00:00Z&end_date=2026-02-30T05:00:00Z"), /ISO 8601/)
      expect400(yield* discover("start_date=yesterday&end_date=2026-03-03T05:00:00Z"), /ISO 8601/)
      expect400(yield* discover(`${window}&file_ttl_in_seconds=59`), /between 60 and 86400/)
      expect400(
        yield* discover(`${window}&file_ttl_in_seconds=60.0`),
        "'file_ttl_in_seconds' must be a valid number, received type String"
      )
    }))))

  it.effect("answers 429 past 20 requests in one second", () =>
    run(at(Effect.gen(function*() {
      for (let i = 0; i < 20; i++) expect((yield* discover(window)).status).toBe(200)
      const limited = yield* discover(window)
      expect(limited.status).toBe(429)
      expect(limited.body).toEqual({ status: 429, err: "Rate limit exceeded" })
      expect(limited.headers["retry-after"]).toBe("1")
      yield* TestClock.adjust("1 second")
      expect((yield* discover(window)).status).toBe(200)
    }))))

  it.effect("takes only an org admin's org-level OAuth token, with Governance+", () =>
    run(at(Effect.gen(function*() {
      expectRefused(yield* discover(window, as.plan), /does not accept plan access tokens/)
      expectRefused(yield* discover(window, as.admin), /does not accept personal access tokens/)
      expectRefused(yield* discover(window, as.baseOauth), /requires an organization-level OAuth token/)
      expectRefused(yield* discover(window, as.oauthOrgMember), /Only organization admins/)
      expect((yield* discover(window, as.basicOauthOrg)).body).toEqual(LIMITED)
    }))))
})
