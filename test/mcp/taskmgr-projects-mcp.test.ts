/**
 * `taskmgr mcp --toolsets projects,sections` (the built binary) through the
 * official MCP client, against `taskmgr sandbox`: the tools are there with
 * truthful annotations, a URL works for a gid, and a bad input is a tool
 * error with nothing sent.
 */
import { describe, expect, it } from "vitest"
import { taskmgrToolsetServer, type ToolResult } from "./taskmgr-toolset-server.js"

const server = taskmgrToolsetServer("projects,sections", "taskmgr-projects-e2e")
const { sent } = server

describe("taskmgr mcp: projects and sections", () => {
  it("lists exactly the two toolsets' tools, with truthful annotations", async () => {
    const { tools } = await server.client.listTools()
    // The listing leaves out hints equal to MCP's defaults (and those meaningless beside readOnlyHint): read it with them.
    const defaults = { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true }
    const hints = Object.fromEntries(tools.map((t) => [t.name, { ...defaults, ...t.annotations }]))
    expect(Object.keys(hints).sort()).toEqual([
      "taskmgr_project_counts",
      "taskmgr_project_create",
      "taskmgr_project_delete",
      "taskmgr_project_export",
      "taskmgr_project_get",
      "taskmgr_project_list",
      "taskmgr_project_search",
      "taskmgr_project_update",
      "taskmgr_section_create",
      "taskmgr_section_delete",
      "taskmgr_section_get",
      "taskmgr_section_list",
      "taskmgr_section_move",
      "taskmgr_section_task_add",
      "taskmgr_section_update"
    ])
    for (
      const name of [
        "taskmgr_project_list",
        "taskmgr_project_get",
        "taskmgr_project_counts",
        "taskmgr_project_search",
        "taskmgr_section_list",
        "taskmgr_section_get"
      ]
    ) {
      expect(hints[name]?.readOnlyHint, name).toBe(true)
    }
    expect(hints.taskmgr_project_create).toMatchObject({
      readOnlyHint: false,
      destructiveHint: false,
      idempotentHint: false
    })
    expect(hints.taskmgr_section_create).toMatchObject({
      readOnlyHint: false,
      destructiveHint: false,
      idempotentHint: false
    })
    expect(hints.taskmgr_section_task_add).toMatchObject({
      readOnlyHint: false,
      destructiveHint: false,
      idempotentHint: true
    })
    for (const name of ["taskmgr_project_delete", "taskmgr_section_delete"]) {
      expect(hints[name], name).toMatchObject({ readOnlyHint: false, destructiveHint: true, idempotentHint: true })
    }
    const list = tools.find((t) => t.name === "taskmgr_section_list")!
    expect(Object.keys(list.inputSchema.properties ?? {})).toEqual(
      expect.arrayContaining(["project_gid", "limit", "fetchAll", "maxPages", "cursor"])
    )
  })

  it("takes a project URL for a gid", async () => {
    const result = (await server.client.callTool({
      name: "taskmgr_section_list",
      arguments: { project_gid: `${server.info.app_url}/0/${server.info.project_gid}/list` }
    })) as ToolResult
    expect(result.isError ?? false, JSON.stringify(result)).toBe(false)
    const parsed = JSON.parse(result.content[0]!.text!) as { sections: Array<{ name: string }> }
    expect(parsed.sections.map((s) => s.name)).toEqual(["To do", "Doing", "Done"])
  })

  it("refuses a move with both anchors, and a limit of 101, as tool errors with nothing sent", async () => {
    const both = (await server.client.callTool({
      name: "taskmgr_section_move",
      arguments: {
        project_gid: server.info.project_gid,
        section: "1200000000000403",
        before_section: "1200000000000401",
        after_section: "1200000000000402"
      }
    })) as ToolResult
    expect(both.isError).toBe(true)
    expect(both.content[0]!.text).toContain("not both")
    const limit =
      (await server.client.callTool({ name: "taskmgr_project_list", arguments: { limit: 101 } })) as ToolResult
    expect(limit.isError).toBe(true)
    expect(await sent()).toEqual([])
  })
})
