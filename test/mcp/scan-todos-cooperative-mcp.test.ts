/**
 * A long `taskmgr_task_scan_todos` in the built tool server leaves the server
 * serving: a ping is answered while it runs, a cancelled scan stops and the
 * next call is answered at once, and the call's budget ends it. The tree is
 * a few thousand hard links to one large file full of comments: cheap to
 * make, and a minute or more to scan.
 */
import type { Client } from "@modelcontextprotocol/sdk/client/index.js"
import type { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js"
import { existsSync, linkSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { TASKMGR_BIN } from "../e2e/helpers.js"
import { binaryServers } from "./binary-servers.js"

const { connect } = binaryServers("scan-todos-cooperative-mcp")
const root = mkdtempSync(join(tmpdir(), "scan-cooperative-"))
// The scanned tree lies outside the server's working directory: allowed by name, as a user would.
const env = {
  TASKMGR_ACCESS_TOKEN: "token-never-sent",
  TASKMGR_BASE_URL: "https://127.0.0.1:9/api/1.0",
  TASKMGR_ALLOW_PATHS: root
}
const slow = join(root, "slow")
const quick = join(root, "quick")
afterAll(() => rmSync(root, { recursive: true, force: true }))

beforeAll(() => {
  mkdirSync(slow)
  // About 2 MB of block comments and strings, every token lexed (a marker at the end keeps the lexer going).
  writeFileSync(join(root, "big.ts"), `${"/* a */ const s = \"b\"; // c\n".repeat(70_000)}// TODO: last\n`)
  for (let i = 0; i < 3_000; i++) linkSync(join(root, "big.ts"), join(slow, `f${i}.ts`))
  mkdirSync(quick)
  writeFileSync(join(quick, "a.ts"), "// TODO: quick\n")
})

const scan = (client: Client, dir: string, signal?: AbortSignal) =>
  client.callTool(
    { name: "taskmgr_task_scan_todos", arguments: { dir } },
    undefined,
    signal === undefined ? { timeout: 120_000 } : { signal, timeout: 120_000 }
  )

/** How long an effect took, in ms. */
const timed = async <A>(run: () => Promise<A>) => {
  const started = performance.now()
  const value = await run()
  return { value, ms: performance.now() - started }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** The CPU time a process has used, in clock ticks (Linux); undefined elsewhere. */
const cpuTicks = (pid: number | null | undefined) => {
  const stat = `/proc/${pid}/stat`
  if (pid === null || pid === undefined || !existsSync(stat)) return undefined
  const fields = readFileSync(stat, "utf8").replace(/^.*\) /, "").split(" ")
  return Number(fields[11]) + Number(fields[12])
}

describe("a long scan in the tool server", () => {
  let client: Client
  beforeAll(async () => {
    client = await connect(TASKMGR_BIN, env)
  }, 60_000)

  it("answers a ping while it runs, and stops when cancelled: the next call is answered at once", async () => {
    const cancel = new AbortController()
    const running = scan(client, slow, cancel.signal).then(() => "answered", () => "cancelled")
    await sleep(500)
    // Before: the walk held the event loop, and the ping waited for the whole scan (minutes here). Now it waits
    // for the end of the walk's first slice at most (half a second of CPU, two seconds at most).
    const ping = await timed(() => client.ping())
    expect(ping.ms).toBeLessThan(3_000)
    cancel.abort()
    expect(await running).toBe("cancelled")
    // The walk itself stopped: the server is idle afterwards, not scanning on behind the answer.
    const pid = (client.transport as StdioClientTransport | undefined)?.pid
    const before = cpuTicks(pid)
    await sleep(1_000)
    const after = cpuTicks(pid)
    if (before !== undefined && after !== undefined) expect(after - before).toBeLessThan(30)
    const next = await timed(() => scan(client, quick))
    expect(JSON.parse((next.value.content as Array<{ text: string }>)[0]!.text)).toMatchObject({
      drafts: [{ path: "a.ts", name: "quick" }]
    })
    expect(next.ms).toBeLessThan(3_000)
  }, 60_000)

  it("ends at the call's budget with its error", async () => {
    const budgeted = await connect(TASKMGR_BIN, { ...env, TASKMGR_MCP_BUDGET: "1" })
    const answer = await timed(() => scan(budgeted, slow))
    expect(answer.value.isError).toBe(true)
    expect(JSON.stringify(answer.value.content)).toContain("budget of 1s")
    expect(answer.ms).toBeLessThan(5_000)
  }, 60_000)
})
