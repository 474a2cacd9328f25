/** Project export: the Markdown document over the in-process simulator, paged fully, with hostile text kept inert. */
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { api, apiLayer, seed, sent, SIM } from "../harness.js"

describe("TaskmgrApi: project export", () => {
  it.effect("renders a project: facts, sections in order, checklist with assignee, due date, notes and nested subtasks", () =>
    Effect.gen(function*() {
      const a = yield* api
      const out = yield* a.projectExport({ project_gid: `${SIM}/0/${seed.project_gid}/list` })
      expect(out.project_gid).toBe(seed.project_gid)
      const md = out.markdown
      expect(md.startsWith("# Launch Plan\n\n- Owner: Sandbox User\n- Due: none\n")).toBe(true)
      const headings = md.split("\n").filter((l) => l.startsWith("## "))
      expect(headings).toEqual(["## To do", "## Doing", "## Done"])
      expect(md).toContain(
        "- [ ] Write the launch checklist (@Sandbox User, due 2024-06-01)\n\n  List every step of the launch.\n  - [ ] Collect the steps (@Sandbox User)"
      )
      expect(md).toContain("## Done\n\n- [x] Pick a launch date (@Sandbox User)")
      // Subtasks are asked for only where num_subtasks says there are some.
      const subtaskReads = (yield* sent).filter((r) => r.path.endsWith("/subtasks"))
      expect(subtaskReads.map((r) => r.path)).toEqual([`/api/1.0/tasks/${seed.task_gid}/subtasks`])
    }).pipe(Effect.provide(apiLayer())))

  it.effect("follows every page of a project larger than one page", () =>
    Effect.gen(function*() {
      const a = yield* api
      const out = yield* a.projectExport({ project_gid: seed.big_project_gid })
      const items = out.markdown.split("\n").filter((l) => l.startsWith("- ["))
      expect(items).toHaveLength(seed.big_project_task_count)
      const taskPages = (yield* sent).filter((r) => r.path === "/api/1.0/tasks")
      expect(taskPages.length).toBe(2)
      expect(taskPages[1]?.query.offset).toBeDefined()
    }).pipe(Effect.provide(apiLayer())))

  it.effect("keeps names and notes from breaking the document's structure", () =>
    Effect.gen(function*() {
      const a = yield* api
      const made = yield* a.taskCreate({
        name: "# Not a heading\n## nor this [link](http://x) <b>x</b> `code`",
        notes: "```\n- not a list\n> not a quote\n    not code\n1. not ordered\n\u001b[31mred",
        projects: [seed.project_gid]
      })
      const md = (yield* a.projectExport({ project_gid: seed.project_gid })).markdown
      const line = md.split("\n").find((l) => l.includes("Not a heading"))!
      expect(line).toBe("- [ ] \\# Not a heading \\#\\# nor this \\[link\\]\\(http://x\\) \\<b\\>x\\</b\\> \\`code\\`")
      expect(md).toContain(
        "  \\`\\`\\`\\\n  \\- not a list\\\n  \\> not a quote\\\n  not code\\\n  1\\. not ordered\\\n  ^\\[\\[31mred"
      )
      // Still exactly the three section headings, and no raw escape character.
      expect(md.split("\n").filter((l) => /^#{1,6} /.test(l))).toHaveLength(4)
      expect(md).not.toContain("\u001b")
      expect(made.gid).toBeDefined()
    }).pipe(Effect.provide(apiLayer())))

  it.effect("refuses a value that is neither a gid nor a URL before sending", () =>
    Effect.gen(function*() {
      const a = yield* api
      const error = yield* Effect.flip(a.projectExport({ project_gid: "launch plan" }))
      expect(error._tag).toBe("InvalidInputError")
      expect(yield* sent).toEqual([])
    }).pipe(Effect.provide(apiLayer())))
})
