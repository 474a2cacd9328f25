/**
 * The task commands over the built `taskmgr` binary against `taskmgr sandbox`:
 * one command per operation family, a task URL in place of a gid, and bad
 * input refused with exit 2 and nothing sent.
 */
import { describe, expect, it } from "vitest"
import { describeRun, runInProcess as run, type RunResult, TASKMGR_BIN, usageErrorOf } from "./helpers.js"
import { useTaskmgrSandbox } from "./taskmgr-sandbox.js"

const sandbox = useTaskmgrSandbox()

const env = (token = sandbox.info.tokens.personal) => sandbox.env({ TASKMGR_TOKEN: token })
const taskmgr = (args: ReadonlyArray<string>, token?: string) => run(args, { bin: TASKMGR_BIN, env: env(token) })

const requestLog = async () =>
  (await sandbox.requests()).map((r) => ({ ...r, path: r.path.replace(/^\/api\/1\.0/, "") }))

const ok = (r: RunResult, code = 0) => {
  expect(r.code, describeRun(r)).toBe(code)
  return r
}
const json = <A>(r: RunResult, code = 0): A => JSON.parse(ok(r, code).stdout) as A

const taskUrl = (task: string) => `${sandbox.info.app_url}/0/${sandbox.info.project_gid}/${task}`
const REVIEW = "1200000000000602"
const SUBTASK = "1200000000000603"
const DONE = "1200000000000605"

