/**
 * Goals, portfolios, status updates and `status overview` over the built
 * `taskmgr` binary against `taskmgr sandbox --port 0`: each command family,
 * the overview as a table and as JSON, and bad input refused with exit 2 and
 * nothing sent.
 */
import { describe, expect, it } from "vitest"
import { taskmgrSeed as seed } from "../../src/testing/index.js"
import { describeRun, runInProcess, type RunResult, TASKMGR_BIN, usageErrorOf } from "./helpers.js"
import { useTaskmgrSandbox } from "./taskmgr-sandbox.js"

const sandbox = useTaskmgrSandbox()
const taskmgr = (...args: ReadonlyArray<string>) => sandbox.run(args)
/** The same command in this process: for the many refusals, where no process start is worth paying for. */
const taskmgrHere = (...args: ReadonlyArray<string>) => runInProcess(args, { bin: TASKMGR_BIN, env: sandbox.env() })

const ok = (r: RunResult) => {
  expect(r.code, describeRun(r)).toBe(0)
  return r
}
const json = (r: RunResult) => JSON.parse(ok(r).stdout) as Record<string, unknown>

describe("taskmgr goal", () => {
  it("lists the workspace's goals and a project's, creates, updates, reads and deletes one", async () => {
    const list = ok(await taskmgr("goal", "list")).stdout
    expect(list).toMatch(new RegExp(`^${seed.goal_gid}\tLaunch on time\tSandbox User\t2024-06-30\tgreen$`, "m"))
    expect(list).toContain(seed.goal_gids.growth)
    const supported = json(
      await taskmgr("goal", "list", "--project", `${sandbox.info.app_url}/0/${seed.project_gid}/list`, "--json")
    )
    expect((supported.goals as Array<{ gid: string }>).map((g) => g.gid)).toEqual([seed.goal_gid])
    const made = json(
      await taskmgr("goal", "create", "Ship v2", "--team", seed.team_gid, "--due-on", "2024-09-30", "--json")
    )
    expect(made).toMatchObject({ name: "Ship v2", team: { gid: seed.team_gid }, is_workspace_level: false })
    const gid = String(made.gid)
    expect(json(await taskmgr("goal", "update", gid, "--status", "yellow", "--json"))).toMatchObject({
      status: "yellow"
    })
    expect(json(await taskmgr("goal", "get", gid, "--json"))).toMatchObject({ name: "Ship v2", status: "yellow" })
    expect(json(await taskmgr("goal", "delete", gid, "--json"))).toEqual({
      deleted: true,
      already_absent: false,
      goal_gid: gid
    })
  })
})

describe("taskmgr portfolio", () => {
  it("lists my portfolios and a portfolio's projects, creates, updates, reads and deletes one", async () => {
    expect(ok(await taskmgr("portfolio", "list")).stdout).toBe(
      `${seed.portfolio_gid}\tLaunch portfolio\tlight-blue\tSandbox User\n`
    )
    const items = ok(await taskmgr("portfolio", "items", seed.portfolio_gid)).stdout
    expect(items.split("\n").filter((l) => l !== "").map((l) => l.split("\t")[0])).toEqual([
      seed.project_gid,
      seed.big_project_gid
    ])
    const made = json(await taskmgr("portfolio", "create", "Q3 launches", "--color", "dark-teal", "--json"))
    const gid = String(made.gid)
    expect(json(await taskmgr("portfolio", "update", gid, "--archived", "true", "--json"))).toMatchObject({
      archived: true,
      color: "dark-teal"
    })
    expect(json(await taskmgr("portfolio", "get", gid, "--json"))).toMatchObject({ name: "Q3 launches" })
    expect(json(await taskmgr("portfolio", "delete", gid, "--json"))).toEqual({
      deleted: true,
      already_absent: false,
      portfolio_gid: gid
    })
  })
})

describe("taskmgr status", () => {
  it("posts on a project given by URL, lists newest first, reads and deletes it", async () => {
    const url = `${sandbox.info.app_url}/0/${seed.project_gid}/list`
    const made = json(
      await taskmgr(
        "status",
        "create",
        url,
        "--type",
        "off_track",
        "--title",
        "Venue lost",
        "--text",
        "The venue cancelled.",
        "--json"
      )
    )
    expect(made).toMatchObject({
      status_type: "off_track",
      title: "Venue lost",
      parent: { gid: seed.project_gid },
      resource_subtype: "project_status_update"
    })
    const gid = String(made.gid)
    const rows = ok(await taskmgr("status", "list", seed.project_gid)).stdout.split("\n").filter((l) => l !== "")
    expect(rows.map((l) => l.split("\t").slice(0, 3))).toEqual([
      [gid, "off_track", "Venue lost"],
      [seed.status_update_gids.project_latest, "on_track", "Back on track"],
      [seed.status_update_gids.project_older, "at_risk", "Venue not booked"]
    ])
    expect(json(await taskmgr("status", "get", gid, "--json"))).toMatchObject({ text: "The venue cancelled." })
    expect(json(await taskmgr("status", "delete", gid, "--json"))).toEqual({
      deleted: true,
      already_absent: false,
      status_update_gid: gid
    })
  })

  it("refuses a goal-only type on a project with the service's words (exit 2)", async () => {
    const r = await taskmgr("status", "create", seed.project_gid, "--type", "achieved", "--text", "Done")
    expect(r.code, describeRun(r)).toBe(2)
    expect(r.stderr).toContain(
      "status_type: Must be one of on_track, at_risk, off_track, on_hold, complete for a project"
    )
  })
})

