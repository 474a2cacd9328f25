/** Comment templates: the filler as a function, and `commentCreate` with `template` over the in-process simulator. */
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { escapeHtml, fillTemplate, unknownPlaceholders } from "../../../src/taskmgr/local/comment-template.js"
import { api, apiLayer, seed, sent } from "../harness.js"

const values = { "task.name": "Ship", "task.assignee": "Ann", "task.due_on": "2025-01-31", "task.notes": "a < b" }

describe("comment template filler", () => {
  it("fills the four placeholders, keeps other braces, and writes {{ }} as braces", () => {
    expect(fillTemplate("{task.assignee}: {task.name} due {task.due_on} ({task.notes})", values)).toBe(
      "Ann: Ship due 2025-01-31 (a < b)"
    )
    expect(fillTemplate("{{task.name}} { spaced } {}", values)).toBe("{task.name} { spaced } {}")
    expect(fillTemplate("<b>{task.notes}</b>", values, escapeHtml)).toBe("<b>a &lt; b</b>")
  })

  it("names each unknown placeholder once, and none in escaped braces", () => {
    expect(unknownPlaceholders("{task.name} {task.owner} {due} {task.owner} {{task.x}}")).toEqual(["task.owner", "due"])
  })
})

describe("TaskmgrApi: comment create with a template", () => {
  it.effect("reads the task, fills its fields in and sends the filled text", () =>
    Effect.gen(function*() {
      const a = yield* api
      const story = yield* a.commentCreate({
        task_gid: seed.task_gid,
        template: true,
        text: "{task.assignee}: {task.name} is due {task.due_on}"
      })
      expect(story.text).toBe("Sandbox User: Write the launch checklist is due 2024-06-01")
      const [read, post] = yield* sent
      expect(read).toMatchObject({ method: "GET", path: `/api/1.0/tasks/${seed.task_gid}` })
      expect(post?.body).toEqual({ data: { text: "Sandbox User: Write the launch checklist is due 2024-06-01" } })
    }).pipe(Effect.provide(apiLayer())))

  it.effect("escapes the task's fields in html_text", () =>
    Effect.gen(function*() {
      const a = yield* api
      const task = yield* a.taskCreate({ name: "<script>x</script>", projects: [seed.project_gid] })
      yield* a.commentCreate({
        task_gid: task.gid,
        template: true,
        html_text: "<body><strong>{task.name}</strong> {task.assignee}</body>"
      })
      expect((yield* sent).at(-1)?.body).toEqual({
        data: { html_text: "<body><strong>&lt;script&gt;x&lt;/script&gt;</strong> (unassigned)</body>" }
      })
    }).pipe(Effect.provide(apiLayer())))

  it.effect("refuses an unknown placeholder by name before anything is sent", () =>
    Effect.gen(function*() {
      const a = yield* api
      const error = yield* Effect.flip(
        a.commentCreate({ task_gid: seed.task_gid, template: true, text: "Hi {task.owner}" })
      )
      expect(error).toMatchObject({ _tag: "InvalidInputError", fields: ["text"] })
      expect(error.message).toContain("{task.owner}")
      expect(yield* sent).toEqual([])
    }).pipe(Effect.provide(apiLayer())))

  it.effect("sends braces as they are without template", () =>
    Effect.gen(function*() {
      const a = yield* api
      const story = yield* a.commentCreate({ task_gid: seed.task_gid, text: "{task.name}" })
      expect(story.text).toBe("{task.name}")
      expect(yield* sent).toHaveLength(1)
    }).pipe(Effect.provide(apiLayer())))
})
