/**
 * `taskmgr project ...` and `taskmgr section ...` over the built binary
 * against `taskmgr sandbox --port 0`: one command per operation, URLs in
 * place of gids, `--json`, and bad input refused with exit 2 and nothing sent.
 */
import { describe, expect, it } from "vitest"
import { describeRun, runInProcess as run, TASKMGR_BIN, usageErrorOf } from "./helpers.js"
import { useTaskmgrSandbox } from "./taskmgr-sandbox.js"

const TEAM = "1200000000000201"
const SECTIONS = { todo: "1200000000000401", doing: "1200000000000402", done: "1200000000000403" }
const FREE_WORKSPACE = "1200000000000102"

const sandbox = useTaskmgrSandbox()

const taskmgr = (args: ReadonlyArray<string>, more: Readonly<Record<string, string>> = {}) =>
  run(args, { bin: TASKMGR_BIN, env: sandbox.env(more) })
const sent = async () => (await sandbox.requests()).filter((r) => r.path.startsWith("/api/"))
const json = async (args: ReadonlyArray<string>) => {
  const r = await taskmgr([...args, "--json"])
  expect(r.code, describeRun(r)).toBe(0)
  return JSON.parse(r.stdout) as Record<string, unknown> & { readonly gid: string }
}

describe("taskmgr project", () => {
  it("list prints a table by default and the collected items with --json", async () => {
    const text = await taskmgr(["project", "list"])
    expect(text.code, describeRun(text)).toBe(0)
    expect(text.stdout).toContain("Launch Plan")
    const listed = await json(["project", "list", "--team", TEAM, "--archived", "false", "--limit", "1", "--all"])
    expect((listed.projects as Array<{ gid: string }>).map((p) => p.gid)).toEqual([
      sandbox.info.project_gid,
      "1200000000000302"
    ])
    expect(listed).toMatchObject({ complete: true, pages: 2 })
    const [, request] = await sent()
    expect(request?.query).toMatchObject({
      team: TEAM,
      archived: "false",
      limit: "1",
      opt_fields: "name,archived,team.name"
    })
  })

  it("get takes a project URL in place of the gid", async () => {
    const project = await json([
      "project",
      "get",
      `${sandbox.info.app_url}/1/${sandbox.info.workspace_gid}/project/${sandbox.info.project_gid}/list`
    ])
    expect(project).toMatchObject({ gid: sandbox.info.project_gid, name: "Launch Plan" })
    expect((await sent()).map((r) => r.path)).toEqual([`/api/1.0/projects/${sandbox.info.project_gid}`])
  })

  it("counts prints the task counts", async () => {
    expect(await json(["project", "counts", sandbox.info.project_gid])).toMatchObject({
      num_tasks: 4,
      num_completed_tasks: 1
    })
  })

  it("search finds projects on a paid workspace; a free one exits 7 with the plan gate", async () => {
    const found = await taskmgr(["project", "search", "launch"])
    expect(found.code, describeRun(found)).toBe(0)
    expect(found.stdout).toContain(sandbox.info.project_gid)
    const free = await taskmgr(["project", "search", "x"], {
      TASKMGR_TOKEN: sandbox.info.tokens.free,
      TASKMGR_WORKSPACE: FREE_WORKSPACE
    })
    expect(free.code, describeRun(free)).toBe(7)
    expect(free.stderr).toMatch(/paid/)
  })

  it("create, update (a false boolean too) and delete, twice", async () => {
    const made = await json([
      "project",
      "create",
      "Roadmap",
      "--team",
      TEAM,
      "--html-notes",
      "<body><em>Q3</em></body>",
      "--color",
      "light-blue"
    ])
    expect(made).toMatchObject({ name: "Roadmap", notes: "Q3", color: "light-blue" })
    const create = (await sent()).find((r) => r.method === "POST")
    expect(create?.body).toEqual({
      data: { name: "Roadmap", team: TEAM, html_notes: "<body><em>Q3</em></body>", color: "light-blue" }
    })
    expect(await json(["project", "update", made.gid, "--archived", "true", "--name", "Roadmap 2"])).toMatchObject({
      name: "Roadmap 2",
      archived: true
    })
    expect(await json(["project", "update", `${sandbox.info.app_url}/0/${made.gid}/board`, "--archived", "false"]))
      .toMatchObject({ archived: false })
    expect(await json(["project", "delete", made.gid])).toEqual({
      deleted: true,
      project_gid: made.gid,
      already_absent: false
    })
    expect(await json(["project", "delete", made.gid])).toEqual({
      deleted: true,
      project_gid: made.gid,
      already_absent: true
    })
  })

  it.each([
    [["project", "get", "12ab"], "<project-gid>"],
    [["project", "get", "https://elsewhere.example.com/0/1200000000000301/list"], "elsewhere.example.com"],
    [["project", "counts", "URL-NO-PROJECT"], "names no project"],
    [["project", "list", "--limit", "0"], "--limit"],
    [["project", "list", "--limit", "101"], "--limit"],
    [["project", "create", "x", "--team", TEAM, "--html-notes", "<body><p>x</p></body>"], "<p>"],
    [["project", "update", "1200000000000301"], "Nothing to update"],
    [["project", "update", "1200000000000301", "--archived", "maybe"], "--archived"]
  ])("refuses %j with exit 2 and sends nothing", async (args, says) => {
    const argv = args.map((
      a
    ) => (a === "URL-NO-PROJECT" ? `${sandbox.info.app_url}/1/${sandbox.info.workspace_gid}/home` : a))
    expect(usageErrorOf(await taskmgr(argv))).toContain(says)
    expect(await sent()).toEqual([])
  })
})

