/**
 * The organisation's developer log and discovery through the `design` command line run in-process, in the shapes the service
 * describes: nested developer-log items keyed by uuid (JSON and a table of their fields), the token_type filter's
 * values, and discovery without --end-date.
 */
import { describe, expect, it } from "vitest"
import { describeRun, requestLog, type RunResult, usageErrorOf, useSandbox } from "./helpers.js"

const ctx = useSandbox({ inProcess: true })
const tokens = () => (ctx.sb.info.enterprise as { tokens: Readonly<Record<string, string>> }).tokens

const as = (token: "plan" | "oauth_org", args: ReadonlyArray<string>) =>
  ctx.design(args, { DESIGN_ACCESS_TOKEN: tokens()[token]!, DESIGN_AUTH_MODE: token === "plan" ? "plan" : "oauth" })

const ok = (r: RunResult) => {
  expect(r.code, describeRun(r)).toBe(0)
  return r
}

describe("design developer-log list", () => {
  it("prints the nested items as JSON, and a table of who called what, on which resource, from where", async () => {
    const out = JSON.parse(
      ok(await as("plan", ["developer-log", "list", "--date-range", "last_7d", "--limit", "6", "--json"])).stdout
    )
    expect(out.developer_logs).toHaveLength(6)
    for (const item of out.developer_logs) {
      expect(Object.keys(item).sort()).toEqual(["action", "actor", "context", "resource", "timestamp", "uuid"])
      expect(item.action).toEqual({
        event_name: expect.any(String),
        event_source: expect.stringMatching(/^(rest_api|mcp_server)$/)
      })
      expect(["developer_token", "plan_access_token", "oauth_token"]).toContain(item.actor.token_type)
    }
    const text = ok(await as("plan", ["developer-log", "list", "--date-range", "last_7d", "--limit", "6"])).stdout
      .trim().split("\n")
    expect(text).toHaveLength(6)
    const first = out.developer_logs[0]
    const cells = text[0]!.split("\t")
    expect(cells[0]).toBe(first.timestamp)
    expect(cells).toContain(first.action.event_name)
    expect(cells).toContain(first.context.ip_address)
    expect(text.join("\n")).toContain("(plan_access_token)")
  })

  it("filters by the service's token types and refuses the old name before sending", async () => {
    const plan = JSON.parse(
      ok(await as("plan", ["developer-log", "list", "--token-type", "developer_token", "--limit", "10", "--json"]))
        .stdout
    )
    expect(plan.developer_logs.length).toBeGreaterThan(0)
    expect(
      plan.developer_logs.every((i: { actor: { token_type: string } }) => i.actor.token_type === "developer_token")
    ).toBe(true)
    const before = (await requestLog(ctx.sb)).length
    expect(usageErrorOf(await as("plan", ["developer-log", "list", "--token-type", "personal_access_token"]))).toMatch(
      /--token-type/
    )
    expect((await requestLog(ctx.sb)).length).toBe(before)
  })
})

describe("design discovery text-events", () => {
  it("sends no end_date without --end-date: the service answers the hour from the start", async () => {
    const start = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000 - 3 * 3_600_000).toISOString().replace(
      ".000Z",
      "Z"
    )
    const out = JSON.parse(
      ok(await as("oauth_org", ["discovery", "text-events", "--start-date", start, "--json"])).stdout
    )
    expect(Object.keys(out.urls)).toHaveLength(1)
    const sent = (await requestLog(ctx.sb)).filter((r) => r.path === "/v1/discovery")
    expect(sent.map((r) => [r.query.start_date, r.query.end_date])).toEqual([[start, undefined]])
  })
})
