/**
 * End-to-end helpers: the built `design` binary run as a child process against
 * `design sandbox` (also the built binary), plus the sandbox's control routes.
 *
 * Children get a minimal environment (PATH, HOME, NO_COLOR and the DESIGN_*
 * variables a test sets) so that nothing from the developer's shell leaks in.
 */
import { type ChildProcess, spawn } from "node:child_process"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { afterAll, beforeAll, beforeEach } from "vitest"
import { ensureBuilt } from "./build.js"
import { type MemoryIOOptions, programNamed, runProgramInProcess } from "./in-process.js"

export const ROOT = fileURLToPath(new URL("../../", import.meta.url))
/** The built binaries; E2E_DIST points at a copy of dist/ (e.g. while others rebuild the shared checkout). */
const DIST = process.env.E2E_DIST ?? join(ROOT, "dist")
export const DESIGN_BIN = join(DIST, "design.js")
export const TASKMGR_BIN = join(DIST, "taskmgr.js")

export { ensureBuilt } from "./build.js"

/** The one JSON line `design sandbox` prints. */
export interface SandboxInfo {
  readonly base_url: string
  readonly tokens: {
    readonly personal: string
    readonly plan: string
    readonly oauth: string
    readonly expired: string
    readonly editor: string
    readonly viewer: string
    readonly starter: string
  }
  readonly team_id: string
  readonly project_id: string
  readonly file_key: string
  readonly [more: string]: unknown
}

export interface Sandbox {
  readonly info: SandboxInfo
  readonly baseUrl: string
  /** DESIGN_BASE_URL, DESIGN_ACCESS_TOKEN (personal = team admin) and DESIGN_TEAM_ID for this sandbox. */
  readonly env: Readonly<Record<string, string>>
  readonly stop: () => Promise<void>
}

/** PATH and HOME only, plus NO_COLOR. */
export const baseEnv = (): Record<string, string> => {
  const env: Record<string, string> = { NO_COLOR: "1" }
  if (process.env.PATH !== undefined) env.PATH = process.env.PATH
  if (process.env.HOME !== undefined) env.HOME = process.env.HOME
  return env
}

const stopChild = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve()
    const timer = setTimeout(() => child.kill("SIGKILL"), 5_000)
    child.once("exit", () => {
      clearTimeout(timer)
      resolve()
    })
    child.kill("SIGTERM")
  })

/** A `<cli> sandbox --port 0` child and the JSON line it printed first. */
export interface SandboxChild<Info> {
  readonly info: Info
  readonly child: ChildProcess
  /** SIGTERM, SIGKILL after 5 s; resolves once the child is gone. */
  readonly stop: () => Promise<void>
}

/** Starts `<bin> sandbox --port 0` (a built binary) and waits for its JSON line; both sandboxes start this way. */
export const spawnSandbox = <Info>(bin: string, name: string): Promise<SandboxChild<Info>> => {
  ensureBuilt()
  return new Promise<SandboxChild<Info>>((resolve, reject) => {
    const child = spawn(process.execPath, [bin, "sandbox", "--port", "0"], {
      cwd: ROOT,
      env: baseEnv(),
      stdio: ["ignore", "pipe", "pipe"]
    })
    let out = ""
    let err = ""
    let settled = false
    const fail = (why: string) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      void stopChild(child)
      reject(new Error(`${name} sandbox: ${why}\nstdout: ${out}\nstderr: ${err}`))
    }
    const timer = setTimeout(() => fail("no JSON line within 20 s"), 20_000)
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => void (err += chunk))
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      out += chunk
      const newline = out.indexOf("\n")
      if (settled || newline < 0) return
      let info: Info
      try {
        info = JSON.parse(out.slice(0, newline)) as Info
      } catch (e) {
        return fail(`first line is not JSON (${String(e)})`)
      }
      settled = true
      clearTimeout(timer)
      resolve({ info, child, stop: () => stopChild(child) })
    })
    child.once("error", (e) => fail(String(e)))
    child.once("exit", (code) => fail(`exited early with ${code}`))
  })
}

/** Starts `design sandbox --port 0` and waits for its JSON line. */
export const startSandbox = async (): Promise<Sandbox> => {
  const { info, stop } = await spawnSandbox<SandboxInfo>(DESIGN_BIN, "design")
  return {
    info,
    baseUrl: info.base_url,
    env: { DESIGN_BASE_URL: info.base_url, DESIGN_ACCESS_TOKEN: info.tokens.personal, DESIGN_TEAM_ID: info.team_id },
    stop
  }
}

export interface RunResult {
  /** Exit code; null when the process was killed (timeout or signal). */
  readonly code: number | null
  readonly stdout: string
  readonly stderr: string
  /** Wall-clock duration in ms. */
  readonly ms: number
}

export interface RunOptions {
  /** The complete DESIGN_* environment (added to PATH, HOME and NO_COLOR). */
  readonly env?: Readonly<Record<string, string>>
  readonly timeoutMs?: number
  readonly bin?: string
  /** The working directory (default: the checkout). */
  readonly cwd?: string
  /** Node's own options before the binary (`--require` a preload). */
  readonly nodeArgs?: ReadonlyArray<string>
  /** Run as nobody when the tests run as root, so file permissions hold (root passes them all). */
  readonly unprivileged?: boolean
}

/** nobody's uid and gid on Linux. */
export const NOBODY = 65534
/** Whether the tests run as root. */
export const asRoot = process.getuid?.() === 0

