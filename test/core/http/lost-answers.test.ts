/**
 * Writes whose answer never came (a cut connection, a timeout), on both
 * services: the error says the write may have happened and names the read
 * that shows it, never "try again"; a retried delete that meets the 404 its
 * first attempt caused reports already_absent.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect, Fiber, Redacted, TestClock } from "effect"
import type { ServiceError } from "../../../src/core/errors.js"
import { remedy, type Vocabulary } from "../../../src/core/remedy.js"
import { DesignApi } from "../../../src/design/api.js"
import { TaskmgrApi } from "../../../src/taskmgr/api.js"
import { DesignSimulator, TaskmgrSimulator } from "../../../src/testing/index.js"
import * as design from "../../design/harness.js"
import * as taskmgr from "../../taskmgr/harness.js"

/** A front end's words: operations by a made-up command form, so the test sees which one was named. */
const say: Vocabulary = {
  supplyToken: "Supply a token",
  setting: (name) => `<${name}>`,
  field: (name) => name,
  help: "See help",
  authMode: (mode) => mode,
  operation: (name) => `[${name}]`
}

const asServiceError = (e: { readonly _tag: string }) => {
  expect(e._tag).toBe("ServiceError")
  return e as ServiceError
}

describe("a write whose answer was lost", () => {
  it.effect("task create cut after the service acted: not resent, reported as maybe done, checked with the task list", () =>
    Effect.gen(function*() {
      const sim = yield* TaskmgrSimulator
      yield* sim.injectFault({ method: "POST", path: "/api/1.0/tasks", cut: true })
      const error = asServiceError(
        yield* Effect.flip(
          (yield* TaskmgrApi).taskCreate({ name: "Lost answer", projects: [taskmgr.seed.project_gid] })
        )
      )
      expect(error.unconfirmed).toBe(true)
      expect(error.check).toBe("taskList")
      expect(error.message).toMatch(/may have made it/)
      const words = remedy(error, say)
      expect(words).not.toMatch(/try again/i)
      expect(words).toContain("check with [taskList] whether it took effect")
      // Sent once, and the service did make it.
      const posts = (yield* sim.requests).filter((r) => r.method === "POST")
      expect(posts).toHaveLength(1)
      const listed = yield* (yield* TaskmgrApi).taskList({ project: taskmgr.seed.project_gid, limit: 100 })
      expect(listed.data.some((t) => t.name === "Lost answer")).toBe(true)
    }).pipe(Effect.provide(taskmgr.apiLayer())))

  it.effect("a comment create that times out names comment list, and says to allow slower answers", () =>
    Effect.gen(function*() {
      const sim = yield* TaskmgrSimulator
      yield* sim.injectFault({
        method: "POST",
        path: `/api/1.0/tasks/${taskmgr.seed.task_gid}/stories`,
        cut: true,
        delay: "10 seconds"
      })
      const fiber = yield* Effect.fork(
        Effect.flip((yield* TaskmgrApi).commentCreate({ task_gid: taskmgr.seed.task_gid, text: "Hello" }))
      )
      yield* TestClock.adjust("3 seconds")
      const error = asServiceError(yield* Fiber.join(fiber))
      expect(error).toMatchObject({ unconfirmed: true, check: "commentList", status: null, attempts: 1 })
      expect(error.message).toMatch(/No answer .* within 2s/)
      const words = remedy(error, say)
      expect(words).toContain("[commentList]")
      expect(words).toContain("<timeout>")
      expect(words).not.toMatch(/try again/i)
    }).pipe(Effect.provide(taskmgr.apiLayer({ timeout: 2_000 }))))

  it.effect("a read that times out is not a write: it keeps the plain advice", () =>
    Effect.gen(function*() {
      const sim = yield* TaskmgrSimulator
      yield* sim.injectFault({
        method: "GET",
        path: `/api/1.0/tasks/${taskmgr.seed.task_gid}`,
        status: 200,
        delay: "10 seconds",
        times: 4
      })
      const fiber = yield* Effect.fork(Effect.flip((yield* TaskmgrApi).taskGet({ task_gid: taskmgr.seed.task_gid })))
      yield* TestClock.adjust("60 seconds")
      const error = asServiceError(yield* Fiber.join(fiber))
      expect(error.unconfirmed).toBeUndefined()
      expect(remedy(error, say)).toMatch(/Try again later/)
    }).pipe(Effect.provide(taskmgr.apiLayer({ timeout: 2_000 }))))

  it.effect("design: a comment create cut after acting names comment list; a webhook create names webhook list", () =>
    Effect.gen(function*() {
      const sim = yield* DesignSimulator
      const a = yield* DesignApi
      yield* sim.injectFault({ method: "POST", path: `/v1/files/${design.seed.file_key}/comments`, cut: true })
      const comment = asServiceError(
        yield* Effect.flip(a.commentCreate({ file_key: design.seed.file_key, message: "lost" }))
      )
      expect(comment).toMatchObject({ unconfirmed: true, check: "commentList" })
      expect((yield* a.commentList({ file_key: design.seed.file_key })).comments.some((c) => c.message === "lost"))
        .toBe(true)
      yield* sim.injectFault({ method: "POST", path: "/v2/webhooks", cut: true })
      const hook = asServiceError(
        yield* Effect.flip(a.webhookCreate({
          event: "FILE_UPDATE",
          context: "team",
          endpoint: "https://hooks.example.com/in",
          passcode: Redacted.make("pc-lost-answer")
        }))
      )
      expect(hook).toMatchObject({ unconfirmed: true, check: "webhookList" })
      expect(remedy(hook, say)).toContain("[webhookList]")
    }).pipe(Effect.provide(design.apiLayer())))
})

