// What an agent pays to know our tools: the bytes of the tools/list answer,
// measured through the official MCP client against `design mcp`.
// Usage: node bench/tools-list.mjs
import { Client } from "@modelcontextprotocol/sdk/client/index.js"
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js"

const BEST_EXISTING_BYTES_PER_TOOL = 830

const bytes = (value) => Buffer.byteLength(JSON.stringify(value))
// What the listing would weigh with all four hints on every tool, for comparison.
const FULL_HINTS = { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true }

for (const program of ["design", "taskmgr"]) {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [`dist/${program}.js`, "mcp"],
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "" },
    stderr: "ignore"
  })
  const client = new Client({ name: "bench", version: "1" })
  await client.connect(transport)
  const { tools } = await client.listTools()
  const instructions = client.getInstructions() ?? ""
  await client.close()
  const total = bytes(tools)
  const full = bytes(tools.map((t) => ({ ...t, annotations: { ...FULL_HINTS, ...t.annotations } })))
  console.log(
    `${program} tools/list: ${tools.length} tools, ${total} bytes, ${(total / tools.length).toFixed(0)} bytes a tool` +
      ` (${(full / tools.length).toFixed(0)} with all four hints spelled out)`
  )
  console.log(
    `  + instructions at initialize (what the tools share, said once): ${Buffer.byteLength(instructions)} bytes`
  )
  console.log(
    `  best existing wrapper: ~${BEST_EXISTING_BYTES_PER_TOOL} bytes a tool -> ours is ${
      ((total / tools.length / BEST_EXISTING_BYTES_PER_TOOL) * 100).toFixed(0)
    }% of it`
  )
  const largest = [...tools].sort((a, b) => bytes(b) - bytes(a)).slice(0, 5)
  for (const tool of largest) console.log(`  ${tool.name.padEnd(34)} ${String(bytes(tool)).padStart(5)} bytes`)
}
