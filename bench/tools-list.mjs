// What an agent pays to know our tools: the bytes of the tools/list answer,
// measured through the official MCP client against `design mcp` and
// `taskmgr mcp`, as they start by default (their default toolsets and the
// toolsets tool) and with every tool (`--toolsets all`).
// Usage: node bench/tools-list.mjs
import { Client } from "@modelcontextprotocol/sdk/client/index.js"
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js"

const BEST_EXISTING_BYTES_PER_TOOL = 830

const bytes = (value) => Buffer.byteLength(JSON.stringify(value))
// What the listing would weigh with all four hints on every tool, for comparison.
const FULL_HINTS = { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true }

for (const [program, mode] of ["design", "taskmgr"].flatMap((p) => [[p, []], [p, ["--toolsets", "all"]]])) {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [`dist/${program}.js`, "mcp", ...mode],
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
    `${program} mcp ${
      mode.length === 0 ? "(default)" : mode.join(" ")
    } tools/list: ${tools.length} tools, ${total} bytes, ${(total / tools.length).toFixed(0)} bytes a tool` +
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
