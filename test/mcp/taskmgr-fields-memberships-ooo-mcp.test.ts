/**
 * `taskmgr mcp --toolsets custom_fields,memberships,ooo` (the built binary)
 * through the official MCP client, against `taskmgr sandbox`: the sixteen
 * tools with truthful annotations, a call of each kind, fetchAll over pages,
 * and bad input as a tool error naming the parameter, with nothing sent.
 */
import { describe, expect, it } from "vitest"
import { taskmgrSeed as seed } from "../../src/testing/index.js"
import { taskmgrToolsetServer, type ToolResult } from "./taskmgr-toolset-server.js"

const server = taskmgrToolsetServer("custom_fields,memberships,ooo", "taskmgr-fields-e2e")
const { sent, call } = server

const answer = (result: ToolResult) => {
  expect(result.isError ?? false, JSON.stringify(result)).toBe(false)
  return JSON.parse(result.content[0]!.text!) as Record<string, unknown>
}

describe("taskmgr mcp: custom fields, memberships, out of office", () => {
  it("lists the sixteen tools with truthful annotations", async () => {
    const { tools } = await server.client.listTools()
    const defaults = { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true }
    const hints = Object.fromEntries(tools.map((t) => [t.name, { ...defaults, ...t.annotations }]))
    const reads = [
      "taskmgr_custom_field_list",
      "taskmgr_custom_field_get",
      "taskmgr_custom_field_project",
      "taskmgr_custom_field_portfolio",
      "taskmgr_custom_field_goal",
      "taskmgr_custom_field_team",
      "taskmgr_membership_list",
      "taskmgr_membership_get",
      "taskmgr_ooo_list",
      "taskmgr_ooo_get"
    ]
    const writes = [
      "taskmgr_membership_create",
      "taskmgr_membership_update",
      "taskmgr_ooo_create",
      "taskmgr_ooo_update"
    ]
    const deletes = ["taskmgr_membership_delete", "taskmgr_ooo_delete"]
    expect(Object.keys(hints).sort()).toEqual([...reads, ...writes, ...deletes].sort())
    for (const name of reads) expect(hints[name]?.readOnlyHint, name).toBe(true)
    for (const name of writes) expect(hints[name], name).toMatchObject({ readOnlyHint: false, destructiveHint: false })
    for (const name of deletes) {
      expect(hints[name], name).toMatchObject({ readOnlyHint: false, destructiveHint: true, idempotentHint: true })
    }
    const list = tools.find((t) => t.name === "taskmgr_membership_list")!
    expect(Object.keys(list.inputSchema.properties ?? {})).toEqual(
      expect.arrayContaining(["parent", "member", "fetchAll", "maxPages"])
    )
  })

  it("answers a project's fields (by URL) with their options, and every workspace field with fetchAll over pages", async () => {
    const onProject = answer(
      await call("taskmgr_custom_field_project", {
        project_gid: `${server.info.app_url}/0/${server.info.project_gid}/list`
      })
    )
    const settings = onProject.custom_field_settings as Array<
      { custom_field: { name: string; enum_options?: Array<{ gid: string }> } }
    >
    expect(settings[0]?.custom_field.enum_options?.map((o) => o.gid)).toEqual(
      Object.values(seed.enum_option_gids).slice(0, 3)
    )
    const all = answer(await call("taskmgr_custom_field_list", { limit: 1, fetchAll: true }))
    expect((all.custom_fields as Array<unknown>).length).toBe(4)
    expect((await sent()).length).toBe(5)
  })

  it("adds a team to a goal, and records days away for the signed-in user", async () => {
    const made = answer(
      await call("taskmgr_membership_create", { parent: seed.goal_gid, member: seed.team_gid, access_level: "viewer" })
    )
    expect(made).toMatchObject({
      access_level: "viewer",
      parent: { gid: seed.goal_gid },
      member: { gid: seed.team_gid, resource_type: "team" }
    })
    const entry = answer(await call("taskmgr_ooo_create", { start_date: "2024-09-02", end_date: "2024-09-06" }))
    expect(entry).toMatchObject({ user: { gid: seed.user_gid }, start_date: "2024-09-02" })
    const mine = answer(await call("taskmgr_ooo_list", {}))
    expect((mine.ooo_entries as Array<{ gid: string }>).map((e) => e.gid)).toEqual([
      seed.ooo_entry_gids.mine,
      String(entry.gid)
    ])
  })

  it("refuses both sides of a membership list, an end before the start and an unknown access level, naming the parameters, with nothing sent", async () => {
    const both = await call("taskmgr_membership_list", { parent: server.info.project_gid, member: "me" })
    expect(both.isError).toBe(true)
    expect(both.content[0]!.text).toMatch(/parent.*member/)
    const backwards = await call("taskmgr_ooo_create", { start_date: "2024-07-10", end_date: "2024-07-01" })
    expect(backwards.isError).toBe(true)
    expect(backwards.content[0]!.text).toContain("end_date")
    const level = await call("taskmgr_membership_update", {
      membership_gid: seed.membership_gids.other,
      access_level: "owner"
    })
    expect(level.isError).toBe(true)
    expect(level.content[0]!.text).toContain("access_level")
    expect(await sent()).toEqual([])
  })
})
