/** Task search: 402 on a free workspace, at most 100 results, paging by hand, and its own limit. */
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as TestClock from "effect/TestClock"
import { SEARCH_PER_MINUTE } from "../../../src/testing/index.js"
import { FREE, get, messageOf, run, seed } from "./helpers.js"

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
