/**
 * Both built tool servers over real stdio, each against its own sandbox:
 * `sandbox(bin)` starts a sandbox, `connect(bin, env)` the official client on
 * `<bin> mcp --toolsets all` (or other arguments); everything started is
 * closed after the file's tests.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js"
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js"
import type { ChildProcess } from "node:child_process"
import { afterAll } from "vitest"
import { baseEnv, DESIGN_BIN, ROOT, spawnSandbox } from "../e2e/helpers.js"

export type Info = Record<string, any>

export const binaryServers = (clientName: string) => {
  const children: Array<ChildProcess> = []
  const clients: Array<Client> = []
  afterAll(async () => {
    for (const client of clients) await client.close().catch(() => undefined)
    for (const child of children) child.kill("SIGTERM")
  })
  return {
    sandbox: async (bin: string): Promise<Info> => {
      const started = await spawnSandbox<Info>(bin, bin === DESIGN_BIN ? "design" : "taskmgr")
      children.push(started.child)
      return started.info
    },
    /** `<bin> mcp` with every toolset unless `args` say otherwise. */
    connect: async (
      bin: string,
      env: Record<string, string>,
      args: ReadonlyArray<string> = ["--toolsets", "all"]
    ): Promise<Client> => {
      const transport = new StdioClientTransport({
        command: process.execPath,
        args: [bin, "mcp", ...args],
        env: { ...baseEnv(), ...env },
        cwd: ROOT,
        stderr: "pipe"
      })
      const client = new Client({ name: clientName, version: "0.0.0" })
      await client.connect(transport)
      clients.push(client)
      return client
    }
  }
}
