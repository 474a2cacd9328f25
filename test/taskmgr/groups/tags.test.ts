import { describe, expect, it } from "@effect/vitest"
import { Chunk, Effect, Stream } from "effect"
import { api, apiLayer, seed, sent, SIM } from "../harness.js"

const { urgent, later, free } = seed.tag_gids
const task = seed.task_gid
const taskUrl = `${SIM}/0/${seed.project_gid}/${task}`

describe("TaskmgrApi: tags", () => {
  it.effect("lists the configured workspace's tags with limit and a minimal opt_fields set", () =>
    Effect.gen(function*() {
      const a = yield* api
      const page = yield* a.tagList({})
      const gids = page.data.map((t) => t.gid)
      expect(gids).toEqual(expect.arrayContaining([urgent, later]))
      expect(gids).not.toContain(free)
      const [request] = yield* sent
      expect(request).toMatchObject({ method: "GET", path: `/api/1.0/workspaces/${seed.workspace_gid}/tags` })
      expect(request?.query).toMatchObject({ limit: "50", opt_fields: "name,color" })
    }).pipe(Effect.provide(apiLayer())))

  it.effect("pages through the tags with the stream", () =>
    Effect.gen(function*() {
      const a = yield* api
      const all = Chunk.toReadonlyArray(yield* Stream.runCollect(a.streams.tagList({ limit: 1 })))
      expect(all.map((t) => t.gid)).toEqual(expect.arrayContaining([urgent, later]))
      expect((yield* sent).length).toBeGreaterThan(1)
    }).pipe(Effect.provide(apiLayer())))

  it.effect("creates (201), reads, updates and deletes a tag", () =>
    Effect.gen(function*() {
      const a = yield* api
      const made = yield* a.tagCreate({ name: "blocked", color: "dark-red", notes: "Waiting" })
      expect(made).toMatchObject({ name: "blocked", color: "dark-red", notes: "Waiting" })
      const create = (yield* sent).at(-1)!
      expect(create).toMatchObject({ method: "POST", path: `/api/1.0/workspaces/${seed.workspace_gid}/tags` })
      expect(create.body).toEqual({ data: { name: "blocked", color: "dark-red", notes: "Waiting" } })
      expect((yield* a.tagGet({ tag_gid: made.gid })).name).toBe("blocked")
      const changed = yield* a.tagUpdate({ tag_gid: made.gid, name: "waiting" })
      expect(changed).toMatchObject({ name: "waiting", color: "dark-red" })
      expect((yield* sent).at(-1)?.body).toEqual({ data: { name: "waiting" } })
      expect(yield* a.tagDelete({ tag_gid: made.gid })).toEqual({
        deleted: true,
        already_absent: false,
        tag_gid: made.gid
      })
      expect((yield* Effect.flip(a.tagGet({ tag_gid: made.gid })))._tag).toBe("NotFoundError")
    }).pipe(Effect.provide(apiLayer())))

  it.effect("tags and untags a task given by URL, and lists the tasks of a tag and the tags of a task", () =>
    Effect.gen(function*() {
      const a = yield* api
      expect(yield* a.tagTaskAdd({ task_gid: taskUrl, tag: later })).toEqual({
        linked: true,
        task_gid: task,
        tag: later
      })
      const add = (yield* sent).at(-1)!
      expect(add).toMatchObject({
        method: "POST",
        path: `/api/1.0/tasks/${task}/addTag`,
        body: { data: { tag: later } }
      })
      const tags = yield* a.tagTasks({ task_gid: taskUrl })
      expect(tags.data.map((t) => t.gid).sort()).toEqual([urgent, later].sort())
      expect((yield* sent).at(-1)?.path).toBe(`/api/1.0/tasks/${task}/tags`)
      const tasks = yield* a.tagTaskList({ tag_gid: later })
      expect(tasks.data.map((t) => t.gid)).toContain(task)
      expect((yield* sent).at(-1)?.query).toMatchObject({ opt_fields: "name,completed,due_on" })
      expect(yield* a.tagTaskRemove({ task_gid: task, tag: later })).toEqual({
        unlinked: true,
        task_gid: task,
        tag: later
      })
      expect((yield* a.tagTasks({ task_gid: task })).data.map((t) => t.gid)).toEqual([urgent])
    }).pipe(Effect.provide(apiLayer())))

  it.effect("refuses bad input before sending: a non-digit gid, another host's URL, an empty name, nothing to update", () =>
    Effect.gen(function*() {
      const a = yield* api
      const refused = [
        yield* Effect.flip(a.tagGet({ tag_gid: "12ab" })),
        yield* Effect.flip(
          a.tagTaskAdd({ task_gid: `https://elsewhere.example.com/0/${seed.project_gid}/${task}`, tag: later })
        ),
        yield* Effect.flip(a.tagTaskAdd({ task_gid: task, tag: "later" })),
        yield* Effect.flip(a.tagTasks({ task_gid: "task-1" })),
        yield* Effect.flip(a.tagCreate({ name: "  " })),
        yield* Effect.flip(a.tagUpdate({ tag_gid: urgent }))
      ]
      for (const error of refused) expect(error._tag).toBe("InvalidInputError")
      expect(refused[1]?.message).toContain("elsewhere.example.com")
      expect((yield* sent).length).toBe(0)
    }).pipe(Effect.provide(apiLayer())))

  it.effect("a tag list needs a workspace: given or configured", () =>
    Effect.gen(function*() {
      const a = yield* api
      expect((yield* Effect.flip(a.tagList({})))._tag).toBe("InvalidInputError")
      expect((yield* Effect.flip(a.tagCreate({ name: "x" })))._tag).toBe("InvalidInputError")
      expect((yield* sent).length).toBe(0)
      expect((yield* a.tagList({ workspace_gid: seed.workspace_gid })).data.length).toBeGreaterThan(0)
    }).pipe(Effect.provide(apiLayer({ workspace: undefined }))))
})
