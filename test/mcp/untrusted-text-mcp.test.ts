/**
 * Secrets and hostile text through the official MCP client, against both
 * built tool servers and their sandboxes: a passcode of the wrong shape is
 * refused without being quoted (and nothing is sent), a token the service
 * echoes is masked in the tool result, and escapes in data come back exact
 * but escaped in the JSON result.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js"
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js"
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest"
import {
  addFault,
  baseEnv,
  control,
  DESIGN_BIN,
  requestLog,
  resetSandbox,
  ROOT,
  type Sandbox,
  type SandboxChild,
  startSandbox,
  TASKMGR_BIN
} from "../e2e/helpers.js"
import { startTaskmgrSandbox, type TaskmgrSandboxInfo } from "../e2e/taskmgr-sandbox.js"

const SENTINEL = "s3ntinel-passcode-Qz81"
const HOSTILE = "Evil \x1b[2J name \x1b]0;pwn\x07 end \u009b31m"
const RAW_CONTROL = /[\x00-\x08\x0b-\x1f\x7f-\x9f]/

interface ToolResult {
  readonly isError?: boolean
  readonly content: Array<{ type: string; text?: string }>
  readonly structuredContent?: Record<string, unknown>
}

const connect = async (bin: string, env: Record<string, string>): Promise<Client> => {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [bin, "mcp", "--toolsets", "all"],
    env: { ...baseEnv(), ...env },
    cwd: ROOT,
    stderr: "pipe"
  })
  const client = new Client({ name: "untrusted-text-e2e", version: "0.0.0" })
  await client.connect(transport)
  return client
}

const call = async (client: Client, name: string, args: Record<string, unknown>) =>
  (await client.callTool({ name, arguments: args })) as ToolResult
const wire = (r: ToolResult) => JSON.stringify(r)

describe("design mcp: untrusted text", () => {
  let sb: Sandbox
  let client: Client
  beforeAll(async () => {
    sb = await startSandbox()
    client = await connect(DESIGN_BIN, sb.env)
  }, 60_000)
  afterAll(async () => {
    await client?.close()
    await sb?.stop()
  })
  beforeEach(async () => {
    await resetSandbox(sb)
  })

  it("design_webhook_create and design_webhook_update refuse a passcode of the wrong shape without quoting it, sending nothing", async () => {
    const base = { event: "FILE_UPDATE", endpoint: "https://hooks.example.com/x" }
    for (
      const passcode of [{ v: SENTINEL }, [SENTINEL], { deep: [{ v: SENTINEL }] }, 987654321987, SENTINEL.repeat(10)]
    ) {
      for (
        const [tool, args] of [
          ["design_webhook_create", { ...base, context: "team", passcode }],
          ["design_webhook_update", { ...base, webhook_id: "42", passcode }]
        ] as const
      ) {
        const r = await call(client, tool, args)
        expect(r.isError, `${tool} ${JSON.stringify(passcode)}`).toBe(true)
        expect(wire(r)).toContain("passcode")
        expect(wire(r)).not.toMatch(/s3ntinel|987654321987/)
      }
    }
    expect((await requestLog(sb)).filter((q) => q.path.startsWith("/v2/webhooks"))).toEqual([])
  })

  it("a token the service echoes in a 400 is masked in the tool result", async () => {
    const token = sb.info.tokens.personal
    await addFault(sb, {
      method: "GET",
      path: "/v1/me",
      status: 400,
      body: { status: 400, err: `Bad request: ${token} is odd` }
    })
    const r = await call(client, "design_user_me", {})
    expect(r.isError).toBe(true)
    expect(wire(r)).toContain("Bad request: *** is odd")
    expect(wire(r)).not.toContain(token)
  })

  it("escapes in a webhook's description come back exact, and escaped, in the JSON result", async () => {
    const created = await call(client, "design_webhook_create", {
      event: "FILE_UPDATE",
      context: "team",
      endpoint: "https://hooks.example.com/x",
      passcode: "good-passcode-1",
      description: HOSTILE
    })
    expect(created.isError, wire(created)).toBe(false)
    const text = created.content[0]!.text!
    expect(RAW_CONTROL.test(text)).toBe(false)
    expect((JSON.parse(text) as { description: string }).description).toBe(HOSTILE)
  })
})

describe("taskmgr mcp: untrusted text", () => {
  let sandbox: SandboxChild<TaskmgrSandboxInfo> | undefined
  let info: TaskmgrSandboxInfo
  let client: Client
  beforeAll(async () => {
    sandbox = await startTaskmgrSandbox()
    info = sandbox.info
    client = await connect(TASKMGR_BIN, {
      TASKMGR_BASE_URL: info.base_url,
      TASKMGR_APP_URL: info.app_url,
      TASKMGR_TOKEN: info.tokens.personal,
      TASKMGR_WORKSPACE: info.workspace_gid
    })
  }, 60_000)
  afterAll(async () => {
    await client?.close()
    await sandbox?.stop()
  })

  it("a token the service echoes in a 400 is masked in the tool result", async () => {
    await control(info.app_url, "POST", "/_sandbox/faults", {
      method: "GET",
      path: "/api/1.0/users/me",
      status: 400,
      body: { errors: [{ message: `Bad request: ${info.tokens.personal} \x1b[2J` }] }
    })
    const r = await call(client, "taskmgr_user_me", {})
    expect(r.isError).toBe(true)
    expect(wire(r)).toContain("Bad request: ***")
    expect(wire(r)).not.toContain(info.tokens.personal)
    expect(RAW_CONTROL.test(r.content[0]!.text!)).toBe(false)
  })
})
