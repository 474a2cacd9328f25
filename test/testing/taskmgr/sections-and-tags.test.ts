/** Sections and tags: create, move, rename, delete, and tagging a task. */
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { del, get, post, put, run, seed } from "./helpers.js"

describe("taskmgr simulator: sections and tags", () => {
  it.effect("sections are created (201), renamed, moved, given tasks and deleted only when empty", () =>
    run(Effect.gen(function*() {
      const s = seed.section_gids
      const made = yield* post(`/projects/${seed.project_gid}/sections`, { name: "Later", insert_before: s.doing })
      expect(made.status).toBe(201)
      const gid: string = made.body.data.gid
      const names = () =>
        Effect.map(
          get(`/projects/${seed.project_gid}/sections?limit=10`),
          (a) => a.body.data.map((x: { name: string }) => x.name)
        )
      expect(yield* names()).toEqual(["To do", "Later", "Doing", "Done"])
      expect(
        (yield* post(`/projects/${seed.project_gid}/sections/insert`, { section: gid, after_section: s.done })).body
      ).toEqual({ data: {} })
      expect(yield* names()).toEqual(["To do", "Doing", "Done", "Later"])
      expect((yield* put(`/sections/${gid}`, { name: "Someday" })).body.data.name).toBe("Someday")

      yield* post(`/sections/${gid}/addTask`, { task: seed.task_gid })
      expect((yield* get(`/sections/${gid}/tasks?limit=5`)).body.data.map((t: { gid: string }) => t.gid)).toEqual([
        seed.task_gid
      ])
      expect((yield* del(`/sections/${gid}`)).status).toBe(400)
      yield* post(`/sections/${s.todo}/addTask`, { task: seed.task_gid })
      expect((yield* del(`/sections/${gid}`)).body).toEqual({ data: {} })
      expect((yield* get(`/sections/${gid}`)).status).toBe(404)
    })))

  it.effect("tags are created (201), read, updated, put on tasks and deleted", () =>
    run(Effect.gen(function*() {
      const made = yield* post("/tags", { name: "blocked", workspace: seed.workspace_gid, color: "dark-red" })
      expect(made.status).toBe(201)
      const gid: string = made.body.data.gid
      expect((yield* post(`/workspaces/${seed.workspace_gid}/tags`, { name: "two" })).status).toBe(201)
      expect((yield* get(`/workspaces/${seed.workspace_gid}/tags?limit=10`)).body.data).toHaveLength(4)
      expect((yield* put(`/tags/${gid}`, { name: "blocker" })).body.data.name).toBe("blocker")
      expect((yield* post(`/tasks/${seed.task_gid}/addTag`, { tag: gid })).body).toEqual({ data: {} })
      expect((yield* get(`/tasks/${seed.task_gid}/tags?limit=5`)).body.data.map((t: { name: string }) => t.name))
        .toEqual([
          "urgent",
          "blocker"
        ])
      expect((yield* get(`/tags/${gid}/tasks?limit=5`)).body.data).toHaveLength(1)
      yield* post(`/tasks/${seed.task_gid}/removeTag`, { tag: gid })
      expect((yield* get(`/tags/${gid}/tasks?limit=5`)).body.data).toEqual([])
      expect((yield* del(`/tags/${gid}`)).body).toEqual({ data: {} })
      expect((yield* get(`/tags/${gid}`)).status).toBe(404)
      expect((yield* post(`/tasks/${seed.task_gid}/addTag`, { tag: seed.tag_gids.free })).status).toBe(403)
    })))
})
