/**
 * `design mcp` (the built binary) driven by the official MCP SDK client over
 * stdio, against `design sandbox`. If the server printed anything but protocol
 * on stdout, the SDK would fail to parse it and these calls would fail.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js"
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js"
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest"
import { hasTool, toolNameOf } from "../../src/core/mcp/names.js"
import { designViews } from "../../src/design/operations.js"
import { DESIGN_BIN, requestLog, resetSandbox, ROOT, type Sandbox, startSandbox } from "../e2e/helpers.js"

/** Every design tool the registry declares (the registry test checks the registry itself). */
const TOOLS = designViews.filter(hasTool).map((v) => toolNameOf("design", v)).sort()

const PASSCODE = "pc-SECRET-4242"
const ENDPOINT = "https://hooks.example.com/e2e/mcp"

interface Connected {
  readonly client: Client
  readonly stderr: () => string
  /** Transport and protocol errors, e.g. a stdout line that is not a JSON-RPC message. */
  readonly errors: Array<Error>
}

const connect = async (sb: Sandbox, extraEnv: Record<string, string> = {}): Promise<Connected> => {
  const env: Record<string, string> = {
    DESIGN_BASE_URL: sb.baseUrl,
    DESIGN_ACCESS_TOKEN: sb.info.tokens.personal,
    DESIGN_TEAM_ID: sb.info.team_id,
    NO_COLOR: "1",
    ...extraEnv
  }
  if (process.env.PATH !== undefined) env.PATH = process.env.PATH
  if (process.env.HOME !== undefined) env.HOME = process.env.HOME
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [DESIGN_BIN, "mcp", "--toolsets", "all"],
    env,
    cwd: ROOT,
    stderr: "pipe"
  })
  let stderr = ""
  transport.stderr?.on("data", (chunk: Buffer | string) => void (stderr += String(chunk)))
  const client = new Client({ name: "design-e2e", version: "0.0.0" })
  const errors: Array<Error> = []
  client.onerror = (error) => void errors.push(error)
  await client.connect(transport)
  return { client, stderr: () => stderr, errors }
}

interface ToolResult {
  readonly isError?: boolean
  readonly content: Array<{ type: string; text?: string }>
  readonly structuredContent?: Record<string, unknown>
}

const textOf = (result: ToolResult): string => {
  const texts = result.content.filter((c) => c.type === "text").map((c) => c.text ?? "")
  expect(texts).toHaveLength(1)
  return texts[0]!
}

let sb: Sandbox
let server: Connected
/** Every result text and structured content seen, to look for the passcode. */
const seen: Array<string> = []

const call = async (name: string, args: Record<string, unknown> = {}): Promise<ToolResult> => {
  const result = (await server.client.callTool({ name, arguments: args })) as ToolResult
  seen.push(JSON.stringify(result))
  return result
}

/** A successful call's text content, parsed as JSON. */
const ok = async (name: string, args: Record<string, unknown> = {}): Promise<any> => {
  const result = await call(name, args)
  expect(result.isError ?? false, JSON.stringify(result)).toBe(false)
  return JSON.parse(textOf(result))
}

beforeAll(async () => {
  sb = await startSandbox()
  server = await connect(sb)
})

afterAll(async () => {
  await server?.client.close()
  await sb?.stop()
})

beforeEach(async () => {
  await resetSandbox(sb)
})

