/**
 * Names renamed to the one rule (core/mcp/names.ts), through the official MCP
 * client against `taskmgr mcp` in-process and `taskmgr sandbox`: an old
 * toolset spelling still selects its toolset, with a note on stderr; an old
 * tool name is not listed but still answers, with a note in its result and
 * one on stderr; an old name whose tool is not served is unknown.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { baseEnv, runInProcess, TASKMGR_BIN } from "../e2e/helpers.js"
import { startTaskmgrSandbox, type TaskmgrSandboxInfo } from "../e2e/taskmgr-sandbox.js"
import { type InProcessServer, inProcessServer } from "./in-process-transport.js"

interface Result {
  readonly isError?: boolean
  readonly content: Array<{ readonly type: string; readonly text: string }>
}

const TOOL_NOTE = "Note: The tool name taskmgr_custom_field_list_for_project is deprecated and goes away in 0.3.0: " +
  "call taskmgr_custom_field_project instead."
const TOOLSET_NOTE = `Note: The toolset name "custom-fields" is deprecated and goes away in 0.3.0: ` +
  `use "custom_fields" instead.`

let info: TaskmgrSandboxInfo
let stop: () => Promise<void>
let server: InProcessServer
let client: Client

const env = () => ({
  ...baseEnv(),
  TASKMGR_BASE_URL: info.base_url,
  TASKMGR_APP_URL: info.app_url,
  TASKMGR_TOKEN: info.tokens.personal,
  TASKMGR_WORKSPACE: info.workspace_gid
})

beforeAll(async () => {
  const started = await startTaskmgrSandbox()
  info = started.info
  stop = started.stop
  server = inProcessServer("taskmgr", ["--toolsets", "custom-fields,portfolios"], env())
  client = new Client({ name: "renamed-names", version: "0.0.0" })
  await client.connect(server.transport)
}, 60_000)
afterAll(async () => {
  await client?.close()
  await stop?.()
})

const call = async (name: string, args: Record<string, unknown>) =>
  (await client.callTool({ name, arguments: args })) as unknown as Result

describe("taskmgr mcp under old names", () => {
  it("takes an old toolset spelling for the new one, saying so on stderr, and lists only new tool names", async () => {
    const { tools } = await client.listTools()
    const names = tools.map((t) => t.name)
    expect(names).toEqual(expect.arrayContaining(["taskmgr_custom_field_project", "taskmgr_portfolio_items"]))
    expect(names.filter((n) => n.includes("list_for") || n === "taskmgr_portfolio_item_list")).toEqual([])
    expect(server.stderr().split("\n")).toContain(TOOLSET_NOTE)
  })

  it("answers an old tool name as the new one, with a note naming it, said once on stderr", async () => {
    const args = { project_gid: info.project_gid }
    const now = await call("taskmgr_custom_field_project", args)
    const first = await call("taskmgr_custom_field_list_for_project", args)
    const second = await call("taskmgr_custom_field_list_for_project", args)
    expect(now.isError ?? false, JSON.stringify(now)).toBe(false)
    for (const old of [first, second]) {
      expect(old.isError ?? false).toBe(false)
      expect(old.content).toEqual([...now.content, { type: "text", text: TOOL_NOTE }])
    }
    expect(server.stderr().split("\n").filter((line) => line === TOOL_NOTE)).toHaveLength(1)
  })

  it("does not run an old name whose tool it does not serve: it says which toolset holds it", async () => {
    const result = (await call("taskmgr_task_my_tasks", {})) as {
      isError?: boolean
      structuredContent?: { error: Record<string, unknown> }
    }
    expect(result.isError).toBe(true)
    expect(result.structuredContent?.error).toMatchObject({ type: "ToolNotServed", toolset: "tasks" })
  })

  it("--list-toolsets keeps its format under the new names, with the note for an old spelling", async () => {
    const r = await runInProcess(["mcp", "--list-toolsets"], {
      bin: TASKMGR_BIN,
      env: { TASKMGR_TOOLSETS: "status-updates" }
    })
    expect(r.code, r.stderr).toBe(0)
    expect(r.stdout.trim().split("\n")).toEqual([
      "status_updates\t5 tools (3 read-only)\ttaskmgr_status_list, taskmgr_status_get, taskmgr_status_create, " +
      "taskmgr_status_delete, taskmgr_status_overview"
    ])
    expect(r.stderr.trim()).toBe(
      `Note: The toolset name "status-updates" is deprecated and goes away in 0.3.0: use "status_updates" instead.`
    )
  })
})
