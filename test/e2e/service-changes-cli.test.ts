/**
 * The front ends against a task manager that moved on since our Schemas, and
 * their errors' service: `taskmgr task get` (in-process) and the tool
 * `taskmgr_task_get` (the official client, in-process) against `taskmgr
 * sandbox`, the answer replaced by a fault. A value the service added is shown
 * as it came, in text and JSON and in the tool result; an answer that breaks
 * its shape is one line naming where; a tool's error says its service.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type InProcessServer, inProcessServer } from "../mcp/in-process-transport.js"
import { baseEnv, describeRun, runInProcess, TASKMGR_BIN } from "./helpers.js"
import { useTaskmgrSandbox } from "./taskmgr-sandbox.js"

const sandbox = useTaskmgrSandbox()
const task = () => sandbox.info.task_gid
const taskmgr = (args: ReadonlyArray<string>) =>
  runInProcess(args, { bin: TASKMGR_BIN, env: { ...baseEnv(), ...sandbox.env() } })
const answer = (data: Record<string, unknown>) =>
  sandbox.fault({
    method: "GET",
    path: `/api/1.0/tasks/${task()}`,
    status: 200,
    body: { data: { gid: task(), ...data } }
  })

let server: InProcessServer
let client: Client
beforeAll(async () => {
  server = inProcessServer("taskmgr", ["--toolsets", "tasks"], { ...baseEnv(), ...sandbox.env() })
  client = new Client({ name: "service-changes", version: "0.0.0" })
  await client.connect(server.transport)
}, 60_000)
afterAll(async () => {
  await client?.close()
})

interface Result {
  readonly isError?: boolean
  readonly content: Array<{ readonly type: string; readonly text: string }>
}
const tool = async (args: Record<string, unknown>) =>
  (await client.callTool({ name: "taskmgr_task_get", arguments: args })) as unknown as Result

describe("a value the service added", () => {
  it("is shown as it came, in text and JSON, with a field it added", async () => {
    await answer({ name: "Ship it", approval_status: "escalated", sparkle_level: 3 })
    const json = await taskmgr(["task", "get", task(), "--json"])
    expect(json.code, describeRun(json)).toBe(0)
    expect(JSON.parse(json.stdout)).toMatchObject({ approval_status: "escalated", sparkle_level: 3 })
    await answer({ name: "Ship it", approval_status: "escalated" })
    const text = await taskmgr(["task", "get", task()])
    expect(text.code, describeRun(text)).toBe(0)
    expect(text.stdout).toContain("escalated")
  })

  it("reaches a tool result whole", async () => {
    await answer({ name: "Ship it", resource_subtype: "brand_new_kind", sparkle_level: 3 })
    const result = await tool({ task_gid: task() })
    expect(result.isError ?? false).toBe(false)
    expect(JSON.parse(result.content[0]!.text)).toMatchObject({ resource_subtype: "brand_new_kind", sparkle_level: 3 })
  })
})

describe("an answer that breaks its documented shape", () => {
  it("is one line on stderr naming the operation, the record, the path, the value and what was expected", async () => {
    await answer({ completed: "yes" })
    const r = await taskmgr(["task", "get", task()])
    expect(r.code, describeRun(r)).toBe(1)
    expect(r.stderr).toContain(
      `Error: The answer for task ${task()} (taskGet) did not have the documented shape: data.completed (record ${task()}) should be true or false, found "yes".`
    )
    expect(r.stderr.length).toBeLessThan(600)
  })
})

describe("errors name their service", () => {
  it("in a tool's error result, and in its message", async () => {
    const result = await tool({ task_gid: "1999999999999999" })
    expect(result.isError).toBe(true)
    const error = JSON.parse(result.content[0]!.text).error
    expect(error).toMatchObject({ type: "NotFoundError", service: "taskmgr" })
    expect(error.message).toMatch(/^The task manager found no task 1999999999999999/)
  })

  it("in the command line's message", async () => {
    const r = await taskmgr(["task", "get", "1999999999999999"])
    expect(r.code, describeRun(r)).toBe(5)
    expect(r.stderr).toMatch(/^Error: The task manager found no task 1999999999999999/m)
  })
})
