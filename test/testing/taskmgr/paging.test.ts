/** Offset paging: limit, offset, next_page, the offset's expiry, and the too-large 400. */
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as TestClock from "effect/TestClock"
import { OFFSET_TTL_MS, TaskmgrSimulator } from "../../../src/testing/index.js"
import { API, get, messageOf, run, seed } from "./helpers.js"

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
