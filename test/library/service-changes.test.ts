/**
 * A service that moved on since our Schemas were written, through the
 * library over the simulators (answers replaced by fault injection): a value
 * outside a documented enum decodes and a field no Schema names is kept and
 * read apart, never failing the call or losing a page; an answer that really
 * breaks its documented shape fails in a line that names the operation, the
 * record, the JSON path, the value and what was expected, the whole Schema
 * issue kept on the error; every error names the service it came from.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer, ParseResult, Stream } from "effect"
import { InvalidSettingsError, UnexpectedError } from "../../src/core/errors.js"
import { unknownFields } from "../../src/core/open-record.js"
import { DesignApi } from "../../src/design/api.js"
import { TaskmgrApi } from "../../src/taskmgr/api.js"
import { designSeed, DesignSimulator, taskmgrSeed, TaskmgrSimulator } from "../../src/testing/index.js"

const taskmgr = TaskmgrApi.layer({
  token: taskmgrSeed.tokens.personal,
  baseUrl: "http://127.0.0.1/api/1.0",
  appUrl: "http://127.0.0.1",
  workspace: taskmgrSeed.workspace_gid
}).pipe(Layer.provideMerge(TaskmgrSimulator.layer))

const design = DesignApi.layer({
  token: designSeed.tokens.personal,
  baseUrl: "http://127.0.0.1",
  teamId: designSeed.team_id
})
  .pipe(Layer.provideMerge(DesignSimulator.layer))

const TASK = taskmgrSeed.task_gid
const answerWith = (path: string, body: unknown) =>
  Effect.flatMap(TaskmgrSimulator, (s) => s.injectFault({ method: "GET", path: `/api/1.0${path}`, status: 200, body }))

describe("what the service adds", () => {
  it.effect("an enum value it adds decodes as it came, and a field it adds is kept and read apart", () =>
    Effect.gen(function*() {
      yield* answerWith(`/tasks/${TASK}`, {
        data: {
          gid: TASK,
          name: "Ship it",
          resource_subtype: "brand_new_kind",
          approval_status: "escalated",
          sparkle_level: 3,
          assignee: { gid: "1200000000000011", name: "Ann", pronouns: "she/her" }
        }
      })
      const task = yield* (yield* TaskmgrApi).taskGet({ task_gid: TASK })
      expect(task.resource_subtype).toBe("brand_new_kind")
      expect(task.approval_status).toBe("escalated")
      expect(unknownFields(task)).toEqual({ sparkle_level: 3 })
      expect(unknownFields(task.assignee!)).toEqual({ pronouns: "she/her" })
      // Kept on the record itself, so JSON output and tool results carry it.
      expect(JSON.parse(JSON.stringify(task))).toMatchObject({ sparkle_level: 3, assignee: { pronouns: "she/her" } })
    }).pipe(Effect.provide(taskmgr)))

  it.effect("one item of a page with a new value loses nothing of the page", () =>
    Effect.gen(function*() {
      const items = [1, 2, 3].map((n) => ({ gid: `12000000000009${n}0`, name: `Task ${n}` }))
      yield* answerWith(`/tasks`, {
        data: [items[0], { ...items[1], approval_status: "escalated" }, items[2]],
        next_page: null
      })
      const page = yield* (yield* TaskmgrApi).taskList({ project: taskmgrSeed.project_gid })
      expect(page.data.map((t) => t.gid)).toEqual(items.map((t) => t.gid))
      expect(page.data[1]!.approval_status).toBe("escalated")
    }).pipe(Effect.provide(taskmgr)))

  it.effect("a design webhook with a status the service adds reads as it came", () =>
    Effect.gen(function*() {
      yield* Effect.flatMap(DesignSimulator, (s) =>
        s.injectFault({
          method: "GET",
          path: "/v2/webhooks/22",
          status: 200,
          body: {
            id: "22",
            event_type: "FILE_RENAME",
            context: "TEAM",
            context_id: designSeed.team_id,
            status: "DISABLED_BY_ADMIN",
            endpoint: "https://hooks.example.com/design"
          }
        }))
      const hook = yield* (yield* DesignApi).webhookGet({ webhook_id: "22" })
      expect(hook).toMatchObject({ status: "DISABLED_BY_ADMIN", event_type: "FILE_RENAME" })
    }).pipe(Effect.provide(design)))
})

describe("an answer that breaks its documented shape", () => {
  it.effect("says in a line which operation, record, path, value and expectation; the issue stays for a debugger", () =>
    Effect.gen(function*() {
      yield* answerWith(`/tasks/${TASK}`, { data: { gid: TASK, completed: "yes", name: "x".repeat(500) } })
      const error = yield* Effect.flip((yield* TaskmgrApi).taskGet({ task_gid: TASK }))
      expect(error).toBeInstanceOf(UnexpectedError)
      const unexpected = error as UnexpectedError
      expect(unexpected.message).toBe(
        `The answer for task ${TASK} (taskGet) did not have the documented shape: data.completed (record ${TASK})` +
          ` should be true or false, found "yes".`
      )
      expect(unexpected).toMatchObject({
        operation: "taskGet",
        record: TASK,
        path: "data.completed",
        service: "taskmgr"
      })
      expect(ParseResult.TreeFormatter.formatIssueSync(unexpected.issue!)).toContain("completed")
      // Not enumerable: a tool result or a JSON dump of the error never carries the whole issue.
      expect(Object.keys(unexpected)).not.toContain("issue")
    }).pipe(Effect.provide(taskmgr)))

  it.effect("names the record inside a page, cuts a long value and masks the token in it", () =>
    Effect.gen(function*() {
      const token = taskmgrSeed.tokens.personal
      yield* answerWith(`/tasks`, {
        data: [{ gid: "1200000000000901" }, { gid: "1200000000000902", due_on: { token, note: "y".repeat(200) } }],
        next_page: null
      })
      const error = yield* Effect.flip((yield* TaskmgrApi).taskList({ project: taskmgrSeed.project_gid }))
      expect(error).toMatchObject({ _tag: "UnexpectedError", record: "1200000000000902", path: "data[1].due_on" })
      expect(error.message).toContain("(taskList)")
      expect(error.message).toContain("should be a string")
      expect(error.message).not.toContain(token)
      expect(error.message).toMatch(/… \(\d+ characters\)\.$/)
      expect(error.message.split("\n")).toHaveLength(1)
    }).pipe(Effect.provide(taskmgr)))
})

describe("errors name their service", () => {
  it.effect("a method's, a stream's and a layer's errors say design or taskmgr, and the message names it", () =>
    Effect.gen(function*() {
      const missing = yield* Effect.flip((yield* TaskmgrApi).taskGet({ task_gid: "1999999999999999" }))
      expect(missing).toMatchObject({ _tag: "NotFoundError", service: "taskmgr" })
      expect(missing.message).toMatch(/^The task manager found no task 1999999999999999/)
      const invalid = yield* Effect.flip((yield* TaskmgrApi).taskGet({ task_gid: "not a gid" }))
      expect(invalid).toMatchObject({ _tag: "InvalidInputError", service: "taskmgr" })
      const streamed = yield* Effect.flip(
        Stream.runDrain((yield* TaskmgrApi).streams.taskList({ project: "1999999999999999" }))
      )
      expect(streamed.service).toBe("taskmgr")
      const layer = yield* Effect.flip(Effect.provide(DesignApi, DesignApi.layer({ token: "t", baseUrl: "ftp://x" })))
      expect(layer).toBeInstanceOf(InvalidSettingsError)
      expect(layer.service).toBe("design")
    }).pipe(Effect.provide(taskmgr)))

  it.effect("a design error says design", () =>
    Effect.gen(function*() {
      const missing = yield* Effect.flip((yield* DesignApi).webhookGet({ webhook_id: "999999" }))
      expect(missing).toMatchObject({ _tag: "NotFoundError", service: "design" })
    }).pipe(Effect.provide(design)))

  it.effect("a negative maxWait is refused when the layer is built", () =>
    Effect.gen(function*() {
      const refused = yield* Effect.flip(
        Effect.provide(TaskmgrApi, TaskmgrApi.layer({ token: "token-0000", maxWait: -5 }))
      )
      expect(refused).toMatchObject({ _tag: "InvalidSettingsError", setting: "maxWait", service: "taskmgr" })
      expect(refused.message).toBe("maxWait must not be negative.")
      const zero = yield* Effect.either(
        Effect.provide(TaskmgrApi, TaskmgrApi.layer({ token: "token-0000", maxWait: 0 }))
      )
      expect(zero._tag).toBe("Right")
    }).pipe(Effect.provide(TaskmgrSimulator.layer)))

  it.effect("a rateStore without the Redis client is a setting that cannot work", () =>
    Effect.gen(function*() {
      const refused = yield* Effect.flip(
        Effect.provide(DesignApi, DesignApi.layer({ token: "token-0000", rateStore: "redis://127.0.0.1:1/0" }))
      )
      expect(refused).toMatchObject({ _tag: "InvalidSettingsError", setting: "rateStore", service: "design" })
      expect(refused.message).toContain("design-taskmgr/redis")
    }).pipe(Effect.provide(DesignSimulator.layer)))
})
