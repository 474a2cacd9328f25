/**
 * The wrapper-only commands over the built `taskmgr` binary against
 * `taskmgr sandbox`: project export (stdout and --out FILE), task scan-todos
 * (drafts, create once), comment templates, and the repository registry in a
 * temporary git repository (workspace and project names from .taskmgr.json).
 * Each bad input: exit 2 and nothing sent.
 */
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { describeRun, run, type RunResult, TASKMGR_BIN } from "./helpers.js"
import { useTaskmgrSandbox } from "./taskmgr-sandbox.js"

const sandbox = useTaskmgrSandbox()
const PROJECT = "1200000000000301"
const TASK = "1200000000000601"

const taskmgr = (args: ReadonlyArray<string>, options: { cwd?: string; env?: Record<string, string> } = {}) =>
  run(args, {
    bin: TASKMGR_BIN,
    env: options.env ?? sandbox.env(),
    ...(options.cwd === undefined ? {} : { cwd: options.cwd })
  })

const ok = (r: RunResult) => {
  expect(r.code, describeRun(r)).toBe(0)
  return r
}
const usage = async (r: RunResult) => {
  expect(r.code, describeRun(r)).toBe(2)
  expect((await sandbox.requests()).filter((q) => !q.path.startsWith("/_sandbox"))).toEqual([])
  return r
}

/** A fresh git repository (a `.git` directory is what marks one) with a subdirectory to run from. */
const gitRepo = () => {
  const root = mkdtempSync(join(tmpdir(), "taskmgr-repo-"))
  mkdirSync(join(root, ".git"))
  mkdirSync(join(root, "src", "deep"), { recursive: true })
  return root
}

/** The environment without a workspace, so the repository's file is what gives one. */
const noWorkspace = () => {
  const { TASKMGR_WORKSPACE: _, ...env } = sandbox.env()
  return env
}

describe("taskmgr project export", () => {
  it("prints the project as Markdown, and writes it to --out FILE", async () => {
    const printed = ok(await taskmgr(["project", "export", PROJECT]))
    expect(printed.stdout).toContain("# Launch Plan\n")
    expect(printed.stdout).toContain("## To do\n\n- [ ] Write the launch checklist (@Sandbox User, due 2024-06-01)")
    const dir = mkdtempSync(join(tmpdir(), "export-"))
    const written = ok(await taskmgr(["project", "export", PROJECT, "--out", join(dir, "plan.md")]))
    expect(written.stdout).toBe("")
    expect(written.stderr).toMatch(/^Wrote \d+ bytes to /)
    expect(readFileSync(join(dir, "plan.md"), "utf8")).toBe(printed.stdout)
  })

  it("--out over a private file keeps it private", async () => {
    const path = join(mkdtempSync(join(tmpdir(), "export-")), "plan.md")
    writeFileSync(path, "old", { mode: 0o600 })
    chmodSync(path, 0o600)
    ok(await taskmgr(["project", "export", PROJECT, "--out", path]))
    expect(readFileSync(path, "utf8")).toContain("# Launch Plan")
    expect(statSync(path).mode & 0o777).toBe(0o600)
  })

  it("narrows with --section and --no-notes, and says on stderr where --max-tasks stopped it", async () => {
    const narrow = ok(await taskmgr(["project", "export", PROJECT, "--section", "1200000000000401", "--no-notes"]))
    expect(narrow.stdout).toContain("## To do\n")
    expect(narrow.stdout).not.toContain("## Doing")
    expect(narrow.stdout).not.toContain("List every step")
    expect(narrow.stderr).toBe("")
    const cut = ok(await taskmgr(["project", "export", PROJECT, "--max-tasks", "2"]))
    expect(cut.stdout).toMatch(/This export is incomplete: it stopped at its limit of 2 tasks\.\n$/)
    expect(cut.stderr).toBe(
      "Note: the export stopped after 2 tasks and 3 requests (its last line says why); export less with --section GID or --no-notes, or raise --max-tasks.\n"
    )
    const dir = mkdtempSync(join(tmpdir(), "export-"))
    const written = ok(await taskmgr(["project", "export", PROJECT, "--max-tasks", "2", "--out", join(dir, "p.md")]))
    expect(written.stderr).toMatch(/^Wrote \d+ bytes to .*\nNote: the export stopped after 2 tasks/)
  })

  it("refuses a --max-tasks out of range and a --section that is not a gid, before sending", async () => {
    expect((await usage(await taskmgr(["project", "export", PROJECT, "--max-tasks", "0"]))).stderr).toContain(
      "--max-tasks"
    )
    expect((await usage(await taskmgr(["project", "export", PROJECT, "--section", "todo"]))).stderr).toContain(
      "--section"
    )
  })

  it("refuses --out naming a directory or a missing one, before sending", async () => {
    const dir = mkdtempSync(join(tmpdir(), "export-"))
    expect((await usage(await taskmgr(["project", "export", PROJECT, "--out", dir]))).stderr).toContain("--out")
    await usage(await taskmgr(["project", "export", PROJECT, "--out", join(dir, "missing", "plan.md")]))
  })
})

