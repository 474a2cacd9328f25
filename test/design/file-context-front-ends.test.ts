/**
 * `design file context` (the command line, in process) and the tool
 * design_file_context (the built `design mcp` through the official MCP
 * client), against `design sandbox`: --node-id and --depth, the compact text
 * that is the tool's answer byte for byte, and the file commands' errors.
 */
import type { Client } from "@modelcontextprotocol/sdk/client/index.js"
import { beforeAll, describe, expect, it } from "vitest"
import { describeRun, DESIGN_BIN, requestLog, type RunResult, usageErrorOf, useSandbox } from "../e2e/helpers.js"
import { binaryServers, type Info } from "../mcp/binary-servers.js"

const ctx = useSandbox({ inProcess: true })
const KEY = "SbxF1leKey0000Sandbox01"

const ok = (r: RunResult) => {
  expect(r.code, describeRun(r)).toBe(0)
  return r
}

const heads = (context: { nodes: Array<Record<string, unknown>> }) => context.nodes.map((n) => Object.keys(n)[0])

describe("design file context", () => {
  it("prints compact JSON on one line; --node-id (repeated or a comma list) and --depth narrow it", async () => {
    const r = ok(await ctx.design(["file", "context", KEY, "--node-id", "2:1", "--node-id", "1:3", "--depth", "1"]))
    expect(r.stdout.trimEnd().split("\n")).toHaveLength(1)
    const context = JSON.parse(r.stdout)
    expect(JSON.stringify(context)).toBe(r.stdout.trimEnd())
    expect(heads(context)).toEqual(["FRAME 2:1", "TEXT 1:3"])
    expect(context.nodes[0].children.find((c: Record<string, unknown>) => "INSTANCE 2:3" in c)).toMatchObject({
      component: "3:8",
      more: true
    })
    expect((await requestLog(ctx.sb)).map((q) => [q.path, q.query])).toEqual([
      [`/v1/files/${KEY}/nodes`, { ids: "2:1,1:3", depth: "1" }]
    ])
    const comma = ok(await ctx.design(["file", "context", KEY, "--node-id", "2:1,1:3", "--depth", "1"]))
    expect(comma.stdout).toBe(r.stdout)
  })

  it("--json indents the same context", async () => {
    const text = ok(await ctx.design(["file", "context", KEY, "--node-id", "2:1"])).stdout
    const json = ok(await ctx.design(["file", "context", KEY, "--node-id", "2:1", "--json"])).stdout
    expect(json.split("\n").length).toBeGreaterThan(20)
    expect(JSON.parse(json)).toEqual(JSON.parse(text))
  })

  it("names an unknown node (exit 5) and refuses a malformed key or node id before sending (exit 2)", async () => {
    const unknown = await ctx.design(["file", "context", KEY, "--node-id", "9:99"])
    expect(unknown.code, describeRun(unknown)).toBe(5)
    expect(unknown.stdout).toBe("")
    expect(unknown.stderr).toContain(`file ${KEY} has no node 9:99.`)
    expect(unknown.stderr).toMatch(/^→ Check the id, key or URL/m)
    await ctx.design(["file", "context", "NoSuchFileKey0000000000"]).then((r) => expect(r.code).toBe(5))
    const sentBefore = (await requestLog(ctx.sb)).length
    expect(usageErrorOf(await ctx.design(["file", "context", "not a key"]))).toContain("file-key")
    expect(usageErrorOf(await ctx.design(["file", "context", KEY, "--node-id", "2-1"]))).toContain(
      "here it is 2:1"
    )
    expect(usageErrorOf(await ctx.design(["file", "context", KEY, "--depth", "0"]))).toContain("--depth")
    expect((await requestLog(ctx.sb)).length).toBe(sentBefore)
  })
})

describe("the design_file_context tool", () => {
  const servers = binaryServers("design-context-test")
  let info: Info
  let client: Client
  beforeAll(async () => {
    info = await servers.sandbox(DESIGN_BIN)
    client = await servers.connect(DESIGN_BIN, {
      DESIGN_BASE_URL: info.base_url,
      DESIGN_ACCESS_TOKEN: info.tokens.personal,
      DESIGN_TEAM_ID: info.team_id
    })
  })

  it("is listed with its parameters described, and answers the command's text byte for byte", async () => {
    const { tools } = await client.listTools()
    const tool = tools.find((t) => t.name === "design_file_context")
    const properties = tool?.inputSchema.properties as Record<string, { description?: string }>
    expect(Object.keys(properties)).toEqual(["file_key", "node_ids", "depth", "version", "hidden", "vectors"])
    for (const name of ["node_ids", "depth", "hidden", "vectors"]) expect(properties[name]?.description).toBeTruthy()
    const result = await client.callTool({
      name: "design_file_context",
      arguments: { file_key: KEY, node_ids: ["2:1"] }
    })
    expect(result.isError ?? false).toBe(false)
    const content = result.content as Array<{ type: string; text: string }>
    expect(content).toHaveLength(1)
    const printed = ok(
      await ctx.design(["file", "context", KEY, "--node-id", "2:1"], {
        DESIGN_BASE_URL: info.base_url,
        DESIGN_ACCESS_TOKEN: info.tokens.personal
      })
    )
    expect(content[0]!.text).toBe(printed.stdout.trimEnd())
    expect(heads(JSON.parse(content[0]!.text))).toEqual(["FRAME 2:1"])
  })

  it("answers an unknown node as a tool error naming it", async () => {
    const result = await client.callTool({
      name: "design_file_context",
      arguments: { file_key: KEY, node_ids: ["9:99"] }
    })
    expect(result.isError).toBe(true)
    expect(result.structuredContent).toMatchObject({
      error: { type: "NotFoundError", exit_code: 5, message: `file ${KEY} has no node 9:99.` }
    })
  })
})
