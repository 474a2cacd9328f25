/**
 * Faults: each service's sandbox answers a read or a write with a fault (an
 * error status, a 429 asking longer than --max-wait, a 5xx, an answer that
 * never comes within --timeout, a connection cut after the service acted),
 * and both command lines (in this process) are judged by the README's
 * exit-code table: the code, `Error:` and a `→` remedy on stderr, nothing on
 * stdout, the token never shown. Retries only where safe: a read meeting a
 * 5xx, a timeout or a cut is asked again (the fault answers once) and
 * succeeds; a write is sent once and never again after an answer that did
 * not come, and then says it may have been done instead of "try again".
 */
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest"
import {
  control,
  describeRun,
  DESIGN_BIN,
  type LoggedRequest,
  runInProcess,
  type Sandbox,
  type SandboxChild,
  startSandbox,
  TASKMGR_BIN
} from "../e2e/helpers.js"
import { startTaskmgrSandbox, type TaskmgrSandboxInfo } from "../e2e/taskmgr-sandbox.js"
import { cellName, covering, securityClass } from "./cells.js"

interface Fault {
  readonly spec: Record<string, unknown>
  /** The exit code of a write, and of a read unless it is retried to success. */
  readonly code: number
  /** A read asked again after it (safe), and then answered. */
  readonly retriedRead?: true
  /** The answer never came: a write may have been done. */
  readonly ambiguous?: true
  readonly stderr?: RegExp
}

const FAULTS: Record<string, Fault> = {
  "400": { spec: { status: 400 }, code: 2 },
  "401": { spec: { status: 401 }, code: 3 },
  "403": { spec: { status: 403 }, code: 4 },
  "404": { spec: { status: 404 }, code: 5 },
  // Not an answer either service documents for these operations.
  "409": { spec: { status: 409 }, code: 1 },
  "429-past-max-wait": { spec: { status: 429, headers: { "Retry-After": "120" } }, code: 6, stderr: /Retry-After/ },
  "500": { spec: { status: 500 }, code: 8, retriedRead: true },
  "502": { spec: { status: 502 }, code: 8, retriedRead: true },
  "503": { spec: { status: 503 }, code: 8, retriedRead: true },
  "no-answer-within-timeout": {
    spec: { status: 200, delay_ms: 3_000 },
    code: 8,
    retriedRead: true,
    ambiguous: true,
    stderr: /within 1s/
  },
  "connection-cut": { spec: { cut: true }, code: 8, retriedRead: true, ambiguous: true }
}

interface Target {
  readonly bin: string
  readonly env: () => Record<string, string>
  readonly control: () => string
  readonly token: () => string
  readonly read: { readonly args: ReadonlyArray<string>; readonly method: string; readonly path: string }
  readonly write: () => { readonly args: ReadonlyArray<string>; readonly method: string; readonly path: string }
  /** The service's remedy for a write whose answer was lost: the command that shows whether it was done. */
  readonly lostWrite: RegExp
}

let design: Sandbox | undefined
let taskmgr: SandboxChild<TaskmgrSandboxInfo> | undefined

const TARGETS: Record<string, Target> = {
  design: {
    bin: DESIGN_BIN,
    env: () => ({ ...design!.env, DESIGN_CONFIG_DIR: "/nonexistent/faults" }),
    control: () => design!.baseUrl,
    token: () => design!.info.tokens.personal,
    read: { args: ["user", "me"], method: "GET", path: "/v1/me" },
    write: () => ({
      args: [
        "webhook",
        "create",
        "--event",
        "PING",
        "--context",
        "team",
        "--endpoint",
        "https://hooks.example.com/faults",
        "--passcode",
        "pc-faults"
      ],
      method: "POST",
      path: "/v2/webhooks"
    }),
    lostWrite: /webhook list/
  },
  taskmgr: {
    bin: TASKMGR_BIN,
    env: () => ({
      TASKMGR_BASE_URL: taskmgr!.info.base_url,
      TASKMGR_APP_URL: taskmgr!.info.app_url,
      TASKMGR_TOKEN: taskmgr!.info.tokens.personal,
      TASKMGR_WORKSPACE: taskmgr!.info.workspace_gid,
      TASKMGR_CONFIG_DIR: "/nonexistent/faults"
    }),
    control: () => taskmgr!.info.app_url,
    token: () => taskmgr!.info.tokens.personal,
    read: { args: ["user", "me"], method: "GET", path: "/api/1.0/users/me" },
    write: () => ({
      args: ["task", "create", "Fault", "--projects", taskmgr!.info.project_gid],
      method: "POST",
      path: "/api/1.0/tasks"
    }),
    lostWrite: /task list/
  }
}

securityClass("faults", () => {
  beforeAll(async () => {
    ;[design, taskmgr] = await Promise.all([startSandbox(), startTaskmgrSandbox()])
  }, 60_000)
  afterAll(async () => {
    await Promise.all([design?.stop(), taskmgr?.stop()])
  })
  beforeEach(async () => {
    await Promise.all([
      control(design!.baseUrl, "POST", "/_sandbox/reset"),
      control(taskmgr!.info.app_url, "POST", "/_sandbox/reset")
    ])
  })

  for (
    const cell of covering({
      fault: Object.keys(FAULTS),
      method: ["read", "write"],
      service: ["design", "taskmgr"]
    })
  ) {
    it(cellName(cell), async () => {
      const target = TARGETS[cell.service]!
      const fault = FAULTS[cell.fault]!
      const op = cell.method === "read" ? target.read : target.write()
      // Once: a retried read then meets the service as it is.
      await control(target.control(), "POST", "/_sandbox/faults", { method: op.method, path: op.path, ...fault.spec })
      const r = await runInProcess([...op.args, "--timeout", "1", "--max-wait", "5"], {
        bin: target.bin,
        env: target.env(),
        timeoutMs: 20_000
      })
      const sent = ((await control(target.control(), "GET", "/_sandbox/requests")) as Array<LoggedRequest>).filter(
        (q) => q.method === op.method && q.path === op.path
      )
      expect(r.stdout + r.stderr, "the token is never shown").not.toContain(target.token())
      if (cell.method === "read" && fault.retriedRead === true) {
        expect(r.code, describeRun(r)).toBe(0)
        expect(sent, "asked twice: once faulted, once answered").toHaveLength(2)
        return
      }
      expect(r.code, describeRun(r)).toBe(fault.code)
      expect(r.stdout, describeRun(r)).toBe("")
      expect(r.stderr, describeRun(r)).toMatch(/^Error: \S/m)
      expect(r.stderr, describeRun(r)).toMatch(/^→ \S/m)
      if (fault.stderr !== undefined) expect(r.stderr, describeRun(r)).toMatch(fault.stderr)
      // A 4xx, a 429 past the wait and a write's failure are not asked again: the write not even after a 5xx.
      expect(sent, describeRun(r)).toHaveLength(1)
      if (cell.method === "write" && fault.ambiguous === true) {
        expect(r.stderr, describeRun(r)).toMatch(target.lostWrite)
        expect(r.stderr, describeRun(r)).not.toMatch(/try again/i)
      }
    })
  }
})
