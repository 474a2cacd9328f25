/**
 * The tool listings, committed, so a changed tool shows in the diff that
 * changes it: test/mcp/__toolsnaps__/<program>/ holds one file per tool (what
 * tools/list says of it, and its toolset) and _server.json (the initialize
 * instructions, a line an item, and the tools in listing order). One file a
 * tool, as github-mcp-server's __toolsnaps__: a change names its tool in the
 * file name, and a renamed tool is a renamed file.
 *
 * Taken in-process from the registry (no binary); a last check holds what
 * `<program> mcp` really lists to the same files. A mismatch fails with the
 * file's diff. _default.json holds what the server serves when no toolset is
 * named (its instructions and tools, the toolsets tool among them). Accept a
 * change with
 *
 *   UPDATE_TOOLSNAPS=1 npx vitest run test/mcp/toolsnaps.test.ts
 *
 * which rewrites what changed and removes the files of tools gone.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js"
import * as Effect from "effect/Effect"
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"
import { makeCatalog } from "../../src/core/mcp/catalog.js"
import { hasTool, toolEntry } from "../../src/core/mcp/derive.js"
import { listedTool } from "../../src/core/mcp/protocol.js"
import { DEFAULT_TOOL_BUDGET, toolVocabulary } from "../../src/core/mcp/remedy.js"
import { sayOnce } from "../../src/core/mcp/said-once.js"
import type { AnyView } from "../../src/core/view.js"
import { designCli } from "../../src/design/cli/program.js"
import { designViews } from "../../src/design/operations.js"
import { taskmgrCli } from "../../src/taskmgr/cli/program.js"
import { taskmgrViews } from "../../src/taskmgr/operations.js"
import { baseEnv } from "../e2e/helpers.js"
import { inProcessServer } from "./in-process-transport.js"

const UPDATE = process.env.UPDATE_TOOLSNAPS === "1" || process.env.UPDATE_TOOLSNAPS === "true"
const ROOT = fileURLToPath(new URL("./__toolsnaps__/", import.meta.url))
const SERVER_FILE = "_server.json"
const DEFAULT_FILE = "_default.json"
const HOW = "UPDATE_TOOLSNAPS=1 npx vitest run test/mcp/toolsnaps.test.ts"

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`

/** What `<program> mcp` lists with every toolset: file name → its text. */
const snapshotOf = (program: "design" | "taskmgr", views: ReadonlyArray<AnyView>): Map<string, string> => {
  const entries = views.filter(hasTool).map((v) =>
    toolEntry(Effect.die("never called"), v, {
      program,
      format: "json",
      budget: DEFAULT_TOOL_BUDGET,
      vocabulary: toolVocabulary(`${program.toUpperCase()}_ACCESS_TOKEN`, program.toUpperCase())
    })
  )
  const { instructions, meanings, tools } = sayOnce(entries)
  const files = new Map<string, string>()
  files.set(
    SERVER_FILE,
    json({ name: program, instructions: instructions.split("\n"), tools: tools.map((t) => t.name) })
  )
  for (const tool of tools) files.set(`${tool.name}.json`, json({ ...listedTool(tool), toolset: tool.toolset }))
  const cli = program === "design" ? designCli : taskmgrCli
  const catalog = makeCatalog({
    program,
    prefix: program.toUpperCase(),
    tools,
    meanings,
    toolsetLines: new Map(),
    choice: { toolsets: cli.defaultToolsets ?? [], dynamic: true },
    readOnly: false,
    render: (value) => JSON.stringify(value)
  })
  const listed = catalog.listed()
  const toolsetsTool = listed.find((t) => t.name === `${program}_toolsets`)!
  files.set(
    DEFAULT_FILE,
    json({
      name: program,
      toolsets: cli.defaultToolsets,
      instructions: catalog.instructions.split("\n"),
      tools: listed.map((t) => t.name),
      bytes: Buffer.byteLength(JSON.stringify(listed.map(listedTool))),
      toolsets_tool: listedTool(toolsetsTool)
    })
  )
  return files
}

const read = (path: string) => (existsSync(path) ? readFileSync(path, "utf8") : undefined)

describe.each([
  { program: "design" as const, views: designViews },
  { program: "taskmgr" as const, views: taskmgrViews }
])("the $program tool listing", ({ program, views }) => {
  const dir = join(ROOT, program)
  const files = snapshotOf(program, views)
  if (UPDATE) mkdirSync(dir, { recursive: true })

  it.each([...files.keys()])("%s is as committed", (file) => {
    const path = join(dir, file)
    const now = files.get(file)!
    if (UPDATE && read(path) !== now) writeFileSync(path, now)
    const committed = read(path)
    expect(committed, `no snapshot of ${program} ${file}: run ${HOW}`).toBeDefined()
    expect(now, `${program} ${file} changed: if that is meant, run ${HOW} and commit the files`).toBe(committed)
  })

  it("has no snapshot of a tool it no longer has", () => {
    const stale = existsSync(dir) ? readdirSync(dir).filter((file) => !files.has(file)) : []
    if (UPDATE) { for (const file of stale) rmSync(join(dir, file)) }
    expect(UPDATE ? [] : stale, `snapshots of tools gone: run ${HOW}`).toEqual([])
  })

  it("is what the server lists by default: tools/list and instructions of `mcp` over the official client", async () => {
    const client = new Client({ name: "toolsnaps", version: "0.0.0" })
    await client.connect(inProcessServer(program, [], baseEnv()).transport)
    try {
      const { tools } = await client.listTools()
      const served = JSON.parse(files.get(DEFAULT_FILE)!) as {
        instructions: Array<string>
        tools: Array<string>
        toolsets_tool: unknown
      }
      expect(client.getInstructions()).toBe(served.instructions.join("\n"))
      expect(tools.map((t) => t.name)).toEqual(served.tools)
      for (const tool of tools) {
        if (tool.name === `${program}_toolsets`) expect(tool).toEqual(served.toolsets_tool)
        else {
          const { toolset: _, ...listed } = JSON.parse(files.get(`${tool.name}.json`)!) as Record<string, unknown>
          expect(tool, tool.name).toEqual(listed)
        }
      }
    } finally {
      await client.close()
    }
  })

  it("is what the server lists with every toolset", async () => {
    const client = new Client({ name: "toolsnaps", version: "0.0.0" })
    await client.connect(inProcessServer(program, ["--toolsets", "all"], baseEnv()).transport)
    try {
      const { tools } = await client.listTools()
      const server = JSON.parse(files.get(SERVER_FILE)!) as { instructions: Array<string>; tools: Array<string> }
      expect(client.getInstructions()).toBe(server.instructions.join("\n"))
      expect(tools.map((t) => t.name)).toEqual(server.tools)
      for (const tool of tools) {
        const { toolset: _, ...listed } = JSON.parse(files.get(`${tool.name}.json`)!) as Record<string, unknown>
        expect(tool, tool.name).toEqual(listed)
      }
    } finally {
      await client.close()
    }
  })
})
