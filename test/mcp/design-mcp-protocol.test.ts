/**
 * The design tool server's protocol: JSON-RPC errors by the spec (and the server keeps
 * serving), a tools/call without arguments, progress notifications while a call
 * waits, the per-call waiting budget, and toolsets / read-only / list-toolsets.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js"
import { CallToolResultSchema } from "@modelcontextprotocol/sdk/types.js"
import { spawn } from "node:child_process"
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest"
import { hasTool, toolNameOf, toolsetOf } from "../../src/core/mcp/names.js"
import type { AnyOperation } from "../../src/core/operation.js"
import { designViews } from "../../src/design/operations.js"
import {
  addFault,
  DESIGN_BIN,
  requestLog,
  resetSandbox,
  ROOT,
  runInProcess as run,
  type Sandbox,
  startSandbox
} from "../e2e/helpers.js"
import { inProcessServer } from "./in-process-transport.js"

let sb: Sandbox

beforeAll(async () => {
  sb = await startSandbox()
})
afterAll(async () => {
  await sb?.stop()
})
beforeEach(async () => {
  await resetSandbox(sb)
})

const serverEnv = (extra: Record<string, string> = {}): Record<string, string> => {
  const env: Record<string, string> = {
    DESIGN_BASE_URL: sb.baseUrl,
    DESIGN_ACCESS_TOKEN: sb.info.tokens.personal,
    DESIGN_TEAM_ID: sb.info.team_id,
    NO_COLOR: "1",
    ...extra
  }
  if (process.env.PATH !== undefined) env.PATH = process.env.PATH
  if (process.env.HOME !== undefined) env.HOME = process.env.HOME
  return env
}

const withClient = async <A>(
  f: (client: Client) => Promise<A>,
  args: Array<string> = ["--toolsets", "all"],
  extra: Record<string, string> = {}
) => {
  const { transport } = inProcessServer("design", args, serverEnv(extra))
  const client = new Client({ name: "design-e2e-protocol", version: "0.0.0" })
  const errors: Array<Error> = []
  client.onerror = (e) => void errors.push(e)
  await client.connect(transport)
  try {
    const result = await f(client)
    expect(errors).toEqual([])
    return result
  } finally {
    await client.close()
  }
}

/** Writes `lines` to `design mcp` in one chunk, closes stdin, and returns every stdout line parsed. */
const rawSession = (lines: ReadonlyArray<string>) =>
  new Promise<Array<any>>((resolve, reject) => {
    const child = spawn(process.execPath, [DESIGN_BIN, "mcp"], {
      cwd: ROOT,
      env: serverEnv(),
      stdio: ["pipe", "pipe", "pipe"]
    })
    let out = ""
    child.stdout.setEncoding("utf8").on("data", (c: string) => void (out += c))
    const timer = setTimeout(() => child.kill("SIGKILL"), 15_000)
    child.once("error", reject)
    child.once("close", () => {
      clearTimeout(timer)
      try {
        resolve(out.split("\n").filter((l) => l.trim() !== "").map((l) => JSON.parse(l)))
      } catch (e) {
        reject(new Error(`stdout is not JSON lines: ${String(e)}\n${out}`))
      }
    })
    child.stdin.end(lines.map((l) => `${l}\n`).join(""))
  })

const INIT = JSON.stringify({
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "1" } }
})

describe("4.3 JSON-RPC errors by the spec, and the server keeps serving", () => {
  it("a non-JSON line gets -32700; an unknown method -32601 with the request's id; later requests in the same chunk are answered", async () => {
    const replies = await rawSession([
      INIT,
      JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }),
      "this is not json {",
      JSON.stringify({ jsonrpc: "2.0", id: 7, method: "bogus/method" }),
      JSON.stringify({ jsonrpc: "2.0", id: "str-8", method: "tools/call", params: { name: "design_user_me" } }),
      JSON.stringify({
        jsonrpc: "2.0",
        id: 9,
        method: "tools/call",
        params: { name: "design_no_such_tool", arguments: {} }
      }),
      JSON.stringify({ jsonrpc: "2.0", id: 10, method: "tools/list" })
    ])
    const byId = new Map(replies.filter((r) => r.id !== null && r.id !== undefined).map((r) => [r.id, r]))
    const parse = replies.find((r) => r.error?.code === -32700)
    expect(parse, JSON.stringify(replies)).toBeDefined()
    expect(parse.id).toBeNull()
    expect(byId.get(7)).toMatchObject({ jsonrpc: "2.0", id: 7, error: { code: -32601 } })
    expect(byId.get("str-8")?.result).toMatchObject({ isError: false })
    expect(JSON.parse(byId.get("str-8").result.content[0].text).handle).toBe(
      (sb.info.users as { admin: { handle: string } }).admin.handle
    )
    expect(byId.get(9)).toMatchObject({ error: { code: -32602 } })
    expect(byId.get(10)?.result.tools.length).toBeGreaterThan(0)
    // No reply carries an error code where the id belongs.
    for (const r of replies) expect([-32700, -32601, -32602]).not.toContain(r.id)
    // One request reached the service: user me.
    expect((await requestLog(sb)).map((q) => `${q.method} ${q.path}`)).toEqual(["GET /v1/me"])
  })

  it("tools/call without arguments works through the SDK; a tool that needs arguments says which", async () => {
    await withClient(async (client) => {
      const me = await client.request(
        { method: "tools/call", params: { name: "design_user_me" } },
        CallToolResultSchema
      )
      expect(me.isError ?? false).toBe(false)
      const get = await client.request(
        { method: "tools/call", params: { name: "design_webhook_get" } },
        CallToolResultSchema
      )
      expect(get.isError).toBe(true)
      expect(get.structuredContent).toMatchObject({
        error: { type: "InvalidInputError", exit_code: 2, message: expect.stringContaining("webhook_id") }
      })
    })
    expect((await requestLog(sb)).map((q) => q.path)).toEqual(["/v1/me"])
  })
})

