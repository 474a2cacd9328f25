/**
 * A tool result past DESIGN_MCP_MAX_BYTES, through the official MCP client
 * against `design mcp` in-process and a generated large document in the
 * sandbox: the answer is a summary (an error result, valid JSON, under the
 * bound) that says the size and how to narrow the call, the document is read
 * no further than the bound, and the connection keeps serving. The bound
 * holds for the JSON-RPC line, escapes and all (task notes of backslashes).
 * A malformed bound is a usage error at start.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { baseEnv, control, runInProcess, type Sandbox, startSandbox } from "../e2e/helpers.js"
import { startTaskmgrSandbox } from "../e2e/taskmgr-sandbox.js"
import { inProcessServer } from "./in-process-transport.js"

const MAX = 50_000

interface ToolResult {
  readonly isError?: boolean
  readonly content: Array<{ type: string; text?: string }>
  readonly structuredContent?: Record<string, unknown>
}

interface Summary {
  readonly error: { readonly type: string; readonly message: string; readonly remedy: string }
  readonly result: {
    readonly bytes: number
    readonly at_least?: boolean
    readonly max_bytes: number
    readonly shape?: { readonly keys: Record<string, string>; readonly inside?: unknown }
  }
}

/** The sandbox streams a generated file in chunks of this size. */
const SANDBOX_CHUNK = 64 * 1024

let sb: Sandbox
let client: Client
let largeKey: string

beforeAll(async () => {
  sb = await startSandbox()
  const added = (await control(sb.baseUrl, "POST", "/_sandbox/files", { approx_bytes: 2_000_000 })) as {
    file_key: string
  }
  largeKey = added.file_key
  client = new Client({ name: "result-size", version: "0.0.0" })
  await client.connect(
    inProcessServer("design", [], { ...sb.env, NO_COLOR: "1", DESIGN_MCP_MAX_BYTES: String(MAX) }).transport
  )
}, 60_000)
afterAll(async () => {
  await client?.close()
  await sb?.stop()
})

const fileGet = async (args: Record<string, unknown>) =>
  (await client.callTool({ name: "design_file_get", arguments: args })) as ToolResult

/** The JSON-RPC line that carried the result (JSON.stringify is deterministic: the server wrote these bytes). */
const wireBytes = (result: ToolResult, id = 1) => Buffer.byteLength(JSON.stringify({ jsonrpc: "2.0", id, result }))

describe("design_file_get on a 2 MB document with DESIGN_MCP_MAX_BYTES=50000", () => {
  it("answers a summary under the bound, having read no further than the bound: the size so far and how to narrow", async () => {
    const result = await fileGet({ file_key: largeKey })
    expect(result.isError).toBe(true)
    expect(wireBytes(result)).toBeLessThanOrEqual(MAX)
    expect(result.content).toHaveLength(1)
    const summary = JSON.parse(result.content[0]!.text!) as Summary
    expect(summary).toEqual(result.structuredContent)
    expect(summary.error.type).toBe("ResultTooLarge")
    expect(summary.error.message).toMatch(/was not read further/)
    // Read up to the chunk that passed the bound, and not one more: the 2 MB were never held.
    expect(summary.result).toMatchObject({ at_least: true, max_bytes: MAX })
    expect(summary.result.bytes).toBeGreaterThan(MAX)
    expect(summary.result.bytes).toBeLessThanOrEqual(MAX + SANDBOX_CHUNK)
    expect(summary.error.remedy).toMatch(/pass depth .*; pass ids /)
  })

  it("keeps serving: the narrowed call that follows gets the document", async () => {
    await fileGet({ file_key: largeKey })
    const narrowed = await fileGet({ file_key: largeKey, depth: 1 })
    expect(narrowed.isError).toBe(false)
    expect(wireBytes(narrowed)).toBeLessThanOrEqual(MAX)
    expect(JSON.parse(narrowed.content[0]!.text!)).toMatchObject({ document: { type: "DOCUMENT" } })
  })
})

describe("the bound counts the line, escapes and all", () => {
  it("a task whose notes are 8,000 backslashes (a 32 KB line) is a summary under a 20,000-byte bound", async () => {
    const taskmgr = await startTaskmgrSandbox()
    const server = inProcessServer("taskmgr", ["--toolsets", "tasks"], {
      ...baseEnv(),
      TASKMGR_BASE_URL: taskmgr.info.base_url,
      TASKMGR_APP_URL: taskmgr.info.app_url,
      TASKMGR_TOKEN: taskmgr.info.tokens.personal,
      TASKMGR_WORKSPACE: taskmgr.info.workspace_gid,
      TASKMGR_MCP_MAX_BYTES: "20000"
    })
    const tasks = new Client({ name: "result-size-escapes", version: "0.0.0" })
    await tasks.connect(server.transport)
    try {
      const notes = "\\".repeat(8_000)
      const created = (await tasks.callTool({
        name: "taskmgr_task_create",
        arguments: { name: "Backslashes", notes, projects: [taskmgr.info.project_gid] }
      })) as ToolResult
      // The task's own text is 8,000 characters, its JSON 16,000, its line past 32,000: a write, trimmed to fit.
      expect(created.isError, created.content[0]?.text).toBe(false)
      expect(wireBytes(created, 2)).toBeLessThanOrEqual(20_000)
      const gid = (JSON.parse(created.content[0]!.text!) as { gid: string }).gid
      const read = (await tasks.callTool({
        name: "taskmgr_task_get",
        arguments: { task_gid: gid, fields: ["name", "notes"] }
      })) as ToolResult
      expect(read.isError).toBe(true)
      expect(wireBytes(read, 3)).toBeLessThanOrEqual(20_000)
      const summary = JSON.parse(read.content[0]!.text!) as Summary
      expect(summary.error.type).toBe("ResultTooLarge")
      expect(summary.result.bytes).toBeGreaterThan(32_000)
    } finally {
      await tasks.close()
      await taskmgr.stop()
    }
  })
})

describe("a malformed DESIGN_MCP_MAX_BYTES", () => {
  it("is a usage error at start naming the variable", async () => {
    const r = await runInProcess(["mcp"], { env: { ...sb.env, DESIGN_MCP_MAX_BYTES: "2MB" } })
    expect(r.code).toBe(2)
    expect(r.stdout).toBe("")
    expect(r.stderr).toMatch(/DESIGN_MCP_MAX_BYTES must be a whole number of bytes/)
  })
})
