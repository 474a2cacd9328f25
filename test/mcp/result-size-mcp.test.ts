/**
 * A tool result past DESIGN_MCP_MAX_BYTES, through the official MCP client
 * against `design mcp` in-process and a generated large document in the
 * sandbox: the answer is a summary (an error result, valid JSON, under the
 * bound) that says the size, the shape and how to narrow the call, and the
 * connection keeps serving. A malformed bound is a usage error at start.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { control, runInProcess, type Sandbox, startSandbox } from "../e2e/helpers.js"
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
    readonly max_bytes: number
    readonly shape: { readonly keys: Record<string, string>; readonly inside?: unknown }
  }
}

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

const wireBytes = (result: ToolResult) =>
  result.content.reduce((sum, c) => sum + Buffer.byteLength(c.text ?? ""), 0) +
  Buffer.byteLength(JSON.stringify(result.structuredContent ?? {}))

describe("design_file_get on a 2 MB document with DESIGN_MCP_MAX_BYTES=50000", () => {
  it("answers a summary under the bound: an error result with the size, the shape and how to narrow", async () => {
    const result = await fileGet({ file_key: largeKey })
    expect(result.isError).toBe(true)
    expect(wireBytes(result)).toBeLessThanOrEqual(MAX)
    expect(result.content).toHaveLength(1)
    const summary = JSON.parse(result.content[0]!.text!) as Summary
    expect(summary).toEqual(result.structuredContent)
    expect(summary.error.type).toBe("ResultTooLarge")
    expect(summary.result.bytes).toBeGreaterThan(1_500_000)
    expect(summary.result.max_bytes).toBe(MAX)
    expect(summary.result.shape.keys.document).toMatch(/^object with \d+ keys/)
    // The document is most of it: its own keys are shown too (its pages).
    expect(summary.result.shape.inside).toMatchObject({
      key: "document",
      keys: { children: expect.stringMatching(/^array of \d+ /) }
    })
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

describe("a malformed DESIGN_MCP_MAX_BYTES", () => {
  it("is a usage error at start naming the variable", async () => {
    const r = await runInProcess(["mcp"], { env: { ...sb.env, DESIGN_MCP_MAX_BYTES: "2MB" } })
    expect(r.code).toBe(2)
    expect(r.stdout).toBe("")
    expect(r.stderr).toMatch(/DESIGN_MCP_MAX_BYTES must be a whole number of bytes/)
  })
})
