/** `taskmgr sandbox` (the built binary) for end-to-end tests: started once per file, reset before each test. */
import { afterAll, beforeAll, beforeEach } from "vitest"
import type { TaskmgrSandboxInfo } from "../../src/testing/index.js"
import {
  control,
  type LoggedRequest,
  run,
  type RunResult,
  type SandboxChild,
  spawnSandbox,
  TASKMGR_BIN
} from "./helpers.js"

export type { TaskmgrSandboxInfo }

/** Starts `taskmgr sandbox --port 0` and waits for its JSON line (the twin of `startSandbox` for design). */
export const startTaskmgrSandbox = (): Promise<SandboxChild<TaskmgrSandboxInfo>> =>
  spawnSandbox<TaskmgrSandboxInfo>(TASKMGR_BIN, "taskmgr")

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
  let started: SandboxChild<TaskmgrSandboxInfo> | undefined
  beforeAll(async () => {
    started = await startTaskmgrSandbox()
    sandbox.info = started.info
  }, 60_000)
  afterAll(async () => {
    await started?.stop()
  })
  beforeEach(async () => {
    await control(sandbox.info.app_url, "POST", "/_sandbox/reset")
  })
  return sandbox
}
