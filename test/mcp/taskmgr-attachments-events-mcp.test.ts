/**
 * `taskmgr mcp --toolsets attachments,events` (the built binary) through the
 * official MCP client, against `taskmgr sandbox`: a local file uploaded by
 * path, an external link, the event feed's reset as a normal result, and bad
 * input (a missing file, a directory, a link without a name) as tool errors
 * with nothing sent.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js"
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js"
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest"
import { baseEnv, control, type LoggedRequest, ROOT, type SandboxChild, TASKMGR_BIN } from "../e2e/helpers.js"
import { startTaskmgrSandbox, type TaskmgrSandboxInfo } from "../e2e/taskmgr-sandbox.js"

let sandbox: SandboxChild<TaskmgrSandboxInfo> | undefined
let info: TaskmgrSandboxInfo
let origin: string
let client: Client

const dir = mkdtempSync(join(tmpdir(), "attachments-mcp-"))
const file = join(dir, "minutes.md")
writeFileSync(file, "# Minutes\n\nShip it.\n")
mkdirSync(join(dir, "folder"))

beforeAll(async () => {
  sandbox = await startTaskmgrSandbox()
  info = sandbox.info
  origin = new URL(info.base_url).origin
  const env = {
    ...baseEnv(),
    TASKMGR_BASE_URL: info.base_url,
    TASKMGR_APP_URL: info.app_url,
    TASKMGR_TOKEN: info.tokens.personal,
    TASKMGR_WORKSPACE: info.workspace_gid
  }
  const transport = new StdioClientTransport({ command: process.execPath, args: [TASKMGR_BIN, "mcp", "--toolsets", "attachments,events"], env, cwd: ROOT, stderr: "pipe" })
  client = new Client({ name: "taskmgr-attachments-e2e", version: "0.0.0" })
  await client.connect(transport)
}, 60_000)
afterAll(async () => {
  await client?.close()
  await sandbox?.stop()
})
beforeEach(async () => {
  await control(origin, "POST", "/_sandbox/reset")
})

const sent = async () => ((await control(origin, "GET", "/_sandbox/requests")) as Array<LoggedRequest>).filter((r) => r.path.startsWith("/api/"))

interface ToolResult {
  readonly isError?: boolean
  readonly content: Array<{ readonly type: string; readonly text?: string }>
}

const call = async (name: string, args: Record<string, unknown>) => (await client.callTool({ name, arguments: args })) as ToolResult
const json = (result: ToolResult) => JSON.parse(result.content[0]!.text!)

describe("taskmgr mcp: attachments and events", () => {
  it("lists the five tools; the event feed takes no paging parameters", async () => {
    const { tools } = await client.listTools()
    expect(tools.map((t) => t.name).sort()).toEqual([
      "taskmgr_attachment_create",
      "taskmgr_attachment_delete",
      "taskmgr_attachment_get",
      "taskmgr_attachment_list",
      "taskmgr_event_list"
    ])
    const events = tools.find((t) => t.name === "taskmgr_event_list")!
    expect(Object.keys(events.inputSchema.properties ?? {}).sort()).toEqual(["resource_gid", "sync"])
    const create = tools.find((t) => t.name === "taskmgr_attachment_create")!
    expect(Object.keys(create.inputSchema.properties ?? {}).sort()).toEqual(["file", "name", "parent", "url"])
  })

  it("uploads a local file by path and links a URL; the list shows both", async () => {
    const uploaded = await call("taskmgr_attachment_create", { parent: info.task_gid, file })
    expect(uploaded.isError ?? false, JSON.stringify(uploaded)).toBe(false)
    expect(json(uploaded)).toMatchObject({ name: "minutes.md", size: 20 })
    const upload = (await sent()).at(-1)!
    expect(upload.body).toMatchObject({ files: { file: { filename: "minutes.md", size: 20 } } })
    const linked = await call("taskmgr_attachment_create", { parent: info.task_gid, url: "https://example.com/deck", name: "Deck" })
    expect(json(linked)).toMatchObject({ name: "Deck", resource_subtype: "external" })
    const list = json(await call("taskmgr_attachment_list", { parent: info.task_gid, fetchAll: true }))
    expect(list.attachments.map((a: { name: string }) => a.name)).toEqual(expect.arrayContaining(["minutes.md", "Deck"]))
  })

  it("answers a feed read without a token as a reset, then the changes since", async () => {
    const first = await call("taskmgr_event_list", { resource_gid: info.task_gid })
    expect(first.isError ?? false, JSON.stringify(first)).toBe(false)
    const reset = json(first)
    expect(reset).toMatchObject({ events: [], sync_reset: true })
    await call("taskmgr_attachment_create", { parent: info.task_gid, url: "https://example.com/deck", name: "Deck" })
    const next = json(await call("taskmgr_event_list", { resource_gid: info.task_gid, sync: reset.sync }))
    expect(next.events).toMatchObject([{ action: "added", resource: { resource_type: "attachment", name: "Deck" }, parent: { gid: info.task_gid } }])
  })

  it("refuses a missing file, a directory and a link without a name as tool errors naming the parameter, with nothing sent", async () => {
    const missing = await call("taskmgr_attachment_create", { parent: info.task_gid, file: join(dir, "gone.md") })
    expect(missing.isError).toBe(true)
    expect(missing.content[0]!.text).toMatch(/file: .*gone\.md does not exist\./)
    const folder = await call("taskmgr_attachment_create", { parent: info.task_gid, file: join(dir, "folder") })
    expect(folder.isError).toBe(true)
    expect(folder.content[0]!.text).toMatch(/is a directory/)
    const nameless = await call("taskmgr_attachment_create", { parent: info.task_gid, url: "https://example.com/deck" })
    expect(nameless.isError).toBe(true)
    expect(nameless.content[0]!.text).toMatch(/url: an external link also needs name\./)
    expect(await sent()).toEqual([])
  })
})
