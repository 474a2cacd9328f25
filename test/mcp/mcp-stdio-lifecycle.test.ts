/**
 * Both built tool servers (`design mcp`, `taskmgr mcp`) over raw stdio lines:
 * before initialize only ping is answered (tools/list and tools/call get the
 * official SDK's not-initialized error, and nothing reaches the service); ids
 * beyond 2^53 come back exactly as sent; and the official client still works.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js"
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js"
import { spawn } from "node:child_process"
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest"
import {
  baseEnv,
  control,
  DESIGN_BIN,
  type LoggedRequest,
  ROOT,
  type Sandbox,
  type SandboxChild,
  startSandbox,
  TASKMGR_BIN
} from "../e2e/helpers.js"
import { startTaskmgrSandbox, type TaskmgrSandboxInfo } from "../e2e/taskmgr-sandbox.js"

interface Server {
  readonly name: "design" | "taskmgr"
  readonly bin: string
  readonly env: () => Record<string, string>
  /** A tool that sends a request when called. */
  readonly tool: string
  /** Requests the service received since the last reset. */
  readonly sent: () => Promise<Array<LoggedRequest>>
  readonly reset: () => Promise<void>
}

let design: Sandbox
let taskmgr: SandboxChild<TaskmgrSandboxInfo>

beforeAll(async () => {
  ;[design, taskmgr] = await Promise.all([startSandbox(), startTaskmgrSandbox()])
}, 60_000)
afterAll(async () => {
  await design?.stop()
  await taskmgr?.stop()
})

const taskmgrOrigin = () => new URL(taskmgr.info.base_url).origin

const SERVERS: ReadonlyArray<Server> = [
  {
    name: "design",
    bin: DESIGN_BIN,
    env: () => ({ ...baseEnv(), ...design.env }),
    tool: "design_user_me",
    sent: async () => (await control(design.baseUrl, "GET", "/_sandbox/requests")) as Array<LoggedRequest>,
    reset: async () => void (await control(design.baseUrl, "POST", "/_sandbox/reset"))
  },
  {
    name: "taskmgr",
    bin: TASKMGR_BIN,
    env: () => ({
      ...baseEnv(),
      TASKMGR_BASE_URL: taskmgr.info.base_url,
      TASKMGR_APP_URL: taskmgr.info.app_url,
      TASKMGR_TOKEN: taskmgr.info.tokens.personal,
      TASKMGR_WORKSPACE: taskmgr.info.workspace_gid
    }),
    tool: "taskmgr_user_me",
    sent: async () =>
      ((await control(taskmgrOrigin(), "GET", "/_sandbox/requests")) as Array<LoggedRequest>).filter((r) =>
        r.path.startsWith("/api/")
      ),
    reset: async () => void (await control(taskmgrOrigin(), "POST", "/_sandbox/reset"))
  }
]

/** Writes the lines to `<bin> mcp` in one chunk, closes stdin, and returns stdout's lines as written. */
const rawSession = (server: Server, lines: ReadonlyArray<string>) =>
  new Promise<Array<string>>((resolve, reject) => {
    const child = spawn(process.execPath, [server.bin, "mcp", "--toolsets", "all"], {
      cwd: ROOT,
      env: server.env(),
      stdio: ["pipe", "pipe", "pipe"]
    })
    let out = ""
    child.stdout.setEncoding("utf8").on("data", (c: string) => void (out += c))
    const timer = setTimeout(() => child.kill("SIGKILL"), 15_000)
    child.once("error", reject)
    child.once("close", () => {
      clearTimeout(timer)
      resolve(out.split("\n").filter((l) => l.trim() !== ""))
    })
    child.stdin.end(lines.map((l) => `${l}\n`).join(""))
  })

const INIT =
  `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"raw","version":"1"}}}`
const BIG = "9007199254740993"

describe.each(SERVERS)("$name mcp over raw stdio", (server) => {
  beforeEach(async () => {
    await server.reset()
  })

  it("before initialize: ping is answered; tools/list and tools/call get -32000 and send nothing", async () => {
    const replies = (await rawSession(server, [
      `{"jsonrpc":"2.0","id":"p","method":"ping"}`,
      `{"jsonrpc":"2.0","id":2,"method":"tools/list"}`,
      `{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"${server.tool}","arguments":{}}}`
    ])).map((l) => JSON.parse(l))
    expect(replies[0]).toStrictEqual({ jsonrpc: "2.0", id: "p", result: {} })
    expect(replies.slice(1)).toStrictEqual([2, 3].map((id) => ({
      jsonrpc: "2.0",
      id,
      error: {
        code: -32000,
        message: expect.stringMatching(/^Server not initialized: send initialize before tools\/(list|call)/)
      }
    })))
    expect(await server.sent()).toEqual([])
  })

  it("after initialize, ids beyond 2^53 come back digit for digit", async () => {
    const replies = await rawSession(server, [
      INIT,
      `{"jsonrpc":"2.0","method":"notifications/initialized"}`,
      `{"jsonrpc":"2.0","id":${BIG},"method":"ping"}`,
      `{"jsonrpc":"2.0","id":-${BIG}0,"method":"tools/list"}`,
      `{"jsonrpc":"2.0","id":123456789012345678901,"method":"tools/call","params":{"name":"${server.tool}","arguments":{}}}`
    ])
    expect(replies[1]).toBe(`{"jsonrpc":"2.0","id":${BIG},"result":{}}`)
    expect(replies[2]).toMatch(new RegExp(`^\\{"jsonrpc":"2\\.0","id":-${BIG}0,"result":\\{"tools":\\[`))
    expect(replies[3]).toMatch(/^\{"jsonrpc":"2\.0","id":123456789012345678901,"result":\{"isError":false,/)
    expect(await server.sent()).toHaveLength(1)
  })

  it("the official client connects, lists and calls", async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [server.bin, "mcp", "--toolsets", "all"],
      env: server.env(),
      cwd: ROOT,
      stderr: "pipe"
    })
    const client = new Client({ name: "lifecycle-e2e", version: "0.0.0" })
    const errors: Array<Error> = []
    client.onerror = (e) => void errors.push(e)
    await client.connect(transport)
    try {
      const { tools } = await client.listTools()
      expect(tools.map((t) => t.name)).toContain(server.tool)
      const result = await client.callTool({ name: server.tool, arguments: {} })
      expect(result.isError ?? false).toBe(false)
    } finally {
      await client.close()
    }
    expect(errors).toEqual([])
  })
})
