/** Comment templates: the filler as a function, and `commentCreate` with `template` over the in-process simulator. */
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import {
  checkTemplate,
  escapeHtml,
  fillHtmlTemplate,
  fillTemplate,
  type TemplateValues,
  unknownPlaceholders
} from "../../../src/taskmgr/local/comment-template.js"
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

  it("refuses a lone brace, which would have been posted as it stands: an unclosed or spaced placeholder", () => {
    for (
      const [template, column] of [["{task.name", 1], ["due { task.due_on }", 5], ["done}", 5], [
        "{task.name} {}",
        13
      ]] as const
    ) {
      const refused = Effect.runSync(Effect.flip(checkTemplate(template, "text")))
      expect(refused.message).toContain(`at column ${column} is neither a placeholder nor a brace`)
    }
    for (const template of ["{{ literal }}", "{task.name} and {{task.name}}", "no braces"]) {
      expect(Effect.runSync(Effect.either(checkTemplate(template, "text")))._tag).toBe("Right")
    }
  })

  it("names each unknown placeholder once, and none in escaped braces", () => {
    expect(unknownPlaceholders("{task.name} {task.owner} {due} {task.owner} {{task.x}}")).toEqual(["task.owner", "due"])
  })
})

describe("html templates: a value stays text wherever it lands", () => {
  const hostile = (notes: string): TemplateValues => ({ ...values, "task.notes": notes })
  const fill = (template: string, notes: string) =>
    Effect.runSync(Effect.either(fillHtmlTemplate(template, hostile(notes), "html_text")))
  const check = (template: string) => Effect.runSync(Effect.either(checkTemplate(template, "html_text", "html")))

  it("escapes both quotes, so a value cannot leave a single- or double-quoted attribute", () => {
    const breakout = `x' onmouseover='alert(1)" onclick="alert(2)`
    for (const template of [`<a title='{task.notes}'>t</a>`, `<a title="{task.notes}">t</a>`]) {
      expect(check(template)._tag).toBe("Right")
      const filled = fill(template, breakout)
      expect(filled._tag).toBe("Right")
      const html = filled._tag === "Right" ? filled.right : ""
      expect(html).not.toMatch(/['"] on/)
      expect(html).toContain("x&#39; onmouseover=&#39;alert(1)&quot; onclick=&quot;alert(2)")
    }
  })

  it("refuses a link or source whose scheme a value decides unless it is http(s) or mailto", () => {
    for (
      const bad of ["javascript:alert(1)", " JaVa\tscript:alert(1)", "data:text/html,<script>", "vbscript:x", "//x"]
    ) {
      const out = fill(`<a href="{task.notes}">open</a>`, bad)
      expect(out._tag, bad).toBe("Left")
      if (out._tag === "Left") {
        expect(out.left.message).toBe(
          "html_text: {task.notes} makes the href of a tag a link that is not http(s) or mailto."
        )
      }
      expect(fill(`<img src='{task.notes}'>`, bad)._tag, bad).toBe("Left")
    }
    for (const good of ["https://example.com/a?b=c&d", "http://x", "mailto:ann@example.com"]) {
      expect(fill(`<a href="{task.notes}">open</a>`, good)._tag, good).toBe("Right")
    }
    // A scheme the template wrote itself cannot be changed by a value after it.
    expect(fill(`<a href="https://tracker.example/{task.notes}">x</a>`, "javascript:alert(1)")._tag).toBe("Right")
    expect(fill(`<a href="/tasks/{task.notes}">x</a>`, "javascript:alert(1)")._tag).toBe("Right")
  })

  it("refuses, before anything is read, a placeholder where escaping cannot keep it text", () => {
    const cases: Array<readonly [string, string]> = [
      ["<a href={task.notes}>x</a>", "{task.notes} is in an unquoted attribute value (quote it)"],
      ["<a {task.notes}>x</a>", "{task.notes} is inside a tag, outside a quoted attribute value"],
      ["<{task.name}>x", "{task.name} is inside a tag, outside a quoted attribute value"],
      [`<a onclick="go('{task.name}')">x</a>`, "{task.name} is inside the onclick attribute, whose value is code"],
      [`<b style="color: {task.name}">x</b>`, "{task.name} is inside a style attribute, whose value is CSS"],
      ["<!-- {task.notes} -->", "{task.notes} is inside an HTML comment"],
      ["<script>var n = '{task.name}'</script>", "{task.name} is inside <script>, whose content is not text"]
    ]
    for (const [template, why] of cases) {
      const out = check(template)
      expect(out._tag, template).toBe("Left")
      if (out._tag === "Left") expect(out.left.message, template).toContain(`html_text: ${why};`)
    }
    for (
      const fine of [
        "<body><strong>{task.name}</strong> {task.assignee}</body>",
        "<!-- a comment --> {task.notes} <!--> {task.name}",
        `<a href="https://x/{task.name}" title='{task.notes}'>{task.name}</a> 1 < 2 {task.due_on}`,
        "<script>x</script> {task.notes}"
      ]
    ) {
      expect(check(fine)._tag, fine).toBe("Right")
    }
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

  it.effect("sends nothing when the task's notes would make a javascript: link, or the template puts a value in a tag", () =>
    Effect.gen(function*() {
      const a = yield* api
      const task = yield* a.taskCreate({
        name: "T",
        notes: "javascript:alert(document.cookie)",
        projects: [seed.project_gid]
      })
      const before = (yield* sent).length
      const link = yield* Effect.flip(
        a.commentCreate({ task_gid: task.gid, template: true, html_text: `<body><a href="{task.notes}">x</a></body>` })
      )
      expect(link).toMatchObject({ _tag: "InvalidInputError", fields: ["html_text"] })
      // The task was read to fill the template; nothing was posted.
      expect((yield* sent).slice(before).map((r) => r.method)).toEqual(["GET"])
      const tag = yield* Effect.flip(
        a.commentCreate({ task_gid: task.gid, template: true, html_text: "<body><a href={task.name}>x</a></body>" })
      )
      expect(tag).toMatchObject({ _tag: "InvalidInputError", fields: ["html_text"] })
      expect((yield* sent).length).toBe(before + 1)
    }).pipe(Effect.provide(apiLayer())))

  it.effect("sends braces as they are without template", () =>
    Effect.gen(function*() {
      const a = yield* api
      const story = yield* a.commentCreate({ task_gid: seed.task_gid, text: "{task.name}" })
      expect(story.text).toBe("{task.name}")
      expect(yield* sent).toHaveLength(1)
    }).pipe(Effect.provide(apiLayer())))
})
