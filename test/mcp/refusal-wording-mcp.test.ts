/**
 * A tool parameter out of range, or not among its words, through the official
 * MCP client against the built servers: the refusal names the parameter and
 * what it may be (never "Expected" or a Schema's name), and nothing is sent.
 */
import type { Client } from "@modelcontextprotocol/sdk/client/index.js"
import { beforeAll, describe, expect, it } from "vitest"
import { control, DESIGN_BIN, type LoggedRequest, TASKMGR_BIN } from "../e2e/helpers.js"
import { binaryServers, type Info } from "./binary-servers.js"

const { connect, sandbox } = binaryServers("refusal-wording")

let design: Info
let taskmgr: Info
let designClient: Client
let taskmgrClient: Client

beforeAll(async () => {
  ;[design, taskmgr] = await Promise.all([sandbox(DESIGN_BIN), sandbox(TASKMGR_BIN)])
  designClient = await connect(DESIGN_BIN, {
    DESIGN_BASE_URL: design.base_url,
    DESIGN_TEAM_ID: design.team_id,
    DESIGN_ACCESS_TOKEN: design.tokens.personal
  })
  taskmgrClient = await connect(TASKMGR_BIN, {
    TASKMGR_BASE_URL: taskmgr.base_url,
    TASKMGR_ACCESS_TOKEN: taskmgr.tokens.personal,
    TASKMGR_WORKSPACE: taskmgr.workspace_gid
  })
}, 90_000)

const sentTo = async (info: Info) =>
  ((await control(new URL(info.base_url).origin, "GET", "/_sandbox/requests")) as Array<LoggedRequest>).filter((r) =>
    !r.path.startsWith("/_sandbox")
  )

const refusal = async (client: Client, info: Info, name: string, args: Record<string, unknown>) => {
  await control(new URL(info.base_url).origin, "POST", "/_sandbox/reset")
  const result = (await client.callTool({ name, arguments: args })) as {
    isError?: boolean
    content: Array<{ text?: string }>
  }
  expect(result.isError).toBe(true)
  expect(await sentTo(info)).toEqual([])
  const text = result.content.map((c) => c.text ?? "").join("\n")
  expect(text).not.toMatch(/Expected|actual/)
  return text
}

describe("tool refusals in the caller's words", () => {
  it("a number out of range names the parameter and the range", async () => {
    expect(
      await refusal(designClient, design, "design_file_images", { file_key: design.file_key, ids: ["1:2"], scale: 5 })
    )
      .toContain("scale: must be a number from 0.01 to 4 (got 5).")
    expect(await refusal(designClient, design, "design_file_get", { file_key: design.file_key, depth: -1 }))
      .toContain("depth: must be a whole number of at least 1 (got -1).")
    expect(await refusal(taskmgrClient, taskmgr, "taskmgr_task_search", { limit: 500 }))
      .toContain("limit: must be a whole number from 1 to 100 (got 500).")
  })

  it("a word outside a choice says the allowed words once", async () => {
    const text = await refusal(taskmgrClient, taskmgr, "taskmgr_task_search", { completed: "maybe" })
    expect(text.match(/completed: must be true or false/g)).toHaveLength(1)
  })
})
