/**
 * Webhooks: their lifecycle, body validation, who may manage them, the two
 * list forms, and deliveries to the simulated receivers with their retries.
 */
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as TestClock from "effect/TestClock"
import { designSeed } from "../../../src/testing/design/index.js"
import { BASE, createHook, hookBody, NOT_FOUND_RICH, personal, run, send } from "./helpers.js"

const { tokens } = designSeed

describe("webhook lifecycle", () => {
  it.effect("creates, reads, lists, updates and deletes, then 404s", () =>
    run(Effect.gen(function*() {
      const created = yield* createHook({ description: "build hook" })
      expect(created).toEqual({
        id: "1",
        event_type: "FILE_UPDATE",
        team_id: "",
        context: "FILE",
        context_id: designSeed.file_key,
        plan_api_id: designSeed.plan_api_ids.team,
        status: "ACTIVE",
        client_id: null,
        passcode: "",
        endpoint: "https://hooks.example.com/design",
        description: "build hook"
      })
      const got = yield* send("GET", "/v2/webhooks/1", personal)
      expect(got.body).toEqual(created)
      const listed = yield* send("GET", `/v2/webhooks?context=file&context_id=${designSeed.file_key}`, personal)
      expect(listed.body).toEqual({ webhooks: [created] })

      const updated = yield* send("PUT", "/v2/webhooks/1", {
        ...personal,
        body: {
          event_type: "FILE_COMMENT",
          endpoint: "https://hooks.example.com/v2",
          passcode: "new",
          status: "PAUSED"
        }
      })
      expect(updated.status).toBe(200)
      expect(updated.body).toMatchObject({
        id: "1",
        event_type: "FILE_COMMENT",
        endpoint: "https://hooks.example.com/v2",
        status: "PAUSED",
        context: "FILE",
        passcode: ""
      })

      const deleted = yield* send("DELETE", "/v2/webhooks/1", personal)
      expect(deleted.status).toBe(200)
      expect(deleted.body).toEqual(updated.body)
      for (const method of ["GET", "PUT", "DELETE"] as const) {
        const body = method === "PUT" ? { event_type: "PING", endpoint: "https://a.example", passcode: "x" } : undefined
        const again = yield* send(method, "/v2/webhooks/1", body === undefined ? personal : { ...personal, body })
        expect(again.status).toBe(404)
        expect(again.body).toEqual(NOT_FOUND_RICH)
      }
    })))

  it.effect("sets team_id on team webhooks and client_id when created through OAuth", () =>
    run(Effect.gen(function*() {
      const team = yield* createHook({ context: "team", context_id: designSeed.team_id }, { bearer: tokens.oauth })
      expect(team.team_id).toBe(designSeed.team_id)
      expect(team.context).toBe("TEAM")
      expect(team.client_id).toBe(designSeed.oauth_client_id)
      const org = yield* createHook({ context: "team", context_id: designSeed.org_team_id }, { token: tokens.plan })
      expect(org.plan_api_id).toBe(designSeed.plan_api_ids.org)
      expect(org.client_id).toBeNull()
    })))

  it.effect("shows the passcode only inside delivered payloads", () =>
    run(Effect.gen(function*() {
      const secret = "very-secret-passcode-42"
      const texts: Array<string> = []
      const created = yield* send("POST", "/v2/webhooks", { ...personal, body: hookBody({ passcode: secret }) })
      texts.push(created.text)
      texts.push((yield* send("GET", "/v2/webhooks/1", personal)).text)
      texts.push((yield* send("GET", `/v2/webhooks?context=file&context_id=${designSeed.file_key}`, personal)).text)
      texts.push((yield* send("GET", `/v2/webhooks?plan_api_id=${designSeed.plan_api_ids.team}`, personal)).text)
      texts.push((yield* send("GET", "/_sandbox/requests")).text)
      texts.push(
        (yield* send("PUT", "/v2/webhooks/1", {
          ...personal,
          body: { event_type: "PING", endpoint: "https://hooks.example.com/x", passcode: secret }
        })).text
      )
      for (const text of texts) expect(text).not.toContain(secret)
      const requests = yield* send("GET", "/v2/webhooks/1/requests", personal)
      expect(requests.body.requests[0].request_info.payload.passcode).toBe(secret)
      texts.push((yield* send("DELETE", "/v2/webhooks/1", personal)).text)
      expect(texts.at(-1)).not.toContain(secret)
    })))
})

