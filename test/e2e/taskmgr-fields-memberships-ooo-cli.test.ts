/**
 * Custom fields, memberships and out-of-office entries over the built
 * `taskmgr` binary against `taskmgr sandbox --port 0`: each command once, the
 * defaults (workspace, signed-in user), and bad input refused with exit 2 and
 * nothing sent.
 */
import { describe, expect, it } from "vitest"
import { taskmgrSeed as seed } from "../../src/testing/index.js"
import { describeRun, type RunResult, usageErrorOf } from "./helpers.js"
import { useTaskmgrSandbox } from "./taskmgr-sandbox.js"

const sandbox = useTaskmgrSandbox()
const requests = async () => (await sandbox.requests()).filter((r) => r.path.startsWith("/api/"))
const taskmgr = (...args: ReadonlyArray<string>) => sandbox.run(args)

const ok = (r: RunResult) => {
  expect(r.code, describeRun(r)).toBe(0)
  return r
}
const json = (r: RunResult) => JSON.parse(ok(r).stdout) as Record<string, unknown>

describe("taskmgr custom-field", () => {
  it("lists the workspace's fields with their options, reads one, and lists a project's (by URL) and a team's", async () => {
    const list = ok(await taskmgr("custom-field", "list")).stdout
    expect(list).toMatch(new RegExp(`^${seed.custom_field_gids.priority}\\tPriority\\tenum\\tHigh, Medium, Low$`, "m"))
    const field = json(await taskmgr("custom-field", "get", seed.custom_field_gids.platforms, "--json"))
    expect(field).toMatchObject({
      resource_subtype: "multi_enum",
      enum_options: expect.arrayContaining([expect.objectContaining({ name: "Legacy", enabled: false })])
    })
    const onProject = json(
      await taskmgr("custom-field", "project", `${sandbox.info.app_url}/0/${sandbox.info.project_gid}/list`, "--json")
    )
    const settings = onProject.custom_field_settings as Array<{ custom_field: { name: string } }>
    expect(settings.map((s) => s.custom_field.name)).toEqual(["Priority", "Estimate (days)"])
    expect(ok(await taskmgr("custom-field", "team", seed.team_gid)).stdout).toContain(
      `${seed.custom_field_gids.priority}\tPriority\tenum\tHigh, Medium, Low\ttrue`
    )
    expect(ok(await taskmgr("custom-field", "portfolio", seed.portfolio_gid)).stdout).toContain("Priority")
    expect(ok(await taskmgr("custom-field", "goal", seed.goal_gid)).stdout).toContain("Estimate (days)")
  })
})

describe("taskmgr membership", () => {
  it("lists a project's members, adds one, changes its access, reads it and ends it", async () => {
    const members = ok(await taskmgr("membership", "list", "--parent", sandbox.info.project_gid)).stdout
    expect(members).toMatch(new RegExp(`^${seed.membership_gids.team}\\tLaunch Plan\\tEngineering\\tcommenter$`, "m"))
    ok(await taskmgr("membership", "delete", seed.membership_gids.other))
    const made = json(
      await taskmgr(
        "membership",
        "create",
        "--parent",
        sandbox.info.project_gid,
        "--member",
        seed.other_user_gid,
        "--access-level",
        "viewer",
        "--json"
      )
    )
    expect(made).toMatchObject({ access_level: "viewer", member: { gid: seed.other_user_gid } })
    const gid = String(made.gid)
    expect(json(await taskmgr("membership", "update", gid, "--access-level", "editor", "--json"))).toMatchObject({
      access_level: "editor"
    })
    expect(json(await taskmgr("membership", "get", gid, "--json"))).toMatchObject({ access_level: "editor" })
    expect(json(await taskmgr("membership", "delete", gid, "--json"))).toEqual({
      deleted: true,
      already_absent: false,
      membership_gid: gid
    })
    expect(ok(await taskmgr("membership", "list", "--member", "me", "--json")).stdout).toContain(seed.portfolio_gid)
  })
})

describe("taskmgr ooo", () => {
  it("lists the signed-in user's entries by default, creates, moves, reads and deletes one", async () => {
    expect(ok(await taskmgr("ooo", "list")).stdout).toMatch(
      new RegExp(`^${seed.ooo_entry_gids.mine}\\t2024-07-01\\t2024-07-05\\t${seed.user_name}$`, "m")
    )
    const made = json(
      await taskmgr("ooo", "create", "--start-date", "2024-12-23", "--end-date", "2024-12-31", "--json")
    )
    expect(made).toMatchObject({ start_date: "2024-12-23", end_date: "2024-12-31", user: { gid: seed.user_gid } })
    const gid = String(made.gid)
    expect(json(await taskmgr("ooo", "update", gid, "--end-date", "2025-01-02", "--json"))).toMatchObject({
      end_date: "2025-01-02"
    })
    expect(json(await taskmgr("ooo", "get", gid, "--json"))).toMatchObject({ start_date: "2024-12-23" })
    expect(json(await taskmgr("ooo", "delete", gid, "--json"))).toEqual({
      deleted: true,
      already_absent: false,
      ooo_entry_gid: gid
    })
    expect(ok(await taskmgr("ooo", "list", "--user", seed.other_user_gid)).stdout).toContain(seed.ooo_entry_gids.other)
  })

  it("the service's refusal of an end moved before the start is exit 2 with its message", async () => {
    const r = await taskmgr("ooo", "update", seed.ooo_entry_gids.mine, "--end-date", "2024-06-01")
    expect(r.code, describeRun(r)).toBe(2)
    expect(r.stderr).toContain("end_date")
  })
})

describe("bad input: exit 2, nothing sent", () => {
  const cases: ReadonlyArray<readonly [string, ReadonlyArray<string>, RegExp]> = [
    ["a membership list naming neither side", ["membership", "list"], /parent.*member/],
    [
      "a membership list naming both sides",
      ["membership", "list", "--parent", "1200000000000301", "--member", "me"],
      /parent.*member/
    ],
    [
      "an unknown access level",
      ["membership", "update", "1200000000003302", "--access-level", "owner"],
      /access-level/
    ],
    ["a membership without a member", ["membership", "create", "--parent", "1200000000000301"], /member/],
    [
      "an end before the start",
      ["ooo", "create", "--start-date", "2024-07-10", "--end-date", "2024-07-01"],
      /end-date|end_date/
    ],
    [
      "a day that does not exist",
      ["ooo", "create", "--start-date", "2024-02-30", "--end-date", "2024-03-01"],
      /start-date/
    ],
    ["an entry update changing nothing", ["ooo", "update", "1200000000003401"], /start-date|end-date/],
    ["a user that is neither a gid nor me", ["ooo", "list", "--user", "someone"], /user/],
    ["a non-digit custom field gid", ["custom-field", "get", "priority"], /custom-field-gid|gid/],
    [
      "another host's project URL",
      ["custom-field", "project", "https://elsewhere.example.com/0/1200000000000301/list"],
      /elsewhere\.example\.com/
    ]
  ]
  for (const [what, args, pattern] of cases) {
    it(what, async () => {
      const r = await taskmgr(...args)
      expect(usageErrorOf(r)).toMatch(pattern)
      expect(await requests()).toEqual([])
    })
  }
})
