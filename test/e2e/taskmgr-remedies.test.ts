/**
 * Each failure's "→" line fits its cause, over the taskmgr program (in this
 * process) against `taskmgr sandbox`: a rejected token, a base URL without
 * the API's path, a host name that does not resolve, an unusable
 * settings.json, a system story and another user's comment.
 */
import { mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { describeRun, runInProcess, type RunResult, TASKMGR_BIN } from "./helpers.js"
import { useTaskmgrSandbox } from "./taskmgr-sandbox.js"

const sandbox = useTaskmgrSandbox()
const taskmgr = (args: ReadonlyArray<string>, extra: Record<string, string> = {}) =>
  runInProcess(args, { bin: TASKMGR_BIN, env: sandbox.env(extra) })
const remedyOf = (r: RunResult) => {
  const line = r.stderr.split("\n").find((l) => l.startsWith("→ "))
  if (line === undefined) throw new Error(`no remedy line:\n${describeRun(r)}`)
  return line
}

describe("taskmgr remedies by cause", () => {
  it("a rejected token asks for a new one and never mentions an auth mode (taskmgr has one kind of token)", async () => {
    const r = await taskmgr(["user", "me"], { TASKMGR_TOKEN: "0/not-a-real-token" })
    expect(r.code, describeRun(r)).not.toBe(0)
    expect(remedyOf(r)).toMatch(/Create a new token/)
    expect(r.stderr).not.toMatch(/authMode|auth.mode/i)
  })

  it("a base URL without /api/1.0 says to check the base URL, and words the subject without 'no the'", async () => {
    const r = await taskmgr(["user", "me"], { TASKMGR_BASE_URL: sandbox.info.app_url })
    expect(r.code, describeRun(r)).toBe(5)
    expect(r.stderr, describeRun(r)).not.toMatch(/no the /)
    expect(remedyOf(r)).toMatch(/--base-url or TASKMGR_BASE_URL.*\/api\/1\.0/)
  })

  it("a record that does not exist still says to check the id", async () => {
    const r = await taskmgr(["task", "get", "1200000000009999"])
    expect(r.code, describeRun(r)).toBe(5)
    expect(r.stderr).toMatch(/found no task 1200000000009999/)
    expect(remedyOf(r)).toMatch(/Check the id/)
  })

  it("a host name that does not resolve says to check the host, not to try later, and is not retried", async () => {
    const r = await taskmgr(["user", "me"], { TASKMGR_BASE_URL: "https://no-such-host.invalid/api/1.0" })
    expect(r.code, describeRun(r)).not.toBe(0)
    expect(r.stderr).toMatch(/ENOTFOUND|EAI_AGAIN/)
    expect(remedyOf(r)).toMatch(/Check the host name in --base-url or TASKMGR_BASE_URL/)
    expect(remedyOf(r)).not.toMatch(/later/)
  }, 30_000)

  it("an invalid settings.json is to be corrected, not deleted (it holds the client id and secret)", async () => {
    const configDir = mkdtempSync(join(tmpdir(), "taskmgr-remedies-"))
    writeFileSync(join(configDir, "settings.json"), "{client_id: oops", { mode: 0o600 })
    const r = await taskmgr(["auth", "login", "--manual"], { TASKMGR_CONFIG_DIR: configDir })
    expect(r.code, describeRun(r)).not.toBe(0)
    expect(r.stderr).toMatch(/settings file .*is not valid JSON/)
    expect(remedyOf(r)).toMatch(/^→ Correct .*settings\.json/)
    expect(remedyOf(r)).not.toMatch(/Delete/i)
  })

  it("a system story is the service's to write, another's comment its author's: neither advises a role", async () => {
    const system = await taskmgr(["comment", "update", "1200000000000703", "--text", "x"])
    expect(system.code, describeRun(system)).toBe(4)
    expect(system.stderr).toMatch(/system story/)
    expect(system.stderr).not.toMatch(/comments you wrote/)
    expect(remedyOf(system)).toMatch(/no one can change it/)
    expect(remedyOf(system)).not.toMatch(/role/)
    const others = await taskmgr(["comment", "delete", "1200000000000702"])
    expect(others.code, describeRun(others)).toBe(4)
    expect(remedyOf(others)).toMatch(/Ask its author/)
    expect((await sandbox.requests()).filter((q) => q.method !== "GET")).toEqual([])
  })
})
