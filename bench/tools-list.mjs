// What an agent pays to know our tools: the bytes of the tools/list answer,
// measured through the official MCP client against `design mcp`.
// Usage: node bench/tools-list.mjs
import { Client } from "@modelcontextprotocol/sdk/client/index.js"
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js"

const BEST_EXISTING_BYTES_PER_TOOL = 830

const transport = new StdioClientTransport({
  command: process.execPath,
  args: ["dist/design.js", "mcp"],
  env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "" },
  stderr: "ignore"
})
const client = new Client({ name: "bench", version: "1" })
await client.connect(transport)
const { tools } = await client.listTools()
await client.close()

const bytes = (value) => Buffer.byteLength(JSON.stringify(value))
const total = bytes(tools)
console.log(`tools/list: ${tools.length} tools, ${total} bytes, ${(total / tools.length).toFixed(0)} bytes a tool`)
console.log(`best existing wrapper: ~${BEST_EXISTING_BYTES_PER_TOOL} bytes a tool -> ours is ${((total / tools.length / BEST_EXISTING_BYTES_PER_TOOL) * 100).toFixed(0)}% of it`)
for (const tool of tools) console.log(`  ${tool.name.padEnd(26)} ${String(bytes(tool)).padStart(5)} bytes`)