describe("taskmgr task scan-todos", () => {
  it("prints drafts, then creates them once with --create --project", async () => {
    const dir = mkdtempSync(join(tmpdir(), "todos-"))
    writeFileSync(join(dir, ".gitignore"), "gen/\n")
    mkdirSync(join(dir, "gen"))
    writeFileSync(join(dir, "gen", "x.ts"), "// TODO generated\n")
    writeFileSync(join(dir, "a.ts"), "// TODO: first\nlet x = 1 // FIXME second\n")
    const drafts = JSON.parse(ok(await taskmgr(["task", "scan-todos", dir, "--json"])).stdout) as {
      drafts: Array<{ name: string; notes: string }>
    }
    expect(drafts.drafts.map((d) => d.name)).toEqual(["first", "second"])
    const created = JSON.parse(
      ok(await taskmgr(["task", "scan-todos", dir, "--create", "--project", PROJECT, "--json"])).stdout
    ) as {
      drafts: Array<{ status: string }>
    }
    expect(created.drafts.map((d) => d.status)).toEqual(["created", "created"])
    const again = ok(await taskmgr(["task", "scan-todos", dir, "--create", "--project", PROJECT]))
    expect(again.stderr).toContain("0 created, 2 already tasks")
    expect((await sandbox.requests()).filter((q) => q.method === "POST" && q.path.endsWith("/tasks"))).toHaveLength(2)
  })

  it("names paths from the scanned directory wherever it is run from: inside it, above it or elsewhere", async () => {
    const parent = mkdtempSync(join(tmpdir(), "todos-where-"))
    const dir = join(parent, "repo")
    mkdirSync(join(dir, "src", "deep"), { recursive: true })
    writeFileSync(join(dir, ".gitignore"), "*.log\n")
    writeFileSync(join(dir, "src", "deep", "a.ts"), "// TODO: deep\n")
    writeFileSync(join(dir, "src", "deep", "x.log"), "// TODO ignored\n")
    const drafts = async (args: ReadonlyArray<string>, cwd: string) =>
      (JSON.parse(ok(await taskmgr(["task", "scan-todos", ...args, "--json"], { cwd })).stdout) as {
        drafts: Array<{ path: string; line: number }>
      }).drafts
    const expected = [{ path: "src/deep/a.ts", line: 1 }]
    expect(await drafts([], dir)).toMatchObject(expected)
    expect(await drafts(["repo"], parent)).toMatchObject(expected)
    expect(await drafts([dir], tmpdir())).toMatchObject(expected)
    expect(await drafts([".."], join(dir, "src"))).toMatchObject(expected)
  })

  it("refuses --create without --project, and a missing directory, before sending", async () => {
    expect((await usage(await taskmgr(["task", "scan-todos", ".", "--create"]))).stderr).toContain("--project")
    expect((await usage(await taskmgr(["task", "scan-todos", "/nonexistent/dir"]))).stderr).toContain("<dir>")
  })
})

describe("taskmgr comment create --template", () => {
  it("fills the task's fields in", async () => {
    const r = ok(
      await taskmgr(["comment", "create", TASK, "--template", "--text", "{task.assignee}: {task.name}", "--json"])
    )
    expect(JSON.parse(r.stdout)).toMatchObject({ text: "Sandbox User: Write the launch checklist" })
  })

  it("refuses an unknown placeholder by name before sending", async () => {
    const r = await usage(await taskmgr(["comment", "create", TASK, "--template", "--text", "Hi {task.owner}"]))
    expect(r.stderr).toContain("{task.owner}")
    expect(r.stderr).toContain("--text")
  })
})

