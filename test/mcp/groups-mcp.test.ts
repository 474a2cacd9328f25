/**
 * Every toolset of both tool servers through the official MCP client, against
 * the built binaries and their sandboxes: one call that reaches the service
 * and answers, and one bad input that is a tool error with nothing sent.
 */
import type { Client } from "@modelcontextprotocol/sdk/client/index.js"
import { beforeAll, describe, expect, it } from "vitest"
import { hasTool, toolsetOf } from "../../src/core/mcp/names.js"
import type { AnyOperation } from "../../src/core/operation.js"
import { taskmgrViews } from "../../src/taskmgr/operations.js"
import { control, DESIGN_BIN, type LoggedRequest, TASKMGR_BIN } from "../e2e/helpers.js"
import { binaryServers, type Info } from "./binary-servers.js"

const { connect, sandbox } = binaryServers("groups-mcp")

interface Result {
  readonly isError?: boolean
  readonly content: Array<{ readonly text?: string }>
  readonly structuredContent?: { readonly error?: { readonly type: string } }
}

interface Case {
  readonly toolset: string
  readonly client: string
  readonly tool: string
  readonly ok: Record<string, unknown>
  readonly bad: { readonly tool?: string; readonly args: Record<string, unknown> }
  /** Answered by the wrapper alone (url parse): the good call sends nothing either. */
  readonly local?: true
}

const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10)
const hour = (offsetHours: number) =>
  new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000 + offsetHours * 3_600_000).toISOString()

let design: Info
let taskmgr: Info
const designClients = new Map<string, Client>()
let taskmgrClient: Client

beforeAll(async () => {
  ;[design, taskmgr] = await Promise.all([sandbox(DESIGN_BIN), sandbox(TASKMGR_BIN)])
  const base = { DESIGN_BASE_URL: design.base_url, DESIGN_TEAM_ID: design.team_id }
  const e = design.enterprise
  const envs: Record<string, Record<string, string>> = {
    personal: { ...base, DESIGN_ACCESS_TOKEN: design.tokens.personal },
    enterprise: { ...base, DESIGN_ACCESS_TOKEN: e.tokens.personal },
    plan: { ...base, DESIGN_ACCESS_TOKEN: e.tokens.plan, DESIGN_AUTH_MODE: "plan" },
    org_oauth: { ...base, DESIGN_ACCESS_TOKEN: e.tokens.oauth_org, DESIGN_AUTH_MODE: "oauth" }
  }
  for (const [name, env] of Object.entries(envs)) designClients.set(name, await connect(DESIGN_BIN, env))
  taskmgrClient = await connect(TASKMGR_BIN, {
    TASKMGR_BASE_URL: taskmgr.base_url,
    TASKMGR_APP_URL: taskmgr.app_url,
    TASKMGR_ACCESS_TOKEN: taskmgr.tokens.personal,
    TASKMGR_WORKSPACE: taskmgr.workspace_gid
  })
}, 90_000)

const sentTo = async (info: Info) =>
  ((await control(new URL(info.base_url).origin, "GET", "/_sandbox/requests")) as Array<LoggedRequest>).filter((r) =>
    !r.path.startsWith("/_sandbox")
  )

const check = async (client: Client, info: Info, c: Case) => {
  await control(new URL(info.base_url).origin, "POST", "/_sandbox/reset")
  const ok = (await client.callTool({ name: c.tool, arguments: c.ok })) as Result
  expect(ok.isError, `${c.tool}: ${ok.content[0]?.text}`).toBeFalsy()
  expect(JSON.parse(ok.content[0]!.text!)).toBeTypeOf("object")
  expect((await sentTo(info)).length > 0, c.tool).toBe(c.local !== true)

  await control(new URL(info.base_url).origin, "POST", "/_sandbox/reset")
  const bad = (await client.callTool({ name: c.bad.tool ?? c.tool, arguments: c.bad.args })) as Result
  expect(bad.isError, c.bad.tool ?? c.tool).toBe(true)
  expect(bad.structuredContent?.error?.type).toBe("InvalidInputError")
  expect(await sentTo(info)).toEqual([])
}