describe("taskmgr section", () => {
  it("list, get, create, update, move, delete", async () => {
    const listed = await json(["section", "list", `${sandbox.info.app_url}/0/${sandbox.info.project_gid}/list`])
    expect((listed.sections as Array<{ name: string }>).map((s) => s.name)).toEqual(["To do", "Doing", "Done"])
    expect(await json(["section", "get", SECTIONS.doing])).toMatchObject({ gid: SECTIONS.doing, name: "Doing" })
    const made = await json(["section", "create", sandbox.info.project_gid, "Later", "--insert-before", SECTIONS.todo])
    expect(made).toMatchObject({ name: "Later", resource_type: "section" })
    expect(await json(["section", "update", made.gid, "--name", "Someday"])).toMatchObject({ name: "Someday" })
    const moved = await json([
      "section",
      "move",
      sandbox.info.project_gid,
      "--section",
      made.gid,
      "--after-section",
      SECTIONS.done
    ])
    expect(moved).toEqual({
      linked: true,
      project_gid: sandbox.info.project_gid,
      section: made.gid,
      after_section: SECTIONS.done
    })
    const text = await taskmgr(["section", "list", sandbox.info.project_gid])
    expect(text.stdout.trim().split("\n").map((line) => line.split(/\s+/)[0])).toEqual([
      SECTIONS.todo,
      SECTIONS.doing,
      SECTIONS.done,
      made.gid
    ])
    expect(await json(["section", "delete", made.gid])).toEqual({
      deleted: true,
      section_gid: made.gid,
      already_absent: false
    })
  })

  it("task add takes a task URL and a placement", async () => {
    const url = `${sandbox.info.app_url}/0/${sandbox.info.project_gid}/${sandbox.info.task_gid}`
    expect(await json(["section", "task", "add", SECTIONS.done, url])).toEqual({
      linked: true,
      section_gid: SECTIONS.done,
      task: sandbox.info.task_gid
    })
    await json(["section", "task", "add", SECTIONS.done, "1200000000000602", "--insert-after", url])
    const bodies = (await sent()).map((r) => r.body)
    expect(bodies).toEqual([{ data: { task: sandbox.info.task_gid } }, {
      data: { task: "1200000000000602", insert_after: sandbox.info.task_gid }
    }])
  })

  it.each([
    [["section", "get", "x1"], "<section-gid>"],
    [["section", "list", "https://elsewhere.example.com/0/1200000000000301/list"], "elsewhere.example.com"],
    [["section", "move", "1200000000000301", "--section", "1200000000000403"], "--before-section"],
    [[
      "section",
      "move",
      "1200000000000301",
      "--section",
      "1200000000000403",
      "--before-section",
      "1200000000000401",
      "--after-section",
      "1200000000000402"
    ], "not both"],
    [["section", "task", "add", "1200000000000403", "abc"], "<task>"]
  ])("refuses %j with exit 2 and sends nothing", async (args, says) => {
    const stderr = usageErrorOf(await taskmgr(args))
    expect(stderr).toContain(says)
    expect(await sent()).toEqual([])
  })
})
