/**
 * The built `design` CLI against `design sandbox`: the webhook lifecycle,
 * context URLs, plan paging, `user me`, `auth status`, the deprecated
 * `webhook list-team`, and the `taskmgr` binary.
 */
import { spawnSync } from "node:child_process"
import { describe, expect, it } from "vitest"
import {
  createTeamArgs,
  describeRun,
  DESIGN_BIN,
  type designIn,
  idOf,
  requestLog,
  runInProcess as run,
  type RunResult,
  TASKMGR_BIN,
  useSandbox
} from "./helpers.js"

const ctx = useSandbox({ inProcess: true })
const design: ReturnType<typeof designIn> = (...args) => ctx.design(...args)

const ok = (r: RunResult) => {
  expect(r.code, describeRun(r)).toBe(0)
  return r
}

const json = (r: RunResult): any => {
  ok(r)
  try {
    return JSON.parse(r.stdout)
  } catch {
    throw new Error(`stdout is not JSON:\n${describeRun(r)}`)
  }
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")

const adminHandle = () => (ctx.sb.info.users as { admin: { handle: string } }).admin.handle

interface Hook {
  id: string
  event_type: string
  context: string
  context_id: string
  status: string
  endpoint: string
  description: string | null
  plan_api_id: string | null
  client_id: string | null
}

interface ListOutput {
  webhooks: Array<Hook>
  next_cursor: string | null
  complete: boolean
  pages: number
}

const createTeamHook = async (endpoint: string, extra: ReadonlyArray<string> = []) =>
  idOf(ok(await design([...createTeamArgs(endpoint, "pc-cli-0001"), ...extra])).stdout)

describe("webhook lifecycle", () => {
  it("create → list → get → update → requests → delete → delete again → get 404", async () => {
    const endpoint = "https://hooks.example.com/e2e/lifecycle"
    const teamId = ctx.sb.info.team_id

    // create (team context from DESIGN_TEAM_ID; passcode from an environment variable)
    const created = json(
      await design(
        [
          "webhook",
          "create",
          "--event",
          "PING",
          "--context",
          "team",
          "--endpoint",
          endpoint,
          "--passcode-env",
          "E2E_HOOK_PASSCODE",
          "--description",
          "e2e lifecycle",
          "--json"
        ],
        { E2E_HOOK_PASSCODE: "pc-lifecycle-1" }
      )
    ) as Hook
    const id = created.id
    expect(id).toMatch(/^\d+$/)
    expect(created).toMatchObject({
      event_type: "PING",
      context: "TEAM",
      context_id: teamId,
      status: "ACTIVE",
      endpoint,
      description: "e2e lifecycle",
      plan_api_id: `team-${teamId}`
    })
    expect(created).not.toHaveProperty("passcode")
    const posts = (await requestLog(ctx.sb)).filter((r) => r.method === "POST" && r.path === "/v2/webhooks")
    expect(posts).toHaveLength(1)
    expect(posts[0]!.body).toMatchObject({
      event_type: "PING",
      context: "team",
      context_id: teamId,
      endpoint,
      passcode: "***"
    })

    // list: text table; piped, so tab-separated without a header (like gh)
    const listed = ok(await design(["webhook", "list"]))
    expect(listed.stdout).toBe(`${id}\tPING\tACTIVE\tteam ${teamId}\t${endpoint}\n`)
    expect(listed.stdout).not.toMatch(/ID\s+EVENT/)

    // list: --json
    const listedJson = json(await design(["webhook", "list", "--json"])) as ListOutput
    expect(listedJson.complete).toBe(true)
    expect(listedJson.next_cursor).toBeNull()
    expect(listedJson.webhooks.map((w) => w.id)).toEqual([id])
    expect(listedJson.webhooks[0]).toMatchObject({ event_type: "PING", endpoint, status: "ACTIVE" })

    // get: text record
    const got = ok(await design(["webhook", "get", id]))
    expect(got.stdout).toMatch(new RegExp(`^id:\\s+${id}$`, "m"))
    expect(got.stdout).toMatch(/^event:\s+PING$/m)
    expect(got.stdout).toMatch(new RegExp(`^context:\\s+team ${teamId}$`, "m"))
    expect(got.stdout).toMatch(/^status:\s+ACTIVE$/m)
    expect(got.stdout).toMatch(new RegExp(`^endpoint:\\s+${escape(endpoint)}$`, "m"))
    expect(got.stdout).toMatch(/^description:\s+e2e lifecycle$/m)

    // get: --json
    const gotJson = json(await design(["webhook", "get", id, "--json"])) as Hook
    expect(gotJson).toEqual({ ...created })

    // get: --toon (not JSON, key: value lines)
    const gotToon = ok(await design(["webhook", "get", id, "--toon"]))
    expect(() => JSON.parse(gotToon.stdout)).toThrow()
    expect(gotToon.stdout).toMatch(new RegExp(`^id: "?${id}"?$`, "m"))
    expect(gotToon.stdout).toMatch(/^event_type: PING$/m)
    expect(gotToon.stdout).toMatch(/^status: ACTIVE$/m)
    expect(gotToon.stdout).toContain(endpoint)

    // update: event, endpoint and passcode are required; status changes, description is kept
    const endpoint2 = "https://hooks.example.com/e2e/lifecycle-2"
    const updated = json(
      await design([
        "webhook",
        "update",
        id,
        "--event",
        "FILE_UPDATE",
        "--endpoint",
        endpoint2,
        "--passcode",
        "pc-lifecycle-2",
        "--status",
        "PAUSED",
        "--json"
      ])
    ) as Hook
    expect(updated).toMatchObject({
      id,
      event_type: "FILE_UPDATE",
      endpoint: endpoint2,
      status: "PAUSED",
      description: "e2e lifecycle"
    })
    const afterUpdate = json(await design(["webhook", "get", id, "--json"])) as Hook
    expect(afterUpdate).toMatchObject({ event_type: "FILE_UPDATE", endpoint: endpoint2, status: "PAUSED" })
    const puts = (await requestLog(ctx.sb)).filter((r) => r.method === "PUT")
    expect(puts).toEqual([
      expect.objectContaining({
        path: `/v2/webhooks/${id}`,
        body: expect.objectContaining({
          event_type: "FILE_UPDATE",
          endpoint: endpoint2,
          passcode: "***",
          status: "PAUSED"
        })
      })
    ])

    // requests: the PING sent on create was delivered
    const requests = ok(await design(["webhook", "requests", id]))
    expect(requests.stdout).not.toMatch(/SENT_AT/)
    expect(requests.stdout).toMatch(/^\d{4}-\d\d-\d\dT\S+Z\tPING\t200\t$/m)
    expect(requests.stdout).not.toMatch(/Delivered/)
    expect(requests.stderr).toMatch(/^Delivered: 1, failed: 0$/m)
    const requestsJson = json(await design(["webhook", "requests", id, "--json"]))
    expect(requestsJson).toMatchObject({ delivered: 1, failed: 0 })
    expect(requestsJson.requests).toEqual([expect.objectContaining({ event: "PING", status: "200", error: null })])
    const failedOnly = json(await design(["webhook", "requests", id, "--failed-only", "--json"]))
    expect(failedOnly).toMatchObject({ requests: [], delivered: 1, failed: 0 })

    // delete, then delete again: idempotent
    const deleted = json(await design(["webhook", "delete", id, "--json"]))
    expect(deleted).toEqual({ deleted: true, webhook_id: id, already_absent: false })
    const again = json(await design(["webhook", "delete", id, "--json"]))
    expect(again).toEqual({ deleted: true, webhook_id: id, already_absent: true })
    const deletes = (await requestLog(ctx.sb)).filter((r) => r.method === "DELETE")
    expect(deletes.map((r) => r.path)).toEqual([`/v2/webhooks/${id}`, `/v2/webhooks/${id}`])

    // get: gone
    const gone = await design(["webhook", "get", id])
    expect(gone.code, describeRun(gone)).toBe(5)
    expect(gone.stdout).toBe("")
    expect(gone.stderr).toMatch(/^Error: .+/m)
    expect(gone.stderr).toMatch(/^→ .+/m)
  })

  it("an empty list prints nothing on stdout and says so on stderr (text); JSON still prints the envelope", async () => {
    const r = ok(await design(["webhook", "list"]))
    expect(r.stdout).toBe("")
    expect(r.stdout).not.toContain("(none)")
    expect(r.stderr).toMatch(/^No webhooks\.$/m)
    const j = ok(await design(["webhook", "list", "--json"]))
    expect(JSON.parse(j.stdout)).toEqual({ webhooks: [], next_cursor: null, complete: true, pages: 1 })
    expect(j.stderr).toBe("")
  })
})

describe("secrets given on the command line", () => {
  it("a typed --passcode gets a note naming --passcode-env; an endpoint's password is masked in the answer", async () => {
    const r = await design([
      "webhook",
      "create",
      "--event",
      "FILE_UPDATE",
      "--context",
      "team",
      "--endpoint",
      "https://hooks:Endp0intPassw0rd@hooks.example.com/e2e/secret",
      "--passcode",
      "pc-typed-1",
      "--json"
    ])
    expect(r.code, describeRun(r)).toBe(0)
    expect(r.stderr).toContain("Note: --passcode on the command line shows in the process list and shell history")
    expect(r.stderr).toContain("--passcode-env VARIABLE")
    expect(JSON.parse(r.stdout)).toMatchObject({ endpoint: expect.stringContaining("@hooks.example.com/e2e/secret") })
    expect(r.stdout + r.stderr).not.toContain("Endp0intPassw0rd")
    const fromVariable = await design(
      ["webhook", "list", "--json"],
      { HOOK_SECRET: "pc-typed-2" }
    )
    expect(fromVariable.stderr).not.toContain("Note: --passcode")
  })
})

describe("--context-id as a URL", () => {
  it("accepts a team URL for create and list, without DESIGN_TEAM_ID", async () => {
    const teamId = ctx.sb.info.team_id
    const url = `https://www.design.example/files/team/${teamId}/Sandbox`
    // No DESIGN_TEAM_ID: the id can only come from the URL.
    const env = { DESIGN_BASE_URL: ctx.sb.baseUrl, DESIGN_ACCESS_TOKEN: ctx.sb.info.tokens.personal }
    const created = json(
      await run(
        [
          "webhook",
          "create",
          "--event",
          "FILE_UPDATE",
          "--context",
          "team",
          "--context-id",
          url,
          "--endpoint",
          "https://hooks.example.com/e2e/url",
          "--passcode",
          "pc-url-1",
          "--json"
        ],
        { env }
      )
    ) as Hook
    expect(created).toMatchObject({ context: "TEAM", context_id: teamId })

    const listed = json(await run(["webhook", "list", "--context-id", url, "--json"], { env })) as ListOutput
    expect(listed.webhooks.map((w) => w.id)).toEqual([created.id])

    const log = await requestLog(ctx.sb)
    expect(log.find((r) => r.method === "POST")?.body).toMatchObject({ context: "team", context_id: teamId })
    expect(log.find((r) => r.method === "GET" && r.path === "/v2/webhooks")?.query).toEqual({
      context: "team",
      context_id: teamId
    })
  })
})

describe("listing by plan (3 per page in the sandbox)", () => {
  it("pages: first page + cursor notice, --cursor resumes, --all, --all --max-pages 1", async () => {
    const plan = `team-${ctx.sb.info.team_id}`
    const ids: Array<string> = []
    for (let i = 1; i <= 4; i++) ids.push(await createTeamHook(`https://hooks.example.com/e2e/plan-${i}`))
    expect(new Set(ids).size).toBe(4)

    // first page only, in text: 3 rows, and stderr says how to continue
    const first = ok(await design(["webhook", "list", "--plan", plan]))
    const rows = first.stdout.split("\n").filter((line) => /^\d+\s/.test(line))
    expect(rows).toHaveLength(3)
    const cursor = /--cursor (\S+)/.exec(first.stderr)?.[1]
    expect(cursor, describeRun(first)).toBeDefined()
    expect(first.stdout).not.toContain(cursor!)

    // the same page in JSON
    const firstJson = json(await design(["webhook", "list", "--plan", plan, "--json"])) as ListOutput
    expect(firstJson.webhooks).toHaveLength(3)
    expect(firstJson.complete).toBe(false)
    expect(firstJson.next_cursor).toBe(cursor)

    // --cursor resumes where the first page stopped
    const rest = json(await design(["webhook", "list", "--plan", plan, "--cursor", cursor!, "--json"])) as ListOutput
    expect(rest.webhooks).toHaveLength(1)
    expect(rest.complete).toBe(true)
    expect(rest.next_cursor).toBeNull()
    expect([...firstJson.webhooks, ...rest.webhooks].map((w) => w.id).sort()).toEqual([...ids].sort())

    // --all follows every page
    const all = json(await design(["webhook", "list", "--plan", plan, "--all", "--json"])) as ListOutput
    expect(all.webhooks.map((w) => w.id).sort()).toEqual([...ids].sort())
    expect(all.complete).toBe(true)
    expect(all.pages).toBe(2)
    expect(all.next_cursor).toBeNull()

    // --all stops at the page ceiling and says so
    const capped = json(
      await design(["webhook", "list", "--plan", plan, "--all", "--max-pages", "1", "--json"])
    ) as ListOutput
    expect(capped.complete).toBe(false)
    expect(capped.webhooks).toHaveLength(3)
    expect(capped.next_cursor).toEqual(expect.any(String))

    const planGets = (await requestLog(ctx.sb)).filter((r) => r.method === "GET" && r.path === "/v2/webhooks")
    expect(planGets.every((r) => r.query.plan_api_id === plan)).toBe(true)
    // The service is sent its own cursor; the printed one names the listing before it.
    expect(planGets.some((r) => r.query.cursor === cursor!.replace(/^[0-9a-f]{8}:/, ""))).toBe(true)
  })
})

describe("user me", () => {
  it("prints the admin's handle (text and JSON)", async () => {
    const text = ok(await design(["user", "me"]))
    expect(text.stdout).toMatch(new RegExp(`^handle:\\s+${escape(adminHandle())}$`, "m"))
    const data = json(await design(["user", "me", "--json"]))
    expect(data.handle).toBe(adminHandle())
  })
})

describe("credential modes and editions", () => {
  it("sends an OAuth token as Bearer with --auth-mode oauth, and fails with it as a personal token", async () => {
    const oauth = { DESIGN_ACCESS_TOKEN: ctx.sb.info.tokens.oauth }
    const ok = await ctx.design(["user", "me", "--auth-mode", "oauth", "--json"], oauth)
    expect(ok.code, describeRun(ok)).toBe(0)
    expect(JSON.parse(ok.stdout).handle).toBe("Sandbox App User")
    const wrong = await ctx.design(["user", "me"], oauth)
    expect(wrong.code, describeRun(wrong)).toBe(3)
  })

  it("reaches the government edition's host with --gov", async () => {
    const gov = await ctx.design(["user", "me", "--gov"], {
      DESIGN_BASE_URL: "https://commercial.invalid",
      DESIGN_GOV_BASE_URL: ctx.sb.baseUrl
    })
    expect(gov.code, describeRun(gov)).toBe(0)
    const commercial = await ctx.design(["user", "me", "--max-wait", "0"], {
      DESIGN_BASE_URL: "https://commercial.invalid"
    })
    expect(commercial.code, describeRun(commercial)).toBe(8)
  })
})

describe("auth status", () => {
  it("masks the token and names DESIGN_ACCESS_TOKEN as its source", async () => {
    const token = ctx.sb.info.tokens.personal
    const r = ok(await design(["auth", "status"]))
    expect(r.stdout).toMatch(/^token:\s+\S*\*{4,}\S*$/m)
    expect(r.stdout).toMatch(/^source:\s+DESIGN_ACCESS_TOKEN$/m)
    expect(r.stdout).toMatch(/^mode:\s+personal$/m)
    expect(r.stdout + r.stderr).not.toContain(token)
    const data = json(await design(["auth", "status", "--json"]))
    expect(data.source).toBe("DESIGN_ACCESS_TOKEN")
    expect(JSON.stringify(data)).not.toContain(token)
    expect(await requestLog(ctx.sb)).toEqual([])
  })

  it("--token wins over DESIGN_ACCESS_TOKEN, and --check proves which token was used", async () => {
    const flagToken = ctx.sb.info.tokens.personal
    const envToken = ctx.sb.info.tokens.viewer
    const r = ok(await design(["auth", "status", "--check", "--token", flagToken], { DESIGN_ACCESS_TOKEN: envToken }))
    expect(r.stdout).toMatch(/^source:\s+--token$/m)
    expect(r.stdout).toMatch(new RegExp(`^check:\\s+ok: signed in as ${escape(adminHandle())}`, "m"))
    expect(r.stdout + r.stderr).not.toContain(flagToken)
    expect(r.stdout + r.stderr).not.toContain(envToken)
  })

  it("--check with a personal token calls /v1/me", async () => {
    const r = ok(await design(["auth", "status", "--check"]))
    expect(r.stdout).toMatch(new RegExp(`^check:\\s+ok: signed in as ${escape(adminHandle())}`, "m"))
    expect((await requestLog(ctx.sb)).map((q) => `${q.method} ${q.path}`)).toEqual(["GET /v1/me"])
  })

  it("--check with a plan token reads file metadata, never /v1/me", async () => {
    const fileKey = ctx.sb.info.file_key
    const r = ok(
      await design(["auth", "status", "--check", "--file", fileKey], {
        DESIGN_AUTH_MODE: "plan",
        DESIGN_ACCESS_TOKEN: ctx.sb.info.tokens.plan
      })
    )
    expect(r.stdout).toMatch(/^mode:\s+plan$/m)
    expect(r.stdout).toMatch(/^check:\s+ok: /m)
    expect(r.stdout).toContain(fileKey)
    expect(r.stdout + r.stderr).not.toContain(ctx.sb.info.tokens.plan)
    const log = await requestLog(ctx.sb)
    expect(log.map((q) => `${q.method} ${q.path}`)).toEqual([`GET /v1/files/${fileKey}/meta`])
    expect(log.some((q) => q.path === "/v1/me")).toBe(false)
  })
})

describe("webhook list-team (deprecated)", () => {
  it("still lists the team's webhooks and warns on stderr", async () => {
    const id = await createTeamHook("https://hooks.example.com/e2e/list-team")
    const r = ok(await design(["webhook", "list-team"]))
    expect(r.stderr).toMatch(/deprecated/i)
    expect(r.stdout).not.toMatch(/deprecated/i)
    expect(r.stdout).toMatch(new RegExp(`^${id}\\s+FILE_UPDATE\\s+ACTIVE\\s`, "m"))

    const explicit = ok(await design(["webhook", "list-team", ctx.sb.info.team_id, "--json"]))
    expect(explicit.stderr).toMatch(/deprecated/i)
    expect((JSON.parse(explicit.stdout) as { webhooks: Array<Hook> }).webhooks.map((w) => w.id)).toEqual([id])
    const teamGets = (await requestLog(ctx.sb)).filter((q) => q.path === `/v2/teams/${ctx.sb.info.team_id}/webhooks`)
    expect(teamGets).toHaveLength(2)
  })
})

describe("taskmgr binary", () => {
  it("--help exits 0", async () => {
    const r = await run(["--help"], { bin: TASKMGR_BIN })
    expect(r.code, describeRun(r)).toBe(0)
    expect(r.stdout).toContain("taskmgr")
  })
})

describe("help", () => {
  it("has no colour codes when piped, even without NO_COLOR, and lists shared options once", async () => {
    const child = spawnSync(process.execPath, [DESIGN_BIN, "--help"], {
      env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "" },
      encoding: "utf8"
    })
    expect(child.status).toBe(0)
    expect(child.stdout).not.toContain("\x1b[")
    expect(child.stdout.match(/^\s+--token\s/gm)?.length).toBe(1)
    for (const command of ["auth", "webhook", "user", "file", "sandbox", "mcp", "completion"]) {
      expect(child.stdout).toMatch(new RegExp(`^  ${command}\\s{2,}\\S`, "m"))
    }
    const group = spawnSync(process.execPath, [DESIGN_BIN, "webhook", "--help"], {
      env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "" },
      encoding: "utf8"
    })
    expect(group.status).toBe(0)
    expect(group.stdout).not.toContain("\x1b[")
    for (const command of ["list", "get", "create", "update", "delete", "requests"]) {
      expect(group.stdout).toMatch(new RegExp(`^  ${command}\\s{2,}\\S`, "m"))
    }
  })

  it("accepts shared options before, between and after a command's own arguments", async () => {
    const design = ctx.design
    const before = await design(["--json", "webhook", "list"])
    const after = await design(["webhook", "list", "--json"])
    expect(before.code, describeRun(before)).toBe(0)
    expect(JSON.parse(before.stdout)).toEqual(JSON.parse(after.stdout))
  })
})
