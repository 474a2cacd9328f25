/**
 * The task-management simulator as test layers, each build a fresh
 * simulator answering in process (no sockets, its time on the test's Clock):
 *
 * - `TaskmgrSimulator.layer`: the HttpClient, a private RateLimiter and the `TaskmgrSimulator`
 *   control service (faults, the request log, simulator time, reset).
 * - `TaskmgrSimulator.api(options)`: `TaskmgrApi` already wired to a fresh simulator, with its controls;
 *   merges with `DesignSimulator.api` (each keeps its own HttpClient).
 * - `TaskmgrSimulatorClient.layer`: the HttpClient only.
 */
import type * as HttpClient from "@effect/platform/HttpClient"
import * as Context from "effect/Context"
import type * as Layer from "effect/Layer"
import type { InvalidSettingsError } from "../../core/errors.js"
import type { RateLimiter } from "../../core/pacing/rate-limit.js"
import { TaskmgrApi } from "../../taskmgr/api.js"
import type { TaskmgrOptions } from "../../taskmgr/options.js"
import { simulatorApiLayer, simulatorClientLayer, simulatorLayer } from "../core/layer.js"
import { taskmgrSeed } from "./seed.js"
import type { TaskmgrSimulatorControl } from "./simulator.js"
import { makeTaskmgrSimulator } from "./simulator.js"

export class TaskmgrSimulator extends Context.Tag("design-taskmgr/testing/TaskmgrSimulator")<
  TaskmgrSimulator,
  TaskmgrSimulatorControl
>() {
  /** A fresh simulator per build: its in-process HttpClient and its controls. */
  static readonly layer: Layer.Layer<HttpClient.HttpClient | TaskmgrSimulator | RateLimiter> = simulatorLayer(
    TaskmgrSimulator,
    makeTaskmgrSimulator
  )

  /**
   * `TaskmgrApi` over a fresh simulator, and its controls. Options default to the seeded personal token, the
   * seeded (paid) workspace and loopback URLs; give any of them to change it (`{ token: taskmgrSeed.tokens.free }`).
   */
  static readonly api = (
    options: Partial<TaskmgrOptions> = {}
  ): Layer.Layer<TaskmgrApi | TaskmgrSimulator, InvalidSettingsError> =>
    simulatorApiLayer(
      TaskmgrSimulator,
      makeTaskmgrSimulator,
      TaskmgrApi,
      TaskmgrApi.layer({
        token: taskmgrSeed.tokens.personal,
        baseUrl: "http://127.0.0.1/api/1.0",
        appUrl: "http://127.0.0.1",
        workspace: taskmgrSeed.workspace_gid,
        ...options
      })
    )
}

export const TaskmgrSimulatorClient: { readonly layer: Layer.Layer<HttpClient.HttpClient | RateLimiter> } = {
  layer: simulatorClientLayer(makeTaskmgrSimulator)
}