describe("tools/list", () => {
  it("lists exactly the design tools, with valid names", async () => {
    const { tools } = await server.client.listTools()
    expect(tools.map((t) => t.name).sort()).toEqual(TOOLS)
    expect(tools.some((t) => /list_team/.test(t.name))).toBe(false)
    for (const tool of tools) {
      expect(tool.name).toMatch(/^[a-zA-Z0-9_-]{1,64}$/)
      expect(tool.description ?? "").not.toBe("")
      expect(tool.inputSchema.type).toBe("object")
    }
  })

  it("describes the inputs", async () => {
    const { tools } = await server.client.listTools()
    const byName = new Map(tools.map((t) => [t.name, t]))
    const create = byName.get("design_webhook_create")!
    expect([...(create.inputSchema.required ?? [])].sort()).toEqual(["context", "endpoint", "event", "passcode"])
    const createProps = create.inputSchema.properties as Record<string, { type?: string; enum?: Array<string> }>
    expect(Object.keys(createProps).sort()).toEqual([
      "context",
      "context_id",
      "description",
      "endpoint",
      "event",
      "passcode",
      "status"
    ])
    expect(createProps.context?.enum).toEqual(["team", "project", "file"])
    expect(createProps.event?.enum).toContain("PING")
    expect(createProps.endpoint?.type).toBe("string")
    expect(createProps.passcode?.type).toBe("string")
    for (
      const name of ["design_webhook_get", "design_webhook_update", "design_webhook_delete", "design_webhook_requests"]
    ) {
      const tool = byName.get(name)!
      const props = tool.inputSchema.properties as Record<string, { type?: string }>
      expect(props.webhook_id?.type, name).toBe("string")
      expect(tool.inputSchema.required ?? [], name).toContain("webhook_id")
    }
    const update = byName.get("design_webhook_update")!
    expect([...(update.inputSchema.required ?? [])].sort()).toEqual(["endpoint", "event", "passcode", "webhook_id"])
    // Paged tools take the front end's paging knobs; constraints survive into the schema.
    const listProps = byName.get("design_webhook_list")!.inputSchema.properties as Record<
      string,
      Record<string, unknown>
    >
    expect(listProps.cursor).toMatchObject({ type: "string" })
    expect(listProps.fetchAll).toMatchObject({ type: "boolean" })
    expect(listProps.maxPages).toMatchObject({ type: "integer" })
    expect((createProps as Record<string, Record<string, unknown>>).endpoint).toMatchObject({ maxLength: 2048 })
    const getProps = byName.get("design_webhook_get")!.inputSchema.properties as Record<string, Record<string, unknown>>
    expect(getProps.webhook_id).toMatchObject({ pattern: expect.any(String) })
  })

  it("annotates reads, writes and deletes truthfully", async () => {
    const { tools } = await server.client.listTools()
    // The listing leaves out hints equal to MCP's defaults: read it as a client must.
    const defaults = { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true }
    const hints = (name: string) => ({ ...defaults, ...tools.find((t) => t.name === name)!.annotations })
    for (const name of ["design_webhook_list", "design_webhook_get", "design_webhook_requests", "design_user_me"]) {
      expect(hints(name).readOnlyHint, name).toBe(true)
    }
    expect(hints("design_webhook_create")).toMatchObject({
      readOnlyHint: false,
      destructiveHint: false,
      idempotentHint: false
    })
    // An update overwrites the endpoint and passcode: destructive.
    expect(hints("design_webhook_update")).toMatchObject({
      readOnlyHint: false,
      destructiveHint: true,
      idempotentHint: true
    })
    for (const tool of tools) {
      const a = tool.annotations ?? {}
      for (const key of ["readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint"] as const) {
        expect(a[key] === undefined || typeof a[key] === "boolean", `${tool.name}.${key}`).toBe(true)
      }
    }
    expect(hints("design_webhook_delete")).toMatchObject({
      readOnlyHint: false,
      destructiveHint: true,
      idempotentHint: true
    })
  })
})

