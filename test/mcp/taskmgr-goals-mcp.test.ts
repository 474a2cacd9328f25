/**
 * `taskmgr mcp --toolsets goals,portfolios,status_updates` (the built binary)
 * through the official MCP client, against `taskmgr sandbox`: the tools with
 * truthful annotations, a goal's life and a status update, the overview as
 * a tool result, and bad input as tool errors with nothing sent.
 */
import { describe, expect, it } from "vitest"
import { taskmgrSeed as seed } from "../../src/testing/index.js"
import { taskmgrToolsetServer } from "./taskmgr-toolset-server.js"

const server = taskmgrToolsetServer("goals,portfolios,status_updates", "taskmgr-goals-e2e")
const { sent, call } = server

const data = async (name: string, args: Record<string, unknown>) => {
  const result = await call(name, args)
  expect(result.isError ?? false, JSON.stringify(result)).toBe(false)
  return JSON.parse(result.content[0]!.text!) as Record<string, any>
}

describe("taskmgr mcp: goals, portfolios, status updates", () => {
  it("lists exactly the three toolsets' tools, with truthful annotations", async () => {
    const { tools } = await server.client.listTools()
    const defaults = { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true }
    const hints = Object.fromEntries(tools.map((t) => [t.name, { ...defaults, ...t.annotations }]))
    expect(Object.keys(hints).sort()).toEqual([
      "taskmgr_goal_create",
      "taskmgr_goal_delete",
      "taskmgr_goal_get",
      "taskmgr_goal_list",
      "taskmgr_goal_update",
      "taskmgr_portfolio_create",
      "taskmgr_portfolio_delete",
      "taskmgr_portfolio_get",
      "taskmgr_portfolio_items",
      "taskmgr_portfolio_list",
      "taskmgr_portfolio_update",
      "taskmgr_status_create",
      "taskmgr_status_delete",
      "taskmgr_status_get",
      "taskmgr_status_list",
      "taskmgr_status_overview"
    ])
    for (
      const name of [
        "taskmgr_goal_list",
        "taskmgr_goal_get",
        "taskmgr_portfolio_list",
        "taskmgr_portfolio_items",
        "taskmgr_status_list",
        "taskmgr_status_overview"
      ]
    ) {
      expect(hints[name]?.readOnlyHint, name).toBe(true)
    }
    for (const name of ["taskmgr_goal_delete", "taskmgr_portfolio_delete", "taskmgr_status_delete"]) {
      expect(hints[name], name).toMatchObject({ readOnlyHint: false, destructiveHint: true, idempotentHint: true })
    }
    expect(hints.taskmgr_status_create).toMatchObject({
      readOnlyHint: false,
      destructiveHint: false,
      idempotentHint: false
    })
    // The tool keeps the service's parameter name; only the command line says --type.
    const create = tools.find((t) => t.name === "taskmgr_status_create")!
    expect(create.inputSchema.required).toEqual(expect.arrayContaining(["parent", "status_type"]))
    const list = tools.find((t) => t.name === "taskmgr_portfolio_items")!
    expect(Object.keys(list.inputSchema.properties ?? {})).toEqual(
      expect.arrayContaining(["portfolio_gid", "fetchAll", "maxPages", "cursor"])
    )
  })

  it("creates, updates and deletes a goal; posts a status update on it", async () => {
    const goal = await data("taskmgr_goal_create", {
      name: "Grow usage",
      is_workspace_level: true,
      due_on: "2024-12-31"
    })
    expect(goal).toMatchObject({ name: "Grow usage", is_workspace_level: true })
    expect(await data("taskmgr_goal_update", { goal_gid: goal.gid, status: "green" })).toMatchObject({
      status: "green"
    })
    const update = await data("taskmgr_status_create", {
      parent: goal.gid,
      status_type: "at_risk",
      text: "Slow quarter."
    })
    expect(update).toMatchObject({ resource_subtype: "goal_status_update", status_type: "at_risk" })
    expect((await data("taskmgr_goal_get", { goal_gid: goal.gid })).status).toBe("yellow")
    expect(await data("taskmgr_goal_delete", { goal_gid: goal.gid })).toEqual({
      deleted: true,
      already_absent: false,
      goal_gid: goal.gid
    })
  })

  it("lists every page of a portfolio's items with fetchAll", async () => {
    const all = await data("taskmgr_portfolio_items", {
      portfolio_gid: seed.portfolio_gid,
      limit: 1,
      fetchAll: true
    })
    expect(all.projects.map((p: { gid: string }) => p.gid)).toEqual([seed.project_gid, seed.big_project_gid])
    expect(all).toMatchObject({ complete: true, pages: 2 })
  })

  it("answers the overview of a portfolio found by reading", async () => {
    const o = await data("taskmgr_status_overview", { gid: seed.portfolio_gid })
    expect(o).toMatchObject({ kind: "portfolio", status: { type: "at_risk" }, tasks: { total: 154, completed: 1 } })
    expect(o.items.map((i: { gid: string }) => i.gid)).toEqual([seed.project_gid, seed.big_project_gid])
  })

  it("refuses bad input as tool errors naming the parameter, with nothing sent", async () => {
    const cases: ReadonlyArray<readonly [string, Record<string, unknown>, string]> = [
      ["taskmgr_status_create", { parent: seed.project_gid, status_type: "fine", text: "x" }, "status_type"],
      ["taskmgr_status_create", { parent: seed.project_gid, status_type: "on_track" }, "text"],
      ["taskmgr_goal_create", { name: "x", team: seed.team_gid, is_workspace_level: true }, "is_workspace_level"],
      ["taskmgr_goal_update", { goal_gid: seed.goal_gid }, "Nothing to update"],
      ["taskmgr_portfolio_create", { name: "x", color: "mauve" }, "color"],
      ["taskmgr_status_overview", { gid: "launch" }, "gid"],
      ["taskmgr_goal_list", { limit: 101 }, "limit"]
    ]
    for (const [name, args, named] of cases) {
      const result = await call(name, args)
      expect(result.isError, `${name} ${JSON.stringify(args)}`).toBe(true)
      expect(result.content[0]!.text).toContain(named)
    }
    expect(await sent()).toEqual([])
  })
})
