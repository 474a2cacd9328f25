/**
 * Lost answers and failing refreshes over the built `taskmgr` binary against
 * `taskmgr sandbox`: a write whose answer never came says it may have
 * happened and which command shows it; a delete whose first answer was cut
 * succeeds with already_absent; a refresh keeps --timeout and reads a 500 as
 * a service failure, not a dead sign-in; logout meeting a 500 exits 8 and
 * says the local credential was kept.
 */
import { chmodSync, existsSync, mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { taskmgrSeed } from "../../src/testing/index.js"
import { describeRun } from "./helpers.js"
import { useTaskmgrSandbox } from "./taskmgr-sandbox.js"

const sandbox = useTaskmgrSandbox()
const REVIEW = taskmgrSeed.task_gids.review

describe("a write whose answer was lost", () => {
  it("task create cut after the service acted: exit 8, not 'try again', and 'task list' to check; sent once", async () => {
    await sandbox.fault({ method: "POST", path: "/api/1.0/tasks", cut: true })
    const r = await sandbox.run(["task", "create", "Lost answer", "--projects", sandbox.info.project_gid])
    expect(r.code, describeRun(r)).toBe(8)
    expect(r.stderr).toMatch(/may have made it/)
    expect(r.stderr).toMatch(/check with 'taskmgr task list' whether it took effect/)
    expect(r.stderr).not.toMatch(/try again/i)
    expect((await sandbox.requests()).filter((q) => q.method === "POST")).toHaveLength(1)
  })

  it("comment create that times out names 'comment list' and --timeout", async () => {
    await sandbox.fault({
      method: "POST",
      path: `/api/1.0/tasks/${sandbox.info.task_gid}/stories`,
      cut: true,
      delay_ms: 3_000
    })
    const r = await sandbox.run(["comment", "create", sandbox.info.task_gid, "--text", "Hello", "--timeout", "1"])
    expect(r.code, describeRun(r)).toBe(8)
    expect(r.stderr).toMatch(/No answer from .* within 1s/)
    expect(r.stderr).toMatch(/'taskmgr comment list'/)
    expect(r.stderr).toMatch(/--timeout/)
    expect(r.stderr).not.toMatch(/try again/i)
  })

  it("task delete whose first answer is cut: retried, exit 0 with already_absent", async () => {
    await sandbox.fault({ method: "DELETE", path: `/api/1.0/tasks/${REVIEW}`, cut: true })
    const r = await sandbox.run(["task", "delete", REVIEW, "--json"])
    expect(r.code, describeRun(r)).toBe(0)
    expect(JSON.parse(r.stdout)).toEqual({ deleted: true, already_absent: true, task_gid: REVIEW })
    expect((await sandbox.requests()).filter((q) => q.method === "DELETE")).toHaveLength(2)
  })
})

describe("refresh and revocation follow every request's rules", () => {
  const signedIn = () => {
    const dir = mkdtempSync(join(tmpdir(), "taskmgr-faults-"))
    const file = join(dir, "credentials.json")
    writeFileSync(
      file,
      JSON.stringify({
        version: 1,
        app_url: sandbox.info.app_url,
        base_url: sandbox.info.base_url,
        client_id: sandbox.info.client.id,
        client_secret: sandbox.info.client.secret,
        access_token: sandbox.info.tokens.expired,
        refresh_token: "not-a-live-refresh-token",
        expires_at: null,
        scopes: null,
        account: null,
        obtained_at: new Date().toISOString()
      })
    )
    chmodSync(file, 0o600)
    return {
      file,
      env: {
        TASKMGR_BASE_URL: sandbox.info.base_url,
        TASKMGR_APP_URL: sandbox.info.app_url,
        TASKMGR_CONFIG_DIR: dir,
        TASKMGR_WORKSPACE: sandbox.info.workspace_gid
      }
    }
  }

  it("a 500 from the token endpoint during refresh is a service failure (exit 8), not 'sign in again'", async () => {
    const { env } = signedIn()
    await sandbox.fault({ method: "POST", path: "/-/oauth_token", status: 500, times: 10 })
    const r = await sandbox.run(["user", "me"], env)
    expect(r.code, describeRun(r)).toBe(8)
    expect(r.stderr).toMatch(/The token refresh failed at .*500/)
    expect(r.stderr).not.toMatch(/auth login|no longer accepted/)
    // Retried like any repeatable request.
    expect((await sandbox.requests()).filter((q) => q.path === "/-/oauth_token").length).toBeGreaterThan(1)
  })

  it("a refresh keeps --timeout: a token endpoint that never answers fails within seconds, exit 8", async () => {
    const { env } = signedIn()
    await sandbox.fault({ method: "POST", path: "/-/oauth_token", status: 200, delay_ms: 20_000, times: 10 })
    const r = await sandbox.run(["user", "me", "--timeout", "1"], env)
    expect(r.code, describeRun(r)).toBe(8)
    expect(r.stderr).toMatch(/got no answer from .* within 1s/)
    expect(r.ms).toBeLessThan(15_000)
  })

  it("the service's invalid_grant still means sign in again (exit 3)", async () => {
    const { env } = signedIn()
    const r = await sandbox.run(["user", "me"], env)
    expect(r.code, describeRun(r)).toBe(3)
    expect(r.stderr).toMatch(/invalid_grant/)
  })

  it("auth logout meeting a 500 while revoking exits 8 and says the local credential was not deleted", async () => {
    const { env, file } = signedIn()
    await sandbox.fault({ method: "POST", path: "/-/oauth_revoke", status: 500, times: 10 })
    const r = await sandbox.run(["auth", "logout"], env)
    expect(r.code, describeRun(r)).toBe(8)
    expect(r.stderr).toMatch(/The local credential was not deleted/)
    expect(existsSync(file)).toBe(true)
  })
})
