/**
 * The task-management simulator's paging (limit, offset, next_page, expiry,
 * the too-large 400), task search (402 on free, 100 results, by-hand paging,
 * its own limit), batch rules, and the per-token rate limits with Retry-After.
 */
import type * as HttpClient from "@effect/platform/HttpClient"
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as TestClock from "effect/TestClock"
import { FREE_PER_MINUTE, OFFSET_TTL_MS, SEARCH_PER_MINUTE, TaskmgrSimulator } from "../../src/testing/index.js"
import { API, FREE, get, messageOf, post, seed } from "./taskmgr-sim-helpers.js"

const run = <A, E>(effect: Effect.Effect<A, E, TaskmgrSimulator | HttpClient.HttpClient>) =>
  Effect.provide(effect, TaskmgrSimulator.layer)

const BIG = `/projects/${seed.big_project_gid}/tasks`

describe("taskmgr simulator: pagination", () => {
  it.effect("limit pages through next_page until it is null; without limit there is no next_page", () =>
    run(Effect.gen(function*() {
      const first = yield* get(`${BIG}?limit=40&opt_fields=name`)
      expect(first.body.data).toHaveLength(40)
      expect(first.body.data[0]).toEqual({ gid: "1200000000010001", resource_type: "task", name: "Backlog item 1" })
      const next = first.body.next_page
      expect(next.path).toBe(`${BIG}?limit=40&opt_fields=name&offset=${next.offset}`)
      expect(next.uri).toBe(`${API}${next.path}`)
      const seen: Array<string> = first.body.data.map((t: { gid: string }) => t.gid)
      let page = next
      while (page !== null) {
        const answer = yield* get(page.path)
        seen.push(...answer.body.data.map((t: { gid: string }) => t.gid))
        page = answer.body.next_page
      }
      expect(seen).toHaveLength(seed.big_project_task_count)
      expect(new Set(seen).size).toBe(seed.big_project_task_count)

      const small = yield* get(`/projects/${seed.project_gid}/sections`)
      expect(small.body).not.toHaveProperty("next_page")
      expect(small.body.data).toHaveLength(3)
    })))

  it.effect("an offset expires after OFFSET_TTL_MS of simulator time and is refused on another list", () =>
    run(Effect.gen(function*() {
      const first = yield* get(`${BIG}?limit=10`)
      const offset: string = first.body.next_page.offset
      expect((yield* get(`${BIG}?limit=10&offset=${offset}`)).status).toBe(200)
      const elsewhere = yield* get(`/projects/${seed.project_gid}/tasks?limit=10&offset=${offset}`)
      expect(elsewhere.status).toBe(400)
      expect((yield* get(`${BIG}?limit=10&offset=garbage`)).status).toBe(400)
      yield* TestClock.adjust(OFFSET_TTL_MS + 1)
      const expired = yield* get(`${BIG}?limit=10&offset=${offset}`)
      expect(expired.status).toBe(400)
      expect(messageOf(expired)).toMatch(/^offset: .*no longer valid/)
    })))

  it.effect("the simulator clock control expires offsets too", () =>
    run(Effect.gen(function*() {
      const sim = yield* TaskmgrSimulator
      const offset: string = (yield* get(`${BIG}?limit=10`)).body.next_page.offset
      yield* sim.advanceClock(OFFSET_TTL_MS + 1)
      expect((yield* get(`${BIG}?limit=10&offset=${offset}`)).status).toBe(400)
    })))

  it.effect("a large list without limit is the too-large 400; limit outside 1-100 is a 400", () =>
    run(Effect.gen(function*() {
      const large = yield* get(BIG)
      expect(large.status).toBe(400)
      expect(messageOf(large)).toBe(
        "The result is too large. You should use pagination (may require specifying a workspace)!"
      )
      for (const limit of ["0", "101", "abc"]) expect((yield* get(`${BIG}?limit=${limit}`)).status).toBe(400)
      expect((yield* get(`${BIG}?limit=100`)).body.data).toHaveLength(100)
    })))
})

describe("taskmgr simulator: task search", () => {
  const SEARCH = `/workspaces/${seed.workspace_gid}/tasks/search`

  it.effect("is 402 on a free workspace", () =>
    run(Effect.gen(function*() {
      const answer = yield* get(`/workspaces/${seed.free_workspace_gid}/tasks/search?text=plants`, { token: FREE })
      expect(answer.status).toBe(402)
      expect(messageOf(answer)).toMatch(/premium/)
    })))

  it.effect("answers at most 100 with no next_page, and pages by hand with created_at.before", () =>
    run(Effect.gen(function*() {
      const query = `projects.any=${seed.big_project_gid}&sort_by=created_at&opt_fields=created_at`
      const first = yield* get(`${SEARCH}?${query}`)
      expect(first.body.data).toHaveLength(100)
      expect(first.body).not.toHaveProperty("next_page")
      expect(first.body.data[0].gid).toBe("1200000000010150")
      const last = first.body.data[99].created_at
      const second = yield* get(`${SEARCH}?${query}&created_at.before=${encodeURIComponent(last)}`)
      expect(second.body.data).toHaveLength(50)
      expect(second.body.data[0].gid).toBe("1200000000010050")
      const text = yield* get(`${SEARCH}?text=checklist&completed=false`)
      expect(text.body.data.map((t: { gid: string }) => t.gid)).toEqual([
        seed.task_gids.review,
        seed.task_gids.checklist
      ])
    })))

  it.effect("has its own limit of 60 a minute, answered with 429 and Retry-After", () =>
    run(Effect.gen(function*() {
      for (let i = 0; i < SEARCH_PER_MINUTE; i++) expect((yield* get(`${SEARCH}?text=x`)).status).toBe(200)
      const limited = yield* get(`${SEARCH}?text=x`)
      expect(limited.status).toBe(429)
      expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0)
      // Other routes are still open.
      expect((yield* get("/users/me")).status).toBe(200)
      yield* TestClock.adjust(`${Number(limited.headers["retry-after"])} seconds`)
      expect((yield* get(`${SEARCH}?text=x`)).status).toBe(200)
    })))
})