describe("design mcp: every toolset", () => {
  const cases = (): Array<Case> => {
    const e = design.enterprise
    return [
      { toolset: "users", client: "personal", tool: "design_user_me", ok: {}, bad: { args: { extra: 1 } } },
      {
        toolset: "webhooks",
        client: "personal",
        tool: "design_webhook_list",
        ok: {},
        bad: { tool: "design_webhook_get", args: { webhook_id: "abc" } }
      },
      {
        toolset: "files",
        client: "personal",
        tool: "design_file_meta",
        ok: { file_key: design.file_key },
        bad: { args: { file_key: "not a key!" } }
      },
      {
        toolset: "projects",
        client: "personal",
        tool: "design_project_get",
        ok: { project_id: design.project_id },
        bad: { args: { project_id: "abc" } }
      },
      {
        toolset: "comments",
        client: "personal",
        tool: "design_comment_list",
        ok: { file_key: design.file_key },
        bad: {
          tool: "design_comment_reaction_add",
          args: { file_key: design.file_key, comment_id: design.comment_ids.root, emoji: "heart" }
        }
      },
      {
        toolset: "library",
        client: "personal",
        tool: "design_component_file_list",
        ok: { file_key: design.file_key },
        bad: { tool: "design_component_team_list", args: { page_size: 1.5 } }
      },
      {
        toolset: "variables",
        client: "enterprise",
        tool: "design_variable_local",
        ok: { file_key: e.file_key },
        bad: { args: { file_key: "" } }
      },
      {
        toolset: "dev_resources",
        client: "enterprise",
        tool: "design_dev_resource_list",
        ok: { file_key: e.file_key },
        bad: { args: { file_key: e.file_key, node_ids: ["1-2"] } }
      },
      {
        toolset: "analytics",
        client: "enterprise",
        tool: "design_analytics_component_usages",
        ok: { file_key: e.file_key, group_by: "component" },
        bad: { args: { file_key: e.file_key, group_by: "style" } }
      },
      {
        toolset: "activity_logs",
        client: "plan",
        tool: "design_activity_log_list",
        ok: { limit: 5 },
        bad: { args: { limit: 2.5 } }
      },
      {
        toolset: "developer_logs",
        client: "plan",
        tool: "design_developer_log_list",
        ok: {},
        bad: { args: { limit: 500 } }
      },
      {
        toolset: "ai_usage",
        client: "plan",
        tool: "design_ai_usage_daily",
        ok: { start_date: day(-10), end_date: day(-3) },
        bad: { args: { start_date: "yesterday", end_date: day(-3) } }
      },
      {
        toolset: "discovery",
        client: "org_oauth",
        tool: "design_discovery_text_events",
        ok: { start_date: hour(-6), end_date: hour(-2) },
        bad: { args: { start_date: "2026-02-30T00:00:00Z" } }
      },
      {
        toolset: "payments",
        client: "personal",
        tool: "design_payment_get",
        ok: { plugin_id: design.payments.plugin_id, user_id: design.users.editor.id },
        bad: { args: { plugin_id: 12 } }
      },
      {
        toolset: "oembed",
        client: "personal",
        tool: "design_oembed_get",
        ok: { url: `https://www.design.example/design/${design.file_key}/Sandbox` },
        bad: { args: { url: `https://www.design.example/design/${design.file_key}/Sandbox`, maxwidth: 12.5 } }
      }
    ]
  }

  it("covers every toolset the server lists", async () => {
    const listed = new Set(
      (await designClients.get("personal")!.listTools()).tools.map((t) => t.name.replace(/^design_/, ""))
    )
    expect(listed.size).toBe(51)
    expect(new Set(cases().map((c) => c.toolset)).size).toBe(15)
  })

  it("answers one call per toolset and refuses a bad input with nothing sent", async () => {
    for (const c of cases()) await check(designClients.get(c.client)!, design, c)
  }, 120_000)
})

