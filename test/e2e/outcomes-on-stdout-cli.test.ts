/**
 * Data on stdout, messages on stderr, and a JSON document for every outcome
 * under --json, over both programs in this process against their sandboxes:
 * a many-item save with a failed item says so on stderr and counts it in
 * JSON; a raw JSON document ends with a newline; a job that failed or is still
 * running (exit 10, 11) is a document naming the job; the page ceiling's
 * hint with --all points at --max-pages, not at --all; `PROG help WORDS`
 * is the help of those words.
 */
import { mkdtempSync, readdirSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { describeRun, runInProcess, TASKMGR_BIN, useSandbox } from "./helpers.js"
import { useTaskmgrSandbox } from "./taskmgr-sandbox.js"

describe("design outcomes", () => {
  const ctx = useSandbox({ inProcess: true })

  it("file images --out with a node that did not render: exit 9, the count on stderr, failed and exit_code in JSON", async () => {
    const args = ["file", "images", ctx.sb.info.file_key, "--ids", "1:3,77:77"]
    const text = await ctx.design([...args, "--out", mkdtempSync(join(tmpdir(), "outcomes-"))])
    expect(text.code, describeRun(text)).toBe(9)
    expect(text.stdout.split("\n").filter((l) => l !== "")).toHaveLength(2)
    expect(text.stderr).toMatch(/^1 of 2 nodes did not render\.$/m)
    const dir = mkdtempSync(join(tmpdir(), "outcomes-"))
    const json = await ctx.design([...args, "--out", dir, "--json"])
    expect(json.code, describeRun(json)).toBe(9)
    expect(JSON.parse(json.stdout)).toMatchObject({
      failed: 1,
      exit_code: 9,
      files: [{ node_id: "1:3" }, { file: null }]
    })
    expect(readdirSync(dir)).toEqual(["1-3.png"])
  })

  it("file get --json ends with a newline, as every JSON output does", async () => {
    const r = await ctx.design(["file", "get", ctx.sb.info.file_key, "--json"])
    expect(r.code, describeRun(r)).toBe(0)
    expect(r.stdout.endsWith("}\n")).toBe(true)
    expect(JSON.parse(r.stdout)).toMatchObject({ name: expect.any(String) })
  })

  it("help WORDS is the help of those words", async () => {
    const help = await ctx.design(["help", "file", "get"])
    expect(help.code, describeRun(help)).toBe(0)
    expect(help.stdout).toBe((await ctx.design(["file", "get", "--help"])).stdout)
  })
})

describe("taskmgr outcomes", () => {
  const sandbox = useTaskmgrSandbox()
  const taskmgr = (args: ReadonlyArray<string>) => runInProcess(args, { bin: TASKMGR_BIN, env: sandbox.env() })

  it("a failed job (exit 10) and a wait that runs out (exit 11) are JSON documents naming the job", async () => {
    const failed = await taskmgr(["task-template", "instantiate", "1200000000030002", "--json"])
    expect(failed.code, describeRun(failed)).toBe(10)
    const job = JSON.parse(failed.stdout) as { job: string }
    expect(job).toEqual({ job: expect.stringMatching(/^\d+$/), status: "failed", exit_code: 10 })
    expect(failed.stderr).toContain(`The job ${job.job} `)
    const late = await taskmgr(["task-template", "instantiate", "1200000000030001", "--timeout", "1", "--json"])
    expect(late.code, describeRun(late)).toBe(11)
    expect(JSON.parse(late.stdout)).toEqual({ job: expect.any(String), status: "in_progress", exit_code: 11 })
  }, 20_000)

  it("the page ceiling with --all says to raise --max-pages, never 'or --all'", async () => {
    const capped = await taskmgr([
      "task",
      "list",
      "--project",
      sandbox.info.project_gid,
      "--limit",
      "1",
      "--all",
      "--max-pages",
      "2"
    ])
    expect(capped.code, describeRun(capped)).toBe(0)
    expect(capped.stderr).toMatch(
      /remain after 2 pages \(--max-pages 2\): add --cursor \S+ to continue, or raise --max-pages\./
    )
    expect(capped.stderr).not.toMatch(/or --all/)
    const onePage = await taskmgr(["task", "list", "--project", sandbox.info.project_gid, "--limit", "1"])
    expect(onePage.stderr).toMatch(/or --all to follow every page/)
  })

  it("help task is the task group's help, and help alone the program's", async () => {
    const group = await taskmgr(["help", "task"])
    expect(group.code, describeRun(group)).toBe(0)
    expect(group.stdout).toBe((await taskmgr(["task", "--help"])).stdout)
    expect((await taskmgr(["help"])).stdout).toBe((await taskmgr(["--help"])).stdout)
  })
})
