/**
 * Hostile services: answers that shape what is fetched next, and text meant
 * to deceive a reader.
 * - Export against answers no honest service gives (hostile-service.ts):
 *   subtasks that never end, a task that is its own subtask, two tasks each
 *   the other's subtask, a chain deeper than any outline, pages that never run
 *   out (empty, repeated, or new each time), sections without end. Each cell
 *   ends, within the stated bounds (max_tasks tasks, 2 x max_tasks + 10
 *   requests), with each task once, and says when a bound stopped it.
 * - Bidi controls and terminal escapes in a task's name, notes and in the
 *   service's error message, on every surface: tables (piped and on a
 *   terminal), records, TOON, JSON, errors, the export (stdout and --out) and
 *   tool results. None arrives raw; text shows them named or in caret form.
 * - A task's notes written to escape a comment template's html.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js"
import { Effect } from "effect"
import { mkdtempSync, readFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, expect, it } from "vitest"
import { TaskmgrApi } from "../../src/taskmgr/api.js"
import { DEFAULT_MAX_TASKS, requestLimit } from "../../src/taskmgr/local/project-export.js"
import { control, describeRun, runInProcess, type SandboxChild, TASKMGR_BIN } from "../e2e/helpers.js"
import { startTaskmgrSandbox, type TaskmgrSandboxInfo } from "../e2e/taskmgr-sandbox.js"
import { inProcessServer } from "../mcp/in-process-transport.js"
import { cellName, covering, FULL, securityClass } from "./cells.js"
import { type Answer, hostileTaskmgr, projectAnswers, task, WithStatus } from "./hostile-service.js"

/** Each hostile answer, made fresh per cell (some count what they handed out). */
const ANSWERS: Record<string, () => Answer> = {
  "endless-subtasks": () => {
    let next = 1_000
    return (r) =>
      projectAnswers(r) ?? (r.path === "/tasks"
        ? { data: [task("10", { num_subtasks: 4 })], next_page: null }
        : { data: [0, 1, 2, 3].map(() => task(String(next++), { num_subtasks: 4 })), next_page: null })
  },
  "self-subtask": () => (r) => projectAnswers(r) ?? { data: [task("10", { num_subtasks: 1 })], next_page: null },
  "two-cycle": () => (r) =>
    projectAnswers(r) ?? (r.path === "/tasks"
      ? { data: [task("10", { num_subtasks: 1 })], next_page: null }
      : { data: [task(r.path === "/tasks/10/subtasks" ? "11" : "10", { num_subtasks: 1 })], next_page: null }),
  "deep-chain": () => (r) => {
    const parent = /^\/tasks\/(\d+)\/subtasks$/.exec(r.path)?.[1]
    return projectAnswers(r) ?? {
      data: [task(parent === undefined ? "10" : String(Number(parent) + 1), { num_subtasks: 1 })],
      next_page: null
    }
  },
  "empty-pages": () => {
    let page = 0
    return (r) => projectAnswers(r) ?? { data: [], next_page: { offset: `o${page++}` } }
  },
  "repeated-page": () => (r) => projectAnswers(r) ?? { data: [task("10"), task("11")], next_page: { offset: "again" } },
  "endless-pages": () => {
    let next = 1_000
    return (r) =>
      projectAnswers(r) ?? { data: [0, 1, 2].map(() => task(String(next++))), next_page: { offset: `o${next}` } }
  },
  // Honest, but forgetful: the service forgets the offset once, and the walk starts over and repeats a page.
  "expired-offset": () => {
    let expired = false
    return (r) => {
      if (r.path !== "/tasks") return projectAnswers(r) ?? { data: [], next_page: null }
      if (r.query.get("offset") === null) return { data: [task("10"), task("11")], next_page: { offset: "o1" } }
      if (expired) return { data: [task("12")], next_page: null }
      expired = true
      return new WithStatus(400, { errors: [{ message: "offset: Your pagination token has expired." }] })
    }
  },
  "endless-sections": () => {
    let next = 1_000
    return (r) =>
      r.path === "/projects/1/sections"
        ? { data: [{ gid: String(next++), name: "More" }], next_page: { offset: `o${next}` } }
        : projectAnswers(r) ?? { data: [], next_page: null }
  }
}

