/** A stored design sign-in is used by itself when no token is given; another auth mode asked for keeps it out, and says so. */
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { describeRun, useSandbox } from "./helpers.js"

describe("a stored design sign-in", () => {
  const ctx = useSandbox({ inProcess: true })
  const configDir = join(mkdtempSync(join(tmpdir(), "design-stored-")), "design")
  mkdirSync(configDir, { mode: 0o700 })
  const noToken = () => ({ DESIGN_ACCESS_TOKEN: "", DESIGN_CONFIG_DIR: configDir })
  const store = () =>
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

  it("with none stored: status lists the sources checked and exits 3, user me says no token and how to sign in", async () => {
    const status = await ctx.design(["auth", "status", "--json"], noToken())
    expect(status.code, describeRun(status)).toBe(3)
    const data = JSON.parse(status.stdout)
    expect(data).toMatchObject({ authenticated: false, stored_credential_unused: null })
    expect(data.sources_checked).toEqual([
      "--token",
      "DESIGN_ACCESS_TOKEN",
      `stored credential (${join(configDir, "credentials.json")})`
    ])
    const me = await ctx.design(["user", "me"], noToken())
    expect(me.code).toBe(3)
    expect(me.stderr).toMatch(/design auth login/)
  })

  it("with one stored: it is used by itself, as an OAuth token, and status names it", async () => {
    store()
    const status = await ctx.design(["auth", "status", "--json"], noToken())
    expect(status.code, describeRun(status)).toBe(0)
    expect(JSON.parse(status.stdout)).toMatchObject({ authenticated: true, source: "stored credential", mode: "oauth" })
    const text = await ctx.design(["auth", "status"], noToken())
    expect(text.stdout).toMatch(/^source:\s+stored credential$/m)
    expect(text.stdout + text.stderr).not.toContain("stored-access-token-1")
    const explicit = await ctx.design(["--auth-mode", "oauth", "auth", "status", "--json"], noToken())
    expect(JSON.parse(explicit.stdout)).toMatchObject({ authenticated: true, source: "stored credential" })
  })

  it("another auth mode asked for keeps it out: the no-token error names it and how to use it, and nothing is sent", async () => {
    store()
    const text = await ctx.design(["--auth-mode", "personal", "auth", "status"], noToken())
    expect(text.code, describeRun(text)).toBe(3)
    expect(text.stdout).toMatch(/^stored_credential_unused:\s+\S+credentials\.json$/m)
    const me = await ctx.design(["user", "me"], { ...noToken(), DESIGN_AUTH_MODE: "plan" })
    expect(me.code, describeRun(me)).toBe(3)
    expect(me.stderr).toMatch(/a sign-in is stored .*credentials\.json\); it is used when no other mode is asked for/)
    expect(text.stdout + text.stderr + me.stderr).not.toContain("stored-access-token-1")
  })
})
