/**
 * A many-item tool (taskmgr_task_get_many) through the official MCP client,
 * against `taskmgr mcp` in-process: a partial result is a result that says
 * how many items failed (not an error); a result where every item failed is
 * an error; a result with none failed carries no failure fields.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { baseEnv, control } from "../e2e/helpers.js"
import { startTaskmgrSandbox, type TaskmgrSandboxInfo } from "../e2e/taskmgr-sandbox.js"
import { inProcessServer } from "./in-process-transport.js"

interface ToolResult {
  readonly isError?: boolean
  readonly structuredContent?: { readonly failed?: number; readonly exit_code?: number }
}

const MISSING = ["9999999999991", "9999999999992"]
let info: TaskmgrSandboxInfo
let stop: () => Promise<void>
let client: Client

beforeAll(async () => {
  const started = await startTaskmgrSandbox()
  info = started.info
  stop = started.stop
  const env = {
    ...baseEnv(),
    TASKMGR_BASE_URL: info.base_url,
    TASKMGR_APP_URL: info.app_url,
    TASKMGR_TOKEN: info.tokens.personal,
    TASKMGR_WORKSPACE: info.workspace_gid
  }
  client = new Client({ name: "many-item-results", version: "0.0.0" })
  await client.connect(inProcessServer("taskmgr", [], env).transport)
  await control(info.app_url, "POST", "/_sandbox/reset")
}, 60_000)
afterAll(async () => {
  await client?.close()
  await stop?.()
})

const getMany = async (gids: ReadonlyArray<string>) =>
  (await client.callTool({ name: "taskmgr_task_get_many", arguments: { gids } })) as ToolResult

describe("taskmgr_task_get_many through the tool server", () => {
  it("every gid found: a plain result without failure fields", async () => {
    const result = await getMany([info.task_gid])
    expect(result.isError).toBe(false)
    expect(result.structuredContent?.failed).toBeUndefined()
  })

  it("some gids missing: a result (not an error) that says how many failed, with the partial exit code", async () => {
    const result = await getMany([info.task_gid, ...MISSING])
    expect(result.isError).toBe(false)
    expect(result.structuredContent).toMatchObject({ failed: 2, exit_code: 9 })
  })

  it("every gid missing: an error, with the code they share (not found)", async () => {
    const result = await getMany(MISSING)
    expect(result.isError).toBe(true)
    expect(result.structuredContent).toMatchObject({ failed: 2, exit_code: 5 })
  })
})
