/** Task and project dates are calendar values: the library refuses an impossible one before sending, the simulator as the service. */
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { TaskmgrSimulator } from "../../../src/testing/index.js"
import { post, put } from "../../testing/taskmgr/helpers.js"
import { api, apiLayer, seed, sent } from "../harness.js"

describe("taskmgr dates", () => {
  it.effect("task create and update refuse 2026-02-30 and 2026-13-01 with nothing sent, and store 2024-02-29", () =>
    Effect.gen(function*() {
      const a = yield* api
      for (const due_on of ["2026-02-30", "2026-13-01"]) {
        const e = yield* Effect.flip(a.taskCreate({ name: "Impossible", workspace_gid: seed.workspace_gid, due_on }))
        expect(e._tag).toBe("InvalidInputError")
        expect(e.message).toContain(`due_on: must be a real date in the form YYYY-MM-DD`)
        const u = yield* Effect.flip(a.taskUpdate({ task_gid: seed.task_gid, start_at: `${due_on}T09:00:00Z` }))
        expect(u.message).toContain("start_at: must be a real date-time")
      }
      const p = yield* Effect.flip(
        a.projectCreate({ name: "Impossible", workspace_gid: seed.workspace_gid, due_on: "2026-02-30" })
      )
      expect(p.message).toContain("due_on: must be a real date")
      expect(yield* sent).toEqual([])

      const created = yield* a.taskCreate({ name: "Leap", workspace_gid: seed.workspace_gid, due_on: "2024-02-29" })
      expect(created.due_on).toBe("2024-02-29")
      expect((yield* sent).map((r) => (r.body as { data: { due_on?: string } }).data.due_on)).toEqual(["2024-02-29"])
    }).pipe(Effect.provide(apiLayer())))

  it.effect("the simulator answers 400 for an impossible date or date-time, as the service does, and stores nothing", () =>
    Effect.gen(function*() {
      for (const due_on of ["2026-02-30", "2026-13-01"]) {
        const created = yield* post("/tasks", { name: "Impossible", workspace: seed.workspace_gid, due_on })
        expect(created.status).toBe(400)
        expect(created.text).toContain(`Invalid date value: ${due_on}`)
      }
      const updated = yield* put(`/tasks/${seed.task_gid}`, { due_at: "2026-02-30T09:00:00Z" })
      expect(updated.status).toBe(400)
      expect(updated.text).toContain("Invalid date-time value")
      expect(
        (yield* post("/tasks", { name: "Leap", workspace: seed.workspace_gid, due_on: "2024-02-29" })).body.data.due_on
      ).toBe("2024-02-29")
    }).pipe(Effect.provide(TaskmgrSimulator.layer)))
})
