/**
 * The command line's layout on a terminal, in process against the taskmgr
 * sandbox: COLUMNS honoured, a terminal that reports 0x0 read as 80 wide,
 * gids never cut, nested records shown as fields.
 */
import { describe, expect, it } from "vitest"
import { describeRun, runInProcess, TASKMGR_BIN } from "./helpers.js"
import { useTaskmgrSandbox } from "./taskmgr-sandbox.js"

const sandbox = useTaskmgrSandbox()
const taskmgr = (args: ReadonlyArray<string>, columns: number, more: Record<string, string> = {}) =>
  runInProcess(args, { bin: TASKMGR_BIN, env: sandbox.env(more), tty: { columns } })

describe("taskmgr on a terminal", () => {
  it("a 0x0 terminal lays the table out 80 wide; COLUMNS=30 narrows it without cutting a gid", async () => {
    const args = ["task", "list", "--project", sandbox.info.project_gid]
    const wide = await taskmgr(args, 0)
    expect(wide.code, describeRun(wide)).toBe(0)
    const rowsOf = (stdout: string) => stdout.trimEnd().split("\n").slice(1)
    const gids = rowsOf(wide.stdout).map((l) => l.split(/\s+/)[0]!)
    expect(gids.length).toBeGreaterThan(0)
    for (const gid of gids) expect(gid).toMatch(/^\d{16}$/)
    const lines = wide.stdout.trimEnd().split("\n")
    expect(Math.max(...lines.map((l) => l.length))).toBeLessThanOrEqual(80)
    expect(lines.some((l) => l.length > 30)).toBe(true)

    const narrow = await taskmgr(args, 0, { COLUMNS: "30" })
    expect(narrow.code, describeRun(narrow)).toBe(0)
    const narrowGids = rowsOf(narrow.stdout).map((l) => l.split(/\s+/)[0]!)
    expect(narrow.stderr).toMatch(/Not shown at 30 columns/)
    expect(narrowGids).toEqual(gids)
  })

  it("shows a record's nested values as fields, not JSON", async () => {
    const list = await runInProcess(["task", "list", "--project", sandbox.info.project_gid, "--json"], {
      bin: TASKMGR_BIN,
      env: sandbox.env()
    })
    const gid = (JSON.parse(list.stdout) as { tasks: Array<{ gid: string }> }).tasks[0]!.gid
    const got = await taskmgr(["task", "get", gid], 100)
    expect(got.code, describeRun(got)).toBe(0)
    expect(got.stdout).not.toMatch(/: +[[{]"/)
    expect(got.stdout).toMatch(/^\w+\.(gid|name): /m)
  })
})
