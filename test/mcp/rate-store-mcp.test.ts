/**
 * `taskmgr mcp` with a rate store that cannot be reached, through the official
 * MCP client: the first call says so in its result (a `Note:` text) and on
 * stderr, once; the calls still succeed, paced within the server's process.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js"
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { baseEnv, ROOT, type SandboxChild, TASKMGR_BIN } from "../e2e/helpers.js"
import { freePort } from "../e2e/redis-server.js"
import { startTaskmgrSandbox, type TaskmgrSandboxInfo } from "../e2e/taskmgr-sandbox.js"

let sandbox: SandboxChild<TaskmgrSandboxInfo> | undefined
let client: Client
let stderr = ""
let store = ""

beforeAll(async () => {
  sandbox = await startTaskmgrSandbox()
  const info = sandbox.info
  store = `redis://127.0.0.1:${await freePort()}/3`
  const env = {
    ...baseEnv(),
    TASKMGR_BASE_URL: info.base_url,
    TASKMGR_APP_URL: info.app_url,
    TASKMGR_TOKEN: info.tokens.personal,
    TASKMGR_RATE_STORE: store
  }
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [TASKMGR_BIN, "mcp", "--toolsets", "users"],
    env,
    cwd: ROOT,
    stderr: "pipe"
  })
  transport.stderr?.on("data", (chunk: Buffer) => void (stderr += chunk.toString("utf8")))
  client = new Client({ name: "rate-store-e2e", version: "0.0.0" })
  await client.connect(transport)
}, 60_000)
afterAll(async () => {
  await client?.close()
  await sandbox?.stop()
})

const texts = (result: Awaited<ReturnType<Client["callTool"]>>) =>
  (result.content as Array<{ type: string; text: string }>).map((c) => c.text)

describe("taskmgr mcp with an unreachable rate store", () => {
  it("notes it once, in the first result and on stderr, and keeps answering", async () => {
    const first = await client.callTool({ name: "taskmgr_user_me", arguments: {} })
    expect(first.isError).toBe(false)
    const [data, ...notes] = texts(first)
    expect(JSON.parse(data!)).toHaveProperty("gid")
    expect(notes).toEqual([expect.stringContaining(`Note: The rate store ${store} cannot be used`)])
    const second = await client.callTool({ name: "taskmgr_user_me", arguments: {} })
    expect(second.isError).toBe(false)
    expect(texts(second)).toHaveLength(1)
    expect(stderr.split("\n").filter((line) => line.startsWith("Note: "))).toHaveLength(1)
  })
})
