import { describe, expect, it } from "@effect/vitest"
import { Chunk, Effect, Stream } from "effect"
import { STORY_FORBIDDEN_HINT } from "../../../src/taskmgr/groups/stories.js"
import { api, apiLayer, seed, sent, SIM } from "../harness.js"

const { my_comment, other_comment, system_assigned, system_due_date } = seed.story_gids
const task = seed.task_gid
const taskUrl = `${SIM}/1/${seed.workspace_gid}/project/${seed.project_gid}/task/${task}`
const writes = Effect.map(sent, (requests) => requests.filter((r) => r.method !== "GET"))

describe("TaskmgrApi: stories", () => {
  it.effect("lists a task's whole feed, oldest first, with limit and four default fields", () =>
    Effect.gen(function*() {
      const a = yield* api
      const page = yield* a.storyList({ task_gid: taskUrl })
      expect(page.data.map((s) => s.gid)).toEqual(
        expect.arrayContaining([my_comment, other_comment, system_assigned, system_due_date])
      )
      const [request] = yield* sent
      expect(request).toMatchObject({ method: "GET", path: `/api/1.0/tasks/${task}/stories` })
      expect(request?.query).toMatchObject({
        limit: "50",
        opt_fields: "created_at,created_by.name,resource_subtype,text"
      })
    }).pipe(Effect.provide(apiLayer())))

  it.effect("creates (201) from text, reads, updates from html_text and deletes a story", () =>
    Effect.gen(function*() {
      const a = yield* api
      const made = yield* a.storyCreate({ task_gid: task, text: "Shipped." })
      expect(made).toMatchObject({ resource_subtype: "comment_added", text: "Shipped." })
      expect((yield* sent).at(-1)?.body).toEqual({ data: { text: "Shipped." } })
      expect((yield* a.storyGet({ story_gid: system_assigned })).resource_subtype).not.toBe("comment_added")
      const html = "<body><strong>Shipped</strong> today.</body>"
      const changed = yield* a.storyUpdate({ story_gid: made.gid, html_text: html })
      expect(changed).toMatchObject({ html_text: html, is_edited: true })
      expect(yield* a.storyDelete({ story_gid: made.gid })).toEqual({
        deleted: true,
        already_absent: false,
        story_gid: made.gid
      })
      expect((yield* Effect.flip(a.storyGet({ story_gid: made.gid })))._tag).toBe("NotFoundError")
    }).pipe(Effect.provide(apiLayer())))

  it.effect("story update and delete send at once; the service's 403 on a system story or another's comment carries the hint", () =>
    Effect.gen(function*() {
      const a = yield* api
      const system = yield* Effect.flip(a.storyUpdate({ story_gid: system_due_date, text: "x" }))
      expect(system._tag).toBe("ForbiddenError")
      expect(system.message).toContain(STORY_FORBIDDEN_HINT)
      const others = yield* Effect.flip(a.storyDelete({ story_gid: other_comment }))
      expect(others._tag).toBe("ForbiddenError")
      expect(others.message).toContain(STORY_FORBIDDEN_HINT)
      expect((yield* writes).map((r) => r.method)).toEqual(["PUT", "DELETE"])
    }).pipe(Effect.provide(apiLayer())))

  it.effect("refuses bad input before sending: bad html tags, empty text, both or neither text, bad gids and URLs", () =>
    Effect.gen(function*() {
      const a = yield* api
      const p = yield* Effect.flip(a.storyCreate({ task_gid: task, html_text: "<body><p>Hello</p></body>" }))
      expect(p._tag).toBe("InvalidInputError")
      expect(p.message).toContain("<p>")
      const br = yield* Effect.flip(a.commentUpdate({ story_gid: my_comment, html_text: "<body>a<br>b</body>" }))
      expect(br._tag).toBe("InvalidInputError")
      expect(br.message).toContain("<br>")
      const unwrapped = yield* Effect.flip(a.storyCreate({ task_gid: task, html_text: "<strong>x</strong>" }))
      expect(unwrapped.message).toContain("<body>")
      const refused = [
        yield* Effect.flip(a.storyCreate({ task_gid: task, text: "" })),
        yield* Effect.flip(a.commentCreate({ task_gid: task, text: "   " })),
        yield* Effect.flip(a.storyCreate({ task_gid: task })),
        yield* Effect.flip(a.storyCreate({ task_gid: task, text: "a", html_text: "<body>a</body>" })),
        yield* Effect.flip(a.storyUpdate({ story_gid: my_comment })),
        yield* Effect.flip(a.storyGet({ story_gid: "70x" })),
        yield* Effect.flip(a.commentList({ task_gid: `https://other.example.com/0/${seed.project_gid}/${task}` })),
        yield* Effect.flip(a.storyList({ task_gid: `${SIM}/0/${seed.project_gid}/list` }))
      ]
      for (const error of refused) expect(error._tag).toBe("InvalidInputError")
      expect((yield* sent).length).toBe(0)
    }).pipe(Effect.provide(apiLayer())))
})

