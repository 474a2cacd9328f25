/**
 * References over the built `taskmgr` binary against `taskmgr sandbox`: a
 * registered project's name wherever a project is taken (as a record of any
 * kind too: a status overview's, an attachment list's, an event list's), names
 * differing only in case never guessed between, the one registered project as
 * the default of a command given none, and the sandbox's own permalinks
 * accepted with no TASKMGR_APP_URL (the app URL comes from a loopback base URL).
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { describeRun, run, type RunResult, TASKMGR_BIN } from "./helpers.js"
import { useTaskmgrSandbox } from "./taskmgr-sandbox.js"

const sandbox = useTaskmgrSandbox()
const PROJECT = "1200000000000301"
const BACKLOG = "1200000000000302"
const TASK = "1200000000000601"
const PORTFOLIO = "1200000000001201"
const GOAL = "1200000000001101"

const taskmgr = (args: ReadonlyArray<string>, options: { cwd?: string; env?: Record<string, string> } = {}) =>
  run(args, { bin: TASKMGR_BIN, env: options.env ?? sandbox.env(), ...(options.cwd === undefined ? {} : options) })

const ok = (r: RunResult) => {
  expect(r.code, describeRun(r)).toBe(0)
  return r
}
const sent = async () => (await sandbox.requests()).filter((q) => !q.path.startsWith("/_sandbox"))
const lastRequest = async () => (await sent()).at(-1)
/** A usage error (exit 2) that sent nothing. */
const usage = async (args: ReadonlyArray<string>, cwd: string) => {
  const before = (await sent()).length
  const r = await taskmgr(args, { cwd })
  expect(r.code, describeRun(r)).toBe(2)
  expect((await sent()).length).toBe(before)
  return r
}

/** A git repository whose .taskmgr.json registers `projects`. */
const registry = (projects: ReadonlyArray<{ gid: string; name: string }>) => {
  const root = mkdtempSync(join(tmpdir(), "taskmgr-refs-"))
  mkdirSync(join(root, ".git"))
  writeFileSync(join(root, ".taskmgr.json"), JSON.stringify({ workspace_gid: sandbox.info.workspace_gid, projects }))
  return root
}

describe("a registered project's name", () => {
  it("is taken by status overview, attachment list, event list and task search --projects-any", async () => {
    const cwd = registry([{ gid: PROJECT, name: "Launch Plan" }])
    const overview = JSON.parse(ok(await taskmgr(["status", "overview", "launch plan", "--json"], { cwd })).stdout)
    expect(overview).toMatchObject({ kind: "project", gid: PROJECT })
    ok(await taskmgr(["attachment", "list", "Launch Plan", "--json"], { cwd }))
    expect((await lastRequest())?.query).toMatchObject({ parent: PROJECT })
    // Without a sync token the service answers a fresh one: what counts is which resource was asked.
    await taskmgr(["event", "list", "Launch Plan", "--json"], { cwd })
    expect((await lastRequest())?.query).toMatchObject({ resource: PROJECT })
    ok(await taskmgr(["task", "search", "--projects-any", "Launch Plan", "--json"], { cwd }))
    expect((await lastRequest())?.query).toMatchObject({ "projects.any": PROJECT })
  })

  it("of two differing only in case: the exact one is taken, a third spelling is refused naming both", async () => {
    const cwd = registry([{ gid: PROJECT, name: "Alpha" }, { gid: BACKLOG, name: "ALPHA" }])
    expect(JSON.parse(ok(await taskmgr(["project", "get", "ALPHA", "--json"], { cwd })).stdout).gid).toBe(BACKLOG)
    const refused = await usage(["project", "get", "alpha"], cwd)
    expect(refused.stderr).toContain(`"alpha" matches "Alpha", "ALPHA"`)
    expect(refused.stderr).toContain("differ only in case")
    const kept = await usage(["repo", "remove", "alpha"], cwd)
    expect(kept.stderr).toContain("differ only in case")
    expect(JSON.parse(readFileSync(join(cwd, ".taskmgr.json"), "utf8")).projects).toHaveLength(2)
    // repo remove answers as every delete does.
    expect(JSON.parse(ok(await taskmgr(["repo", "remove", "Alpha", "--json"], { cwd })).stdout)).toEqual({
      deleted: true,
      already_absent: false,
      project: PROJECT
    })
    // Repeated, a delete finds it gone.
    expect(JSON.parse(ok(await taskmgr(["repo", "remove", PROJECT, "--json"], { cwd })).stdout)).toEqual({
      deleted: true,
      already_absent: true,
      project: PROJECT
    })
  })
})

describe("the one registered project", () => {
  it("is the project of task list given none; of two registered, none is", async () => {
    const one = registry([{ gid: PROJECT, name: "Launch Plan" }])
    const tasks = JSON.parse(ok(await taskmgr(["task", "list", "--json"], { cwd: one })).stdout)
    expect(tasks.tasks.length).toBeGreaterThan(0)
    expect((await lastRequest())?.query).toMatchObject({ project: PROJECT })
    // A target given wins over the default.
    ok(await taskmgr(["task", "list", "--assignee", "me", "--json"], { cwd: one }))
    expect((await lastRequest())?.query).not.toHaveProperty("project")
    const two = registry([{ gid: PROJECT, name: "Launch Plan" }, { gid: BACKLOG, name: "Backlog" }])
    expect((await usage(["task", "list"], two)).stderr).toContain("Give exactly one of")
  })
})

