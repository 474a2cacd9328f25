/**
 * `design mcp` (the built binary) through the official MCP client, with
 * input it cannot use: a token in its environment that no request header can
 * carry, arguments nested past the limit, and a render answer whose keys are
 * paths. Each is a tool error (or a result) that names what is wrong, and
 * nothing is sent that should not be.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js"
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js"
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest"
import {
  addFault,
  baseEnv,
  DESIGN_BIN,
  requestLog,
  resetSandbox,
  ROOT,
  type Sandbox,
  startSandbox
} from "../e2e/helpers.js"

interface ToolResult {
  readonly isError?: boolean
  readonly content: Array<{ type: string; text?: string }>
  readonly structuredContent?: { readonly error?: Record<string, unknown> }
}

const SECRET = "tok3nPart"
let sb: Sandbox
const clients: Array<Client> = []

const connect = async (token: string) => {
  const env = { ...baseEnv(), DESIGN_BASE_URL: sb.baseUrl, DESIGN_ACCESS_TOKEN: token, DESIGN_TEAM_ID: sb.info.team_id }
  const client = new Client({ name: "hostile-input-e2e", version: "0.0.0" })
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [DESIGN_BIN, "mcp", "--toolsets", "all"],
      env,
      cwd: ROOT,
      stderr: "pipe"
    })
  )
  clients.push(client)
  return client
}

beforeAll(async () => {
  sb = await startSandbox()
}, 60_000)
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()))
  await sb?.stop()
})
beforeEach(async () => {
  await resetSandbox(sb)
})

describe("design mcp with input it cannot use", () => {
  it("a token with a line break in DESIGN_ACCESS_TOKEN: every call says so by the variable's name, without the token, sending nothing", async () => {
    const client = await connect(`${SECRET}\r\nX-Injected: 1`)
    const result = (await client.callTool({ name: "design_user_me", arguments: {} })) as ToolResult
    expect(result.isError).toBe(true)
    expect(result.structuredContent?.error).toMatchObject({
      type: "InvalidSettingsError",
      exit_code: 2,
      setting: "DESIGN_ACCESS_TOKEN",
      remedy: "Correct DESIGN_ACCESS_TOKEN."
    })
    expect(JSON.stringify(result)).not.toContain(SECRET)
    expect(await requestLog(sb)).toEqual([])
  })

  it("arguments nested past the limit are refused by parameter, sending nothing", async () => {
    const client = await connect(sb.info.tokens.personal)
    let deep: unknown = "x"
    for (let i = 0; i < 1_000; i++) deep = [deep]
    const result = (await client.callTool({
      name: "design_file_images",
      arguments: { file_key: sb.info.file_key, ids: deep }
    })) as ToolResult
    expect(result.isError).toBe(true)
    expect(result.structuredContent?.error).toMatchObject({ type: "InvalidInputError", exit_code: 2, fields: ["ids"] })
    expect(String(result.structuredContent?.error?.message)).toMatch(/^ids: nested more than \d+ levels deep/)
    expect(await requestLog(sb)).toEqual([])
  })

  it("a render answer with keys that are paths lists only the node ids asked for", async () => {
    const client = await connect(sb.info.tokens.personal)
    const key = sb.info.file_key
    const link = `${sb.baseUrl}/_sandbox/render/${key}/1-2.png`
    await addFault(sb, {
      method: "GET",
      path: `/v1/images/${key}`,
      status: 200,
      body: { err: null, images: { "../../escaped": link, "1:2": link } }
    })
    const result = (await client.callTool({
      name: "design_file_images",
      arguments: { file_key: key, ids: ["1:2", "1:3"] }
    })) as ToolResult
    expect(result.isError).toBe(false)
    // 1:3 did not render: a partial result, which says how many items failed.
    expect(JSON.parse(result.content[0]!.text!)).toEqual({
      err: null,
      images: { "1:2": link, "1:3": null },
      failed: 1,
      exit_code: 9
    })
  })
})
