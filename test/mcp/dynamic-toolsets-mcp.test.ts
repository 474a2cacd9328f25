/**
 * A small default, everything reachable, through the official MCP client:
 * with no toolset named each server serves its default toolsets and
 * `<program>_toolsets`, at most 40 tools and 16 KB of tools/list; the
 * toolsets tool lists every toolset in a line and serves one more, telling
 * the client its tool list changed; a tool not served says which toolset
 * holds it and how to serve it, or that it writes on a read-only server;
 * `--toolsets all` and named toolsets serve what they name, without it.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js"
import { ToolListChangedNotificationSchema } from "@modelcontextprotocol/sdk/types.js"
import { afterEach, describe, expect, it } from "vitest"
import { hasTool } from "../../src/core/mcp/derive.js"
import { toolNameOf } from "../../src/core/mcp/names.js"
import { designViews } from "../../src/design/operations.js"
import { taskmgrViews } from "../../src/taskmgr/operations.js"
import { baseEnv } from "../e2e/helpers.js"
import { inProcessServer } from "./in-process-transport.js"

interface Result {
  readonly isError?: boolean
  readonly content: Array<{ type: string; text?: string }>
  readonly structuredContent?: { readonly error: Record<string, unknown> }
}

const clients: Array<Client> = []
afterEach(async () => {
  for (const client of clients.splice(0)) await client.close()
})

/** The client, and the tools/list_changed notifications it has had. */
const connect = async (program: "design" | "taskmgr", args: ReadonlyArray<string> = [], env = {}) => {
  const client = new Client({ name: "dynamic-toolsets", version: "0.0.0" })
  const changes: Array<unknown> = []
  client.setNotificationHandler(ToolListChangedNotificationSchema, (n) => void changes.push(n))
  await client.connect(inProcessServer(program, args, { ...baseEnv(), ...env }).transport)
  clients.push(client)
  const call = async (name: string, args: Record<string, unknown> = {}) =>
    (await client.callTool({ name, arguments: args })) as unknown as Result
  return { client, changes, call }
}

const every = { design: designViews, taskmgr: taskmgrViews }

describe.each(["design", "taskmgr"] as const)("%s mcp with no toolset named", (program) => {
  it("serves at most 40 tools and 16 KB of tools/list, the toolsets tool among them, and says it may change", async () => {
    const { call, client } = await connect(program)
    const { tools } = await client.listTools()
    expect(tools.length).toBeLessThanOrEqual(40)
    expect(Buffer.byteLength(JSON.stringify(tools))).toBeLessThanOrEqual(16 * 1024)
    expect(tools.map((t) => t.name)).toContain(`${program}_toolsets`)
    expect(client.getServerCapabilities()?.tools).toEqual({ listChanged: true })
    expect(client.getInstructions()).toContain(`${program}_toolsets lists the others`)
    // Listing the toolsets: every toolset of the server, a line each, the served ones marked.
    const listed = JSON.parse((await call(`${program}_toolsets`)).content[0]!.text!) as {
      toolsets: Array<{ name: string; description: string; tools: number; served: boolean }>
    }
    const all = new Set(every[program].filter(hasTool).map((v) => v.operation.group.replace(/-/g, "_")))
    expect(listed.toolsets.map((t) => t.name).sort()).toEqual([...all].sort())
    for (const t of listed.toolsets) {
      expect(t.description, t.name).toMatch(/\S/)
      // One line, in tool words: help's lines lose the flags they mention.
      expect(t.description, t.name).not.toMatch(/\n|--/)
    }
    const served = new Set(tools.map((t) => t.name))
    for (const t of listed.toolsets) {
      const members = every[program].filter(hasTool).filter((v) => v.operation.group.replace(/-/g, "_") === t.name)
      expect(t.served, t.name).toBe(members.every((v) => served.has(toolNameOf(program, v))))
    }
  })

  it("--toolsets all serves every tool and no toolsets tool; named toolsets serve those alone", async () => {
    const all = await connect(program, ["--toolsets", "all"])
    const names = (await all.client.listTools()).tools.map((t) => t.name)
    expect(names.sort()).toEqual(every[program].filter(hasTool).map((v) => toolNameOf(program, v)).sort())
    expect(all.client.getServerCapabilities()?.tools).toEqual({ listChanged: false })
    const named = await connect(program, ["--toolsets", "comments"])
    for (const t of (await named.client.listTools()).tools) expect(t.name).toMatch(new RegExp(`^${program}_comment`))
  })
})

