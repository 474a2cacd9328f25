/**
 * Each failure's "→" line fits its cause, over the taskmgr program (in this
 * process) against `taskmgr sandbox`: a rejected token, a base URL without
 * the API's path, a host name that does not resolve, an unusable
 * settings.json, a system story and another user's comment, a refused
 * connection, a 400 naming a wire field (mapped back to the flag typed), a
 * 404 about another input than the command's subject, and the inputs the
 * command line can configure (a workspace, the repository's registry).
 */
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { describeRun, run, runInProcess, type RunResult, TASKMGR_BIN } from "./helpers.js"
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

  it("a record that does not exist says to check the gid or URL (a key is the design service's word)", async () => {
    const r = await taskmgr(["task", "get", "1200000000009999"])
    expect(r.code, describeRun(r)).toBe(5)
    expect(r.stderr).toMatch(/found no task 1200000000009999/)
    expect(remedyOf(r)).toMatch(/Check the gid or URL/)
    expect(r.stderr).not.toMatch(/key/)
  })

  it("a refused connection points at the address and a stopped sandbox, not at retried reads or writes", async () => {
    const r = await taskmgr(["user", "me"], { TASKMGR_BASE_URL: "http://127.0.0.1:1/api/1.0" })
    expect(r.code, describeRun(r)).toBe(8)
    expect(r.stderr).toMatch(/ECONNREFUSED/)
    expect(remedyOf(r)).toMatch(/host and port in --base-url or TASKMGR_BASE_URL.*running/)
    expect(r.stderr).not.toMatch(/write|later/)
  }, 30_000)

  it("a cursor the service does not know asks to list again without --cursor, not about its wire name offset", async () => {
    const r = await taskmgr(["task", "list", "--project", sandbox.info.project_gid, "--cursor", "garbage"])
    expect(r.code, describeRun(r)).toBe(2)
    expect(remedyOf(r)).toMatch(/List again without --cursor/)
    expect(remedyOf(r)).not.toMatch(/offset/)
  })

  it("a 400 about status_type names the --type flag the user typed", async () => {
    const r = await taskmgr(["status", "create", sandbox.info.project_gid, "--type", "achieved", "--text", "x"])
    expect(r.code, describeRun(r)).toBe(2)
    expect(r.stderr).toMatch(/status_type: Must be one of/)
    expect(remedyOf(r)).toMatch(/^→ Correct --type,/)
    expect((await sandbox.requests()).filter((q) => q.method !== "GET")).toHaveLength(1)
  })

  it("a rule trigger's 404 about its resource names the resource and --resource, not the trigger", async () => {
    const r = await taskmgr(["rule", "trigger", "1200000000030201", "--resource", "1200000000009998"])
    expect(r.code, describeRun(r)).toBe(5)
    expect(r.stderr).toMatch(/found nothing for resource 1200000000009998/)
    expect(r.stderr).not.toMatch(/found no rule trigger/)
    expect(remedyOf(r)).toMatch(/^→ Check --resource:/)
  })

  it("no workspace configured says every way to give one: the flag, the variable, repo init and workspace list", async () => {
    const r = await taskmgr(["project", "list"], { TASKMGR_WORKSPACE: "" })
    expect(r.code, describeRun(r)).toBe(2)
    const line = remedyOf(r)
    for (
      const way of [
        "--workspace-gid",
        "TASKMGR_WORKSPACE",
        "taskmgr repo init",
        ".taskmgr.json",
        "taskmgr workspace list"
      ]
    ) {
      expect(line).toContain(way)
    }
    expect(await sandbox.requests()).toEqual([])
  })

  it("a configured workspace the service does not know says where it is configured; one typed, to check the gid", async () => {
    const configured = await taskmgr(["tag", "list"], { TASKMGR_WORKSPACE: "1299999999999999" })
    expect(configured.code, describeRun(configured)).toBe(5)
    expect(remedyOf(configured)).toMatch(
      /^→ Check the workspace configured \(--workspace-gid, TASKMGR_WORKSPACE or workspace_gid in the repository's \.taskmgr\.json\)/
    )
    const typed = await taskmgr(["tag", "list", "--workspace-gid", "1299999999999999"])
    expect(typed.code, describeRun(typed)).toBe(5)
    expect(remedyOf(typed)).toMatch(/^→ Check the gid or URL/)
  })

  it("repo show outside a repository, or in one without .taskmgr.json, gives one remedy for the cause (no --help)", async () => {
    const outside = mkdtempSync(join(tmpdir(), "taskmgr-remedies-"))
    const r = await run(["repo", "show"], { bin: TASKMGR_BIN, env: sandbox.env(), cwd: outside })
    expect(r.code, describeRun(r)).toBe(2)
    expect(r.stderr.match(/^→ /gm)).toHaveLength(1)
    expect(remedyOf(r)).toMatch(/git init/)
    mkdirSync(join(outside, ".git"))
    const bare = await run(["repo", "show"], { bin: TASKMGR_BIN, env: sandbox.env(), cwd: outside })
    expect(bare.code, describeRun(bare)).toBe(2)
    expect(bare.stderr).toMatch(/has no \.taskmgr\.json yet/)
    expect(remedyOf(bare)).toMatch(/^→ Run 'taskmgr repo init' there/)
    expect(bare.stderr).not.toMatch(/--help/)
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
