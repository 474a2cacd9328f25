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

  it.effect("narrows to one section, leaves notes out, and says what it read", () =>
    Effect.gen(function*() {
      const a = yield* api
      const out = yield* a.projectExport({
        project_gid: seed.project_gid,
        section: seed.section_gids.todo,
        notes: false
      })
      expect(out.markdown.split("\n").filter((l) => l.startsWith("## "))).toEqual(["## To do"])
      expect(out.markdown).toContain("- [ ] Write the launch checklist (@Sandbox User, due 2024-06-01)")
      expect(out.markdown).not.toContain("List every step of the launch.")
      expect(out.markdown).not.toContain("Everything for the launch.")
      expect(out).toMatchObject({ complete: true, tasks: 3 })
      const reads = yield* sent
      expect(out.requests).toBe(reads.length)
      // The section's own listing, and no notes asked for.
      expect(reads.find((r) => r.path === "/api/1.0/tasks")?.query.section).toBe(seed.section_gids.todo)
      expect(reads.every((r) => !String(r.query.opt_fields ?? "").split(",").includes("notes"))).toBe(true)
    }).pipe(Effect.provide(apiLayer())))

  it.effect("refuses a section that is not the project's", () =>
    Effect.gen(function*() {
      const error = yield* Effect.flip((yield* api).projectExport({ project_gid: seed.project_gid, section: "42" }))
      expect(error).toMatchObject({ _tag: "InvalidInputError", fields: ["section"] })
      expect(error.message).toBe(`section: 42 is not a section of project ${seed.project_gid}.`)
    }).pipe(Effect.provide(apiLayer())))

  it.effect("stops at max_tasks, with the document and the result saying so", () =>
    Effect.gen(function*() {
      const out = yield* (yield* api).projectExport({ project_gid: seed.big_project_gid, max_tasks: 30 })
      expect(out.markdown.split("\n").filter((l) => l.startsWith("- ["))).toHaveLength(30)
      expect(out).toMatchObject({ complete: false, tasks: 30 })
      expect(out.markdown.endsWith("\n---\n\nThis export is incomplete: it stopped at its limit of 30 tasks.\n")).toBe(
        true
      )
      // One page was enough: no page is asked for past the bound.
      expect((yield* sent).filter((r) => r.path === "/api/1.0/tasks")).toHaveLength(1)
    }).pipe(Effect.provide(apiLayer())))

  it.effect("shows a subtask that is also in the project once, in its section", () =>
    Effect.gen(function*() {
      const a = yield* api
      const [sub] = (yield* a.taskSubtaskList({ task_gid: seed.task_gid })).data
      yield* a.taskProjectAdd({ task_gid: sub!.gid, project: seed.project_gid, section: seed.section_gids.doing })
      const md = (yield* a.projectExport({ project_gid: seed.project_gid })).markdown
      expect(md.split("\n").filter((l) => l.includes("Collect the steps"))).toEqual([
        "- [ ] Collect the steps (@Sandbox User)"
      ])
      expect(md).toContain("## Doing\n\n- [ ] Collect the steps")
    }).pipe(Effect.provide(apiLayer())))

  it.effect("refuses a value that is neither a gid nor a URL before sending", () =>
    Effect.gen(function*() {
      const a = yield* api
      const error = yield* Effect.flip(a.projectExport({ project_gid: "launch plan" }))
      expect(error._tag).toBe("InvalidInputError")
      expect(yield* sent).toEqual([])
    }).pipe(Effect.provide(apiLayer())))
})
