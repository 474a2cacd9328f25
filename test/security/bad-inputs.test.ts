/**
 * Bad inputs through both command lines (in-process): each cell is one input
 * the program cannot use as given, and passes when it is a usage error (exit
 * 2, nothing on stdout) naming the flag or variable, with nothing sent to the
 * sandbox. URLs with a line break, a tab or another control character are
 * refused rather than cleaned (a parser drops them and would use another URL
 * than the one given); so are an export's bounds out of range and comment
 * templates that put a task's text where escaping cannot keep it text.
 */
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest"
import {
  control,
  describeRun,
  DESIGN_BIN,
  runInProcess,
  type Sandbox,
  type SandboxChild,
  startSandbox,
  TASKMGR_BIN
} from "../e2e/helpers.js"
import { startTaskmgrSandbox, type TaskmgrSandboxInfo } from "../e2e/taskmgr-sandbox.js"
import { cellName, securityClass } from "./cells.js"

interface BadInput {
  readonly args: ReadonlyArray<string>
  readonly env?: Readonly<Record<string, string>>
  /** What the refusal must name. */
  readonly names: string
}

const PROJECT = "1200000000000301"
const TASK = "1200000000000601"

const TASKMGR: (base: string, app: string) => Record<string, BadInput> = (base, app) => ({
  "base-url-crlf-flag": { args: ["--base-url", `${base}\r\n`, "user", "me"], names: "--base-url" },
  "base-url-lf-variable": { args: ["user", "me"], env: { TASKMGR_BASE_URL: `${base}\nx` }, names: "TASKMGR_BASE_URL" },
  "base-url-tab": { args: ["--base-url", base.replace("http", "ht\ttp"), "user", "me"], names: "--base-url" },
  "base-url-nul": { args: ["--base-url", `${base}\0`, "user", "me"], names: "--base-url" },
  "app-url-cr": { args: ["--app-url", `${app}\r`, "user", "me"], names: "--app-url" },
  "rate-store-crlf": { args: ["--rate-store", "redis://127.0.0.1:6379/0\r\n", "user", "me"], names: "--rate-store" },
  "redirect-uri-crlf": {
    args: ["auth", "login", "--manual", "--redirect-uri", "http://127.0.0.1:9/callback\r\n"],
    env: { TASKMGR_CLIENT_ID: "1200000000000901", TASKMGR_CLIENT_SECRET: "bad-input-client-secret" },
    names: "--redirect-uri"
  },
  "token-crlf": { args: ["user", "me"], env: { TASKMGR_TOKEN: "tok-en\r\n" }, names: "TASKMGR_TOKEN" },
  "export-max-tasks-zero": { args: ["project", "export", PROJECT, "--max-tasks", "0"], names: "--max-tasks" },
  "export-max-tasks-huge": { args: ["project", "export", PROJECT, "--max-tasks", "100001"], names: "--max-tasks" },
  "export-section-name": { args: ["project", "export", PROJECT, "--section", "To do"], names: "--section" },
  "template-unquoted-attribute": {
    args: ["comment", "create", TASK, "--template", "--html-text", "<body><a href={task.notes}>x</a></body>"],
    names: "--html-text"
  },
  "template-event-handler": {
    args: [
      "comment",
      "create",
      TASK,
      "--template",
      "--html-text",
      `<body><a title="x" onclick="f('{task.name}')">x</a></body>`
    ],
    names: "--html-text"
  },
  "template-inside-tag": {
    args: ["comment", "create", TASK, "--template", "--html-text", "<body><b {task.name}>x</b></body>"],
    names: "--html-text"
  }
})

const DESIGN: (base: string) => Record<string, BadInput> = (base) => ({
  "base-url-crlf-flag": { args: ["--base-url", `${base}\r\n`, "user", "me"], names: "--base-url" },
  "base-url-lf-variable": { args: ["user", "me"], env: { DESIGN_BASE_URL: `${base}\n` }, names: "DESIGN_BASE_URL" },
  "app-url-cr": { args: ["--app-url", "https://www.design.example\r", "user", "me"], names: "--app-url" },
  "rate-store-crlf": { args: ["--rate-store", "redis://127.0.0.1:6379/0\n", "user", "me"], names: "--rate-store" },
  "webhook-endpoint-lf": {
    args: [
      "webhook",
      "create",
      "--event",
      "PING",
      "--context",
      "team",
      "--endpoint",
      "https://hooks.example.com/\nx",
      "--passcode",
      "bad-input-passcode"
    ],
    names: "--endpoint"
  }
})

const INPUT_NAMES = {
  taskmgr: Object.keys(TASKMGR("", "")),
  design: Object.keys(DESIGN(""))
}

securityClass("bad inputs", () => {
  let taskmgr: SandboxChild<TaskmgrSandboxInfo> | undefined
  let design: Sandbox | undefined
  beforeAll(async () => {
    ;[taskmgr, design] = await Promise.all([startTaskmgrSandbox(), startSandbox()])
  }, 60_000)
  afterAll(async () => {
    await Promise.all([taskmgr?.stop(), design?.stop()])
  })
  beforeEach(async () => {
    await Promise.all([
      control(taskmgr!.info.app_url, "POST", "/_sandbox/reset"),
      control(design!.baseUrl, "POST", "/_sandbox/reset")
    ])
  })

  for (const [service, names] of Object.entries(INPUT_NAMES)) {
    for (const input of names) {
      it(cellName({ service, input }), async () => {
        const t = taskmgr!.info
        const d = design!
        const cell = service === "taskmgr" ? TASKMGR(t.base_url, t.app_url)[input]! : DESIGN(d.baseUrl)[input]!
        const env = service === "taskmgr"
          ? {
            TASKMGR_BASE_URL: t.base_url,
            TASKMGR_APP_URL: t.app_url,
            TASKMGR_TOKEN: t.tokens.personal,
            TASKMGR_WORKSPACE: t.workspace_gid,
            TASKMGR_CONFIG_DIR: "/nonexistent/bad-inputs"
          }
          : { ...d.env, DESIGN_CONFIG_DIR: "/nonexistent/bad-inputs" }
        const r = await runInProcess(cell.args, {
          bin: service === "taskmgr" ? TASKMGR_BIN : DESIGN_BIN,
          env: { ...env, ...cell.env }
        })
        expect(r.code, describeRun(r)).toBe(2)
        expect(r.stdout, describeRun(r)).toBe("")
        expect(r.stderr, describeRun(r)).toContain(cell.names)
        const log =
          (await control(service === "taskmgr" ? t.app_url : d.baseUrl, "GET", "/_sandbox/requests")) as Array<
            { path: string }
          >
        expect(log.filter((q) => !q.path.startsWith("/_sandbox")), describeRun(r)).toEqual([])
      })
    }
  }
})