describe("webhook validation", () => {
  const rich400 = (message: RegExp) => ({
    error: true,
    status: 400,
    message: expect.stringMatching(message),
    i18n: null
  })

  it.effect("rejects bad create bodies with 400 naming the field, creating nothing", () =>
    run(Effect.gen(function*() {
      const bad: Array<[Record<string, unknown>, RegExp]> = [
        [hookBody({ endpoint: `https://e.example/${"a".repeat(2049 - 18)}` }), /"endpoint".*2048/],
        [{ ...hookBody(), passcode: undefined }, /"passcode" is required/],
        [hookBody({ passcode: "p".repeat(101) }), /"passcode".*100/],
        [hookBody({ event_type: "FILE_RENAMED" }), /"event_type"/],
        [hookBody({ context: "FILE" }), /"context"/],
        [hookBody({ status: "DISABLED" }), /"status"/],
        [hookBody({ description: "d".repeat(151) }), /"description".*150/],
        [hookBody({ colour: "blue" }), /"colour"/]
      ]
      expect(hookBody({ endpoint: `https://e.example/${"a".repeat(2049 - 18)}` }).endpoint).toHaveLength(2049)
      for (const [body, message] of bad) {
        const r = yield* send("POST", "/v2/webhooks", { ...personal, body })
        expect(r.status).toBe(400)
        expect(r.body).toEqual(rich400(message))
      }
      const listed = yield* send("GET", `/v2/webhooks?context=file&context_id=${designSeed.file_key}`, personal)
      expect(listed.body.webhooks).toEqual([])
    })))

  it.effect("rejects a PUT that carries context or misses required fields", () =>
    run(Effect.gen(function*() {
      yield* createHook()
      const base = { event_type: "PING", endpoint: "https://hooks.example.com/a", passcode: "x" }
      const withContext = yield* send("PUT", "/v2/webhooks/1", { ...personal, body: { ...base, context: "file" } })
      expect(withContext.body).toEqual(rich400(/"context"/))
      const withId = yield* send("PUT", "/v2/webhooks/1", {
        ...personal,
        body: { ...base, context_id: designSeed.file_key }
      })
      expect(withId.body).toEqual(rich400(/"context_id"/))
      const noPasscode = yield* send("PUT", "/v2/webhooks/1", {
        ...personal,
        body: { event_type: "PING", endpoint: "https://a.example" }
      })
      expect(noPasscode.body).toEqual(rich400(/"passcode"/))
      const unchanged = yield* send("GET", "/v2/webhooks/1", personal)
      expect(unchanged.body.event_type).toBe("FILE_UPDATE")
    })))

  it.effect("accepts the deprecated team_id in create and update bodies and keeps using the context", () =>
    run(Effect.gen(function*() {
      // A file webhook whose body names a team: the context decides, team_id stays "" as for any file webhook.
      const created = yield* send("POST", "/v2/webhooks", {
        ...personal,
        body: hookBody({ team_id: designSeed.team_id })
      })
      expect(created.status).toBe(200)
      expect(created.body).toMatchObject({ context: "FILE", context_id: designSeed.file_key, team_id: "" })
      const team = yield* createHook({ context: "team", context_id: designSeed.team_id, team_id: "999" })
      expect(team).toMatchObject({ context: "TEAM", context_id: designSeed.team_id, team_id: designSeed.team_id })

      const base = { event_type: "PING", endpoint: "https://hooks.example.com/a", passcode: "x" }
      const updated = yield* send("PUT", `/v2/webhooks/${team.id}`, {
        ...personal,
        body: { ...base, team_id: designSeed.starter_team_id }
      })
      expect(updated.status).toBe(200)
      expect(updated.body).toMatchObject({ event_type: "PING", context: "TEAM", team_id: designSeed.team_id })

      for (
        const [method, path, body] of [
          ["POST", "/v2/webhooks", hookBody({ team_id: 42 })],
          ["PUT", `/v2/webhooks/${team.id}`, { ...base, team_id: null }]
        ] as const
      ) {
        const r = yield* send(method, path, { ...personal, body })
        expect(r.status).toBe(400)
        expect(r.body).toEqual(rich400(/"team_id" must be a string/))
      }
    })))

  it.effect("keeps status and description when a PUT omits them; null clears the description", () =>
    run(Effect.gen(function*() {
      yield* createHook({ status: "PAUSED", description: "keep me" })
      const base = { event_type: "PING", endpoint: "https://hooks.example.com/a", passcode: "x" }
      const kept = yield* send("PUT", "/v2/webhooks/1", { ...personal, body: base })
      expect(kept.body).toMatchObject({ status: "PAUSED", description: "keep me", event_type: "PING" })
      const cleared = yield* send("PUT", "/v2/webhooks/1", { ...personal, body: { ...base, description: null } })
      expect(cleared.body.description).toBeNull()
      // Un-pausing by PUT sends no PING; only creation does.
      yield* send("PUT", "/v2/webhooks/1", { ...personal, body: { ...base, status: "ACTIVE" } })
      expect((yield* send("GET", "/v2/webhooks/1/requests", personal)).body.requests).toEqual([])
    })))

  it.effect("404s a create on an unknown context id", () =>
    run(Effect.gen(function*() {
      const r = yield* send("POST", "/v2/webhooks", { ...personal, body: hookBody({ context_id: "NoSuchFile" }) })
      expect(r.status).toBe(404)
      expect(r.body).toEqual(NOT_FOUND_RICH)
    })))

  it.effect("caps a file context at 3 webhooks and a project at 5", () =>
    run(Effect.gen(function*() {
      for (let i = 0; i < 3; i++) yield* createHook()
      const fourth = yield* send("POST", "/v2/webhooks", { ...personal, body: hookBody() })
      expect(fourth.status).toBe(400)
      expect(fourth.body.message).toMatch(/file context allows at most 3/)
      const project = { context: "project", context_id: designSeed.project_id }
      for (let i = 0; i < 5; i++) yield* createHook(project)
      const sixth = yield* send("POST", "/v2/webhooks", { ...personal, body: hookBody(project) })
      expect(sixth.body.message).toMatch(/project context allows at most 5/)
    })))
})

