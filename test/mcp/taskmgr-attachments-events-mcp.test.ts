/**
 * `taskmgr mcp --toolsets attachments,events` (the built binary) through the
 * official MCP client, against `taskmgr sandbox`: a local file uploaded by
 * path, an external link, the event feed's reset as a normal result, and bad
 * input (a missing file, a directory, a link without a name) as tool errors
 * with nothing sent.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { taskmgrToolsetServer, type ToolResult } from "./taskmgr-toolset-server.js"

const dir = mkdtempSync(join(tmpdir(), "attachments-mcp-"))
const file = join(dir, "minutes.md")
writeFileSync(file, "# Minutes\n\nShip it.\n")
mkdirSync(join(dir, "folder"))

// The files live in a temporary directory, which the server is started to allow.
const server = taskmgrToolsetServer("attachments,events", "taskmgr-attachments-e2e", ["--allow-path", dir])
const { sent, call } = server

const json = (result: ToolResult) => JSON.parse(result.content[0]!.text!)

describe("taskmgr mcp: attachments and events", () => {
  it("lists the five tools; the event feed takes no paging parameters", async () => {
    const { tools } = await server.client.listTools()
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
    const uploaded = await call("taskmgr_attachment_create", { parent: server.info.task_gid, file })
    expect(uploaded.isError ?? false, JSON.stringify(uploaded)).toBe(false)
    expect(json(uploaded)).toMatchObject({ name: "minutes.md", size: 20 })
    const upload = (await sent()).at(-1)!
    expect(upload.body).toMatchObject({ files: { file: { filename: "minutes.md", size: 20 } } })
    const linked = await call("taskmgr_attachment_create", {
      parent: server.info.task_gid,
      url: "https://example.com/deck",
      name: "Deck"
    })
    expect(json(linked)).toMatchObject({ name: "Deck", resource_subtype: "external" })
    const list = json(await call("taskmgr_attachment_list", { parent: server.info.task_gid, fetchAll: true }))
    expect(list.attachments.map((a: { name: string }) => a.name)).toEqual(
      expect.arrayContaining(["minutes.md", "Deck"])
    )
  })

  it("answers a feed read without a token as a reset, then the changes since", async () => {
    const first = await call("taskmgr_event_list", { resource_gid: server.info.task_gid })
    expect(first.isError ?? false, JSON.stringify(first)).toBe(false)
    const reset = json(first)
    expect(reset).toMatchObject({ events: [], sync_reset: true })
    await call("taskmgr_attachment_create", {
      parent: server.info.task_gid,
      url: "https://example.com/deck",
      name: "Deck"
    })
    const next = json(await call("taskmgr_event_list", { resource_gid: server.info.task_gid, sync: reset.sync }))
    expect(next.events).toMatchObject([{
      action: "added",
      resource: { resource_type: "attachment", name: "Deck" },
      parent: { gid: server.info.task_gid }
    }])
  })

  it("refuses a missing file, a directory and a link without a name as tool errors naming the parameter, with nothing sent", async () => {
    const missing = await call("taskmgr_attachment_create", {
      parent: server.info.task_gid,
      file: join(dir, "gone.md")
    })
    expect(missing.isError).toBe(true)
    expect(missing.content[0]!.text).toMatch(/file: .*gone\.md does not exist\./)
    const folder = await call("taskmgr_attachment_create", { parent: server.info.task_gid, file: join(dir, "folder") })
    expect(folder.isError).toBe(true)
    expect(folder.content[0]!.text).toMatch(/is a directory/)
    const nameless = await call("taskmgr_attachment_create", {
      parent: server.info.task_gid,
      url: "https://example.com/deck"
    })
    expect(nameless.isError).toBe(true)
    expect(nameless.content[0]!.text).toMatch(/url: an external link also needs name\./)
    expect(await sent()).toEqual([])
  })
})