describe("taskmgr_toolsets", () => {
  it("serves a toolset on request: the client is told, the tools are listed, their bare parameters explained", async () => {
    const { call, changes, client } = await connect("taskmgr")
    const before = (await client.listTools()).tools.map((t) => t.name)
    expect(before).not.toContain("taskmgr_goal_create")
    const enabled = await call("taskmgr_toolsets", { enable: "goals" })
    expect(enabled.isError ?? false).toBe(false)
    const said = JSON.parse(enabled.content[0]!.text!) as { enabled: string; tools: Array<string> }
    expect(said).toMatchObject({ enabled: "goals" })
    expect(said.tools).toContain("taskmgr_goal_create")
    await expect.poll(() => changes.length).toBe(1)
    const after = (await client.listTools()).tools.map((t) => t.name)
    expect(after).toEqual(expect.arrayContaining([...before, ...said.tools]))
    // Every parameter the new tools list bare is explained by now: at initialize, or in this answer.
    const known = `${client.getInstructions() ?? ""}\n${enabled.content[0]!.text!}`
    for (const tool of (await client.listTools()).tools.filter((t) => said.tools.includes(t.name))) {
      for (const [name, property] of Object.entries(tool.inputSchema.properties ?? {})) {
        if ((property as { description?: string }).description !== undefined) continue
        if (["cursor", "fetchAll", "maxPages"].includes(name)) continue
        expect(known, `${tool.name}.${name}`).toMatch(new RegExp(`- ${name}: `))
      }
    }
    // Again: already served, nothing changes.
    const again = JSON.parse((await call("taskmgr_toolsets", { enable: "goals" })).content[0]!.text!)
    expect(again).toMatchObject({ enabled: "goals", already_served: true })
    expect(changes).toHaveLength(1)
  })

  it("refuses a toolset it does not have, naming the ones it has", async () => {
    const { call } = await connect("taskmgr")
    const refused = await call("taskmgr_toolsets", { enable: "gaols" })
    expect(refused.isError).toBe(true)
    expect(refused.structuredContent?.error).toMatchObject({ type: "InvalidInputError", exit_code: 2 })
    expect(refused.structuredContent?.error.remedy).toContain("goals")
  })

  it("a tool not served answers which toolset holds it and how to serve it; nothing is sent", async () => {
    const { call } = await connect("taskmgr", [], { TASKMGR_BASE_URL: "http://127.0.0.1:9" })
    const result = await call("taskmgr_goal_get", { goal_gid: "1" })
    expect(result.isError).toBe(true)
    expect(result.structuredContent?.error).toEqual({
      type: "ToolNotServed",
      exit_code: 2,
      message: "taskmgr_goal_get is in the goals toolset, which this server does not serve yet.",
      remedy: `Call taskmgr_toolsets with enable: "goals", then call taskmgr_goal_get again.`,
      tool: "taskmgr_goal_get",
      toolset: "goals"
    })
  })

  it("on a read-only server serves a toolset's reads only; a write says the server is read-only", async () => {
    const { call, client } = await connect("taskmgr", ["--read-only"])
    await call("taskmgr_toolsets", { enable: "goals" })
    const goals = (await client.listTools()).tools.filter((t) => t.name.startsWith("taskmgr_goal_"))
    expect(goals.map((t) => t.name).sort()).toEqual(["taskmgr_goal_get", "taskmgr_goal_list"])
    const write = await call("taskmgr_goal_create", { name: "x" })
    expect(write.structuredContent?.error).toMatchObject({
      type: "ToolNotServed",
      read_only: true,
      message:
        "taskmgr_goal_create changes data, and this server is read-only: it serves only tools that change nothing."
    })
    expect(String(write.structuredContent?.error.remedy)).toContain("TASKMGR_READ_ONLY")
  })

  it("with named toolsets, a tool of another says how the user can serve it", async () => {
    const { call, client } = await connect("taskmgr", ["--toolsets", "tags"])
    expect((await client.listTools()).tools.map((t) => t.name)).not.toContain("taskmgr_toolsets")
    const result = await call("taskmgr_goal_get", { goal_gid: "1" })
    expect(result.structuredContent?.error).toMatchObject({ type: "ToolNotServed", toolset: "goals" })
    expect(String(result.structuredContent?.error.remedy)).toMatch(/TASKMGR_TOOLSETS/)
  })
})