/** Whether a bound must stop the export: the answer never ends. */
const ENDLESS = new Set(["endless-subtasks", "deep-chain", "endless-pages", "endless-sections"])

securityClass("hostile services", () => {
  // The default bound (1,000 tasks, 2,010 requests) takes seconds against an endless answer: the full run alone.
  for (const cell of covering({ answer: Object.keys(ANSWERS), max_tasks: FULL ? ["25", "default"] : ["25"] })) {
    it(cellName({ surface: "export", ...cell }), async () => {
      const service = hostileTaskmgr(ANSWERS[cell.answer]!())
      const max = cell.max_tasks === "default" ? DEFAULT_MAX_TASKS : Number(cell.max_tasks)
      const out = await Effect.runPromise(
        Effect.flatMap(TaskmgrApi, (api) =>
          api.projectExport({
            project_gid: "1",
            ...(cell.max_tasks === "default" ? {} : { max_tasks: max })
          })).pipe(Effect.provide(service.layer), Effect.timeout("10 seconds"))
      )
      const items = out.markdown.split("\n").filter((l) => /^\s*- \[[ x]\] /.test(l))
      const names = items.map((l) => l.replace(/^\s*- \[[ x]\] /, ""))
      expect(new Set(names).size, "each task once").toBe(names.length)
      expect(names.length).toBe(out.tasks)
      expect(out.tasks).toBeLessThanOrEqual(max)
      expect(out.requests).toBe(service.requests().length)
      expect(out.requests).toBeLessThanOrEqual(requestLimit(max))
      expect(out.complete).toBe(!ENDLESS.has(cell.answer))
      if (cell.answer === "expired-offset") expect(names).toEqual(["Task 10", "Task 11", "Task 12"])
      if (!out.complete) expect(out.markdown).toMatch(/\n---\n\nThis export is incomplete: .+\n$/)
    })
  }

  describe_text_surfaces()
  describe_templates()
})

/** A task's name and notes, and an error message, carrying text meant to deceive a reader. */
const TEXTS = {
  bidi: { raw: "invoice\u202Efdp.exe \u2066x\u2069", raw_re: /[\u202a-\u202e\u2066-\u2069]/, shown: "<U+202E>" },
  escapes: { raw: "Evil \x1b[2J\x1b]0;pwn\x07 \u009b31m", raw_re: /[\x00-\x08\x0b-\x1f\x7f-\x9f]/, shown: "^[" }
} as const
const SURFACES = ["table", "table-tty", "record", "toon", "json", "error", "export", "export-file", "tool"] as const

/** One sandbox for the text and template cells. */
let sandbox: SandboxChild<TaskmgrSandboxInfo> | undefined

