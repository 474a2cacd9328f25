/**
 * Each design failure's "→" line fits its cause, over the design program (in
 * this process) against `design sandbox`: the webhook limit with the commands
 * that free a place, a comment only its author may delete, a stored sign-in
 * left unused because a token was given, the government edition's own base
 * URL variable when its host does not resolve, and a cursor from elsewhere.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { describeRun, type RunResult, useSandbox } from "./helpers.js"

const remedyOf = (r: RunResult) => {
  const line = r.stderr.split("\n").find((l) => l.startsWith("→ "))
  if (line === undefined) throw new Error(`no remedy line:\n${describeRun(r)}`)
  return line
}

describe("design remedies by cause", () => {
  const ctx = useSandbox({ inProcess: true })

  it("the webhook limit says which commands list the webhooks and delete one", async () => {
    const create = (n: number) =>
      ctx.design([
        "webhook",
        "create",
        "--event",
        "FILE_UPDATE",
        "--context",
        "team",
        "--endpoint",
        `https://hooks.example.com/${n}`,
        "--passcode-env",
        "HOOK_PASSCODE"
      ], { HOOK_PASSCODE: "pass-code-value" })
    let last = await create(0)
    for (let n = 1; last.code === 0 && n <= 40; n++) last = await create(n)
    expect(last.code, describeRun(last)).toBe(2)
    expect(last.stderr).toMatch(/Webhook limit reached/)
    expect(remedyOf(last)).toMatch(/'design webhook list' lists them, 'design webhook delete' deletes one/)
  })

  it("a comment only its author may delete says to ask the author, never to check a role", async () => {
    const r = await ctx.design(["comment", "delete", ctx.sb.info.file_key, "100000001"])
    expect(r.code, describeRun(r)).toBe(4)
    expect(remedyOf(r)).toMatch(/Ask its author/)
    expect(r.stderr).not.toMatch(/role/)
  })

  it("an OAuth-only command with a token given and a sign-in stored says to leave the token out", async () => {
    const configDir = join(mkdtempSync(join(tmpdir(), "design-remedies-")), "design")
    mkdirSync(configDir, { mode: 0o700 })
    writeFileSync(
      join(configDir, "credentials.json"),
      JSON.stringify({
        version: 1,
        base_url: ctx.sb.baseUrl,
        client_id: "cid",
        client_secret: "csecret-value",
        access_token: "stored-access-token-1",
        refresh_token: null,
        expires_at: null,
        scopes: [],
        user_id: null,
        obtained_at: new Date().toISOString()
      }),
      { mode: 0o600 }
    )
    const r = await ctx.design(["discovery", "text-events", "--start-date", "2026-11-01T00:00:00Z"], {
      DESIGN_CONFIG_DIR: configDir
    })
    expect(r.code, describeRun(r)).toBe(2)
    const line = remedyOf(r)
    expect(line).toMatch(/a sign-in is stored .*credentials\.json.*DESIGN_ACCESS_TOKEN wins over it: leave it out/)
    expect(r.stderr).not.toMatch(/Set DESIGN_ACCESS_TOKEN/)
  })

  it("with --gov, an unresolved host names DESIGN_GOV_BASE_URL, the variable that edition reads", async () => {
    const r = await ctx.design(["--gov", "user", "me"], { DESIGN_GOV_BASE_URL: "https://no-such-host.invalid" })
    expect(r.code, describeRun(r)).toBe(8)
    expect(remedyOf(r)).toMatch(/Check the host name in --base-url or DESIGN_GOV_BASE_URL/)
    expect(remedyOf(r)).not.toMatch(/DESIGN_BASE_URL/)
  }, 30_000)

  it("a cursor the service does not know asks to list again without --cursor, not about its wire name after", async () => {
    const r = await ctx.design(["component", "team-list", "--cursor", "bogus"])
    expect(r.code, describeRun(r)).toBe(2)
    expect(remedyOf(r)).toMatch(/List again without --cursor/)
    expect(remedyOf(r)).not.toMatch(/after/)
  })
})
