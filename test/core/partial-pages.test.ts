/**
 * The paging core over both simulators: a failure on page N keeps pages
 * 1..N-1 with the cursor to resume from (a 401, a 429 beyond the longest
 * wait); an offset the service forgets mid-list restarts the walk once from
 * the first page, each item once; forgotten twice, it fails plainly.
 */
import { describe, expect, it } from "@effect/vitest"
import { Chunk, Effect, Stream } from "effect"
import { collect, pages } from "../../src/core/paginate.js"
import { remedy, type Vocabulary } from "../../src/core/remedy.js"
import { commentReactionList } from "../../src/design/groups/comments.js"
import { makeDesignClient } from "../../src/design/service.js"
import { TaskmgrApi } from "../../src/taskmgr/api.js"
import { taskList } from "../../src/taskmgr/groups/tasks.js"
import { makeTaskmgrClient } from "../../src/taskmgr/service.js"
import { DesignSimulator, TaskmgrSimulator } from "../../src/testing/index.js"
import * as design from "../design/harness.js"
import * as taskmgr from "../taskmgr/harness.js"

const say: Vocabulary = {
  supplyToken: "Supply a token",
  setting: (n) => `<${n}>`,
  field: (n) => n,
  help: "See help",
  authMode: (m) => m
}

const TASKS = "/api/1.0/tasks"
const BIG = { project: taskmgr.seed.big_project_gid, limit: 50 }

/** Every page of the big project's tasks, up to `maxPages`, through the collection rule. */
const listTasks = (onPage: (cursor: string | undefined) => Effect.Effect<void> = () => Effect.void, maxPages = 10) =>
  Effect.gen(function*() {
    const client = yield* makeTaskmgrClient(taskmgr.options())
    const fetch = (cursor: string | undefined) => Effect.zipRight(onPage(cursor), taskList.run(client, BIG, cursor))
    return yield* collect(
      pages(taskList.paging!.model, fetch),
      (p) => taskList.paging!.items(p),
      { all: true, maxPages },
      (t) => t.gid,
      taskList.paging!.model.expired
    )
  })

const offsetsSent = Effect.map(TaskmgrSimulator, (s) => s.requests).pipe(
  Effect.flatten,
  Effect.map((log) => log.filter((r) => r.path === TASKS).map((r) => (r.query.offset === undefined ? null : "offset")))
)

describe("a failure after the first page", () => {
  it.effect("a 401 on page 2 keeps page 1 and the cursor that resumes at page 2", () =>
    Effect.gen(function*() {
      const sim = yield* TaskmgrSimulator
      yield* sim.injectFault({ method: "GET", path: TASKS, status: 401, skip: 1 })
      const partial = yield* listTasks()
      expect(partial.items).toHaveLength(50)
      expect(partial.pages).toBe(1)
      expect(partial.complete).toBe(false)
      expect(partial.failure?._tag).toBe("AuthError")
      expect(partial.next_cursor).not.toBeNull()
      // The cursor resumes where the failure struck: the rest, and nothing twice.
      const client = yield* makeTaskmgrClient(taskmgr.options())
      const rest = yield* collect(
        pages(taskList.paging!.model, (c) => taskList.run(client, BIG, c), partial.next_cursor!),
        (p) => taskList.paging!.items(p),
        { all: true, maxPages: 10 }
      )
      const gids = [...partial.items, ...rest.items].map((t) => t.gid)
      expect(new Set(gids).size).toBe(taskmgr.seed.big_project_task_count)
      expect(gids).toHaveLength(taskmgr.seed.big_project_task_count)
    }).pipe(Effect.provide(taskmgr.apiLayer())))

  it.effect("a 429 whose Retry-After is beyond the longest wait, on page 3, keeps pages 1 and 2", () =>
    Effect.gen(function*() {
      const sim = yield* TaskmgrSimulator
      yield* sim.injectFault({ method: "GET", path: TASKS, status: 429, headers: { "retry-after": "3600" }, skip: 2 })
      const partial = yield* listTasks()
      expect(partial.items).toHaveLength(100)
      expect(partial.failure?._tag).toBe("RateLimitError")
      expect(partial.next_cursor).not.toBeNull()
    }).pipe(Effect.provide(taskmgr.apiLayer())))

  it.effect("a failure of the first page is the error: nothing was fetched", () =>
    Effect.gen(function*() {
      const sim = yield* TaskmgrSimulator
      yield* sim.injectFault({ method: "GET", path: TASKS, status: 401 })
      expect((yield* Effect.flip(listTasks()))._tag).toBe("AuthError")
    }).pipe(Effect.provide(taskmgr.apiLayer())))

  it.effect("design: reactions paged by URL cursor keep page 1 when page 2 is refused", () =>
    Effect.gen(function*() {
      const sim = yield* DesignSimulator
      const path = `/v1/files/${design.seed.file_key}/comments/${design.seed.comment_ids.reacted}/reactions`
      yield* sim.injectFault({ method: "GET", path, status: 403, skip: 1 })
      const client = yield* makeDesignClient(design.options())
      const input = { file_key: design.seed.file_key, comment_id: design.seed.comment_ids.reacted }
      const paging = commentReactionList.paging!
      const partial = yield* collect(pages(paging.model, (c) => commentReactionList.run(client, input, c)), (p) =>
        paging.items(p), { all: true, maxPages: 10 })
      expect(partial.items).toHaveLength(10)
      expect(partial.failure?._tag).toBe("ForbiddenError")
      expect(partial.next_cursor).not.toBeNull()
    }).pipe(Effect.provide(design.apiLayer())))
})

