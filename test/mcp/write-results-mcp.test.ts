/**
 * A write is never reported as not sent, through the official MCP client
 * against `taskmgr mcp` in-process and `taskmgr sandbox`: a TODO scan that
 * creates 60 tasks under the smallest bound answers what it wrote (each
 * created task's gid, where it came from, its status), what was cut and how
 * to see it, as a result, not an error; the tasks are there, and a second scan
 * creates none.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js"
import { mkdtempSync, realpathSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { MIN_MAX_RESULT_BYTES } from "../../src/core/mcp/result-bound.js"
import { baseEnv, control, type LoggedRequest } from "../e2e/helpers.js"
import { startTaskmgrSandbox, type TaskmgrSandboxInfo } from "../e2e/taskmgr-sandbox.js"
import { inProcessServer } from "./in-process-transport.js"

const FILES = 60

const tree = realpathSync(mkdtempSync(join(tmpdir(), "write-results-")))
for (let i = 0; i < FILES; i++) {
  writeFileSync(
    join(tree, `module-${i}.ts`),
    `export const x${i} = ${i}\n// TODO: ${"tidy this module ".repeat(8)}${i}\n`
  )
}

let sandbox: { info: TaskmgrSandboxInfo; stop: () => Promise<void> }
let client: Client

beforeAll(async () => {
  sandbox = await startTaskmgrSandbox()
  client = new Client({ name: "write-results", version: "0.0.0" })
  await client.connect(
    inProcessServer("taskmgr", ["--toolsets", "tasks", "--allow-path", tree], {
      ...baseEnv(),
      TASKMGR_BASE_URL: sandbox.info.base_url,
      TASKMGR_APP_URL: sandbox.info.app_url,
      TASKMGR_TOKEN: sandbox.info.tokens.personal,
      TASKMGR_WORKSPACE: sandbox.info.workspace_gid,
      TASKMGR_MCP_MAX_BYTES: String(MIN_MAX_RESULT_BYTES)
    }).transport
  )
}, 60_000)
afterAll(async () => {
  await client?.close()
  await sandbox?.stop()
})

interface Trimmed {
  readonly files_scanned: number
  readonly drafts: Array<{ readonly status: string; readonly task_gid?: string }>
  readonly trimmed: {
    readonly bytes: number
    readonly max_bytes: number
    readonly cut: Array<string>
    readonly see: string
  }
}

const scan = async () => {
  const result = (await client.callTool({
    name: "taskmgr_task_scan_todos",
    arguments: { dir: tree, create: true, project: sandbox.info.project_gid }
  })) as { isError?: boolean; content: Array<{ text: string }> }
  return { result, line: Buffer.byteLength(JSON.stringify({ jsonrpc: "2.0", id: 9, result })) }
}

describe("taskmgr_task_scan_todos with create over 60 files, at the smallest bound", () => {
  it("answers what it wrote, trimmed to the bound: counts, created gids, their status, what was cut and how to see it", async () => {
    const { line, result } = await scan()
    expect(result.isError ?? false, result.content[0]?.text).toBe(false)
    expect(line).toBeLessThanOrEqual(MIN_MAX_RESULT_BYTES)
    const shown = JSON.parse(result.content[0]!.text) as Trimmed
    expect(shown.files_scanned).toBe(FILES)
    // Every created task's gid, its status and where it came from; its name and notes cut.
    expect(shown.drafts).toHaveLength(FILES)
    for (const draft of shown.drafts) {
      expect(draft).toEqual({
        path: expect.stringMatching(/^module-\d+\.ts$/),
        line: 2,
        status: "created",
        task_gid: expect.stringMatching(/^\d+$/)
      })
    }
    expect(new Set(shown.drafts.map((d) => d.task_gid)).size).toBe(FILES)
    expect(shown.trimmed.bytes).toBeGreaterThan(MIN_MAX_RESULT_BYTES)
    expect(shown.trimmed.cut.join("; ")).toMatch(/but its ids, path, line and status/)
    expect(shown.trimmed.see).toContain("taskmgr task scan-todos")
    expect(shown.trimmed.see).not.toMatch(/single item instead of a list|--/)
    // Written, all of them.
    const created = ((await control(sandbox.info.app_url, "GET", "/_sandbox/requests")) as Array<LoggedRequest>)
      .filter((r) => r.method === "POST" && r.path.endsWith("/tasks"))
    expect(created).toHaveLength(FILES)
  })

  it("a second scan creates nothing: every draft is already a task", async () => {
    const { result } = await scan()
    const shown = JSON.parse(result.content[0]!.text) as Trimmed
    expect(shown.drafts.map((d) => d.status)).toEqual(Array(FILES).fill("exists"))
  })
})
