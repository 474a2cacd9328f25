/** A TaskmgrApi over a fresh in-process simulator, with the simulator's typed controls (and a private RateLimiter). */
import { Effect, Layer } from "effect"
import { TaskmgrApi } from "../../src/taskmgr/api.js"
import type { TaskmgrOptions } from "../../src/taskmgr/options.js"
import { taskmgrSeed, TaskmgrSimulator } from "../../src/testing/index.js"

export const SIM = "http://127.0.0.1:1"
export const seed = taskmgrSeed

export const options = (overrides: Partial<TaskmgrOptions> = {}): TaskmgrOptions => ({
  token: seed.tokens.personal,
  baseUrl: `${SIM}/api/1.0`,
  appUrl: SIM,
  workspace: seed.workspace_gid,
  ...overrides
})

export const apiLayer = (overrides: Partial<TaskmgrOptions> = {}) =>
  TaskmgrApi.layer(options(overrides)).pipe(Layer.provideMerge(TaskmgrSimulator.layer))

export const api = TaskmgrApi
export const sim = TaskmgrSimulator
export const sent = Effect.flatMap(TaskmgrSimulator, (s) => s.requests)
