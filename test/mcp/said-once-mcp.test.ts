/**
 * What many tools share is said once: over the official client, the built
 * servers' initialize instructions explain paging and the one delete rule and
 * give every parameter description the tools list bare; no tool keeps one of
 * those descriptions, and a parameter described its own way keeps it.
 */
import { describe, expect, it } from "vitest"
import { SAID_ONCE_MIN_TOOLS, sayOnce } from "../../src/core/mcp/said-once.js"
import type { ToolEntry } from "../../src/core/mcp/types.js"
import { DESIGN_BIN, TASKMGR_BIN } from "../e2e/helpers.js"
import { binaryServers } from "./binary-servers.js"

const { connect } = binaryServers("said-once-mcp")

type Properties = Record<string, { description?: string }>

describe.each([["design", DESIGN_BIN], ["taskmgr", TASKMGR_BIN]])("%s mcp", (_name, bin) => {
  it("says shared descriptions once, in its instructions, and lists those parameters bare", async () => {
    const client = await connect(bin, {})
    const instructions = client.getInstructions() ?? ""
    expect(instructions).toContain("pass it back as cursor")
    expect(instructions).toContain("already_absent: true")
    const said = new Map([...instructions.matchAll(/^- ([a-z_]+): (.+)$/gm)].map((m) => [m[1]!, m[2]!]))
    expect(said.size).toBeGreaterThan(2)
    const { tools } = await client.listTools()
    for (const tool of tools) {
      for (const [name, property] of Object.entries((tool.inputSchema.properties ?? {}) as Properties)) {
        if (said.has(name)) expect(property.description, `${tool.name}.${name}`).not.toBe(said.get(name))
      }
    }
    // Each said-once description stands for at least SAID_ONCE_MIN_TOOLS tools listing that parameter bare.
    for (const name of said.keys()) {
      const bare = tools.filter((t) => {
        const p = ((t.inputSchema.properties ?? {}) as Properties)[name]
        return p !== undefined && p.description === undefined
      })
      expect(bare.length, name).toBeGreaterThanOrEqual(SAID_ONCE_MIN_TOOLS)
    }
  })
})

describe("sayOnce", () => {
  const tool = (name: string, properties: Properties): ToolEntry => ({
    name,
    description: name,
    inputSchema: { type: "object", properties },
    annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
    toolset: "t",
    call: () => {
      throw new Error("not called")
    }
  })
  it("keeps one meaning per name: the commonest description is said once, the others stay in their tools", () => {
    const common = { limit: { description: "Page size" } }
    const tools = [
      ...Array.from({ length: SAID_ONCE_MIN_TOOLS }, (_, i) => tool(`a${i}`, common)),
      ...Array.from(
        { length: SAID_ONCE_MIN_TOOLS - 1 },
        (_, i) => tool(`b${i}`, { limit: { description: "Rows to read" } })
      )
    ]
    const { instructions, tools: listed } = sayOnce(tools)
    expect(instructions).toContain("- limit: Page size")
    expect(instructions).not.toContain("Rows to read")
    expect(listed.map((t) => (t.inputSchema.properties as Properties).limit?.description)).toEqual([
      ...Array(SAID_ONCE_MIN_TOOLS).fill(undefined),
      ...Array(SAID_ONCE_MIN_TOOLS - 1).fill("Rows to read")
    ])
  })
})