describe("4.4 progress while waiting, and the waiting budget", () => {
  it("sends notifications/progress while a call waits out a 429, then answers", async () => {
    await addFault(sb, { method: "GET", path: "/v1/me", status: 429, headers: { "Retry-After": "1" }, times: 1 })
    const progress: Array<{ progress: number; message?: string | undefined }> = []
    const result = await withClient((client) =>
      client.callTool({ name: "design_user_me", arguments: {} }, undefined, {
        onprogress: (p) => void progress.push(p)
      })
    )
    expect(result.isError ?? false, JSON.stringify(result)).toBe(false)
    expect(progress.length, JSON.stringify(progress)).toBeGreaterThanOrEqual(1)
    expect(progress[0]!.progress).toBeGreaterThan(0)
    expect(progress[0]!.message ?? "").toMatch(/\S/)
    expect(await requestLog(sb)).toHaveLength(2)
  })

  it("sends no progress when the caller gave no progressToken (and the call still succeeds)", async () => {
    await addFault(sb, { method: "GET", path: "/v1/me", status: 429, headers: { "Retry-After": "1" }, times: 1 })
    const result = await withClient((client) => client.callTool({ name: "design_user_me", arguments: {} }))
    expect(result.isError ?? false).toBe(false)
  })

  it("DESIGN_MCP_BUDGET caps the waiting: a Retry-After beyond it fails at once as a rate-limit result", async () => {
    await addFault(sb, { method: "GET", path: "/v1/me", status: 429, headers: { "Retry-After": "5" }, times: 3 })
    const started = Date.now()
    const result = (await withClient((client) => client.callTool({ name: "design_user_me", arguments: {} }), [], {
      DESIGN_MCP_BUDGET: "2"
    })) as any
    expect(Date.now() - started).toBeLessThan(4_500)
    expect(result.isError).toBe(true)
    expect(result.structuredContent.error).toMatchObject({ exit_code: 6 })
    expect(result.structuredContent.error.remedy).not.toMatch(/--max-wait/)
    expect(await requestLog(sb)).toHaveLength(1)
  })

  it("an invalid DESIGN_MCP_BUDGET refuses to start (exit 2)", async () => {
    const r = await run(["mcp"], { env: { DESIGN_MCP_BUDGET: "soon" }, timeoutMs: 10_000 })
    expect(r.code, r.stderr).toBe(2)
    expect(r.stderr).toMatch(/budget/i)
  })
})