describe("a delete whose first answer was lost", () => {
  it.effect("taskmgr: retried, meets the 404 its first attempt caused, and reports already_absent", () =>
    Effect.gen(function*() {
      const sim = yield* TaskmgrSimulator
      const gid = taskmgr.seed.task_gids.review
      yield* sim.injectFault({ method: "DELETE", path: `/api/1.0/tasks/${gid}`, cut: true })
      const fiber = yield* Effect.fork((yield* TaskmgrApi).taskDelete({ task_gid: gid }))
      yield* TestClock.adjust("10 seconds")
      expect(yield* Fiber.join(fiber)).toEqual({ deleted: true, already_absent: true, task_gid: gid })
      expect((yield* sim.requests).filter((r) => r.method === "DELETE")).toHaveLength(2)
    }).pipe(Effect.provide(taskmgr.apiLayer())))

  it.effect("every taskmgr delete treats an absent target as done: tags, stories and comments too", () =>
    Effect.gen(function*() {
      const a = yield* TaskmgrApi
      const tag = yield* a.tagCreate({ name: "gone soon" })
      expect(yield* a.tagDelete({ tag_gid: tag.gid })).toEqual({
        tag_gid: tag.gid,
        deleted: true,
        already_absent: false
      })
      expect(yield* a.tagDelete({ tag_gid: tag.gid })).toEqual({
        tag_gid: tag.gid,
        deleted: true,
        already_absent: true
      })
      const story = yield* a.commentCreate({ task_gid: taskmgr.seed.task_gid, text: "brief" })
      expect(yield* a.commentDelete({ story_gid: story.gid })).toMatchObject({ already_absent: false })
      expect(yield* a.commentDelete({ story_gid: story.gid })).toMatchObject({ already_absent: true })
      expect(yield* a.storyDelete({ story_gid: story.gid })).toMatchObject({ already_absent: true })
    }).pipe(Effect.provide(taskmgr.apiLayer())))

  it.effect("design: a webhook delete cut after acting reports already_absent", () =>
    Effect.gen(function*() {
      const sim = yield* DesignSimulator
      const a = yield* DesignApi
      const made = yield* a.webhookCreate({
        event: "FILE_UPDATE",
        context: "team",
        endpoint: "https://hooks.example.com/in",
        passcode: Redacted.make("pc-lost-delete")
      })
      yield* sim.injectFault({ method: "DELETE", path: `/v2/webhooks/${made.id}`, cut: true })
      const fiber = yield* Effect.fork(a.webhookDelete({ webhook_id: made.id }))
      yield* TestClock.adjust("10 seconds")
      expect(yield* Fiber.join(fiber)).toEqual({ deleted: true, webhook_id: made.id, already_absent: true })
    }).pipe(Effect.provide(design.apiLayer())))
})
