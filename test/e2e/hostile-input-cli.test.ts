/**
 * Input the product cannot use, through both command lines (in-process; the
 * binaries where a file or stdin could block): each is a usage error (exit 2)
 * naming the flag or variable, at once, with nothing sent.
 * Endless or odd files behind @FILE and --body-file (a device, a FIFO nobody
 * writes to, a directory, more than 10 MB, JSON nested 100,000 deep), tokens
 * no request header can carry, and deep JSON in a tool call.
 */
import { type ChildProcessWithoutNullStreams, execFileSync, spawn } from "node:child_process"
import { mkdirSync, mkdtempSync, openSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest"
import {
  addFault,
  baseEnv,
  control,
  describeRun,
  DESIGN_BIN,
  requestLog,
  ROOT,
  run,
  runInProcess,
  type RunResult,
  type Sandbox,
  type SandboxChild,
  startSandbox,
  TASKMGR_BIN,
  usageErrorOf
} from "./helpers.js"
import { startTaskmgrSandbox, type TaskmgrSandboxInfo } from "./taskmgr-sandbox.js"

let design: Sandbox
let taskmgr: SandboxChild<TaskmgrSandboxInfo>
const dir = mkdtempSync(join(tmpdir(), "hostile-input-e2e-"))
const fifo = join(dir, "never-written.fifo")
const big = join(dir, "big.json")
const deep = join(dir, "deep.json")
const folder = join(dir, "a-directory")
const DEPTH = 100_000

beforeAll(async () => {
  execFileSync("mkfifo", [fifo])
  // 10 MB of spaces and then a value: valid JSON, one byte past the cap.
  writeFileSync(big, `${" ".repeat(10 * 1024 * 1024)}{}`)
  writeFileSync(deep, `{"variables":${"[".repeat(DEPTH)}${"]".repeat(DEPTH)}}`)
  mkdirSync(folder)
  ;[design, taskmgr] = await Promise.all([startSandbox(), startTaskmgrSandbox()])
}, 60_000)
afterAll(async () => {
  await design?.stop()
  await taskmgr?.stop()
  rmSync(dir, { recursive: true, force: true })
})
beforeEach(async () => {
  await Promise.all([
    control(design.baseUrl, "POST", "/_sandbox/reset"),
    control(taskmgr.info.app_url, "POST", "/_sandbox/reset")
  ])
})

const taskmgrEnv = (extra: Record<string, string> = {}) => ({
  TASKMGR_BASE_URL: taskmgr.info.base_url,
  TASKMGR_APP_URL: taskmgr.info.app_url,
  TASKMGR_TOKEN: taskmgr.info.tokens.personal,
  TASKMGR_WORKSPACE: taskmgr.info.workspace_gid,
  ...extra
})
// A short limit: a refusal is at once; a hang would be cut off and fail the test (code null).
// In this process, but the files that could block a reader (a FIFO, a device) go to the binary.
const runTaskmgr = (args: ReadonlyArray<string>, extra?: Record<string, string>) =>
  runInProcess(args, { bin: TASKMGR_BIN, env: taskmgrEnv(extra), timeoutMs: 15_000 })
const runDesign = (args: ReadonlyArray<string>, extra: Record<string, string> = {}) =>
  runInProcess(args, { env: { ...design.env, ...extra }, timeoutMs: 15_000 })
const spawnTaskmgr = (args: ReadonlyArray<string>, extra?: Record<string, string>) =>
  run(args, { bin: TASKMGR_BIN, env: taskmgrEnv(extra), timeoutMs: 15_000 })
const spawnDesign = (args: ReadonlyArray<string>, extra: Record<string, string> = {}) =>
  run(args, { env: { ...design.env, ...extra }, timeoutMs: 15_000 })
const taskmgrLog = async () => (await control(taskmgr.info.app_url, "GET", "/_sandbox/requests")) as Array<unknown>

/** Exit 2, at once, naming `flag`. */
const refusedNaming = (r: RunResult, flag: string) => {
  const stderr = usageErrorOf(r)
  expect(stderr, describeRun(r)).toContain(flag)
  expect(stderr).not.toMatch(/unexpected failure/i)
  return stderr
}

describe("a value read from a file is capped and never waited on", () => {
  const hostile: ReadonlyArray<[string, string, RegExp]> = [
    ["/dev/zero", "/dev/zero", /is a device/],
    ["a FIFO nobody writes to", fifo, /is a FIFO/],
    ["a directory", folder, /is a directory/],
    ["a file over 10 MB", big, /larger than 10 MB/],
    ["JSON nested 100,000 deep", deep, /must be JSON nested at most \d+ levels deep/]
  ]

  it.each(hostile)("--custom-fields @FILE with %s: exit 2 naming the flag, nothing sent", async (_, path, why) => {
    const r = await spawnTaskmgr(["task", "create", "Hostile", "--custom-fields", `@${path}`])
    expect(refusedNaming(r, "--custom-fields")).toMatch(why)
    expect(await taskmgrLog()).toEqual([])
  })

  it.each(hostile)("--body-file with %s: exit 2 naming the flag, nothing sent", async (_, path, why) => {
    const r = await spawnDesign(["variable", "apply", design.info.file_key, "--body-file", path])
    expect(refusedNaming(r, "--body-file")).toMatch(why)
    expect(await requestLog(design)).toEqual([])
  })

  it("--body-file - stops reading an endless standard input at the cap", async () => {
    const zero = openSync("/dev/zero", "r")
    const r = await new Promise<RunResult>((resolve) => {
      const started = Date.now()
      const child = spawn(
        process.execPath,
        [DESIGN_BIN, "variable", "apply", design.info.file_key, "--body-file", "-"],
        {
          cwd: ROOT,
          env: { ...baseEnv(), ...design.env },
          stdio: [zero, "pipe", "pipe"]
        }
      ) as ChildProcessWithoutNullStreams
      let stdout = ""
      let stderr = ""
      child.stdout.setEncoding("utf8").on("data", (c: string) => void (stdout += c))
      child.stderr.setEncoding("utf8").on("data", (c: string) => void (stderr += c))
      const timer = setTimeout(() => child.kill("SIGKILL"), 15_000)
      child.once("close", (code) => {
        clearTimeout(timer)
        resolve({ code, stdout, stderr, ms: Date.now() - started })
      })
    })
    expect(refusedNaming(r, "--body-file")).toMatch(/standard input is larger than 10 MB/)
    expect(await requestLog(design)).toEqual([])
  })

  it("help says how much a file may hold", async () => {
    expect((await runTaskmgr(["task", "create", "--help"])).stdout.replace(/\s+/g, " ")).toMatch(
      /--custom-fields JSON\|@FILE .*at most 10 MB/
    )
    expect((await runDesign(["variable", "apply", "--help"])).stdout.replace(/\s+/g, " ")).toMatch(
      /--body-file .*at most 10 MB/
    )
  })
})

describe("a token no request header can carry is refused by where it came from", () => {
  const SECRET = "tok3nPart"

  it.each(
    [
      ["--token with CR LF", ["--token", `${SECRET}\r\nX-Injected: 1`], {}, "--token"],
      ["DESIGN_ACCESS_TOKEN with LF", [], { DESIGN_ACCESS_TOKEN: `${SECRET}\n` }, "DESIGN_ACCESS_TOKEN"],
      ["--token with a NUL-like control character", ["--token", `${SECRET}\u0001`], {}, "--token"],
      ["--token with a character outside ASCII", ["--token", `${SECRET}\u20ac`], {}, "--token"]
    ] as const
  )("design: %s", async (_, flags, env, source) => {
    const r = await runDesign(["user", "me", ...flags], env)
    const stderr = refusedNaming(r, source)
    expect(stderr).not.toContain(SECRET)
    expect(stderr).not.toMatch(/Invalid character in header/)
    expect(await requestLog(design)).toEqual([])
  })

  it.each(
    [
      ["--token with LF", ["--token", `${SECRET}\n`], {}, "--token"],
      ["TASKMGR_TOKEN with CR", [], { TASKMGR_TOKEN: `${SECRET}\r` }, "TASKMGR_TOKEN"],
      ["TASKMGR_ACCESS_TOKEN with a tab", [], { TASKMGR_ACCESS_TOKEN: `${SECRET}\tmore` }, "TASKMGR_ACCESS_TOKEN"]
    ] as const
  )("taskmgr: %s", async (_, flags, env, source) => {
    const r = await runTaskmgr(["user", "me", ...flags], env)
    const stderr = refusedNaming(r, source)
    expect(stderr).not.toContain(SECRET)
    expect(await taskmgrLog()).toEqual([])
  })
})

describe("deep JSON in a tool call", () => {
  it("taskmgr mcp answers 100,000-deep arguments with a tool error naming the parameter, sends nothing, and keeps serving", async () => {
    const child = spawn(process.execPath, [TASKMGR_BIN, "mcp"], {
      cwd: ROOT,
      env: { ...baseEnv(), ...taskmgrEnv() },
      stdio: ["pipe", "pipe", "pipe"]
    })
    const lines: Array<string> = []
    let buffered = ""
    const answered = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no answers within 15 s: ${lines.join("\n")}`)), 15_000)
      child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
        buffered += chunk
        const parts = buffered.split("\n")
        buffered = parts.pop()!
        lines.push(...parts)
        if (lines.length >= 3) {
          clearTimeout(timer)
          resolve()
        }
      })
    })
    const send = (line: string) => child.stdin.write(`${line}\n`)
    send(
      JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "initialize",
        params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "e2e", version: "0" } }
      })
    )
    send(JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }))
    const nested = `${"[".repeat(DEPTH)}${"]".repeat(DEPTH)}`
    send(
      `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"taskmgr_task_create","arguments":{"name":"Deep","custom_fields":{"1":${nested}}}}}`
    )
    send(JSON.stringify({ jsonrpc: "2.0", id: 3, method: "ping" }))
    try {
      await answered
    } finally {
      child.kill("SIGTERM")
    }
    const byId = new Map(
      lines.map((l) =>
        JSON.parse(l) as {
          id: number
          result: { isError?: boolean; structuredContent?: { error: Record<string, unknown> } }
        }
      ).map((m) => [m.id, m])
    )
    const error = byId.get(2)!.result.structuredContent!.error
    expect(byId.get(2)!.result.isError).toBe(true)
    expect(error).toMatchObject({ type: "InvalidInputError", exit_code: 2, fields: ["custom_fields"] })
    expect(error.message).toMatch(/^custom_fields: nested more than \d+ levels deep/)
    expect(byId.get(3)!.result).toEqual({})
    expect(await taskmgrLog()).toEqual([])
  })
})

describe("an answer nested too deep to decode or print", () => {
  it("is the service's undocumented answer (exit 1, said plainly), never a stack overflow", async () => {
    const key = design.info.file_key
    const components = `{"a":${"[".repeat(DEPTH)}${"]".repeat(DEPTH)}}`
    const body =
      `{"name":"f","lastModified":"2026-01-01T00:00:00Z","thumbnailUrl":"x","version":"1","role":"owner","editorType":"design",` +
      `"linkAccess":"view","err":null,"nodes":{"1:2":{"document":{"id":"1:2","name":"n","type":"FRAME","children":[]},` +
      `"components":${components},"styles":{},"schemaVersion":0}}}`
    await addFault(design, {
      method: "GET",
      path: `/v1/files/${key}/nodes`,
      status: 200,
      headers: { "content-type": "application/json" },
      body,
      times: 2
    })
    for (const format of ["--json", "--toon"]) {
      const r = await runDesign(["file", "nodes", key, "--ids", "1:2", format])
      expect(r.code, describeRun(r)).toBe(1)
      expect(r.stderr).toMatch(/^Error: The answer from \S+ is nested more than 1000 levels deep/m)
      expect(r.stderr).not.toMatch(/unexpected failure|RangeError|call stack/i)
    }
  })
})

describe("a request too long for any service to accept", () => {
  it("design: thousands of --ids are refused by the flag before sending", async () => {
    const ids = Array.from({ length: 5_000 }, (_, i) => `${i + 1}:1`).join(",")
    const r = await runDesign(["file", "images", design.info.file_key, "--ids", ids])
    expect(refusedNaming(r, "--ids")).toMatch(/more than the 8000 a service accepts/)
    expect(await requestLog(design)).toEqual([])
  })

  it.each([413, 414, 431])(
    "design: the service refusing a request as too large (%i) is exit 2, as a 400 is",
    async (status) => {
      await addFault(design, { method: "GET", path: "/v1/me", status, body: { status, err: "Too large" } })
      const r = await runDesign(["user", "me"])
      expect(r.code, describeRun(r)).toBe(2)
      expect(r.stderr).toMatch(new RegExp(`rejected the request for .* as too large \\(${status}`))
    }
  )

  it("taskmgr: a --cursor no listing printed, and an id far too long, are refused before sending", async () => {
    const cursor = await runTaskmgr(["task", "list", "--project", "1200000000000301", "--cursor", "x".repeat(20_000)])
    expect(refusedNaming(cursor, "--cursor")).toMatch(/a cursor a listing prints is at most/)
    const gid = await runTaskmgr(["task", "get", "1".repeat(9_000)])
    expect(usageErrorOf(gid)).toMatch(/an id that long cannot be one/)
    expect(await taskmgrLog()).toEqual([])
  })
})

describe("a URL with a malformed escape", () => {
  it.each(
    [
      ["file get", ["file", "get", "https://www.design.example/design/KEY%zz/Name"], "<file-key>"],
      ["project files", ["project", "files", "https://www.design.example/files/project/%E0%A4%A/x"], "<project-id>"],
      [
        "webhook list",
        ["webhook", "list", "--context-id", "https://www.design.example/files/team/%E0%A4%A/x"],
        "--context-id"
      ]
    ] as const
  )("design %s: exit 2 naming the argument, nothing sent", async (_, args, name) => {
    refusedNaming(await runDesign(args), name)
    expect(await requestLog(design)).toEqual([])
  })
})
