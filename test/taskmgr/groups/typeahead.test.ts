/** Typeahead: objects of one type by name, one capped page, never paged. */
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { api, apiLayer, seed, sent } from "../harness.js"

describe("TaskmgrApi: typeahead (search objects)", () => {
  it.effect("finds objects of one type whose name or a word of it starts with the query", () =>
    Effect.gen(function*() {
      const a = yield* api
      const found = yield* a.searchObjects({ resource_type: "project", query: "launch" })
      expect(found).toEqual([{ gid: seed.project_gid, resource_type: "project", name: "Launch Plan" }])
      expect((yield* sent)[0]).toMatchObject({
        method: "GET",
        path: `/api/1.0/workspaces/${seed.workspace_gid}/typeahead`,
        query: { resource_type: "project", query: "launch" }
      })
      const templates = yield* a.searchObjects({ resource_type: "project_template", query: "onb" })
      expect(templates.map((x) => x.gid)).toEqual([seed.templates.plain_project_template_gid])
    }).pipe(Effect.provide(apiLayer())))

  it.effect("is capped at count, in one request with no paging", () =>
    Effect.gen(function*() {
      const a = yield* api
      const found = yield* a.searchObjects({ resource_type: "task", query: "backlog", count: 7 })
      expect(found.length).toBe(7)
      expect(found.every((x) => x.name?.startsWith("Backlog item"))).toBe(true)
      const [request] = yield* sent
      expect(request?.query).toEqual({ resource_type: "task", query: "backlog", count: "7" })
      expect((yield* sent).length).toBe(1)
      // The service's default is 20.
      expect((yield* a.searchObjects({ resource_type: "task", query: "backlog" })).length).toBe(20)
    }).pipe(Effect.provide(apiLayer())))

  it.effect("refuses an unknown type, a count out of range and a missing workspace before sending", () =>
    Effect.gen(function*() {
      const a = yield* api
      const refused = [
        yield* Effect.flip(a.searchObjects({ resource_type: "story" as never })),
        yield* Effect.flip(a.searchObjects({ resource_type: "task", count: 0 })),
        yield* Effect.flip(a.searchObjects({ resource_type: "task", count: 101 })),
        yield* Effect.flip(a.searchObjects({ resource_type: "task", workspace_gid: "ws" }))
      ]
      expect(refused.map((e) => e._tag)).toEqual(refused.map(() => "InvalidInputError"))
      expect((yield* sent).length).toBe(0)
    }).pipe(Effect.provide(apiLayer())))
})
