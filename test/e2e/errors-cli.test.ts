/**
 * Failure paths of the built `design` CLI against `design sandbox`: exit codes,
 * "Error: …" / "→ remedy" on stderr, nothing sent for bad input, waiting out
 * short 429s, the four rate-limit headers, retries of reads but never of
 * writes, and the passcode never printed in any format.
 */
import { describe, expect, it } from "vitest"
import {
  addFault,
  createTeamArgs,
  describeRun,
  type designIn,
  idOf,
  requestLog,
  runInProcess as run,
  type RunResult,
  useSandbox
} from "./helpers.js"

const ctx = useSandbox({ inProcess: true })
const design: ReturnType<typeof designIn> = (...args) => ctx.design(...args)

const ENDPOINT = "https://hooks.example.com/e2e/errors"

/** Exit code, then the error layout: "Error: …" and a "→ remedy" line on stderr, nothing on stdout. */
const expectFailure = (r: RunResult, code: number) => {
  expect(r.code, describeRun(r)).toBe(code)
  expect(r.stdout, describeRun(r)).toBe("")
  expect(r.stderr, describeRun(r)).toMatch(/^Error: \S/m)
  expect(r.stderr, describeRun(r)).toMatch(/^→ \S/m)
}

const expectNothingSent = async () => {
  expect(await requestLog(ctx.sb)).toEqual([])
}

const createTeamHook = async () => {
  const r = await design(createTeamArgs(ENDPOINT, "pc-errors-0001"))
  expect(r.code, describeRun(r)).toBe(0)
  return idOf(r.stdout)
}

describe("bad input: exit 2 and nothing sent", () => {
  const create = (...more: Array<string>) => ["webhook", "create", "--event", "PING", "--context", "team", ...more]

  const cases: ReadonlyArray<
    { name: string; args: ReadonlyArray<string>; stderr: RegExp; env?: Record<string, string> }
  > = [
    {
      name: "an http:// endpoint",
      args: create("--endpoint", "http://hooks.example.com/plain", "--passcode", "pc-x"),
      stderr: /--endpoint.*https/
    },
    {
      name: "a 2049-character https endpoint",
      args: create(
        "--endpoint",
        `https://hooks.example.com/${"a".repeat(2049 - "https://hooks.example.com/".length)}`,
        "--passcode",
        "pc-x"
      ),
      stderr: /--endpoint.*2048/
    },
    {
      name: "a missing passcode",
      args: create("--endpoint", ENDPOINT),
      stderr: /passcode/i
    },
    {
      name: "update without --event",
      args: ["webhook", "update", "1", "--endpoint", ENDPOINT, "--passcode", "pc-x"],
      stderr: /--event/
    },
    {
      name: "--context-id with --plan",
      args: ["webhook", "list", "--context-id", "1300000000000000001", "--plan", "team-1300000000000000001"],
      stderr: /--plan/
    },
    {
      name: "--max-pages 1.5",
      args: ["webhook", "list", "--plan", "team-1300000000000000001", "--all", "--max-pages", "1.5"],
      stderr: /--max-pages/
    },
    {
      name: "--passcode-env naming an unset variable",
      args: create("--endpoint", ENDPOINT, "--passcode-env", "E2E_DESIGN_PASSCODE_NOT_SET"),
      stderr: /E2E_DESIGN_PASSCODE_NOT_SET/
    },
    {
      name: "--json with --toon",
      args: ["webhook", "list", "--json", "--toon"],
      stderr: /--json.*--toon|--toon.*--json/
    },
    {
      name: "a non-loopback http base URL",
      args: ["webhook", "list", "--base-url", "http://example.com"],
      stderr: /--base-url or DESIGN_BASE_URL: must be an https:\/\/ URL/
    },
    {
      name: "a non-numeric webhook id (get)",
      args: ["webhook", "get", "abc"],
      stderr: /numeric/
    },
    {
      name: "a non-numeric webhook id (delete)",
      args: ["webhook", "delete", "12a"],
      stderr: /numeric/
    }
  ]

  for (const c of cases) {
    it(c.name, async () => {
      const r = await design(c.args, c.env ?? {}, 10_000)
      expectFailure(r, 2)
      expect(r.stderr).toMatch(c.stderr)
      await expectNothingSent()
    })
  }
})