describe("6 toolsets and read-only", () => {
  const names = (args: Array<string>, env: Record<string, string> = {}) =>
    withClient(async (c) => (await c.listTools()).tools.map((t) => t.name).sort(), args, env)

  const toolsOf = (keep: (op: AnyOperation<never>) => boolean) =>
    designViews.filter(hasTool).filter((v) => keep(v.operation as AnyOperation<never>)).map((v) =>
      toolNameOf("design", v)
    ).sort()
  const WEBHOOKS = toolsOf((op) => op.group === "webhooks")

  it("--toolsets webhooks,users and DESIGN_TOOLSETS load only those groups", async () => {
    expect(await names(["--toolsets", "webhooks,users"])).toEqual([...WEBHOOKS, "design_user_me"].sort())
    expect(await names([], { DESIGN_TOOLSETS: "files" })).toEqual(toolsOf((op) => op.group === "files"))
  })

  it("--read-only and DESIGN_READ_ONLY=1 expose only read-only tools; a write tool answers that it is not served", async () => {
    const readOnly = toolsOf((op) => op.impact === "read")
    expect(readOnly).toContain("design_webhook_list")
    expect(readOnly).not.toContain("design_webhook_delete")
    expect(await names(["--read-only", "--toolsets", "all"])).toEqual(readOnly)
    expect(await names(["--toolsets", "all"], { DESIGN_READ_ONLY: "1" })).toEqual(readOnly)
    await withClient(async (c) => {
      for (const t of (await c.listTools()).tools) expect(t.annotations?.readOnlyHint, t.name).toBe(true)
      const refused = (await c.callTool({ name: "design_webhook_delete", arguments: { webhook_id: "1" } })) as any
      expect(refused.isError).toBe(true)
      expect(refused.structuredContent.error).toMatchObject({
        type: "ToolNotServed",
        exit_code: 2,
        read_only: true,
        message: expect.stringMatching(/^design_webhook_delete changes data, and this server is read-only/),
        remedy: expect.stringMatching(/DESIGN_READ_ONLY/)
      })
      // An unknown name is still a protocol error.
      await expect(c.callTool({ name: "design_no_such_tool", arguments: {} })).rejects.toThrow(/design_no_such_tool/)
    }, ["--read-only", "--toolsets", "webhooks"])
    expect(await requestLog(sb)).toEqual([])
  })

  it("--list-toolsets prints every toolset with its tools and exits 0, with no token", async () => {
    const r = await run(["mcp", "--list-toolsets"], { timeoutMs: 10_000 })
    expect(r.code, r.stderr).toBe(0)
    const lines = r.stdout.trim().split("\n")
    expect(lines.map((l) => l.split("\t")[0]).sort()).toEqual(
      [...new Set(designViews.map((v) => toolsetOf(v.operation as AnyOperation<never>)))].sort()
    )
    expect(r.stdout).toMatch(/^webhooks\t.*design_webhook_list/m)
    expect(r.stdout).toMatch(/^users\t.*design_user_me/m)
  })

  for (
    const [how, args, env] of [
      ["--toolsets webhoks", ["mcp", "--toolsets", "webhoks"], {}],
      ["DESIGN_TOOLSETS=webhoks", ["mcp"], { DESIGN_TOOLSETS: "webhoks" }]
    ] as const
  ) {
    it(`an unknown toolset (${how}) exits 2 with a did-you-mean and the valid names`, async () => {
      const r = await run(args, { env: { ...serverEnv(), ...env }, timeoutMs: 10_000 })
      expect(r.code, r.stderr).toBe(2)
      expect(r.stdout).toBe("")
      expect(r.stderr).toMatch(/^Error: .*webhoks/m)
      expect(r.stderr).toMatch(/did you mean "?webhooks"?/i)
      expect(r.stderr).toMatch(/^→ /m)
      expect(await requestLog(sb)).toEqual([])
    })
  }
})

describe("paging knobs on tools", () => {
  it("fetchAll follows a plan's pages; maxPages caps them; cursor resumes", async () => {
    await withClient(async (client) => {
      for (let i = 0; i < 4; i++) {
        const r = await client.callTool({
          name: "design_webhook_create",
          arguments: {
            event: "PING",
            context: "team",
            endpoint: `https://hooks.example.com/mcp/${i}`,
            passcode: "pc-mcp-paging"
          }
        })
        expect(r.isError ?? false).toBe(false)
      }
      const plan = `team-${sb.info.team_id}`
      const text = async (args: Record<string, unknown>) => {
        const r =
          (await client.callTool({ name: "design_webhook_list", arguments: { plan_api_id: plan, ...args } })) as any
        expect(r.isError ?? false, JSON.stringify(r)).toBe(false)
        return JSON.parse(r.content[0].text)
      }
      const first = await text({})
      expect(first).toMatchObject({ complete: false, pages: 1, next_cursor: expect.any(String) })
      expect(first.webhooks).toHaveLength(3)
      const rest = await text({ cursor: first.next_cursor })
      expect(rest).toMatchObject({ complete: true, next_cursor: null })
      expect(rest.webhooks).toHaveLength(1)
      expect(await text({ fetchAll: true })).toMatchObject({ complete: true, pages: 2 })
      expect(await text({ fetchAll: true, maxPages: 1 })).toMatchObject({ complete: false, pages: 1 })
      // The cursor names its listing: given to another (another plan), it is refused, and nothing is sent.
      const other = (await client.callTool({
        name: "design_webhook_list",
        arguments: { plan_api_id: "team-1300000000000000099", cursor: first.next_cursor }
      })) as any
      expect(other.isError).toBe(true)
      expect(other.structuredContent.error).toMatchObject({ type: "InvalidInputError", exit_code: 2 })
      expect(other.structuredContent.error.message).toMatch(/^cursor: must be a cursor this listing printed/)
    })
  })

  it("maxPages without fetchAll is an InvalidInputError result, as on the command line", async () => {
    const r = (await withClient((c) => c.callTool({ name: "design_webhook_list", arguments: { maxPages: 2 } }))) as any
    expect(r.isError).toBe(true)
    expect(r.structuredContent.error).toMatchObject({ type: "InvalidInputError", exit_code: 2 })
  })
})