describe("TaskmgrApi: comments", () => {
  it.effect("comment list keeps only comment stories, and asks for resource_subtype when fields are chosen", () =>
    Effect.gen(function*() {
      const a = yield* api
      const page = yield* a.commentList({ task_gid: task })
      expect(page.data.map((s) => s.gid).sort()).toEqual([my_comment, other_comment].sort())
      const chosen = yield* a.commentList({ task_gid: task, fields: ["text"] })
      expect(chosen.data.length).toBe(2)
      expect((yield* sent).at(-1)?.query).toMatchObject({ opt_fields: "text,resource_subtype" })
      const streamed = Chunk.toReadonlyArray(
        yield* Stream.runCollect(a.streams.commentList({ task_gid: task, limit: 1 }))
      )
      expect(streamed.map((s) => s.gid).sort()).toEqual([my_comment, other_comment].sort())
    }).pipe(Effect.provide(apiLayer())))

  it.effect("comment get reads a comment and refuses a system story", () =>
    Effect.gen(function*() {
      const a = yield* api
      expect((yield* a.commentGet({ story_gid: other_comment })).gid).toBe(other_comment)
      const error = yield* Effect.flip(a.commentGet({ story_gid: system_assigned }))
      expect(error._tag).toBe("InvalidInputError")
      expect(error.message).toContain("system story")
    }).pipe(Effect.provide(apiLayer())))

  it.effect("creates, updates and deletes the caller's own comment, reading it first", () =>
    Effect.gen(function*() {
      const a = yield* api
      const made = yield* a.commentCreate({ task_gid: taskUrl, html_text: "<body>See <em>the doc</em>.</body>" })
      expect(made.resource_subtype).toBe("comment_added")
      const changed = yield* a.commentUpdate({ story_gid: made.gid, text: "See the doc, v2.", is_pinned: true })
      expect(changed).toMatchObject({ text: "See the doc, v2.", is_pinned: true })
      expect(yield* a.commentDelete({ story_gid: my_comment })).toEqual({
        deleted: true,
        already_absent: false,
        story_gid: my_comment
      })
      const requests = (yield* sent).slice(1).map((r) => `${r.method} ${r.path.replace("/api/1.0", "")}`)
      expect(requests).toEqual([
        `GET /stories/${made.gid}`,
        `PUT /stories/${made.gid}`,
        `GET /stories/${my_comment}`,
        `DELETE /stories/${my_comment}`
      ])
    }).pipe(Effect.provide(apiLayer())))

  it.effect("refuses a system story and another user's comment before the write, each saying who alone may change it", () =>
    Effect.gen(function*() {
      const a = yield* api
      const system = yield* Effect.flip(a.commentUpdate({ story_gid: system_assigned, text: "x" }))
      expect(system._tag).toBe("ForbiddenError")
      expect(system.message).toMatch(/system story/)
      expect(system.message).not.toContain("comments you wrote")
      expect(system).toMatchObject({ changedOnlyBy: "service" })
      const systemDelete = yield* Effect.flip(a.commentDelete({ story_gid: system_due_date }))
      expect(systemDelete._tag).toBe("ForbiddenError")
      const others = yield* Effect.flip(a.commentUpdate({ story_gid: other_comment, text: "mine now" }))
      expect(others._tag).toBe("ForbiddenError")
      expect(others.message).toContain("Other Member")
      expect(others).toMatchObject({ changedOnlyBy: "author" })
      const othersDelete = yield* Effect.flip(a.commentDelete({ story_gid: other_comment }))
      expect(othersDelete._tag).toBe("ForbiddenError")
      expect(yield* writes).toEqual([])
      expect((yield* sent).every((r) => r.query.opt_fields === "resource_subtype,is_editable,created_by.name")).toBe(
        true
      )
      expect((yield* a.storyGet({ story_gid: other_comment })).text).toBe("Looks good, add the venue.")
    }).pipe(Effect.provide(apiLayer())))
})
