/** POST /batch: its rules, and its actions sent through the same front door as outside requests. */
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { get, messageOf, post, run, seed } from "./helpers.js"

const BIG = `/projects/${seed.big_project_gid}/tasks`

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