describe("taskmgr repo", () => {
  it("init, add, show and remove keep .taskmgr.json at the repository root, from a subdirectory", async () => {
    const root = gitRepo()
    const cwd = join(root, "src", "deep")
    const made = JSON.parse(ok(await taskmgr(["repo", "init", "--project", PROJECT, "--json"], { cwd })).stdout)
    expect(made).toEqual({
      path: join(root, ".taskmgr.json"),
      workspace_gid: sandbox.info.workspace_gid,
      projects: [{ gid: PROJECT, name: "Launch Plan" }]
    })
    expect(JSON.parse(readFileSync(join(root, ".taskmgr.json"), "utf8"))).toEqual({
      projects: [{ gid: PROJECT, name: "Launch Plan" }],
      workspace_gid: sandbox.info.workspace_gid
    })
    ok(await taskmgr(["repo", "add", "1200000000000302"], { cwd }))
    const shown = JSON.parse(ok(await taskmgr(["repo", "show", "--json"], { cwd })).stdout)
    expect(shown.projects.map((p: { name: string }) => p.name)).toEqual(["Launch Plan", "Backlog (large)"])
    expect(JSON.parse(ok(await taskmgr(["repo", "remove", "Backlog (large)", "--json"], { cwd })).stdout)).toEqual({
      deleted: true,
      already_absent: false,
      project: "1200000000000302"
    })
    expect(JSON.parse(ok(await taskmgr(["repo", "remove", "Backlog (large)", "--json"], { cwd })).stdout))
      .toMatchObject({ already_absent: true })
  })

  it("gives commands the repository's workspace when no flag or variable does, and takes a registered project's name", async () => {
    const root = gitRepo()
    writeFileSync(
      join(root, ".taskmgr.json"),
      JSON.stringify({ workspace_gid: sandbox.info.workspace_gid, projects: [{ gid: PROJECT, name: "Launch Plan" }] })
    )
    ok(await taskmgr(["tag", "list"], { cwd: root, env: noWorkspace() }))
    const [tags] = await sandbox.requests()
    expect(tags?.path).toBe(`/api/1.0/workspaces/${sandbox.info.workspace_gid}/tags`)
    const tasks = JSON.parse(
      ok(await taskmgr(["task", "list", "--project", "launch plan", "--json"], { cwd: root })).stdout
    )
    expect(tasks.tasks.length).toBeGreaterThan(0)
    expect((await sandbox.requests()).at(-1)?.query).toMatchObject({ project: PROJECT })
    // The variable wins over the file (the personal token may not read that workspace: the request is what counts).
    await taskmgr(["tag", "list"], { cwd: root, env: { ...noWorkspace(), TASKMGR_WORKSPACE: "1200000000000102" } })
    expect((await sandbox.requests()).at(-1)?.path).toBe("/api/1.0/workspaces/1200000000000102/tags")
  })

  it("refuses an unregistered name, a malformed file (naming file and field), and repo commands outside a repository", async () => {
    const root = gitRepo()
    writeFileSync(join(root, ".taskmgr.json"), JSON.stringify({ projects: [{ gid: PROJECT, name: "Launch Plan" }] }))
    const unknown = await usage(await taskmgr(["task", "list", "--project", "Nope"], { cwd: root }))
    expect(unknown.stderr).toContain("\"Launch Plan\"")
    writeFileSync(join(root, ".taskmgr.json"), JSON.stringify({ projects: [{ gid: "abc", name: "x" }] }))
    const bad = await usage(await taskmgr(["tag", "list"], { cwd: root }))
    expect(bad.stderr).toContain(join(root, ".taskmgr.json"))
    expect(bad.stderr).toContain("projects (item 1): gid must be a gid")
    writeFileSync(join(root, ".taskmgr.json"), "{ not json")
    expect((await usage(await taskmgr(["repo", "show"], { cwd: root }))).stderr).toContain("not valid JSON")
    const outside = mkdtempSync(join(tmpdir(), "no-repo-"))
    expect((await usage(await taskmgr(["repo", "init"], { cwd: outside }))).stderr).toContain(
      "not inside a git repository"
    )
  })
})