/** Runs a built binary (dist/design.js by default) and collects everything it printed. */
export const run = (args: ReadonlyArray<string>, options: RunOptions = {}): Promise<RunResult> =>
  new Promise<RunResult>((resolve, reject) => {
    const started = Date.now()
    const child = spawn(process.execPath, [...(options.nodeArgs ?? []), options.bin ?? DESIGN_BIN, ...args], {
      cwd: options.cwd ?? ROOT,
      env: { ...baseEnv(), ...options.env },
      stdio: ["ignore", "pipe", "pipe"],
      ...(options.unprivileged === true && asRoot ? { uid: NOBODY, gid: NOBODY } : {})
    })
    let stdout = ""
    let stderr = ""
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => void (stdout += chunk))
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => void (stderr += chunk))
    const timer = setTimeout(() => child.kill("SIGKILL"), options.timeoutMs ?? 25_000)
    child.once("error", (e) => {
      clearTimeout(timer)
      reject(e)
    })
    child.once("close", (code) => {
      clearTimeout(timer)
      resolve({ code, stdout, stderr, ms: Date.now() - started })
    })
  })

/** `run` bound to one sandbox's environment, with extra or replaced variables. */
export const designIn =
  (sandbox: Sandbox) =>
  (args: ReadonlyArray<string>, extraEnv: Readonly<Record<string, string>> = {}, timeoutMs?: number) =>
    run(args, { env: { ...sandbox.env, ...extraEnv }, ...(timeoutMs === undefined ? {} : { timeoutMs }) })

/**
 * `run` in this process (in-process.ts): the same options and result, the
 * same environment (PATH, HOME, NO_COLOR and the given variables), without a
 * process start. `stdin` and `tty` stand in for a child's stdin and terminal.
 */
export const runInProcess = async (
  args: ReadonlyArray<string>,
  options: RunOptions & MemoryIOOptions = {}
): Promise<RunResult> =>
  runProgramInProcess(await programNamed(options.bin ?? DESIGN_BIN), args, { ...baseEnv(), ...options.env }, options)

/** `designIn`, in this process. */
export const designInProcess =
  (sandbox: Sandbox) =>
  (args: ReadonlyArray<string>, extraEnv: Readonly<Record<string, string>> = {}, timeoutMs?: number) =>
    runInProcess(args, { env: { ...sandbox.env, ...extraEnv }, ...(timeoutMs === undefined ? {} : { timeoutMs }) })

/** A compact description of a run, for assertion messages. */
export const describeRun = (r: RunResult) => `exit ${r.code}\n--- stdout\n${r.stdout}\n--- stderr\n${r.stderr}`

// ---- control routes ---------------------------------------------------------

export interface FaultSpec {
  readonly method: string
  readonly path: string
  readonly status: number
  readonly headers?: Readonly<Record<string, string>>
  readonly body?: unknown
  readonly delay_ms?: number
  readonly times?: number
}

export interface LoggedRequest {
  readonly method: string
  readonly path: string
  readonly query: Record<string, string | Array<string>>
  /** Request headers, lower-case names, token and passcode values masked. */
  readonly headers: Record<string, string>
  readonly body: unknown
}

export const control = async (baseUrl: string, method: "GET" | "POST", path: string, body?: unknown) => {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    ...(body === undefined ? {} : { headers: { "content-type": "application/json" }, body: JSON.stringify(body) })
  })
  const text = await response.text()
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`)
  return JSON.parse(text) as unknown
}

/** Back to the seed: no webhooks, no faults, empty request log, full rate-limit buckets. */
export const resetSandbox = async (sandbox: Sandbox): Promise<void> => {
  await control(sandbox.baseUrl, "POST", "/_sandbox/reset")
}

export const addFault = async (sandbox: Sandbox, fault: FaultSpec): Promise<void> => {
  await control(sandbox.baseUrl, "POST", "/_sandbox/faults", fault)
}

/** API requests received since the last reset (passcodes shown as "***"). */
export const requestLog = async (sandbox: Sandbox): Promise<Array<LoggedRequest>> =>
  (await control(sandbox.baseUrl, "GET", "/_sandbox/requests")) as Array<LoggedRequest>

/** A usage error: exit 2, nothing on stdout, "Error: …" naming the culprit, a "→ remedy" line. */
export const usageErrorOf = (r: RunResult) => {
  if (r.code !== 2 || r.stdout !== "" || !/^Error: \S/m.test(r.stderr) || !/^→ \S/m.test(r.stderr)) {
    throw new Error(`not a usage error:\n${describeRun(r)}`)
  }
  return r.stderr
}

/** The id of a webhook from the JSON a create/get printed. */
export const idOf = (json: string): string => {
  const parsed = JSON.parse(json) as { id?: unknown }
  if (typeof parsed.id !== "string" || !/^\d+$/.test(parsed.id)) throw new Error(`no webhook id in ${json}`)
  return parsed.id
}

/**
 * One sandbox for the test file, reset before each test. `design` runs the
 * built binary, or the program in this process with `{ inProcess: true }`.
 */
export const useSandbox = (options: { readonly inProcess?: boolean } = {}) => {
  const ctx = {} as { sb: Sandbox; design: ReturnType<typeof designIn> }
  beforeAll(async () => {
    ctx.sb = await startSandbox()
    ctx.design = options.inProcess === true ? designInProcess(ctx.sb) : designIn(ctx.sb)
  })
  afterAll(async () => {
    await ctx.sb?.stop()
  })
  beforeEach(async () => {
    await resetSandbox(ctx.sb)
  })
  return ctx
}

/** `webhook create` of a FILE_UPDATE webhook on the configured team, printing JSON. */
export const createTeamArgs = (
  endpoint: string,
  passcode: string
): Array<string> => [
  "webhook",
  "create",
  "--event",
  "FILE_UPDATE",
  "--context",
  "team",
  "--endpoint",
  endpoint,
  "--passcode",
  passcode,
  "--json"
]