describe("taskmgr mcp: every toolset", () => {
  const cases = (): Array<Case> => [
    {
      toolset: "users",
      client: "",
      tool: "taskmgr_user_get",
      ok: { user_gid: "me" },
      bad: { args: { user_gid: "someone" } }
    },
    { toolset: "teams", client: "", tool: "taskmgr_team_list", ok: {}, bad: { args: { limit: 0 } } },
    {
      toolset: "workspaces",
      client: "",
      tool: "taskmgr_workspace_get",
      ok: { workspace_gid: taskmgr.workspace_gid },
      bad: { args: { workspace_gid: "x1" } }
    },
    {
      toolset: "projects",
      client: "",
      tool: "taskmgr_project_get",
      ok: { project_gid: taskmgr.project_gid },
      bad: { args: { project_gid: "https://elsewhere.example/0/1/2" } }
    },
    {
      toolset: "sections",
      client: "",
      tool: "taskmgr_section_list",
      ok: { project_gid: taskmgr.project_gid },
      bad: { args: { project_gid: taskmgr.project_gid, limit: 101 } }
    },
    {
      toolset: "tasks",
      client: "",
      tool: "taskmgr_task_get_many",
      ok: { gids: [taskmgr.task_gid] },
      bad: { tool: "taskmgr_task_create", args: { name: "x", html_notes: "<body><p>no</p></body>" } }
    },
    {
      toolset: "tags",
      client: "",
      tool: "taskmgr_tag_tasks",
      ok: { task_gid: taskmgr.task_gid },
      bad: { args: { task_gid: "abc" } }
    },
    {
      toolset: "stories",
      client: "",
      tool: "taskmgr_story_list",
      ok: { task_gid: taskmgr.task_gid },
      bad: { tool: "taskmgr_story_create", args: { task_gid: taskmgr.task_gid, html_text: "<br>" } }
    },
    {
      toolset: "comments",
      client: "",
      tool: "taskmgr_comment_list",
      ok: { task_gid: `${taskmgr.app_url}/0/${taskmgr.project_gid}/${taskmgr.task_gid}` },
      bad: { tool: "taskmgr_comment_create", args: { task_gid: taskmgr.task_gid, text: "  " } }
    },
    {
      toolset: "goals",
      client: "",
      tool: "taskmgr_goal_list",
      ok: { team: "1200000000000201" },
      bad: { tool: "taskmgr_goal_update", args: { goal_gid: "1200000000001101" } }
    },
    {
      toolset: "portfolios",
      client: "",
      tool: "taskmgr_portfolio_items",
      ok: { portfolio_gid: "1200000000001201" },
      bad: { tool: "taskmgr_portfolio_create", args: { name: "x", color: "mauve" } }
    },
    {
      toolset: "status_updates",
      client: "",
      tool: "taskmgr_status_overview",
      ok: { gid: taskmgr.project_gid },
      bad: { tool: "taskmgr_status_create", args: { parent: taskmgr.project_gid, status_type: "fine", text: "x" } }
    },
    {
      toolset: "custom_fields",
      client: "",
      tool: "taskmgr_custom_field_project",
      ok: { project_gid: taskmgr.project_gid },
      bad: { args: { project_gid: "x1" } }
    },
    {
      toolset: "memberships",
      client: "",
      tool: "taskmgr_membership_list",
      ok: { parent: taskmgr.project_gid },
      bad: { args: {} }
    },
    { toolset: "ooo", client: "", tool: "taskmgr_ooo_list", ok: {}, bad: { args: { start_date: "2024-02-30" } } },
    {
      toolset: "attachments",
      client: "",
      tool: "taskmgr_attachment_list",
      ok: { parent: taskmgr.task_gid },
      bad: { tool: "taskmgr_attachment_create", args: { parent: taskmgr.task_gid, file: "nonexistent/file.txt" } }
    },
    {
      toolset: "events",
      client: "",
      tool: "taskmgr_event_list",
      ok: { resource_gid: taskmgr.task_gid },
      bad: { args: { resource_gid: taskmgr.task_gid, sync: "two words" } }
    },
    {
      toolset: "templates",
      client: "",
      tool: "taskmgr_job_get",
      ok: { job_gid: "1200000000030301" },
      bad: {
        tool: "taskmgr_task_template_instantiate",
        args: { task_template_gid: "1200000000030001", wait: false, timeout_seconds: 5 }
      }
    },
    {
      toolset: "rules",
      client: "",
      tool: "taskmgr_rule_trigger",
      ok: { rule_trigger_gid: "1200000000030201", resource: taskmgr.task_gid },
      bad: { args: { rule_trigger_gid: "1200000000030201", resource: "task" } }
    },
    {
      toolset: "typeahead",
      client: "",
      tool: "taskmgr_search_objects",
      ok: { resource_type: "project", query: "launch" },
      bad: { args: { resource_type: "task", count: 0 } }
    },
    {
      toolset: "urls",
      client: "",
      tool: "taskmgr_url_parse",
      ok: { url: `${taskmgr.app_url}/0/${taskmgr.project_gid}/list` },
      bad: { args: { url: "https://elsewhere.example/0/1/2" } },
      local: true
    }
  ]

  it("covers every toolset the server lists", async () => {
    const listed = await taskmgrClient.listTools()
    expect(listed.tools.length).toBe(taskmgrViews.filter(hasTool).length)
    expect([...new Set(cases().map((c) => c.toolset))].sort()).toEqual(
      [...new Set(taskmgrViews.map((v) => toolsetOf(v.operation as AnyOperation<never>)))].sort()
    )
  })

  it("answers one call per toolset and refuses a bad input with nothing sent", async () => {
    for (const c of cases()) await check(taskmgrClient, taskmgr, c)
  }, 120_000)
})
