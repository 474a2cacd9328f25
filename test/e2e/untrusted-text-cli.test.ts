/**
 * Text the product does not control, the CLI run in-process against both
 * sandboxes: credentials a service repeats in an error body are masked on
 * stderr (debug lines too), and terminal escapes in service data, service
 * messages and echoed input never reach stdout or stderr raw (text, --full,
 * TOON, piped), while --json keeps the data exact.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest"
import {
  addFault,
  control,
  describeRun,
  idOf,
  runInProcess,
  type RunResult,
  type SandboxChild,
  TASKMGR_BIN,
  useSandbox
} from "./helpers.js"
import { startTaskmgrSandbox, type TaskmgrSandboxInfo } from "./taskmgr-sandbox.js"

/** Any C0 control but tab and newline, DEL or a C1 control: what could drive a terminal. */
const RAW_CONTROL = /[\x00-\x08\x0b-\x1f\x7f-\x9f]/
const HOSTILE = "Evil \x1b[2J name \x1b]0;pwn\x07 end \u009b31m"
const SHOWN = "Evil ^[[2J name ^[]0;pwn^G end ^[[31m"

const noRawControls = (r: RunResult) => {
  expect(RAW_CONTROL.test(r.stdout), `raw control on stdout:\n${describeRun(r)}`).toBe(false)
  expect(RAW_CONTROL.test(r.stderr), `raw control on stderr:\n${describeRun(r)}`).toBe(false)
}

describe("design: untrusted text", () => {
  const ctx = useSandbox({ inProcess: true })
  const design = (args: ReadonlyArray<string>, env: Readonly<Record<string, string>> = {}) => ctx.design(args, env)

  it("a 400 that repeats the token shows it masked, in the error and in debug lines", async () => {
    const token = ctx.sb.info.tokens.personal
    for (const env of [{}, { DESIGN_DEBUG: "api" }]) {
      await addFault(ctx.sb, {
        method: "GET",
        path: "/v1/me",
        status: 400,
        body: { status: 400, err: `Bad request: ${token} is not allowed` }
      })
      const r = await design(["user", "me"], env)
      expect(r.code, describeRun(r)).not.toBe(0)
      expect(r.stderr).toContain("Bad request: *** is not allowed")
      expect(r.stdout + r.stderr).not.toContain(token)
    }
  })

  it("a passcode the service repeats in its refusal is masked", async () => {
    const passcode = "hook-passcode-echoed-5521"
    await addFault(ctx.sb, {
      method: "POST",
      path: "/v2/webhooks",
      status: 400,
      body: { error: true, status: 400, message: `passcode ${passcode} is weak` }
    })
    const r = await design([
      "webhook",
      "create",
      "--event",
      "FILE_UPDATE",
      "--context",
      "team",
      "--endpoint",
      "https://hooks.example.com/x",
      "--passcode-env",
      "HOOK"
    ], { HOOK: passcode })
    expect(r.code, describeRun(r)).not.toBe(0)
    expect(r.stderr).toContain("passcode *** is weak")
    expect(r.stdout + r.stderr).not.toContain(passcode)
  })

  it("a webhook description with escapes is shown visibly in text, --full and TOON, and exactly in --json", async () => {
    const created = await design([
      "webhook",
      "create",
      "--event",
      "FILE_UPDATE",
      "--context",
      "team",
      "--endpoint",
      "https://hooks.example.com/x",
      "--passcode",
      "secret-pass-1",
      "--description",
      HOSTILE,
      "--json"
    ])
    expect(created.code, describeRun(created)).toBe(0)
    const id = idOf(created.stdout)
    expect((JSON.parse(created.stdout) as { description: string }).description).toBe(HOSTILE)
    for (const extra of [[], ["--full"], ["--toon"]]) {
      const r = await design(["webhook", "get", id, ...extra])
      expect(r.code, describeRun(r)).toBe(0)
      noRawControls(r)
      if (extra[0] !== "--toon") expect(r.stdout).toContain(SHOWN)
    }
    const listed = await design(["webhook", "list"])
    noRawControls(listed)
    const exact = await design(["webhook", "get", id, "--json"])
    noRawControls(exact)
    expect((JSON.parse(exact.stdout) as { description: string }).description).toBe(HOSTILE)
  })

  it("an error message carrying escapes is shown visibly", async () => {
    await addFault(ctx.sb, {
      method: "GET",
      path: "/v1/me",
      status: 500,
      body: { status: 500, err: "Broken \x1b[2J\x1b]0;pwn\x07" },
      times: 5
    })
    const r = await design(["user", "me"], { DESIGN_MAX_WAIT: "0" })
    expect(r.code, describeRun(r)).not.toBe(0)
    noRawControls(r)
    expect(r.stderr).toContain("Broken ^[[2J^[]0;pwn^G")
  })
})

