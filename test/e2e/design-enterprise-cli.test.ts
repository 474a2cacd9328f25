/**
 * The built `design` CLI against `design sandbox` for the Enterprise and
 * organisation groups: one command per group, `variable apply --body-file`
 * from a file and from standard input, and bad inputs refused with exit 2
 * before anything is sent.
 */
import { spawn } from "node:child_process"
import { mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { baseEnv, describeRun, DESIGN_BIN, requestLog, ROOT, type RunResult, useSandbox } from "./helpers.js"

const ctx = useSandbox({ inProcess: true })

interface Enterprise {
  readonly file_key: string
  readonly tokens: Readonly<Record<string, string>>
  readonly dev_resources: { readonly node_id: string }
  readonly variables: { readonly collections: { readonly primitives: string } }
}
interface Payments {
  readonly plugin_id: string
}

const ent = () => ctx.sb.info.enterprise as Enterprise
const payments = () => ctx.sb.info.payments as Payments
const editorId = () => (ctx.sb.info.users as { editor: { id: string } }).editor.id

/** `design` with one of the Enterprise tokens (and its auth mode). */
const as = (token: "personal" | "plan" | "oauth" | "oauth_org", args: ReadonlyArray<string>) =>
  ctx.design(args, {
    DESIGN_ACCESS_TOKEN: ent().tokens[token]!,
    DESIGN_AUTH_MODE: token === "plan" ? "plan" : token.startsWith("oauth") ? "oauth" : "personal"
  })

const ok = (r: RunResult) => {
  expect(r.code, describeRun(r)).toBe(0)
  return r
}

const json = (r: RunResult): any => JSON.parse(ok(r).stdout)

/** `design` with a body on standard input (the helpers' run closes stdin). */
const withStdin = (args: ReadonlyArray<string>, input: string, env: Readonly<Record<string, string>>) =>
  new Promise<RunResult>((resolve, reject) => {
    const started = Date.now()
    const child = spawn(process.execPath, [DESIGN_BIN, ...args], {
      cwd: ROOT,
      env: { ...baseEnv(), ...ctx.sb.env, ...env },
      stdio: ["pipe", "pipe", "pipe"]
    })
    let stdout = ""
    let stderr = ""
    child.stdout.setEncoding("utf8").on("data", (c: string) => void (stdout += c))
    child.stderr.setEncoding("utf8").on("data", (c: string) => void (stderr += c))
    child.once("error", reject)
    child.once("close", (code) => resolve({ code, stdout, stderr, ms: Date.now() - started }))
    child.stdin.end(input)
  })

const dir = mkdtempSync(join(tmpdir(), "design-enterprise-e2e-"))
const bodyFile = (name: string, body: unknown) => {
  const path = join(dir, name)
  writeFileSync(path, typeof body === "string" ? body : JSON.stringify(body))
  return path
}

const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10)
const hoursAgo = (h: number) =>
  new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000 - h * 3_600_000).toISOString().replace(".000Z", "Z")

describe("variables", () => {
  it("lists local variables as a table, and applies a bulk body from a file and from standard input", async () => {
    const key = ent().file_key
    const table = ok(await as("personal", ["variable", "local", key]))
    expect(table.stdout).toMatch(/^VariableID:1:20\tcolor\/blue\/500\tCOLOR\tPrimitives\t2$/m)

    const fromFile = bodyFile("create.json", {
      variables: [{
        action: "CREATE",
        id: "tmp",
        name: "space/8",
        variableCollectionId: ent().variables.collections.primitives,
        resolvedType: "FLOAT"
      }]
    })
    const applied = json(await as("personal", ["variable", "apply", key, "--body-file", fromFile, "--json"]))
    expect(applied).toMatchObject({
      file_key: key,
      changes: 1,
      tempIdToRealId: { tmp: expect.stringMatching(/^VariableID:/) }
    })

    const real = applied.tempIdToRealId.tmp as string
    const piped = await withStdin(
      ["variable", "apply", key, "--body-file", "-"],
      JSON.stringify({ variables: [{ action: "UPDATE", id: real, name: "space/eight" }] }),
      { DESIGN_ACCESS_TOKEN: ent().tokens.personal! }
    )
    expect(piped.code, describeRun(piped)).toBe(0)
    expect(piped.stdout).toMatch(/^changes:\s+1$/m)
    const local = json(await as("personal", ["variable", "local", key, "--json"]))
    expect(local.variables[real].name).toBe("space/eight")
    expect((await requestLog(ctx.sb)).filter((r) => r.method === "POST").map((r) => r.path)).toEqual([
      `/v1/files/${key}/variables`,
      `/v1/files/${key}/variables`
    ])
  })

  it("refuses a body over the limits, bad JSON, a plan token's write and a bad integer with exit 2, sending nothing", async () => {
    const key = ent().file_key
    const longMode = bodyFile("long-mode.json", {
      variableModes: [{
        action: "CREATE",
        name: "x".repeat(41),
        variableCollectionId: ent().variables.collections.primitives
      }]
    })
    const refusals = [
      await as("personal", ["variable", "apply", key, "--body-file", longMode]),
      await as("personal", ["variable", "apply", key, "--body-file", bodyFile("bad.json", "{\"variables\": [")]),
      await withStdin(["variable", "apply", key, "--body-file", "-"], "{\"file_key\": \"other\"}", {
        DESIGN_ACCESS_TOKEN: ent().tokens.personal!
      }),
      await as("plan", [
        "variable",
        "apply",
        key,
        "--body-file",
        bodyFile("delete.json", { variables: [{ action: "DELETE", id: "VariableID:1:22" }] })
      ]),
      await as("plan", ["activity-log", "list", "--limit", "30.0"]),
      await as("personal", ["analytics", "component-actions", key, "--group-by", "team", "--start-date", "2026-02-30"])
    ]
    for (const r of refusals) {
      expect(r.code, describeRun(r)).toBe(2)
      expect(r.stdout).toBe("")
      expect(r.stderr).toMatch(/^Error: /m)
    }
    expect(refusals[0]!.stderr).toMatch(/variableModes \(item 1\): name/)
    expect(refusals[1]!.stderr).toMatch(/--body-file: .* is not valid JSON/)
    expect(refusals[2]!.stderr).toMatch(/file_key is not part of this body/)
    expect(refusals[3]!.stderr).toMatch(/plan access token/)
    expect(refusals[4]!.stderr).toMatch(/--limit/)
    expect(refusals[5]!.stderr).toMatch(/--start-date/)
    expect(await requestLog(ctx.sb)).toEqual([])
  })

  it("fails with exit 7 before sending when the configured plan is below Enterprise", async () => {
    const r = await ctx.design(["variable", "local", ent().file_key, "--account-plan", "professional"], {
      DESIGN_ACCESS_TOKEN: ent().tokens.personal!
    })
    expect(r.code, describeRun(r)).toBe(7)
    expect(r.stderr).toMatch(/Enterprise/)
    expect(await requestLog(ctx.sb)).toEqual([])
  })
})

