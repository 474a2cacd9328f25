/**
 * The built `taskmgr mcp` on some toolsets, through the official MCP client,
 * against a sandbox of its own that is reset before each test: what every
 * per-group tool-server test starts from.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js"
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js"
import { afterAll, beforeAll, beforeEach } from "vitest"
import { baseEnv, control, type LoggedRequest, ROOT, type SandboxChild, TASKMGR_BIN } from "../e2e/helpers.js"
import { startTaskmgrSandbox, type TaskmgrSandboxInfo } from "../e2e/taskmgr-sandbox.js"

export interface ToolResult {
  readonly isError?: boolean
  readonly content: Array<{ readonly type: string; readonly text?: string }>
}

/** `args`: more arguments of `taskmgr mcp` (`--allow-path DIR` for tests that name local files). */
export const taskmgrToolsetServer = (toolsets: string, clientName: string, args: ReadonlyArray<string> = []) => {
  let sandbox: SandboxChild<TaskmgrSandboxInfo> | undefined
  let client: Client | undefined
  const server = {
    get info(): TaskmgrSandboxInfo {
      return sandbox!.info
    },
    get origin(): string {
      return new URL(sandbox!.info.base_url).origin
    },
    get client(): Client {
      return client!
    },
    /** The API requests the sandbox received since the last reset. */
    sent: async () =>
      ((await control(server.origin, "GET", "/_sandbox/requests")) as Array<LoggedRequest>).filter((r) =>
        r.path.startsWith("/api/")
      ),
    call: async (name: string, args: Record<string, unknown>) =>
      (await client!.callTool({ name, arguments: args })) as ToolResult
  }
  beforeAll(async () => {
    sandbox = await startTaskmgrSandbox()
    const { info } = server
    const env = {
      ...baseEnv(),
      TASKMGR_BASE_URL: info.base_url,
      TASKMGR_APP_URL: info.app_url,
      TASKMGR_TOKEN: info.tokens.personal,
      TASKMGR_WORKSPACE: info.workspace_gid
    }
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [TASKMGR_BIN, "mcp", "--toolsets", toolsets, ...args],
      env,
      cwd: ROOT,
      stderr: "pipe"
    })
    client = new Client({ name: clientName, version: "0.0.0" })
    await client.connect(transport)
  }, 60_000)
  afterAll(async () => {
    await client?.close()
    await sandbox?.stop()
  })
  beforeEach(async () => {
    await control(server.origin, "POST", "/_sandbox/reset")
  })
  return server
}
