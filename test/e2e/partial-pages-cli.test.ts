/**
 * `taskmgr task list --all` (the built binary) when a page after the first
 * fails: the pages before it are printed, then the error with the --cursor
 * that resumes, and the error's exit code; an offset the service forgets
 * mid-list restarts the listing once. And the same through the tool server
 * (official MCP client): the error result carries the items and the cursor.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js"
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js"
import { describe, expect, it } from "vitest"
import { taskmgrSeed } from "../../src/testing/index.js"
import { baseEnv, describeRun, ROOT, TASKMGR_BIN } from "./helpers.js"
import { useTaskmgrSandbox } from "./taskmgr-sandbox.js"

const sandbox = useTaskmgrSandbox()
const TASKS = "/api/1.0/tasks"
const BIG = taskmgrSeed.big_project_gid
const EXPIRED = {
  errors: [{
    message: "offset: Your pagination token is no longer valid (it has expired). Start again without offset."
  }]
}

const list = (...more: Array<string>) =>
  sandbox.run(["task", "list", "--project", BIG, "--limit", "50", "--all", ...more])
const cursorIn = (stderr: string) => /--cursor (\S+)/.exec(stderr)?.[1]

describe("task list --all when a later page fails", () => {
  it("a 401 on page 2: prints page 1, then the error with the cursor to resume, and exits 3", async () => {
    await sandbox.fault({ method: "GET", path: TASKS, status: 401, skip: 1 })
    const r = await list("--json")
    expect(r.code, describeRun(r)).toBe(3)
    const printed = JSON.parse(r.stdout) as {
      tasks: Array<{ gid: string }>
      next_cursor: string
      complete: boolean
      pages: number
    }
    expect(printed.tasks).toHaveLength(50)
    expect(printed).toMatchObject({ complete: false, pages: 1 })
    expect(r.stderr).toMatch(/Printed the 50 tasks from 1 page fetched before this failure/)
    expect(r.stderr).toMatch(/Error: The task manager rejected the token/)
    const cursor = cursorIn(r.stderr)
    expect(cursor).toBe(printed.next_cursor)
    // Resuming from it lists the rest, and nothing twice.
    const rest = await list("--json", "--cursor", cursor!)
    expect(rest.code, describeRun(rest)).toBe(0)
    const gids = [...printed.tasks, ...(JSON.parse(rest.stdout) as { tasks: Array<{ gid: string }> }).tasks].map((t) =>
      t.gid
    )
    expect(gids).toHaveLength(taskmgrSeed.big_project_task_count)
    expect(new Set(gids).size).toBe(taskmgrSeed.big_project_task_count)
  })

  it("a 429 beyond the longest wait on page 3: prints pages 1 and 2 as text, exits 6", async () => {
    await sandbox.fault({ method: "GET", path: TASKS, status: 429, headers: { "retry-after": "3600" }, skip: 2 })
    const r = await list()
    expect(r.code, describeRun(r)).toBe(6)
    expect(r.stdout.trim().split("\n")).toHaveLength(100)
    expect(r.stderr).toMatch(/Printed the 100 tasks from 2 pages .* --cursor \S+/)
    expect(r.stderr).toMatch(/Retry-After: 3600/)
  })

  it("an offset the service forgets mid-list: restarts once from the first page, each task once, exit 0", async () => {
    await sandbox.fault({ method: "GET", path: TASKS, status: 400, body: EXPIRED, skip: 1 })
    const r = await list("--json")
    expect(r.code, describeRun(r)).toBe(0)
    const gids = (JSON.parse(r.stdout) as { tasks: Array<{ gid: string }> }).tasks.map((t) => t.gid)
    expect(gids).toHaveLength(taskmgrSeed.big_project_task_count)
    expect(new Set(gids).size).toBe(taskmgrSeed.big_project_task_count)
    const sent = (await sandbox.requests()).filter((q) => q.path === TASKS).map((
      q
    ) => (q.query.offset === undefined ? "first" : "next"))
    expect(sent).toEqual(["first", "next", "first", "next", "next"])
  })

  it("forgotten twice: prints what it had, then a plain explanation, no cursor", async () => {
    await sandbox.fault({ method: "GET", path: TASKS, status: 400, body: EXPIRED, skip: 1 })
    // Faults are taken in order: this one waits until the first is used, then lets the restarted first page through.
    await sandbox.fault({ method: "GET", path: TASKS, status: 400, body: EXPIRED, skip: 1 })
    const r = await list()
    expect(r.code, describeRun(r)).toBe(2)
    expect(r.stdout.trim().split("\n")).toHaveLength(50)
    expect(r.stderr).toMatch(/position \(offset\) expired/)
    expect(r.stderr).toMatch(/List again from the first page/)
    expect(r.stderr).not.toMatch(/Correct what the service named/)
    expect(r.stderr).not.toMatch(/--cursor/)
  })
})

describe("taskmgr_task_list through the tool server when a later page fails", () => {
  it("the error result carries the tasks fetched and the cursor to resume", async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [TASKMGR_BIN, "mcp", "--toolsets", "tasks"],
      env: { ...baseEnv(), ...sandbox.env() },
      cwd: ROOT,
      stderr: "pipe"
    })
    const client = new Client({ name: "partial-pages", version: "0.0.0" })
    await client.connect(transport)
    try {
      await sandbox.fault({ method: "GET", path: TASKS, status: 401, skip: 1 })
      const result = await client.callTool({
        name: "taskmgr_task_list",
        arguments: { project: BIG, limit: 50, fetchAll: true }
      })
      expect(result.isError).toBe(true)
      const structured = result.structuredContent as {
        error: { type: string; exit_code: number }
        tasks: Array<unknown>
        next_cursor: string
        complete: boolean
      }
      expect(structured.error).toMatchObject({ type: "AuthError", exit_code: 3 })
      expect(structured.tasks).toHaveLength(50)
      expect(structured.complete).toBe(false)
      expect(typeof structured.next_cursor).toBe("string")
      const resumed = await client.callTool({
        name: "taskmgr_task_list",
        arguments: { project: BIG, limit: 50, fetchAll: true, cursor: structured.next_cursor }
      })
      expect(resumed.isError).toBe(false)
    } finally {
      await client.close()
    }
  }, 30_000)
})
