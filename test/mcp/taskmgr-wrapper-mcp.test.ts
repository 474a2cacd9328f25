/**
 * The wrapper-only tools through the official MCP client on the built
 * `taskmgr mcp`: project export answers the Markdown itself, scan-todos
 * drafts and creates once, comment create fills a template; bad input is a
 * tool error with nothing sent.
 */
import type { Client } from "@modelcontextprotocol/sdk/client/index.js"
import { mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { beforeAll, beforeEach, describe, expect, it } from "vitest"
import { control, type LoggedRequest, TASKMGR_BIN } from "../e2e/helpers.js"
import { binaryServers, type Info } from "./binary-servers.js"

const { connect, sandbox } = binaryServers("taskmgr-wrapper-mcp")

interface Result {
  readonly isError?: boolean
  readonly content: Array<{ readonly text?: string }>
  readonly structuredContent?: { readonly error?: { readonly type: string; readonly message: string } }
}

let info: Info
let client: Client

beforeAll(async () => {
  info = await sandbox(TASKMGR_BIN)
  client = await connect(TASKMGR_BIN, {
    TASKMGR_BASE_URL: info.base_url,
    TASKMGR_APP_URL: info.app_url,
    TASKMGR_ACCESS_TOKEN: info.tokens.personal,
    TASKMGR_WORKSPACE: info.workspace_gid
    // The scanned trees are temporary directories, which the server is started to allow.
  }, ["--toolsets", "all", "--allow-path", tmpdir()])
}, 90_000)
beforeEach(async () => {
  await control(info.app_url, "POST", "/_sandbox/reset")
})

const sent = async () =>
  ((await control(info.app_url, "GET", "/_sandbox/requests")) as Array<LoggedRequest>).filter((r) =>
    !r.path.startsWith("/_sandbox")
  )
const call = async (name: string, args: Record<string, unknown>) =>
  (await client.callTool({ name, arguments: args })) as Result

describe("taskmgr wrapper-only tools", () => {
  it("lists the tools with their parameters", async () => {
    const { tools } = await client.listTools()
    const byName = new Map(tools.map((t) => [t.name, t]))
    expect(Object.keys(byName.get("taskmgr_project_export")?.inputSchema.properties ?? {})).toEqual([
      "project_gid",
      "section",
      "notes",
      "max_tasks"
    ])
    expect(Object.keys(byName.get("taskmgr_task_scan_todos")?.inputSchema.properties ?? {})).toEqual([
      "dir",
      "create",
      "project"
    ])
    expect(byName.get("taskmgr_comment_create")?.inputSchema.properties).toHaveProperty("template")
  })

  it("taskmgr_project_export answers the Markdown document itself", async () => {
    const r = await call("taskmgr_project_export", { project_gid: "1200000000000301" })
    expect(r.isError).toBeFalsy()
    expect(r.content[0]?.text?.startsWith("# Launch Plan\n")).toBe(true)
    expect(r.content[0]?.text).toContain("- [x] Pick a launch date")
  })

  it("taskmgr_project_export too large for the bound names the parameters that narrow it, which then fit", async () => {
    // An ordinary project: its tasks have notes.
    for (let i = 0; i < 8; i++) {
      const made = await call("taskmgr_task_create", {
        name: `Noted ${i}`,
        notes: "A paragraph of notes. ".repeat(60),
        projects: ["1200000000000302"]
      })
      expect(made.isError).toBeFalsy()
    }
    const small = await connect(TASKMGR_BIN, {
      TASKMGR_BASE_URL: info.base_url,
      TASKMGR_APP_URL: info.app_url,
      TASKMGR_ACCESS_TOKEN: info.tokens.personal,
      TASKMGR_MCP_MAX_BYTES: "8192"
    })
    const big = (await small.callTool({
      name: "taskmgr_project_export",
      arguments: { project_gid: "1200000000000302" }
    })) as Result & { structuredContent?: { error?: { remedy?: string } } }
    expect(big.isError).toBe(true)
    expect(big.structuredContent?.error?.remedy).toMatch(
      /^Ask for less: pass section \(one section's tasks\); pass notes: false \(no notes\); pass a smaller max_tasks/
    )
    const narrowed = (await small.callTool({
      name: "taskmgr_project_export",
      arguments: { project_gid: "1200000000000302", max_tasks: 20, notes: false }
    })) as Result
    expect(narrowed.isError).toBeFalsy()
    expect(narrowed.content[0]?.text).toMatch(/This export is incomplete: it stopped at its limit of 20 tasks\.\n$/)
    await small.close()
  })

  it("taskmgr_task_scan_todos drafts, then creates once", async () => {
    const dir = mkdtempSync(join(tmpdir(), "mcp-todos-"))
    writeFileSync(join(dir, "a.py"), "# TODO: one\n")
    const drafts = JSON.parse((await call("taskmgr_task_scan_todos", { dir })).content[0]!.text!)
    expect(drafts.drafts).toMatchObject([{ path: "a.py", line: 1, name: "one", status: "draft" }])
    const first = JSON.parse(
      (await call("taskmgr_task_scan_todos", { dir, create: true, project: "1200000000000301" })).content[0]!.text!
    )
    const second = JSON.parse(
      (await call("taskmgr_task_scan_todos", { dir, create: true, project: "1200000000000301" })).content[0]!.text!
    )
    expect([first.drafts[0].status, second.drafts[0].status]).toEqual(["created", "exists"])
    expect((await sent()).filter((r) => r.method === "POST")).toHaveLength(1)
  })

  it("taskmgr_comment_create fills a template, and refuses an unknown placeholder with nothing sent", async () => {
    const made = await call("taskmgr_comment_create", {
      task_gid: "1200000000000601",
      template: true,
      text: "Due {task.due_on}"
    })
    expect(JSON.parse(made.content[0]!.text!)).toMatchObject({ text: "Due 2024-06-01" })
    await control(info.app_url, "POST", "/_sandbox/reset")
    const bad = await call("taskmgr_comment_create", {
      task_gid: "1200000000000601",
      template: true,
      text: "{task.nope}"
    })
    expect(bad.isError).toBe(true)
    expect(bad.structuredContent?.error).toMatchObject({ type: "InvalidInputError" })
    expect(bad.structuredContent?.error?.message).toContain("{task.nope}")
    expect(await sent()).toEqual([])
  })

  it("refuses scan-todos create without a project, with nothing sent", async () => {
    const r = await call("taskmgr_task_scan_todos", { dir: ".", create: true })
    expect(r.isError).toBe(true)
    expect(r.structuredContent?.error?.message).toContain("project")
    expect(await sent()).toEqual([])
  })
})
