/**
 * DESIGN_DEBUG=api on the tool server, through the official MCP client
 * against `design mcp` in-process and `design sandbox`: each exchange with
 * the service and each tools/call is said on stderr, as the command line
 * says its exchanges, secrets masked; stdout carries protocol only; without
 * it, stderr says nothing of them.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { baseEnv, type Sandbox, startSandbox } from "../e2e/helpers.js"
import { inProcessServer } from "./in-process-transport.js"

let sb: Sandbox
beforeAll(async () => {
  sb = await startSandbox()
}, 60_000)
afterAll(async () => {
  await sb?.stop()
})

const session = async (env: Record<string, string>) => {
  const server = inProcessServer("design", [], { ...baseEnv(), ...sb.env, ...env })
  const client = new Client({ name: "debug-log", version: "0.0.0" })
  await client.connect(server.transport)
  await client.callTool({ name: "design_user_me", arguments: {} })
  await client.callTool({ name: "design_file_meta", arguments: { file_key: "not-a-file" } })
  await client.close()
  return server.stderr()
}

describe("design mcp in debug mode", () => {
  it("says each exchange and each call on stderr, the token masked", async () => {
    const stderr = await session({ DESIGN_DEBUG: "api" })
    expect(stderr).toMatch(/^> GET http:\/\/127\.0\.0\.1:\d+\/v1\/me$/m)
    expect(stderr).toMatch(/^> x-design-token: \*\*\*/im)
    expect(stderr).toMatch(/^< 200 \(\d+ ms\)$/m)
    expect(stderr).toMatch(/^mcp: tools\/call design_user_me: ok, \d+ bytes, \d+ ms$/m)
    expect(stderr).toMatch(/^mcp: tools\/call design_file_meta: error \w+, \d+ bytes, \d+ ms$/m)
    expect(stderr).not.toContain(sb.env.DESIGN_ACCESS_TOKEN!)
  })

  it("says none of it otherwise", async () => {
    const stderr = await session({})
    expect(stderr).not.toMatch(/^> GET|^mcp: tools\/call/m)
  })
})
