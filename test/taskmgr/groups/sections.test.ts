import { describe, expect, it } from "@effect/vitest"
import { Chunk, Effect, Stream } from "effect"
import { api, apiLayer, seed, sent, SIM } from "../harness.js"

const s = seed.section_gids
const namesIn = (project_gid: string) =>
  Effect.flatMap(api, (a) => Effect.map(a.sectionList({ project_gid }), (page) => page.data.map((x) => x.name)))

describe("TaskmgrApi: sections", () => {
  it.effect("lists a project's sections in order, by gid or URL, page by page", () =>
    Effect.gen(function*() {
      const a = yield* api
      const page = yield* a.sectionList({ project_gid: `${SIM}/0/${seed.project_gid}/board`, limit: 2 })
      expect(page.data.map((x) => x.gid)).toEqual([s.todo, s.doing])
      expect(page.data[0]).toMatchObject({ name: "To do", resource_type: "section" })
      expect(page.next_cursor).not.toBeNull()
      const all = Chunk.toReadonlyArray(
        yield* Stream.runCollect(a.streams.sectionList({ project_gid: seed.project_gid, limit: 2 }))
      )
      expect(all.map((x) => x.gid)).toEqual([s.todo, s.doing, s.done])
      const [first] = yield* sent
      expect(first?.path).toBe(`/api/1.0/projects/${seed.project_gid}/sections`)
      expect(first?.query).toMatchObject({ limit: "2", opt_fields: "name,created_at" })
    }).pipe(Effect.provide(apiLayer())))

  it.effect("gets one section", () =>
    Effect.gen(function*() {
      const a = yield* api
      const section = yield* a.sectionGet({ section_gid: s.doing })
      expect(section).toMatchObject({ gid: s.doing, resource_type: "section", name: "Doing" })
    }).pipe(Effect.provide(apiLayer())))

  it.effect("creates (201) at the end or after a section, renames, moves and deletes (idempotent)", () =>
    Effect.gen(function*() {
      const a = yield* api
      const later = yield* a.sectionCreate({ project_gid: seed.project_gid, name: "Later" })
      expect(later).toMatchObject({ resource_type: "section", name: "Later" })
      const blocked = yield* a.sectionCreate({ project_gid: seed.project_gid, name: "Blocked", insert_after: s.doing })
      expect(yield* namesIn(seed.project_gid)).toEqual(["To do", "Doing", "Blocked", "Done", "Later"])

      expect((yield* a.sectionUpdate({ section_gid: later.gid, name: "Someday" })).name).toBe("Someday")

      const moved = yield* a.sectionMove({ project_gid: seed.project_gid, section: later.gid, before_section: s.todo })
      expect(moved).toEqual({ linked: true, project_gid: seed.project_gid, section: later.gid, before_section: s.todo })
      yield* a.sectionMove({
        project_gid: `${SIM}/0/${seed.project_gid}/list`,
        section: blocked.gid,
        after_section: s.done
      })
      expect(yield* namesIn(seed.project_gid)).toEqual(["Someday", "To do", "Doing", "Done", "Blocked"])
      const insert = (yield* sent).find((r) => r.path.endsWith("/sections/insert"))
      expect(insert?.body).toEqual({ data: { section: later.gid, before_section: s.todo } })

      expect(yield* a.sectionDelete({ section_gid: blocked.gid })).toEqual({
        deleted: true,
        section_gid: blocked.gid,
        already_absent: false
      })
      expect(yield* a.sectionDelete({ section_gid: blocked.gid })).toEqual({
        deleted: true,
        section_gid: blocked.gid,
        already_absent: true
      })
    }).pipe(Effect.provide(apiLayer())))

  it.effect("a section with tasks is not deleted: the service's 400 comes back as the error", () =>
    Effect.gen(function*() {
      const a = yield* api
      const error = yield* Effect.flip(a.sectionDelete({ section_gid: s.todo }))
      expect(error._tag).not.toBe("InvalidInputError")
      expect(error.message).toContain("empty")
    }).pipe(Effect.provide(apiLayer())))

  it.effect("puts a task (gid or URL) into a section, placed after another task", () =>
    Effect.gen(function*() {
      const a = yield* api
      const added = yield* a.sectionTaskAdd({
        section_gid: s.done,
        task: `${SIM}/0/${seed.project_gid}/${seed.task_gid}`
      })
      expect(added).toEqual({ linked: true, section_gid: s.done, task: seed.task_gid })
      yield* a.sectionTaskAdd({ section_gid: s.done, task: seed.task_gids.review, insert_after: seed.task_gid })
      const log = yield* sent
      expect(log[0]?.path).toBe(`/api/1.0/sections/${s.done}/addTask`)
      expect(log[0]?.body).toEqual({ data: { task: seed.task_gid } })
      expect(log[1]?.body).toEqual({ data: { task: seed.task_gids.review, insert_after: seed.task_gid } })
    }).pipe(Effect.provide(apiLayer())))

  it.effect("refuses bad input before sending anything", () =>
    Effect.gen(function*() {
      const a = yield* api
      const refusals: ReadonlyArray<Effect.Effect<unknown, { readonly _tag: string }>> = [
        a.sectionGet({ section_gid: "x1" }),
        a.sectionList({ project_gid: "https://elsewhere.example.com/0/1200000000000301/list" }),
        a.sectionList({ project_gid: `${SIM}/inbox` }),
        a.sectionList({ project_gid: seed.project_gid, limit: 0 }),
        a.sectionList({ project_gid: seed.project_gid, limit: 101 }),
        a.sectionCreate({ project_gid: seed.project_gid, name: "" }),
        a.sectionCreate({ project_gid: seed.project_gid, name: "x", insert_before: s.todo, insert_after: s.done }),
        a.sectionUpdate({ section_gid: s.todo }),
        a.sectionMove({ project_gid: seed.project_gid, section: s.done }),
        a.sectionMove({
          project_gid: seed.project_gid,
          section: s.done,
          before_section: s.todo,
          after_section: s.doing
        }),
        a.sectionMove({ project_gid: seed.project_gid, section: s.done, before_section: s.done }),
        a.sectionTaskAdd({ section_gid: s.done, task: "abc" }),
        a.sectionTaskAdd({ section_gid: s.done, task: `${SIM}/0/${seed.project_gid}/list` }),
        a.sectionTaskAdd({
          section_gid: s.done,
          task: seed.task_gid,
          insert_before: seed.task_gid,
          insert_after: seed.task_gid
        })
      ]
      for (const refusal of refusals) expect((yield* Effect.flip(refusal))._tag).toBe("InvalidInputError")
      const noTask = yield* Effect.flip(
        a.sectionTaskAdd({ section_gid: s.done, task: `${SIM}/0/${seed.project_gid}/list` })
      )
      expect(noTask.message).toContain("names no task")
      expect(yield* sent).toEqual([])
    }).pipe(Effect.provide(apiLayer())))
})