describe("auth and access failures", () => {
  it("an expired token exits 3 and says the token was rejected", async () => {
    const r = await design(["user", "me"], { DESIGN_ACCESS_TOKEN: ctx.sb.info.tokens.expired })
    expectFailure(r, 3)
    expect(r.stderr).toMatch(/token/i)
    expect(r.stderr).not.toContain(ctx.sb.info.tokens.expired)
  })

  it("no token at all exits 3 and sends nothing", async () => {
    const env = { DESIGN_BASE_URL: ctx.sb.baseUrl, DESIGN_TEAM_ID: ctx.sb.info.team_id }
    for (const args of [["user", "me"], ["webhook", "list"]]) {
      const r = await run(args, { env })
      expectFailure(r, 3)
      expect(r.stderr).toMatch(/DESIGN_ACCESS_TOKEN|--token/)
    }
    await expectNothingSent()
  })

  it("a missing webhook exits 5", async () => {
    const r = await design(["webhook", "get", "999999"])
    expectFailure(r, 5)
    expect(r.stderr).toContain("999999")
  })

  for (const who of ["viewer", "editor"] as const) {
    it(`a ${who} creating a team webhook exits 4`, async () => {
      const r = await design(
        ["webhook", "create", "--event", "PING", "--context", "team", "--endpoint", ENDPOINT, "--passcode", "pc-x"],
        { DESIGN_ACCESS_TOKEN: ctx.sb.info.tokens[who] }
      )
      expectFailure(r, 4)
      expect((await requestLog(ctx.sb)).filter((q) => q.method === "POST")).toHaveLength(1)
      // Refused by the service: nothing was created.
      const listed = await design(["webhook", "list", "--json"])
      expect(listed.code, describeRun(listed)).toBe(0)
      expect((JSON.parse(listed.stdout) as { webhooks: Array<unknown> }).webhooks).toEqual([])
    })
  }

  it("a plan token on `user me` exits 2 and sends nothing", async () => {
    const r = await design(["user", "me"], { DESIGN_AUTH_MODE: "plan", DESIGN_ACCESS_TOKEN: ctx.sb.info.tokens.plan })
    expectFailure(r, 2)
    await expectNothingSent()
  })
})

describe("rate limits", () => {
  it("waits out a 429 with Retry-After: 2 and then succeeds", async () => {
    await addFault(ctx.sb, { method: "GET", path: "/v1/me", status: 429, headers: { "Retry-After": "2" }, times: 1 })
    const r = await design(["user", "me", "--json"])
    expect(r.code, describeRun(r)).toBe(0)
    expect(JSON.parse(r.stdout)).toMatchObject({
      handle: (ctx.sb.info.users as { admin: { handle: string } }).admin.handle
    })
    expect(r.ms).toBeGreaterThanOrEqual(1_900)
    const log = await requestLog(ctx.sb)
    expect(log.map((q) => `${q.method} ${q.path}`)).toEqual(["GET /v1/me", "GET /v1/me"])
  })

  it("a monthly-quota 429 exits 6 at once and quotes all four headers", async () => {
    const headers = {
      "Retry-After": "345600",
      "X-Design-Plan-Tier": "starter",
      "X-Design-Rate-Limit-Type": "low",
      "X-Design-Upgrade-Link": "https://www.design.example/pricing"
    }
    await addFault(ctx.sb, { method: "GET", path: "/v1/me", status: 429, headers, times: 1 })
    const r = await design(["user", "me"], {}, 15_000)
    expectFailure(r, 6)
    expect(r.ms).toBeLessThan(5_000)
    for (const [name, value] of Object.entries(headers)) expect(r.stderr).toContain(`${name}: ${value}`)
    expect(r.stderr).toMatch(/monthly/i)
    expect(r.stderr).toMatch(/quota/i)
    expect(await requestLog(ctx.sb)).toHaveLength(1)
  })
})