describe("taskmgr simulator: batch", () => {
  it.effect("answers each action's status, headers and body in the order asked, fields through options", () =>
    run(Effect.gen(function*() {
      const answer = yield* post("/batch", {
        actions: [
          { relative_path: `/tasks/${seed.task_gid}`, method: "get", options: { fields: ["name"] } },
          { relative_path: "/tasks/999", method: "get" },
          { relative_path: `/tasks/${seed.task_gid}/stories`, method: "post", data: { text: "from a batch" } },
          { relative_path: `${BIG}`, method: "get", options: { limit: 2 } }
        ]
      })
      expect(answer.status).toBe(200)
      const [one, two, three, four] = answer.body.data
      expect(one).toEqual({
        status_code: 200,
        headers: {},
        body: { data: { gid: seed.task_gid, resource_type: "task", name: "Write the launch checklist" } }
      })
      expect(two.status_code).toBe(404)
      expect(two.body.errors[0].message).toBe("Unknown object: 999")
      expect(three.status_code).toBe(201)
      expect(four.body.data).toHaveLength(2)
      expect(four.body.next_page.path).toContain(`${BIG}?limit=2&offset=`)
    })))

  it.effect("refuses none, more than 10, a query string in relative_path and an unknown method, running nothing", () =>
    run(Effect.gen(function*() {
      const comment = { relative_path: `/tasks/${seed.task_gid}/stories`, method: "post", data: { text: "x" } }
      expect((yield* post("/batch", { actions: [] })).status).toBe(400)
      expect((yield* post("/batch", { actions: Array.from({ length: 11 }, () => comment) })).status).toBe(400)
      const query = yield* post("/batch", {
        actions: [comment, { relative_path: "/tasks/1?opt_fields=name", method: "get" }]
      })
      expect(query.status).toBe(400)
      expect(messageOf(query)).toBe("Parameters are not accepted in a batch action path")
      expect((yield* post("/batch", { actions: [comment, { relative_path: "/tasks/1", method: "patch" }] })).status)
        .toBe(400)
      const stories = yield* get(`/tasks/${seed.task_gid}/stories?limit=50`)
      expect(stories.body.data).toHaveLength(4)
      expect((yield* post("/batch", { actions: Array.from({ length: 10 }, () => comment) })).body.data).toHaveLength(10)
    })))
})

describe("taskmgr simulator: rate limits", () => {
  it.effect("a free workspace's token gets 150 a minute, then 429 with Retry-After and the service's message", () =>
    run(Effect.gen(function*() {
      for (let i = 0; i < FREE_PER_MINUTE; i++) expect((yield* get("/users/me", { token: FREE })).status).toBe(200)
      const limited = yield* get("/users/me", { token: FREE })
      expect(limited.status).toBe(429)
      expect(limited.body).toEqual({
        errors: [{
          message: "You've made too many requests and hit a rate limit. Please retry after the given amount of time."
        }]
      })
      const wait = Number(limited.headers["retry-after"])
      expect(wait).toBeGreaterThanOrEqual(1)
      // The paid token is counted apart and has far more room.
      for (let i = 0; i < FREE_PER_MINUTE + 10; i++) expect((yield* get("/users/me")).status).toBe(200)
      // Rejected requests count: hammering pushes the wait out.
      for (let i = 0; i < 5; i++) yield* get("/users/me", { token: FREE })
      const later = yield* get("/users/me", { token: FREE })
      expect(Number(later.headers["retry-after"])).toBeGreaterThan(wait)
      yield* TestClock.adjust(`${Number(later.headers["retry-after"])} seconds`)
      expect((yield* get("/users/me", { token: FREE })).status).toBe(200)
    })))

  it.effect("a forced fault answers in the service's error body", () =>
    run(Effect.gen(function*() {
      const sim = yield* TaskmgrSimulator
      yield* sim.injectFault({ method: "GET", path: "/api/1.0/users/me", status: 500 })
      const answer = yield* get("/users/me")
      expect(answer.status).toBe(500)
      expect(answer.body.errors[0]).toMatchObject({ message: "Internal Server Error", phrase: expect.any(String) })
    })))
})