describe("taskmgr status overview", () => {
  it("a portfolio as a table: itself, then each project, with overdue counted against today", async () => {
    const rows = ok(await taskmgr("status", "overview", seed.portfolio_gid)).stdout.split("\n").filter((l) => l !== "")
      .map((l) => l.split("\t"))
    // Every seeded due date is in 2024: the open checklist (due 2024-06-01) is overdue today.
    expect(rows).toEqual([
      [
        "portfolio",
        seed.portfolio_gid,
        "Launch portfolio",
        "154",
        "1",
        "153",
        "1",
        "at_risk",
        "Backlog too large",
        "Other Member",
        "2024-05-04T09:00:00.000Z"
      ],
      [
        "project",
        seed.project_gid,
        "Launch Plan",
        "4",
        "1",
        "3",
        "1",
        "on_track",
        "Back on track",
        "Other Member",
        "2024-05-03T09:00:00.000Z"
      ],
      ["project", seed.big_project_gid, "Backlog (large)", "150", "0", "150", "0", "", "", "", ""]
    ])
  })

  it("on an 80-column terminal keeps the counts, dropping the latest status first", async () => {
    const r = await runInProcess(["status", "overview", seed.portfolio_gid], {
      bin: TASKMGR_BIN,
      env: sandbox.env(),
      tty: { columns: 80 }
    })
    expect(r.code, describeRun(r)).toBe(0)
    const [header, portfolio] = r.stdout.split("\n")
    expect(header).toMatch(/\bTOTAL\b.*\bCOMPLET.*\bINCOMPL.*\bOVERD/)
    // Its counts: 154 tasks, 1 completed, 153 open, 1 overdue.
    expect(portfolio).toMatch(/\s154\s+1\s+153\s+1\b/)
    expect(r.stdout.split("\n").every((line) => line.length <= 80)).toBe(true)
  })

  it("a goal as JSON, its kind given: its status, its supporting project and the sums", async () => {
    const o = json(await taskmgr("status", "overview", seed.goal_gid, "--kind", "goal", "--json"))
    expect(o).toMatchObject({
      kind: "goal",
      gid: seed.goal_gid,
      status: { type: "on_track", title: "Launch goal on track", author: "Sandbox User" },
      tasks: { total: 4, completed: 1, incomplete: 3, overdue: 1 },
      items: [{ kind: "project", gid: seed.project_gid, tasks: { total: 4, completed: 1, incomplete: 3, overdue: 1 } }]
    })
    expect((await sandbox.requests()).filter((r) => r.path.startsWith("/api/"))[0]?.path).toBe(
      `/api/1.0/goals/${seed.goal_gid}`
    )
  })

  it("a gid that names nothing: not found (exit 5)", async () => {
    const r = await taskmgr("status", "overview", "1299999999999999")
    expect(r.code, describeRun(r)).toBe(5)
    expect(r.stderr).toContain("No project, portfolio or goal has the gid 1299999999999999")
  })
})

describe("bad input: exit 2, nothing sent", () => {
  const cases: ReadonlyArray<readonly [string, ReadonlyArray<string>, RegExp]> = [
    ["a non-digit goal gid", ["goal", "get", "launch"], /goal-gid/],
    ["a blank goal name", ["goal", "create", " "], /name/],
    ["a team goal said to be workspace-level", [
      "goal",
      "create",
      "x",
      "--team",
      seed.team_gid,
      "--is-workspace-level",
      "true"
    ], /is-workspace-level/],
    [
      "a start after the due date",
      ["goal", "create", "x", "--start-on", "2024-08-01", "--due-on", "2024-07-01"],
      /start-on/
    ],
    ["a goal update with nothing to change", ["goal", "update", seed.goal_gid], /Nothing to update/],
    ["an unknown goal status", ["goal", "update", seed.goal_gid, "--status", "blue"], /--status/],
    ["an unknown portfolio colour", ["portfolio", "create", "x", "--color", "mauve"], /--color/],
    ["a portfolio owner that is no user", ["portfolio", "list", "--owner", "someone"], /--owner/],
    ["a portfolio update with nothing to change", ["portfolio", "update", seed.portfolio_gid], /Nothing to update/],
    ["an unknown status type", ["status", "create", seed.project_gid, "--type", "fine", "--text", "x"], /--type/],
    ["a status update without text", ["status", "create", seed.project_gid, "--type", "on_track"], /--text/],
    [
      "another host's URL as a parent",
      ["status", "list", "https://elsewhere.example.com/0/1200000000000301/list"],
      /elsewhere\.example\.com/
    ],
    [
      "a created-since that is no date-time",
      ["status", "list", seed.project_gid, "--created-since", "yesterday"],
      /--created-since/
    ],
    ["an overview of an unknown kind", ["status", "overview", seed.goal_gid, "--kind", "team"], /--kind/]
  ]
  for (const [what, args, pattern] of cases) {
    it(what, async () => {
      const r = await taskmgrHere(...args)
      expect(usageErrorOf(r)).toMatch(pattern)
      expect(await sandbox.requests()).toEqual([])
    })
  }
})