describe("taskmgr: untrusted text", () => {
  let sandbox: SandboxChild<TaskmgrSandboxInfo> | undefined
  let sb: TaskmgrSandboxInfo
  beforeAll(async () => {
    sandbox = await startTaskmgrSandbox()
    sb = sandbox.info
  }, 30_000)
  afterAll(async () => {
    await sandbox?.stop()
  })
  beforeEach(async () => {
    await control(sb.app_url, "POST", "/_sandbox/reset")
  })
  const taskmgr = (args: ReadonlyArray<string>, extra: Readonly<Record<string, string>> = {}) =>
    runInProcess(args, {
      bin: TASKMGR_BIN,
      env: {
        TASKMGR_BASE_URL: sb.base_url,
        TASKMGR_APP_URL: sb.app_url,
        TASKMGR_TOKEN: sb.tokens.personal,
        TASKMGR_WORKSPACE: sb.workspace_gid,
        ...extra
      }
    })

  it("a task name with escapes is listed visibly in text, --full and TOON, piped; --json round-trips it exactly", async () => {
    const created = await taskmgr(["task", "create", HOSTILE, "--projects", sb.project_gid, "--json"])
    expect(created.code, describeRun(created)).toBe(0)
    noRawControls(created)
    for (const extra of [[], ["--full"], ["--toon"]]) {
      const r = await taskmgr(["task", "list", "--project", sb.project_gid, ...extra])
      expect(r.code, describeRun(r)).toBe(0)
      noRawControls(r)
      expect(r.stdout).toContain(extra[0] === "--toon" ? "^[[31m" : SHOWN)
    }
    const json = await taskmgr(["task", "list", "--project", sb.project_gid, "--json"])
    noRawControls(json)
    expect((JSON.parse(json.stdout) as { tasks: Array<{ name: string }> }).tasks.map((t) => t.name)).toContain(HOSTILE)
  })

  it("a 400 that repeats the token shows it masked, in the error and in debug lines", async () => {
    for (const env of [{}, { TASKMGR_DEBUG: "api" }]) {
      await control(sb.app_url, "POST", "/_sandbox/faults", {
        method: "GET",
        path: "/api/1.0/users/me",
        status: 400,
        body: { errors: [{ message: `Bad request: ${sb.tokens.personal} \x1b[2J` }] }
      })
      const r = await taskmgr(["user", "me"], env)
      expect(r.code, describeRun(r)).not.toBe(0)
      expect(r.stderr).toContain("Bad request: *** ^[[2J")
      expect(r.stdout + r.stderr).not.toContain(sb.tokens.personal)
      noRawControls(r)
    }
  })

  it("input echoed in an error is shown visibly", async () => {
    const r = await taskmgr(["x\x1b]0;pwn\x07"])
    expect(r.code, describeRun(r)).toBe(2)
    noRawControls(r)
    expect(r.stderr).toContain("x^[]0;pwn^G")
    const flag = await taskmgr(["task", "list", "--limit", "\x1b[2J"])
    expect(flag.code, describeRun(flag)).toBe(2)
    noRawControls(flag)
  })
})