describe("the sandbox's own permalinks, with no TASKMGR_APP_URL", () => {
  it("are accepted where a task, project, portfolio, goal or team is taken", async () => {
    const { TASKMGR_APP_URL: _, ...env } = sandbox.env()
    const task = JSON.parse(
      ok(await taskmgr(["task", "get", TASK, "--fields", "permalink_url", "--json"], { env })).stdout
    )
    expect(task.permalink_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//)
    expect(JSON.parse(ok(await taskmgr(["task", "get", task.permalink_url, "--json"], { env })).stdout).gid).toBe(TASK)
    // The pages the sandbox's records link to (their permalink_url), on its own origin.
    const origin = new URL(task.permalink_url).origin
    for (
      const [noun, gid, url] of [
        ["project", PROJECT, `${origin}/0/${PROJECT}/list`],
        ["portfolio", PORTFOLIO, `${origin}/0/portfolio/${PORTFOLIO}/list`],
        ["goal", GOAL, `${origin}/0/goal/${GOAL}`]
      ] as const
    ) {
      expect(JSON.parse(ok(await taskmgr([noun, "get", url, "--json"], { env })).stdout).gid, noun).toBe(gid)
    }
    const team = JSON.parse(
      ok(await taskmgr(["team", "get", sandbox.info.team_gid, "--json"], { env })).stdout
    )
    const overview = JSON.parse(
      ok(
        await taskmgr(["status", "overview", `${origin}/0/goal/${GOAL}`, "--json"], { env })
      ).stdout
    )
    expect(overview).toMatchObject({ kind: "goal", gid: GOAL })
    expect(JSON.parse(ok(await taskmgr(["team", "get", team.permalink_url, "--json"], { env })).stdout).gid).toBe(
      sandbox.info.team_gid
    )
  })
})

describe("commands that send nothing", () => {
  it("need no token: url parse and task scan-todos without --create; a request still says why there is none", async () => {
    const { TASKMGR_TOKEN: _, TASKMGR_ACCESS_TOKEN: __, ...configured } = sandbox.env()
    const env = { ...configured, TASKMGR_CONFIG_DIR: mkdtempSync(join(tmpdir(), "no-sign-in-")) }
    const cwd = registry([{ gid: PROJECT, name: "Launch Plan" }])
    writeFileSync(join(cwd, "a.ts"), "// TODO: trim the backlog\n")
    const parsed = JSON.parse(
      ok(await taskmgr(["url", "parse", `${sandbox.info.app_url}/0/${PROJECT}/${TASK}`, "--json"], { env })).stdout
    )
    expect(parsed).toMatchObject({ kind: "task", gid: TASK })
    const drafts = JSON.parse(ok(await taskmgr(["task", "scan-todos", "--json"], { cwd, env })).stdout)
    expect(JSON.stringify(drafts)).toContain("trim the backlog")
    ok(await taskmgr(["repo", "show", "--json"], { cwd, env }))
    const before = (await sent()).length
    const refused = await taskmgr(["task", "get", TASK], { env })
    expect(refused.code, describeRun(refused)).toBe(3)
    expect(refused.stderr).toContain("No task-management token is configured")
    expect((await sent()).length).toBe(before)
  })
})

describe("repo init", () => {
  it("replaces a malformed .taskmgr.json (which stops other commands), saying why", async () => {
    const cwd = registry([])
    writeFileSync(join(cwd, ".taskmgr.json"), "{ not json")
    expect((await usage(["tag", "list"], cwd)).stderr).toContain("not valid JSON")
    const made = ok(await taskmgr(["repo", "init", "--project", PROJECT, "--json"], { cwd }))
    expect(made.stderr).toMatch(/^Note: replaced a malformed file: .*\.taskmgr\.json: .*not valid JSON/)
    expect(JSON.parse(readFileSync(join(cwd, ".taskmgr.json"), "utf8"))).toEqual({
      projects: [{ gid: PROJECT, name: "Launch Plan" }],
      workspace_gid: sandbox.info.workspace_gid
    })
    ok(await taskmgr(["tag", "list"], { cwd }))
  })

  it("checks --workspace-gid before writing it", async () => {
    const cwd = registry([])
    const before = readFileSync(join(cwd, ".taskmgr.json"), "utf8")
    const refused = await taskmgr(["repo", "init", "--workspace-gid", "999"], { cwd })
    expect(refused.code, describeRun(refused)).toBe(2)
    expect(refused.stderr).toContain("--workspace-gid: no workspace 999 is visible to this token")
    expect(readFileSync(join(cwd, ".taskmgr.json"), "utf8")).toBe(before)
    ok(await taskmgr(["repo", "init", "--workspace-gid", sandbox.info.workspace_gid], { cwd }))
    expect((await lastRequest())?.path).toBe(`/api/1.0/workspaces/${sandbox.info.workspace_gid}`)
  })
})