function describe_text_surfaces() {
  const tasks: Record<string, string> = {}
  let tool: Client | undefined
  beforeAll(async () => {
    sandbox = await startTaskmgrSandbox()
    const info = sandbox.info
    for (const [kind, text] of Object.entries(TEXTS)) {
      const made = await runInProcess(
        [
          "task",
          "create",
          `${kind} ${text.raw}`,
          "--notes",
          `notes ${text.raw}`,
          "--projects",
          info.project_gid,
          "--json"
        ],
        { bin: TASKMGR_BIN, env: envOf(info) }
      )
      tasks[kind] = (JSON.parse(made.stdout) as { gid: string }).gid
    }
    tool = new Client({ name: "hostile-services", version: "0.0.0" })
    await tool.connect(inProcessServer("taskmgr", [], envOf(info)).transport)
  }, 60_000)
  afterAll(async () => {
    await tool?.close()
    await sandbox?.stop()
  })

  for (const cell of covering({ text: Object.keys(TEXTS), surface: SURFACES })) {
    it(cellName(cell), async () => {
      const info = sandbox!.info
      const text = TEXTS[cell.text as keyof typeof TEXTS]
      const gid = tasks[cell.text]!
      const cli = (args: ReadonlyArray<string>, tty?: { columns: number }) =>
        runInProcess(args, { bin: TASKMGR_BIN, env: envOf(info), ...(tty === undefined ? {} : { tty }) })
      let shown: string
      let detail: string
      if (cell.surface === "tool") {
        const result = await tool!.callTool({ name: "taskmgr_task_get", arguments: { task_gid: gid } })
        shown = JSON.stringify(result)
        detail = shown
        // JSON escapes them: the data is exact once parsed.
        expect(JSON.stringify(result)).not.toMatch(text.raw_re)
      } else if (cell.surface === "export-file") {
        const out = join(mkdtempSync(join(tmpdir(), "hostile-export-")), "plan.md")
        const r = await cli(["project", "export", info.project_gid, "--out", out])
        expect(r.code, describeRun(r)).toBe(0)
        shown = readFileSync(out, "utf8") + r.stdout + r.stderr
        detail = shown
      } else {
        if (cell.surface === "error") {
          await control(info.app_url, "POST", "/_sandbox/faults", {
            method: "GET",
            path: `/api/1.0/tasks/${gid}`,
            status: 400,
            body: { errors: [{ message: `Refused: ${text.raw}` }] }
          })
        }
        const args = {
          table: ["task", "list", "--project", info.project_gid],
          "table-tty": ["task", "list", "--project", info.project_gid],
          record: ["task", "get", gid],
          toon: ["task", "get", gid, "--toon"],
          json: ["task", "get", gid, "--json"],
          error: ["task", "get", gid],
          export: ["project", "export", info.project_gid]
        }[cell.surface]
        const r = await cli(args, cell.surface === "table-tty" ? { columns: 200 } : undefined)
        expect(r.code, describeRun(r)).toBe(cell.surface === "error" ? 2 : 0)
        shown = r.stdout + r.stderr
        detail = describeRun(r)
        if (cell.surface === "json") {
          expect((JSON.parse(r.stdout) as { name: string }).name).toBe(`${cell.text} ${text.raw}`)
        }
      }
      expect(text.raw_re.test(shown), `raw in:\n${detail}`).toBe(false)
      // In Markdown the names are escaped too (`\<U+202E\>`, `^\[`), and read the same once rendered.
      const named = cell.surface.startsWith("export") ? text.shown.replace(/[<>[]/g, "\\$&") : text.shown
      if (cell.surface !== "json" && cell.surface !== "tool") expect(shown, detail).toContain(named)
    })
  }
}

/**
 * A task's notes written to escape a comment template's html: a javascript:
 * link where the template's href takes them, and a quote that would close a
 * single-quoted attribute. The first sends nothing, the second stays text.
 */
const TEMPLATED = {
  "javascript-link": {
    notes: "javascript:alert(document.cookie)",
    template: `<body><a href="{task.notes}">notes</a></body>`,
    posted: false
  },
  "quote-breakout": {
    notes: "x' onmouseover='alert(1)",
    template: `<body><a href="https://x.example/" title='{task.notes}'>notes</a></body>`,
    posted: true
  }
} as const

function describe_templates() {
  for (const [notes, cell] of Object.entries(TEMPLATED)) {
    it(cellName({ surface: "comment-template", notes }), async () => {
      const info = sandbox!.info
      const cli = (args: ReadonlyArray<string>) => runInProcess(args, { bin: TASKMGR_BIN, env: envOf(info) })
      const made = await cli(["task", "create", "T", "--notes", cell.notes, "--projects", info.project_gid, "--json"])
      const gid = (JSON.parse(made.stdout) as { gid: string }).gid
      const log = async () =>
        (await control(info.app_url, "GET", "/_sandbox/requests")) as Array<{ method: string; body: unknown }>
      const before = (await log()).length
      const r = await cli(["comment", "create", gid, "--template", "--html-text", cell.template, "--json"])
      const posts = (await log()).slice(before).filter((q) => q.method === "POST")
      if (!cell.posted) {
        expect(r.code, describeRun(r)).toBe(2)
        expect(r.stderr).toContain("--html-text")
        expect(posts).toEqual([])
        return
      }
      expect(r.code, describeRun(r)).toBe(0)
      const sentHtml = JSON.stringify(posts[0]?.body)
      expect(sentHtml).toContain("x&#39; onmouseover=&#39;alert(1)")
      expect(sentHtml).not.toContain("x' onmouseover")
    })
  }
}

const envOf = (info: TaskmgrSandboxInfo) => ({
  TASKMGR_BASE_URL: info.base_url,
  TASKMGR_APP_URL: info.app_url,
  TASKMGR_TOKEN: info.tokens.personal,
  TASKMGR_WORKSPACE: info.workspace_gid
})
