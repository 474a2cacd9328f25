/**
 * The task-management simulator as test layers, each build a fresh
 * simulator answering in process (no sockets, its time on the test's Clock):
 *
 * - `TaskmgrSimulator.layer`: the HttpClient and the `TaskmgrSimulator`
 *   control service (faults, the request log, simulator time, reset).
 * - `TaskmgrSimulatorClient.layer`: the HttpClient only.
 */
import type * as HttpClient from "@effect/platform/HttpClient"
import * as Context from "effect/Context"
import type * as Layer from "effect/Layer"
import { simulatorClientLayer, simulatorLayer } from "../core/layer.js"
import type { TaskmgrSimulatorControl } from "./simulator.js"
import { makeTaskmgrSimulator } from "./simulator.js"

export class TaskmgrSimulator extends Context.Tag("design-taskmgr/testing/TaskmgrSimulator")<
  TaskmgrSimulator,
  TaskmgrSimulatorControl
>() {
  /** A fresh simulator per build: its in-process HttpClient and its controls. */
  static readonly layer: Layer.Layer<HttpClient.HttpClient | TaskmgrSimulator> = simulatorLayer(
    TaskmgrSimulator,
    makeTaskmgrSimulator
  )
}

export const TaskmgrSimulatorClient: { readonly layer: Layer.Layer<HttpClient.HttpClient> } = {
  layer: simulatorClientLayer(makeTaskmgrSimulator)
}
