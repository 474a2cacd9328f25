/** A stored design sign-in is found without --auth-mode oauth: status and the no-token error name it and how to use it. */
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { describeRun, useSandbox } from "./helpers.js"

describe("a stored sign-in outside oauth mode", () => {
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

  it("with none stored: status lists the sources checked and exits 3, user me says no token", async () => {
    const status = await ctx.design(["auth", "status", "--json"], noToken())
    expect(status.code, describeRun(status)).toBe(3)
    const data = JSON.parse(status.stdout)
    expect(data).toMatchObject({ authenticated: false, stored_credential: null })
    expect(data.sources_checked).toEqual([
      "--token",
      "DESIGN_ACCESS_TOKEN",
      `stored credential (${join(configDir, "credentials.json")})`
    ])
    const me = await ctx.design(["user", "me"], noToken())
    expect(me.code).toBe(3)
    expect(me.stderr).not.toMatch(/auth-mode oauth/)
  })

  it("with one stored: status and user me name it and --auth-mode oauth, exit 3, and nothing is sent", async () => {
    store()
    const text = await ctx.design(["auth", "status"], noToken())
    expect(text.code, describeRun(text)).toBe(3)
    expect(text.stdout).toMatch(/^sources_checked:\s+--token, DESIGN_ACCESS_TOKEN, stored credential \(/m)
    expect(text.stdout).toMatch(/^stored_credential_use:\s+pass --auth-mode oauth/m)
    expect(text.stderr).toMatch(/OAuth sign-in is stored .*credentials\.json\): pass --auth-mode oauth/)
    const me = await ctx.design(["user", "me"], noToken())
    expect(me.code, describeRun(me)).toBe(3)
    expect(me.stderr).toMatch(/an OAuth sign-in is stored .*: pass --auth-mode oauth/)
    expect(text.stdout + text.stderr + me.stderr).not.toContain("stored-access-token-1")
    const used = await ctx.design(["--auth-mode", "oauth", "auth", "status", "--json"], noToken())
    expect(used.code, describeRun(used)).toBe(0)
    expect(JSON.parse(used.stdout)).toMatchObject({ authenticated: true, source: "stored credential" })
  })
})