describe("taskmgr task commands over the built binary", () => {
  it("task list --project URL prints a table; --json lists tasks with paging fields", async () => {
    const text = ok(
      await taskmgr(["task", "list", "--project", `${sandbox.info.app_url}/0/${sandbox.info.project_gid}/list`])
    )
    expect(text.stdout).toMatch(/Write the launch checklist/)
    const listed = json<{ tasks: Array<{ gid: string }>; complete: boolean }>(
      await taskmgr(["task", "list", "--assignee", "me", "--json"])
    )
    expect(listed.tasks.map((t) => t.gid)).toContain(sandbox.info.task_gid)
    const [first, second] = await requestLog()
    expect(first!.query).toMatchObject({ project: sandbox.info.project_gid, limit: "50" })
    expect(second!.query).toMatchObject({ assignee: "me", workspace: sandbox.info.workspace_gid })
  })

  it("a --cursor printed by another listing is refused before sending; its own listing resumes from it", async () => {
    const first = JSON.parse(
      (await taskmgr(["project", "list", "--limit", "1", "--json"])).stdout
    ) as { next_cursor: string }
    expect(first.next_cursor).toMatch(/^[0-9a-f]{8}:/)
    const before = (await requestLog()).length
    const other = await taskmgr(["task", "list", "--project", sandbox.info.project_gid, "--cursor", first.next_cursor])
    expect(usageErrorOf(other)).toMatch(/--cursor: must be a cursor this listing printed, not one of another listing/)
    expect((await requestLog()).length).toBe(before)
    const own = await taskmgr(["project", "list", "--limit", "1", "--cursor", first.next_cursor, "--json"])
    expect(own.code, describeRun(own)).toBe(0)
  })

  it("task get takes a task URL in place of the gid", async () => {
    const task = json<{ gid: string; name: string }>(
      await taskmgr(["task", "get", taskUrl(sandbox.info.task_gid), "--json"])
    )
    expect(task).toMatchObject({ gid: sandbox.info.task_gid, name: "Write the launch checklist" })
  })

  it("task get-many takes every remaining word, keeps the order and reports a missing gid by itself", async () => {
    const missing = "1200000000099999"
    const gids = [DONE, missing, taskUrl(REVIEW), ...Array(9).fill(sandbox.info.task_gid)]
    const many = json<{ tasks: Array<{ gid: string; task?: unknown; error?: { type: string } }>; failed: number }>(
      await taskmgr(["task", "get-many", ...gids, "--json"]),
      9
    )
    expect(many.tasks.map((t) => t.gid)).toEqual([DONE, missing, REVIEW, ...Array(9).fill(sandbox.info.task_gid)])
    expect(many.tasks[1]!.error?.type).toBe("NotFoundError")
    expect(many.failed).toBe(1)
    expect((await requestLog()).filter((r) => r.path === "/batch").length).toBe(2)
  })

  it("task search: the plan error (exit 7) on a free workspace; results on a paid one", async () => {
    const free = await run(["task", "search", "water"], {
      bin: TASKMGR_BIN,
      env: { ...env(sandbox.info.tokens.free), TASKMGR_WORKSPACE: "1200000000000102" }
    })
    expect(free.code, describeRun(free)).toBe(7)
    const found = json<{ tasks: Array<{ name: string }> }>(await taskmgr(["task", "search", "launch", "--json"]))
    expect(found.tasks.map((t) => t.name)).toContain("Write the launch checklist")
    const search = (await requestLog()).at(-1)!
    expect(search.query).toMatchObject({ sort_by: "created_at", text: "launch" })
  })

  it("task search --all lists every task of template instantiations (tasks made in one millisecond), each once", async () => {
    const made: Array<string> = []
    for (const name of ["Tie one", "Tie two"]) {
      const job = json<{ new_project: { gid: string } }>(
        await taskmgr([
          "project-template",
          "instantiate",
          "1200000000030101",
          "--name",
          name,
          "--requested-dates",
          `{"1200000000030111": "2024-09-02"}`,
          "--json"
        ])
      )
      made.push(job.new_project.gid)
    }
    const scope = made.flatMap((gid) => ["--projects-any", gid])
    const every = json<{ tasks: Array<{ gid: string }>; complete: boolean }>(
      await taskmgr(["task", "search", ...scope, "--json"])
    )
    // Each instantiation makes its tasks in one handler, at one created_at.
    expect(every.tasks.length).toBe(6)
    const walked = json<{ tasks: Array<{ gid: string }>; complete: boolean; pages: number }>(
      await taskmgr(["task", "search", ...scope, "--limit", "2", "--all", "--json"])
    )
    expect(walked.tasks.map((t) => t.gid).sort()).toEqual(every.tasks.map((t) => t.gid).sort())
    expect(walked.complete).toBe(true)
    // One page at a time by hand: the printed cursor resumes inside the tie, with no repeat and no gap.
    const seen: Array<string> = []
    let cursor: Array<string> = []
    for (let page = 0; page < 5; page++) {
      const r = ok(await taskmgr(["task", "search", ...scope, "--limit", "2", "--fields", "name", ...cursor]))
      seen.push(...r.stdout.trim().split("\n").filter((l) => l !== "").map((l) => l.split("\t")[0]!))
      const next = /add --cursor (\S+) to continue/.exec(r.stderr)
      if (next === null) break
      cursor = ["--cursor", next[1]!]
    }
    expect(seen.sort()).toEqual(every.tasks.map((t) => t.gid).sort())
  })

  it("task search refuses a cursor it did not print: exit 2, nothing sent", async () => {
    const r = await taskmgr(["task", "search", "--cursor", "2026-01-01T00:00:00Z,not a gid"])
    expect(r.code, describeRun(r)).toBe(2)
    expect(r.stderr).toMatch(/--cursor: must be one this listing printed \(got 2026-01-01T00:00:00Z,not a gid\)\./)
    expect((await requestLog()).filter((q) => q.path.endsWith("/tasks/search"))).toEqual([])
  })

  it("task my-tasks list, create, update (reparent) and delete", async () => {
    expect(ok(await taskmgr(["task", "my-tasks", "list"])).stdout).toMatch(/Write the launch checklist/)
    const created = json<{ gid: string; due_on: string }>(
      await taskmgr(["task", "create", "Plan the party", "--due-on", "2025-03-01", "--assignee", "me", "--json"])
    )
    expect(created.due_on).toBe("2025-03-01")
    const moved = json<{ parent: { gid: string } | null; completed: boolean }>(
      await taskmgr(["task", "update", created.gid, "--parent", taskUrl(REVIEW), "--completed", "true", "--json"])
    )
    expect(moved.parent?.gid).toBe(REVIEW)
    expect(moved.completed).toBe(true)
    ok(await taskmgr(["task", "delete", created.gid]))
    const gone = await taskmgr(["task", "get", created.gid])
    expect(gone.code, describeRun(gone)).toBe(5)
  })

  it("task subtask, project, follower, dependency and dependent commands", async () => {
    ok(await taskmgr(["task", "subtask", "create", sandbox.info.task_gid, "Check the venue"]))
    expect(ok(await taskmgr(["task", "subtask", "list", taskUrl(sandbox.info.task_gid)])).stdout).toMatch(
      /Check the venue/
    )
    ok(await taskmgr(["task", "project", "add", REVIEW, "--project", "1200000000000302"]))
    ok(await taskmgr(["task", "project", "remove", REVIEW, "--project", "1200000000000302"]))
    ok(await taskmgr(["task", "follower", "add", REVIEW, "--followers", "1200000000000002"]))
    ok(await taskmgr(["task", "follower", "remove", REVIEW, "--followers", "1200000000000002"]))
    ok(await taskmgr(["task", "dependency", "add", DONE, "--dependencies", taskUrl(SUBTASK)]))
    expect(ok(await taskmgr(["task", "dependency", "list", DONE])).stdout).toMatch(/Collect the steps/)
    ok(await taskmgr(["task", "dependency", "remove", DONE, "--dependencies", SUBTASK]))
    ok(await taskmgr(["task", "dependent", "add", SUBTASK, "--dependents", DONE]))
    expect(ok(await taskmgr(["task", "dependent", "list", SUBTASK])).stdout).toMatch(/Pick a launch date/)
    ok(await taskmgr(["task", "dependent", "remove", SUBTASK, "--dependents", DONE]))
    const paths = (await requestLog()).map((r) => `${r.method} ${r.path}`)
    expect(paths).toContain(`POST /tasks/${REVIEW}/addProject`)
    expect(paths).toContain(`POST /tasks/${DONE}/addDependencies`)
    expect(paths).toContain(`POST /tasks/${SUBTASK}/removeDependents`)
  })

  const bad: ReadonlyArray<readonly [string, ReadonlyArray<string>, RegExp]> = [
    ["a gid that is not all digits", ["task", "get", "12ab"], /<task-gid>/],
    ["a URL of another host", ["task", "get", "https://elsewhere.example.com/0/1/2"], /elsewhere\.example\.com/],
    ["a URL naming no task", ["task", "get", "{app}/0/1200000000000301/list"], /names no task/],
    ["limit 0", ["task", "list", "--project", "1200000000000301", "--limit", "0"], /--limit/],
    ["limit 101", ["task", "subtask", "list", "1200000000000601", "--limit", "101"], /--limit/],
    ["a <p> in html notes", ["task", "create", "x", "--html-notes", "<body><p>x</p></body>"], /<p>/],
    ["no listing target", ["task", "list"], /exactly one/],
    ["a bad gid among many", ["task", "get-many", "1200000000000601", "x"], /<gids>/]
  ]
  for (const [what, args, pattern] of bad) {
    it(`${what}: exit 2, nothing sent`, async () => {
      const r = await taskmgr(args.map((a) => a.replace("{app}", sandbox.info.app_url)))
      expect(usageErrorOf(r)).toMatch(pattern)
      expect(await requestLog()).toEqual([])
    })
  }
})
