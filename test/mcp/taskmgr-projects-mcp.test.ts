/**
 * `taskmgr mcp --toolsets projects,sections` (the built binary) through the
 * official MCP client, against `taskmgr sandbox`: the tools are there with
 * truthful annotations, a URL works for a gid, and a bad input is a tool
 * error with nothing sent.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js"
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js"
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest"
import { baseEnv, control, type LoggedRequest, ROOT, type SandboxChild, TASKMGR_BIN } from "../e2e/helpers.js"
import { startTaskmgrSandbox, type TaskmgrSandboxInfo } from "../e2e/taskmgr-sandbox.js"

let sandbox: SandboxChild<TaskmgrSandboxInfo> | undefined
let info: TaskmgrSandboxInfo
let origin: string
let client: Client

beforeAll(async () => {
  sandbox = await startTaskmgrSandbox()
  info = sandbox.info
  origin = new URL(info.base_url).origin
  const env = {
    ...baseEnv(),
    TASKMGR_BASE_URL: info.base_url,
    TASKMGR_APP_URL: info.app_url,
    TASKMGR_TOKEN: info.tokens.personal,
    TASKMGR_WORKSPACE: info.workspace_gid
  }
  const transport = new StdioClientTransport({ command: process.execPath, args: [TASKMGR_BIN, "mcp", "--toolsets", "projects,sections"], env, cwd: ROOT, stderr: "pipe" })
  client = new Client({ name: "taskmgr-projects-e2e", version: "0.0.0" })
  await client.connect(transport)
}, 60_000)
afterAll(async () => {
  await client?.close()
  await sandbox?.stop()
})
beforeEach(async () => {
  await control(origin, "POST", "/_sandbox/reset")
})

const sent = async () => ((await control(origin, "GET", "/_sandbox/requests")) as Array<LoggedRequest>).filter((r) => r.path.startsWith("/api/"))

interface ToolResult {
  readonly isError?: boolean
  readonly content: Array<{ readonly type: string; readonly text?: string }>
}

describe("taskmgr mcp: projects and sections", () => {
  it("lists exactly the two toolsets' tools, with truthful annotations", async () => {
    const { tools } = await client.listTools()
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
    for (const name of ["taskmgr_project_list", "taskmgr_project_get", "taskmgr_project_counts", "taskmgr_project_search", "taskmgr_section_list", "taskmgr_section_get"]) {
      expect(hints[name]?.readOnlyHint, name).toBe(true)
    }
    expect(hints.taskmgr_project_create).toMatchObject({ readOnlyHint: false, destructiveHint: false, idempotentHint: false })
    expect(hints.taskmgr_section_create).toMatchObject({ readOnlyHint: false, destructiveHint: false, idempotentHint: false })
    expect(hints.taskmgr_section_task_add).toMatchObject({ readOnlyHint: false, destructiveHint: false, idempotentHint: true })
    for (const name of ["taskmgr_project_delete", "taskmgr_section_delete"]) {
      expect(hints[name], name).toMatchObject({ readOnlyHint: false, destructiveHint: true, idempotentHint: true })
    }
    const list = tools.find((t) => t.name === "taskmgr_section_list")!
    expect(Object.keys(list.inputSchema.properties ?? {})).toEqual(expect.arrayContaining(["project_gid", "limit", "fetchAll", "maxPages", "cursor"]))
  })

  it("takes a project URL for a gid", async () => {
    const result = (await client.callTool({ name: "taskmgr_section_list", arguments: { project_gid: `${info.app_url}/0/${info.project_gid}/list` } })) as ToolResult
    expect(result.isError ?? false, JSON.stringify(result)).toBe(false)
    const parsed = JSON.parse(result.content[0]!.text!) as { sections: Array<{ name: string }> }
    expect(parsed.sections.map((s) => s.name)).toEqual(["To do", "Doing", "Done"])
  })

  it("refuses a move with both anchors, and a limit of 101, as tool errors with nothing sent", async () => {
    const both = (await client.callTool({
      name: "taskmgr_section_move",
      arguments: { project_gid: info.project_gid, section: "1200000000000403", before_section: "1200000000000401", after_section: "1200000000000402" }
    })) as ToolResult
    expect(both.isError).toBe(true)
    expect(both.content[0]!.text).toContain("not both")
    const limit = (await client.callTool({ name: "taskmgr_project_list", arguments: { limit: 101 } })) as ToolResult
    expect(limit.isError).toBe(true)
    expect(await sent()).toEqual([])
  })
})