describe("an offset the service forgets mid-list", () => {
  it.effect("restarts once from the first page and lists each task once", () =>
    Effect.gen(function*() {
      const sim = yield* TaskmgrSimulator
      let expired = false
      // After page 1, the offset outlives the service's 10 minutes.
      const partial = yield* listTasks((cursor) =>
        cursor !== undefined && !expired
          ? Effect.zipRight(Effect.sync(() => (expired = true)), sim.advanceClock("11 minutes"))
          : Effect.void
      )
      expect(partial.failure).toBeUndefined()
      expect(partial.complete).toBe(true)
      expect(partial.items).toHaveLength(taskmgr.seed.big_project_task_count)
      expect(new Set(partial.items.map((t) => t.gid)).size).toBe(taskmgr.seed.big_project_task_count)
      // page 1, the expired page 2, then the walk again from the first page.
      expect(yield* offsetsSent).toEqual([null, "offset", null, "offset", "offset"])
    }).pipe(Effect.provide(taskmgr.apiLayer())))

  it.effect("forgotten again after the restart: fails plainly, with what was fetched and no cursor to resume", () =>
    Effect.gen(function*() {
      const sim = yield* TaskmgrSimulator
      const partial = yield* listTasks((
        cursor
      ) => (cursor !== undefined ? sim.advanceClock("11 minutes") : Effect.void))
      expect(partial.items).toHaveLength(50)
      expect(partial.next_cursor).toBeNull()
      const failure = partial.failure!
      expect(failure).toMatchObject({ _tag: "InvalidRequestError", cursorExpired: true })
      expect(failure.message).toMatch(/position \(offset\) expired/)
      const words = remedy(failure, say)
      expect(words).not.toMatch(/Correct what the service named/)
      expect(words).toMatch(/List again from the first page/)
      expect(yield* offsetsSent).toEqual([null, "offset", null, "offset"])
    }).pipe(Effect.provide(taskmgr.apiLayer())))

  it.effect("the library's Stream restarts the same way, each task once", () =>
    Effect.gen(function*() {
      const sim = yield* TaskmgrSimulator
      yield* sim.injectFault({
        method: "GET",
        path: TASKS,
        status: 400,
        body: {
          errors: [{
            message: "offset: Your pagination token is no longer valid (it has expired). Start again without offset."
          }]
        },
        skip: 1
      })
      const all = Chunk.toReadonlyArray(yield* Stream.runCollect((yield* TaskmgrApi).streams.taskList(BIG)))
      expect(all.map((t) => t.gid)).toHaveLength(taskmgr.seed.big_project_task_count)
      expect(new Set(all.map((t) => t.gid)).size).toBe(taskmgr.seed.big_project_task_count)
    }).pipe(Effect.provide(taskmgr.apiLayer())))
})