describe("webhook roles", () => {
  it.effect("needs a team admin for team webhooks and edit access for project and file webhooks", () =>
    run(Effect.gen(function*() {
      const team = hookBody({ context: "team", context_id: designSeed.team_id })
      const editorTeam = yield* send("POST", "/v2/webhooks", { token: tokens.editor, body: team })
      expect(editorTeam.status).toBe(403)
      expect(editorTeam.body).toEqual({ status: 403, err: expect.stringMatching(/team admins/) })
      const project = hookBody({ context: "project", context_id: designSeed.project_id })
      const editorProject = yield* send("POST", "/v2/webhooks", { token: tokens.editor, body: project })
      expect(editorProject.status).toBe(200)
      const viewerProject = yield* send("POST", "/v2/webhooks", { token: tokens.viewer, body: project })
      expect(viewerProject.status).toBe(403)
      expect(viewerProject.body).toEqual({ status: 403, err: expect.stringMatching(/edit access/) })
      // The viewer can read but not change or delete it.
      const id = editorProject.body.id
      expect((yield* send("GET", `/v2/webhooks/${id}`, { token: tokens.viewer })).status).toBe(200)
      expect((yield* send("DELETE", `/v2/webhooks/${id}`, { token: tokens.viewer })).status).toBe(403)
      // A user of another team cannot even see it.
      expect((yield* send("GET", `/v2/webhooks/${id}`, { token: tokens.starter })).status).toBe(403)
    })))
})

