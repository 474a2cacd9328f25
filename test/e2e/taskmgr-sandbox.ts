/** `taskmgr sandbox` (the built binary) for end-to-end tests: started once per file, reset before each test. */
import { type ChildProcess, spawn } from "node:child_process"
import { afterAll, beforeAll, beforeEach } from "vitest"
import { baseEnv, control, ensureBuilt, type LoggedRequest, ROOT, run, type RunResult, TASKMGR_BIN } from "./helpers.js"

export interface TaskmgrSandboxInfo {
  readonly base_url: string
  readonly app_url: string
  readonly tokens: { readonly personal: string; readonly free: string; readonly expired: string }
  readonly client: { readonly id: string; readonly secret: string }
  readonly workspace_gid: string
  readonly project_gid: string
  readonly task_gid: string
}

const start = (): Promise<{ readonly info: TaskmgrSandboxInfo; readonly child: ChildProcess }> =>
  new Promise((resolve, reject) => {
    ensureBuilt()
    const child = spawn(process.execPath, [TASKMGR_BIN, "sandbox", "--port", "0"], { cwd: ROOT, env: baseEnv(), stdio: ["ignore", "pipe", "pipe"] })
    let out = ""
    const timer = setTimeout(() => reject(new Error(`taskmgr sandbox printed no JSON line: ${out}`)), 20_000)
    child.stdout!.setEncoding("utf8").on("data", (chunk: string) => {
      out += chunk
      if (!out.includes("\n")) return
      clearTimeout(timer)
      resolve({ info: JSON.parse(out.slice(0, out.indexOf("\n"))) as TaskmgrSandboxInfo, child })
    })
    child.once("exit", (code) => reject(new Error(`taskmgr sandbox exited with ${code}`)))
  })

/** Registers the hooks; the returned object is filled in once the sandbox listens. */
export const useTaskmgrSandbox = () => {
  const sandbox = {
    info: undefined as unknown as TaskmgrSandboxInfo,
    /** The environment of a signed-in command: the sandbox's URLs, its personal token, its workspace. */
    env: (extra: Record<string, string> = {}): Record<string, string> => ({
      TASKMGR_BASE_URL: sandbox.info.base_url,
      TASKMGR_APP_URL: sandbox.info.app_url,
      TASKMGR_TOKEN: sandbox.info.tokens.personal,
      TASKMGR_WORKSPACE: sandbox.info.workspace_gid,
      ...extra
    }),
    run: (args: ReadonlyArray<string>, env?: Record<string, string>): Promise<RunResult> =>
      run(args, { bin: TASKMGR_BIN, env: env ?? sandbox.env() }),
    fault: (fault: Record<string, unknown>) => control(sandbox.info.app_url, "POST", "/_sandbox/faults", fault),
    requests: async () => (await control(sandbox.info.app_url, "GET", "/_sandbox/requests")) as Array<LoggedRequest>
  }
  let child: ChildProcess | undefined
  beforeAll(async () => {
    const started = await start()
    sandbox.info = started.info
    child = started.child
  }, 60_000)
  afterAll(() => {
    child?.kill("SIGTERM")
  })
  beforeEach(async () => {
    await control(sandbox.info.app_url, "POST", "/_sandbox/reset")
  })
  return sandbox
}
