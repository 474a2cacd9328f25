/** Typeahead finds every kind of named record the simulator keeps, goals, portfolios and custom fields included. */
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { get, run, seed } from "./helpers.js"

const typeahead = (resource_type: string, query: string) =>
  get(`/workspaces/${seed.workspace_gid}/typeahead?resource_type=${resource_type}&query=${encodeURIComponent(query)}`)

describe("taskmgr simulator: typeahead", () => {
  it.effect("finds goals, portfolios and custom fields by a word of their name", () =>
    run(Effect.gen(function*() {
      for (
        const [type, query, gid] of [
          ["goal", "launch", seed.goal_gids.launch],
          ["portfolio", "launch", seed.portfolio_gid],
          ["custom_field", "prio", seed.custom_field_gids.priority]
        ] as const
      ) {
        const found = yield* typeahead(type, query)
        expect(found.status, type).toBe(200)
        expect(found.body.data, type).toContainEqual(expect.objectContaining({ gid, resource_type: type }))
      }
      // Another workspace's records stay out.
      const goals = (yield* typeahead("goal", "")).body.data as Array<{ gid: string }>
      expect(goals.map((g) => g.gid)).not.toContain(seed.goal_gids.free)
    })))
})