describe("webhook lists", () => {
  it.effect("pages the plan_api_id form with full next_page/prev_page URLs", () =>
    run(Effect.gen(function*() {
      for (let i = 0; i < 4; i++) yield* createHook({ context: "team", context_id: designSeed.team_id })
      for (let i = 0; i < 3; i++) yield* createHook()
      yield* createHook({ context: "team", context_id: designSeed.starter_team_id }, { token: tokens.starter })
      const plan = designSeed.plan_api_ids.team
      const first = yield* send("GET", `/v2/webhooks?plan_api_id=${plan}`, personal)
      expect(first.status).toBe(200)
      expect(first.body.webhooks.map((w: any) => w.id)).toEqual(["1", "2", "3"])
      expect(first.body.pagination.prev_page).toBeUndefined()
      const next = first.body.pagination.next_page as string
      expect(next).toMatch(new RegExp(`^${BASE}/v2/webhooks\\?plan_api_id=${plan}&cursor=[\\w-]+$`))

      const second = yield* send("GET", next, personal)
      expect(second.body.webhooks.map((w: any) => w.id)).toEqual(["4", "5", "6"])
      expect(second.body.pagination.prev_page).toMatch(/^http:\/\/sim\.test\/v2\/webhooks\?/)
      const third = yield* send("GET", second.body.pagination.next_page, personal)
      expect(third.body.webhooks.map((w: any) => w.id)).toEqual(["7"])
      expect(third.body.pagination.next_page).toBeUndefined()
      const back = yield* send("GET", second.body.pagination.prev_page, personal)
      expect(back.body.webhooks.map((w: any) => w.id)).toEqual(["1", "2", "3"])

      // The context form returns everything at once, without pagination.
      const team = yield* send("GET", `/v2/webhooks?context=team&context_id=${designSeed.team_id}`, personal)
      expect(team.body.webhooks).toHaveLength(4)
      expect(team.body.pagination).toBeUndefined()
    })))

  it.effect("rejects conflicting or incomplete list queries with 400", () =>
    run(Effect.gen(function*() {
      const queries = [
        `context=team&context_id=${designSeed.team_id}&plan_api_id=${designSeed.plan_api_ids.team}`,
        `context_id=${designSeed.team_id}&plan_api_id=${designSeed.plan_api_ids.team}`,
        "",
        "context=team",
        `context_id=${designSeed.team_id}`,
        `plan_api_id=${designSeed.plan_api_ids.team}&cursor=not-a-cursor`
      ]
      for (const query of queries) {
        const r = yield* send("GET", `/v2/webhooks?${query}`, personal)
        expect(r.status).toBe(400)
        expect(r.body).toMatchObject({ error: true, status: 400, i18n: null })
      }
    })))

  it.effect("ignores cursor when listing by context, as the real service does", () =>
    run(Effect.gen(function*() {
      for (let i = 0; i < 4; i++) yield* createHook({ context: "team", context_id: designSeed.team_id })
      const paged = yield* send("GET", `/v2/webhooks?plan_api_id=${designSeed.plan_api_ids.team}`, personal)
      const cursor = new URL(paged.body.pagination.next_page).searchParams.get("cursor")!
      for (const value of [cursor, "not-a-cursor"]) {
        const query = new URLSearchParams({ context: "team", context_id: designSeed.team_id, cursor: value })
        const r = yield* send("GET", `/v2/webhooks?${query}`, personal)
        expect(r.status).toBe(200)
        expect(r.body.webhooks.map((w: any) => w.id)).toEqual(["1", "2", "3", "4"])
        expect(r.body.pagination).toBeUndefined()
      }
      // Without a listing form, a cursor alone is still not enough.
      expect((yield* send("GET", `/v2/webhooks?cursor=${cursor}`, personal)).status).toBe(400)
    })))

  it.effect("serves the deprecated team list with team-context webhooks only", () =>
    run(Effect.gen(function*() {
      const team = yield* createHook({ context: "team", context_id: designSeed.team_id })
      yield* createHook()
      const r = yield* send("GET", `/v2/teams/${designSeed.team_id}/webhooks`, personal)
      expect(r.status).toBe(200)
      expect(r.body).toEqual({ webhooks: [team] })
      const missing = yield* send("GET", "/v2/teams/999/webhooks", personal)
      expect(missing.body).toEqual({ status: 404, err: "Not found" })
    })))
})

