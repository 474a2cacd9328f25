/**
 * A call cut by the server's budget (TASKMGR_MCP_BUDGET), through the
 * official MCP client against `taskmgr mcp` in-process and `taskmgr
 * sandbox`: the result says the budget stopped it and names the variable,
 * never the request timeout or timeout_seconds; a write says it may have been
 * done and which tool shows it; a job names taskmgr_job_get and its gid.
 * Tool errors' fields are snake_case.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js"
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest"
import { baseEnv, control } from "../e2e/helpers.js"
import { startTaskmgrSandbox, type TaskmgrSandboxInfo } from "../e2e/taskmgr-sandbox.js"
import { inProcessServer } from "./in-process-transport.js"

const TASK_TEMPLATE = "1200000000030001"

interface ToolError {
  readonly type: string
  readonly exit_code: number
  readonly message: string
  readonly remedy: string
  readonly [key: string]: unknown
}

let sandbox: { info: TaskmgrSandboxInfo; stop: () => Promise<void> }
let client: Client

beforeAll(async () => {
  sandbox = await startTaskmgrSandbox()
  client = new Client({ name: "tool-call-budget", version: "0.0.0" })
  await client.connect(
    inProcessServer("taskmgr", ["--toolsets", "all"], {
      ...baseEnv(),
      TASKMGR_BASE_URL: sandbox.info.base_url,
      TASKMGR_APP_URL: sandbox.info.app_url,
      TASKMGR_TOKEN: sandbox.info.tokens.personal,
      TASKMGR_WORKSPACE: sandbox.info.workspace_gid,
      TASKMGR_MCP_BUDGET: "3"
    }).transport
  )
}, 60_000)
afterAll(async () => {
  await client?.close()
  await sandbox?.stop()
})
beforeEach(async () => {
  await control(sandbox.info.app_url, "POST", "/_sandbox/reset")
})

const fault = (f: Record<string, unknown>) => control(sandbox.info.app_url, "POST", "/_sandbox/faults", f)

const errorOf = async (name: string, args: Record<string, unknown>) => {
  const result = (await client.callTool({ name, arguments: args })) as {
    isError?: boolean
    structuredContent?: { error: ToolError }
  }
  expect(result.isError).toBe(true)
  return result.structuredContent!.error
}

const expectBudgetWords = (error: ToolError) => {
  expect(error.remedy).toContain("TASKMGR_MCP_BUDGET")
  expect(error.remedy).not.toMatch(/TASKMGR_TIMEOUT|timeout_seconds|--/)
  // snake_case throughout, as the parameters are.
  for (const key of Object.keys(error)) expect(key).toMatch(/^[a-z]+(_[a-z]+)*$/)
}

describe("a call the budget cuts", () => {
  it("a read: says the server's budget stopped it and names TASKMGR_MCP_BUDGET", async () => {
    await fault({ method: "GET", path: "/api/1.0/users/me", status: 200, delay_ms: 5_000, times: 5 })
    const started = Date.now()
    const error = await errorOf("taskmgr_user_me", {})
    expect(Date.now() - started).toBeLessThan(8_000)
    expect(error).toMatchObject({ type: "ServiceError", exit_code: 8, deadline: true })
    expect(error.message).toMatch(/^No result within this server's budget of 3s a call: the call was stopped\.$/)
    expect(error.unconfirmed).toBeUndefined()
    expectBudgetWords(error)
  })

  it("a write: may have been done, and the tool that shows whether it was", async () => {
    await fault({ method: "POST", path: "/api/1.0/tasks", status: 201, delay_ms: 5_000, times: 5 })
    const error = await errorOf("taskmgr_task_create", { name: "Slow", projects: [sandbox.info.project_gid] })
    expect(error).toMatchObject({ type: "ServiceError", deadline: true, unconfirmed: true })
    expect(error.check).toMatch(/^taskmgr_task_/)
    expect(error.remedy).toContain(`check with ${String(error.check)} whether it took effect`)
    expectBudgetWords(error)
  })

  it("a job: goes on at the service, look at it with taskmgr_job_get and its gid", async () => {
    const error = await errorOf("taskmgr_task_template_instantiate", { task_template_gid: TASK_TEMPLATE })
    expect(error).toMatchObject({ type: "JobTimeoutError", exit_code: 11, deadline: true })
    expect(error.remedy).toContain(`taskmgr_job_get for job ${String(error.job)}`)
    expectBudgetWords(error)
  })
})