describe("tool calls", () => {
  it("create → list → get → update → requests → delete → delete again, never returning the passcode", async () => {
    seen.length = 0
    const teamId = sb.info.team_id
    const created = await ok("design_webhook_create", {
      event: "PING",
      context: "team",
      endpoint: ENDPOINT,
      passcode: PASSCODE,
      description: "mcp lifecycle"
    })
    expect(created).toMatchObject({
      event_type: "PING",
      context: "TEAM",
      context_id: teamId,
      status: "ACTIVE",
      endpoint: ENDPOINT
    })
    const id = created.id as string
    expect(id).toMatch(/^\d+$/)

    const listed = await ok("design_webhook_list", {})
    expect(listed.webhooks.map((w: { id: string }) => w.id)).toEqual([id])

    const got = await ok("design_webhook_get", { webhook_id: id })
    expect(got).toMatchObject({ id, event_type: "PING", endpoint: ENDPOINT, description: "mcp lifecycle" })

    const endpoint2 = `${ENDPOINT}-2`
    const updated = await ok("design_webhook_update", {
      webhook_id: id,
      event: "FILE_UPDATE",
      endpoint: endpoint2,
      passcode: PASSCODE,
      status: "PAUSED"
    })
    expect(updated).toMatchObject({ id, event_type: "FILE_UPDATE", endpoint: endpoint2, status: "PAUSED" })

    const requests = await ok("design_webhook_requests", { webhook_id: id })
    expect(requests).toMatchObject({ delivered: 1, failed: 0 })
    expect(requests.requests).toEqual([expect.objectContaining({ event: "PING", status: "200" })])

    expect(await ok("design_webhook_delete", { webhook_id: id })).toEqual({
      deleted: true,
      webhook_id: id,
      already_absent: false
    })
    expect(await ok("design_webhook_delete", { webhook_id: id })).toEqual({
      deleted: true,
      webhook_id: id,
      already_absent: true
    })

    for (const text of seen) expect(text).not.toContain(PASSCODE)
    const log = await requestLog(sb)
    expect(log.map((q) => q.method)).toEqual(["POST", "GET", "GET", "PUT", "GET", "DELETE", "DELETE"])
    for (const w of log.filter((q) => q.method === "POST" || q.method === "PUT")) {
      expect(w.body).toMatchObject({ passcode: "***" })
    }
  })

  it("user_me returns the admin as JSON", async () => {
    const me = await ok("design_user_me", {})
    expect(me.handle).toBe((sb.info.users as { admin: { handle: string } }).admin.handle)
  })

  it("a missing webhook is an error result: NotFoundError, exit_code 5", async () => {
    const result = await call("design_webhook_get", { webhook_id: "999999" })
    expect(result.isError).toBe(true)
    const error = (result.structuredContent as { error?: Record<string, unknown> } | undefined)?.error
    expect(error).toMatchObject({ type: "NotFoundError", exit_code: 5 })
    expect(error?.message).toEqual(expect.stringMatching(/\S/))
    expect(error?.remedy).toEqual(expect.stringMatching(/\S/))
    expect(JSON.parse(textOf(result))).toEqual(result.structuredContent)
  })

  it("invalid arguments are an InvalidInputError result and nothing is sent", async () => {
    const result = await call("design_webhook_create", {
      event: "PING",
      context: "team",
      endpoint: "http://hooks.example.com/plain",
      passcode: PASSCODE
    })
    expect(result.isError).toBe(true)
    const error = (result.structuredContent as { error?: Record<string, unknown> } | undefined)?.error
    expect(error).toMatchObject({ type: "InvalidInputError", exit_code: 2 })
    expect(String(error?.message)).toMatch(/endpoint/)
    // The remedy speaks the tool server's words, not CLI flags.
    expect(String(error?.remedy)).not.toMatch(/--\w/)
    expect(JSON.stringify(result)).not.toContain(PASSCODE)
    expect(await requestLog(sb)).toEqual([])
  })

  it("a non-numeric webhook id is refused before sending", async () => {
    const result = await call("design_webhook_delete", { webhook_id: "abc" })
    expect(result.isError).toBe(true)
    expect(result.structuredContent).toMatchObject({
      error: { type: "InvalidInputError", exit_code: 2, message: expect.stringMatching(/webhook_id.*numeric/) }
    })
    expect(await requestLog(sb)).toEqual([])
  })
})

describe("DESIGN_MCP_FORMAT=toon", () => {
  it("returns TOON text", async () => {
    const toon = await connect(sb, { DESIGN_MCP_FORMAT: "toon" })
    try {
      const result = (await toon.client.callTool({ name: "design_user_me", arguments: {} })) as ToolResult
      expect(result.isError ?? false, JSON.stringify(result)).toBe(false)
      const text = textOf(result)
      expect(() => JSON.parse(text)).toThrow()
      expect(text).toMatch(/^handle: /m)
      expect(text).toContain((sb.info.users as { admin: { handle: string } }).admin.handle)
      expect(toon.errors).toEqual([])
    } finally {
      await toon.client.close()
    }
  })
})

describe("the stdio channel", () => {
  // Runs last in this file, after every call above.
  it("carried nothing but protocol, and the passcode never reached stderr", async () => {
    // A stdout line that is not JSON-RPC makes the SDK report an error and close the transport.
    expect(server.errors).toEqual([])
    const { tools } = await server.client.listTools()
    expect(tools).toHaveLength(TOOLS.length)
    expect(server.stderr()).not.toContain(PASSCODE)
  })
})
