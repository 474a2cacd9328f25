/**
 * `taskmgr mcp --toolsets templates,rules,typeahead,urls` (the built binary)
 * through the official MCP client, against `taskmgr sandbox`: an
 * instantiation waits for its job and sends progress notifications while it
 * does (the client gave a progressToken), a failed job and a wait that runs
 * out are tool errors with their exit codes and the job to look at, `wait:
 * false` answers the job at once; the rule plan gate, typeahead and url parse.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js"
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js"
import type { Progress } from "@modelcontextprotocol/sdk/types.js"
import { describe, expect, it } from "vitest"
import { baseEnv, control, ROOT, TASKMGR_BIN } from "../e2e/helpers.js"
import { taskmgrToolsetServer, type ToolResult } from "./taskmgr-toolset-server.js"

const TASK_TEMPLATE = "1200000000030001"
const FAILING_TASK_TEMPLATE = "1200000000030002"
const FREE_RULE = "1200000000030202"

const server = taskmgrToolsetServer("templates,rules,typeahead,urls", "taskmgr-templates-e2e")
const { sent } = server

const call = async (name: string, args: Record<string, unknown>, onprogress?: (p: Progress) => void) => {
  const result = (await server.client.callTool(
    { name, arguments: args },
    undefined,
    onprogress === undefined ? {} : { onprogress }
  )) as ToolResult
  return { isError: result.isError ?? false, data: JSON.parse(result.content[0]!.text!) as Record<string, any> }
}

describe("taskmgr mcp: templates, jobs, rules, typeahead, url parse", () => {
  it("lists the tools with truthful annotations", async () => {
    const { tools } = await server.client.listTools()
    const defaults = { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true }
    const hints = Object.fromEntries(tools.map((t) => [t.name, { ...defaults, ...t.annotations }]))
    expect(Object.keys(hints).sort()).toEqual([
      "taskmgr_job_get",
      "taskmgr_project_template_get",
      "taskmgr_project_template_instantiate",
      "taskmgr_project_template_list",
      "taskmgr_rule_trigger",
      "taskmgr_search_objects",
      "taskmgr_task_template_get",
      "taskmgr_task_template_instantiate",
      "taskmgr_task_template_list",
      "taskmgr_url_parse"
    ])
    for (
      const name of [
        "taskmgr_task_template_instantiate",
        "taskmgr_project_template_instantiate",
        "taskmgr_rule_trigger"
      ]
    ) {
      expect(hints[name], name).toMatchObject({ readOnlyHint: false, destructiveHint: false, idempotentHint: false })
    }
    for (
      const name of ["taskmgr_job_get", "taskmgr_search_objects", "taskmgr_url_parse", "taskmgr_task_template_list"]
    ) {
      expect(hints[name]?.readOnlyHint, name).toBe(true)
    }
    const instantiate = tools.find((t) => t.name === "taskmgr_task_template_instantiate")!
    expect(Object.keys(instantiate.inputSchema.properties ?? {})).toEqual([
      "task_template_gid",
      "name",
      "wait",
      "timeout_seconds"
    ])
    // Typeahead is one capped page: no paging parameters.
    expect(Object.keys(tools.find((t) => t.name === "taskmgr_search_objects")!.inputSchema.properties ?? {})).not
      .toContain("fetchAll")
  })

  it("instantiate waits for the job, sending progress notifications, and answers the job with new_task", async () => {
    const progress: Array<Progress> = []
    const { data, isError } = await call("taskmgr_task_template_instantiate", {
      task_template_gid: TASK_TEMPLATE,
      name: "From an agent"
    }, (p) => void progress.push(p))
    expect(isError, JSON.stringify(data)).toBe(false)
    expect(data).toMatchObject({ status: "succeeded", new_task: { name: "From an agent" } })
    expect(progress.length).toBeGreaterThan(0)
    expect(progress.map((p) => p.progress)).toEqual(progress.map((_, i) => i + 1))
    expect(progress[0]?.message).toMatch(
      new RegExp(`^Waiting for job ${data.gid} \\(a task from task template ${TASK_TEMPLATE}, in progress`)
    )
  })

  it("wait: false answers the job at once", async () => {
    const { data } = await call("taskmgr_task_template_instantiate", { task_template_gid: TASK_TEMPLATE, wait: false })
    expect(data).toMatchObject({ resource_type: "job", status: "in_progress" })
    expect((await sent()).length).toBe(1)
  })

  it("a failed job and a wait that runs out are tool errors with exit codes 10 and 11, naming the job and taskmgr_job_get", async () => {
    const failed = await call("taskmgr_task_template_instantiate", { task_template_gid: FAILING_TASK_TEMPLATE })
    expect(failed.isError).toBe(true)
    expect(failed.data.error).toMatchObject({ type: "JobFailedError", exit_code: 10 })
    expect(failed.data.error.remedy).toContain(`taskmgr_job_get for job ${failed.data.error.job}`)
    const late = await call("taskmgr_task_template_instantiate", {
      task_template_gid: TASK_TEMPLATE,
      timeout_seconds: 1
    })
    expect(late.isError).toBe(true)
    expect(late.data.error).toMatchObject({ type: "JobTimeoutError", exit_code: 11, status: "in_progress" })
    expect(late.data.error.remedy).toBe(
      `The job goes on at the service: check on it later with taskmgr_job_get for job ${late.data.error.job}, or wait longer with timeout_seconds.`
    )
    expect((await call("taskmgr_job_get", { job_gid: late.data.error.job })).data.gid).toBe(late.data.error.job)
  })

  it("a timeout without the wait is refused with nothing sent", async () => {
    const r = await call("taskmgr_task_template_instantiate", {
      task_template_gid: TASK_TEMPLATE,
      wait: false,
      timeout_seconds: 5
    })
    expect(r.isError).toBe(true)
    expect(r.data.error).toMatchObject({ type: "InvalidInputError", exit_code: 2 })
    expect(r.data.error.message).toContain("timeout_seconds")
    expect(await sent()).toEqual([])
  })

  it("rule trigger on a workspace whose plan lacks rules is PlanRequiredError (exit 7), sent once", async () => {
    const env = {
      ...baseEnv(),
      TASKMGR_BASE_URL: server.info.base_url,
      TASKMGR_APP_URL: server.info.app_url,
      TASKMGR_TOKEN: server.info.tokens.free,
      TASKMGR_WORKSPACE: "1200000000000102"
    }
    const free = new Client({ name: "taskmgr-templates-free", version: "0.0.0" })
    await free.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [TASKMGR_BIN, "mcp", "--toolsets", "rules"],
        env,
        cwd: ROOT,
        stderr: "pipe"
      })
    )
    try {
      const result = (await free.callTool({
        name: "taskmgr_rule_trigger",
        arguments: { rule_trigger_gid: FREE_RULE, resource: "1200000000000606" }
      })) as ToolResult
      expect(result.isError).toBe(true)
      expect(JSON.parse(result.content[0]!.text!).error).toMatchObject({ type: "PlanRequiredError", exit_code: 7 })
      expect((await sent()).length).toBe(1)
    } finally {
      await free.close()
    }
  })

  it("typeahead is capped at count; url parse sends nothing", async () => {
    const found = await call("taskmgr_search_objects", { resource_type: "task", query: "backlog", count: 4 })
    expect(found.data).toHaveLength(4)
    await control(server.info.app_url, "POST", "/_sandbox/reset")
    const url = await call("taskmgr_url_parse", { url: `${server.info.app_url}/0/${server.info.project_gid}/list` })
    expect(url.data).toEqual({
      kind: "project",
      gid: server.info.project_gid,
      project_gid: server.info.project_gid,
      view: "list"
    })
    expect(await sent()).toEqual([])
  })
})