describe("one command per group", () => {
  it("dev-resource list and create from flags", async () => {
    const key = ent().file_key
    const listed = json(
      await as("personal", ["dev-resource", "list", key, "--node-ids", ent().dev_resources.node_id, "--json"])
    )
    expect(listed.dev_resources).toHaveLength(2)
    const created = json(
      await as("personal", [
        "dev-resource",
        "create",
        "--file-key",
        key,
        "--node-id",
        "1:9",
        "--name",
        "Docs",
        "--url",
        "https://docs.example.com/x",
        "--json"
      ])
    )
    expect(created.links_created).toHaveLength(1)
    expect(created.errors).toEqual([])
  })

  it("analytics follows every page with --all and keeps each hidden team's rows", async () => {
    const out = json(
      await as("personal", [
        "analytics",
        "component-actions",
        ent().file_key,
        "--group-by",
        "team",
        "--start-date",
        day(-70),
        "--all",
        "--json"
      ])
    )
    expect(out.complete).toBe(true)
    expect(out.pages).toBeGreaterThan(1)
    const weeks = new Set(out.rows.map((r: { week: string }) => r.week)).size
    expect(out.rows.filter((r: { team_name: string }) => r.team_name === "Team not visible")).toHaveLength(2 * weeks)
  })

  it("activity-log, developer-log and ai-usage with a plan token", async () => {
    const log = json(await as("plan", ["activity-log", "list", "--limit", "5", "--json"]))
    expect(log.activity_logs).toHaveLength(5)
    expect(log.next_cursor).toMatch(/^[0-9a-f]{8}:desc:\d+:\d+$/)
    const dev = json(await as("plan", ["developer-log", "list", "--date-range", "last_24h", "--limit", "5", "--json"]))
    expect(dev.developer_logs).toHaveLength(5)
    const ai = ok(await as("plan", ["ai-usage", "daily", "--start-date", day(-10), "--end-date", day(-2)]))
    expect(ai.stdout.split("\n")[0]).toMatch(/^\d{4}-\d{2}-\d{2}\t/)
    const personal = await as("personal", ["activity-log", "list"])
    expect(personal.code, describeRun(personal)).toBe(2)
  })

  it("discovery with an org-level OAuth token, payment get with a personal one, oembed get", async () => {
    const links = json(
      await as("oauth_org", [
        "discovery",
        "text-events",
        "--start-date",
        hoursAgo(4),
        "--end-date",
        hoursAgo(2),
        "--json"
      ])
    )
    expect(Object.keys(links.urls)).toHaveLength(2)
    const paid = json(
      await ctx.design(["payment", "get", "--user-id", editorId(), "--plugin-id", payments().plugin_id, "--json"])
    )
    expect(paid.payment_status.type).toBe("PAID")
    const embed = ok(
      await ctx.design([
        "oembed",
        "get",
        `https://www.design.example/design/${ctx.sb.info.file_key}/Sandbox`,
        "--maxwidth",
        "640"
      ])
    )
    // The 16:9 frame scaled to fit 640 wide (maxheight 450 left room).
    expect(embed.stdout).toMatch(/^size:\s+640x360$/m)
  })
})