describe("deliveries", () => {
  it.effect("sends a PING on ACTIVE create and nothing for a PAUSED webhook", () =>
    run(Effect.gen(function*() {
      yield* TestClock.adjust("1 hour")
      const active = yield* createHook({ event_type: "PING" })
      const r = yield* send("GET", `/v2/webhooks/${active.id}/requests`, personal)
      expect(r.body).toEqual({
        requests: [{
          webhook_id: active.id,
          request_info: {
            id: expect.any(String),
            endpoint: "https://hooks.example.com/design",
            payload: {
              passcode: "s3cret-passcode",
              timestamp: "1970-01-01T01:00:00.000Z",
              webhook_id: active.id,
              event_type: "PING",
              protocol_version: "2",
              retries: 0
            },
            sent_at: "1970-01-01T01:00:00.000Z"
          },
          response_info: { status: "200", received_at: "1970-01-01T01:00:00.000Z" },
          error_msg: null
        }]
      })
      const paused = yield* createHook({ status: "PAUSED" })
      const none = yield* send("GET", `/v2/webhooks/${paused.id}/requests`, personal)
      expect(none.body).toEqual({ requests: [] })
    })))

  it.effect("retries a failing endpoint after 5 minutes, 30 minutes and 3 hours, staying ACTIVE", () =>
    run(Effect.gen(function*() {
      const endpoint = "https://hooks.example.com/failing"
      yield* send("POST", "/_sandbox/endpoint", { body: { endpoint, status: 500 } })
      const hook = yield* createHook({ endpoint })
      const attempts = () =>
        Effect.map(send("GET", `/v2/webhooks/${hook.id}/requests`, personal), (r) => r.body.requests as Array<any>)

      expect(yield* attempts()).toHaveLength(1)
      yield* TestClock.adjust("299 seconds")
      expect(yield* attempts()).toHaveLength(1)
      yield* TestClock.adjust("1 second")
      const afterFirst = yield* attempts()
      expect(afterFirst).toHaveLength(2)
      expect(afterFirst[1].request_info.payload.retries).toBe(1)
      expect(afterFirst[1].request_info.sent_at).toBe("1970-01-01T00:05:00.000Z")
      expect(afterFirst[1].response_info).toEqual({ status: "500", received_at: "1970-01-01T00:05:00.000Z" })
      expect(afterFirst[1].error_msg).toEqual(expect.any(String))

      yield* TestClock.adjust("30 minutes")
      expect(yield* attempts()).toHaveLength(3)
      yield* TestClock.adjust("3 hours")
      const all = yield* attempts()
      expect(all.map((a) => a.request_info.payload.retries)).toEqual([0, 1, 2, 3])
      yield* TestClock.adjust("1 day")
      expect(yield* attempts()).toHaveLength(4)
      expect((yield* send("GET", `/v2/webhooks/${hook.id}`, personal)).body.status).toBe("ACTIVE")
    })))

  it.effect("records a timeout with no response_info, and recovers when the receiver does", () =>
    run(Effect.gen(function*() {
      const endpoint = "https://hooks.example.com/slow"
      yield* send("POST", "/_sandbox/endpoint", { body: { endpoint, timeout: true, times: 1 } })
      const hook = yield* createHook({ endpoint })
      yield* TestClock.adjust("5 minutes")
      const r = yield* send("GET", `/v2/webhooks/${hook.id}/requests`, personal)
      const [first, retry] = r.body.requests
      expect(first.response_info).toBeNull()
      expect(first.error_msg).toMatch(/timed out/)
      expect(retry.response_info.status).toBe("200")
      expect(retry.error_msg).toBeNull()
    })))

  it.effect("lists only the last 7 days of deliveries", () =>
    run(Effect.gen(function*() {
      const hook = yield* createHook()
      yield* TestClock.adjust("7 days")
      expect((yield* send("GET", `/v2/webhooks/${hook.id}/requests`, personal)).body.requests).toHaveLength(1)
      yield* TestClock.adjust("1 millis")
      expect((yield* send("GET", `/v2/webhooks/${hook.id}/requests`, personal)).body.requests).toHaveLength(0)
    })))

  it.effect("advances simulator time through POST /_sandbox/clock", () =>
    run(Effect.gen(function*() {
      const endpoint = "https://hooks.example.com/down"
      yield* send("POST", "/_sandbox/endpoint", { body: { endpoint, status: 503 } })
      const hook = yield* createHook({ endpoint })
      const advanced = yield* send("POST", "/_sandbox/clock", { body: { advance_ms: 5 * 60_000 } })
      expect(advanced.body).toEqual({ ok: true, now: "1970-01-01T00:05:00.000Z" })
      const r = yield* send("GET", `/v2/webhooks/${hook.id}/requests`, personal)
      expect(r.body.requests).toHaveLength(2)
    })))
})

describe("webhook events", () => {
  it.effect("a FILE_COMMENT webhook of the file, its project or its team receives a posted comment; others do not", () =>
    run(Effect.gen(function*() {
      const onFile = yield* createHook({ event_type: "FILE_COMMENT", endpoint: "https://hooks.example.com/file" })
      const onTeam = yield* createHook({
        event_type: "FILE_COMMENT",
        context: "team",
        context_id: designSeed.team_id,
        endpoint: "https://hooks.example.com/team"
      })
      const onUpdates = yield* createHook({ event_type: "FILE_UPDATE", endpoint: "https://hooks.example.com/upd" })
      const posted = yield* send("POST", `/v1/files/${designSeed.file_key}/comments`, {
        ...personal,
        body: { message: "Ship it" }
      })
      expect(posted.status).toBe(200)
      const requestsOf = (id: string) =>
        Effect.map(
          send("GET", `/v2/webhooks/${id}/requests`, personal),
          (r) =>
            (r.body.requests as Array<{ request_info: { payload: Record<string, unknown> } }>)
              .map((q) => q.request_info.payload)
        )
      for (const hook of [onFile, onTeam]) {
        const payloads = yield* requestsOf(hook.id)
        expect(payloads.map((p) => p.event_type)).toEqual(["PING", "FILE_COMMENT"])
        expect(payloads[1]).toMatchObject({
          passcode: "s3cret-passcode",
          webhook_id: hook.id,
          comment: [{ text: "Ship it" }],
          comment_id: posted.body.id,
          file_key: designSeed.file_key,
          file_name: "Sandbox File",
          parent_id: "",
          resolved_at: "",
          triggered_by: { id: posted.body.user.id },
          protocol_version: "2"
        })
      }
      expect((yield* requestsOf(onUpdates.id)).map((p) => p.event_type)).toEqual(["PING"])
    })))
})