describe("service failures", () => {
  it("a 503 on GET /v2/webhooks/{id} is retried and the read succeeds", async () => {
    const id = await createTeamHook()
    await addFault(ctx.sb, { method: "GET", path: `/v2/webhooks/${id}`, status: 503, times: 1 })
    const r = await design(["webhook", "get", id, "--json"])
    expect(r.code, describeRun(r)).toBe(0)
    expect(idOf(r.stdout)).toBe(id)
    const gets = (await requestLog(ctx.sb)).filter((q) => q.method === "GET" && q.path === `/v2/webhooks/${id}`)
    expect(gets).toHaveLength(2)
  })

  it("a 503 on POST /v2/webhooks exits 8 after exactly one POST", async () => {
    await addFault(ctx.sb, { method: "POST", path: "/v2/webhooks", status: 503, times: 5 })
    const r = await design([
      "webhook",
      "create",
      "--event",
      "PING",
      "--context",
      "team",
      "--endpoint",
      ENDPOINT,
      "--passcode",
      "pc-x"
    ])
    expectFailure(r, 8)
    const posts = (await requestLog(ctx.sb)).filter((q) => q.method === "POST" && q.path === "/v2/webhooks")
    expect(posts).toHaveLength(1)
  })
})

describe("the passcode is never printed", () => {
  const PASSCODE = "pc-SECRET-4242"
  const formats = [
    { name: "text", flags: [] as Array<string>, id: (out: string) => /^id:\s+(\d+)$/m.exec(out)?.[1] },
    { name: "--json", flags: ["--json"], id: (out: string) => idOf(out) },
    { name: "--toon", flags: ["--toon"], id: (out: string) => /^id: "?(\d+)"?$/m.exec(out)?.[1] }
  ]

  for (const format of formats) {
    it(`create/get/list/update/requests/delete in ${format.name}`, async () => {
      const outputs: Array<[string, RunResult]> = []
      const step = async (label: string, args: ReadonlyArray<string>, env: Record<string, string> = {}) => {
        const r = await design([...args, ...format.flags], env)
        outputs.push([label, r])
        expect(r.code, `${label}: ${describeRun(r)}`).toBe(0)
        return r
      }
      const created = await step("create", [
        "webhook",
        "create",
        "--event",
        "PING",
        "--context",
        "team",
        "--endpoint",
        ENDPOINT,
        "--passcode",
        PASSCODE,
        "--description",
        "passcode check"
      ])
      const id = format.id(created.stdout)
      expect(id, describeRun(created)).toMatch(/^\d+$/)
      await step("get", ["webhook", "get", id!])
      await step("list", ["webhook", "list"])
      await step("list --plan", ["webhook", "list", "--plan", `team-${ctx.sb.info.team_id}`])
      // The delivery history echoes the passcode on the wire (PING payload).
      const requests = await step("requests", ["webhook", "requests", id!])
      expect(requests.stdout).toContain("PING")
      await step("update", [
        "webhook",
        "update",
        id!,
        "--event",
        "FILE_UPDATE",
        "--endpoint",
        ENDPOINT,
        "--passcode",
        PASSCODE
      ])
      await step("update --passcode-env", [
        "webhook",
        "update",
        id!,
        "--event",
        "FILE_DELETE",
        "--endpoint",
        ENDPOINT,
        "--passcode-env",
        "E2E_PASSCODE"
      ], { E2E_PASSCODE: PASSCODE })
      await step("delete", ["webhook", "delete", id!])
      await step("delete again", ["webhook", "delete", id!])

      for (const [label, r] of outputs) {
        expect(r.stdout, `${label} stdout`).not.toContain(PASSCODE)
        expect(r.stderr, `${label} stderr`).not.toContain(PASSCODE)
      }
      // The passcode really was sent (the sandbox masks it in its log).
      const writes = (await requestLog(ctx.sb)).filter((q) => q.method === "POST" || q.method === "PUT")
      expect(writes).toHaveLength(3)
      for (const w of writes) expect(w.body).toMatchObject({ passcode: "***" })
    })
  }

  it("is not echoed by a refused create either", async () => {
    const r = await design([
      "webhook",
      "create",
      "--event",
      "PING",
      "--context",
      "team",
      "--endpoint",
      "http://hooks.example.com/plain",
      "--passcode",
      PASSCODE
    ])
    expectFailure(r, 2)
    expect(r.stderr).not.toContain(PASSCODE)
    await expectNothingSent()
  })
})
