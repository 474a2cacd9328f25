/**
 * The design simulator as test layers, each build a fresh simulator answering
 * in process (no sockets, its time on the test's Clock):
 *
 * - `DesignSimulator.layer`: the HttpClient, a private RateLimiter and the `DesignSimulator` control
 *   service (faults, the request log, simulator time, reset, receivers).
 * - `DesignSimulatorClient.layer`: the HttpClient only.
 */
import type * as HttpClient from "@effect/platform/HttpClient"
import * as Context from "effect/Context"
import type * as Layer from "effect/Layer"
import type { RateLimiter } from "../../core/rate-limit.js"
import { simulatorClientLayer, simulatorLayer } from "../core/layer.js"
import type { DesignSimulatorControl } from "./simulator.js"
import { makeDesignSimulator } from "./simulator.js"

export class DesignSimulator extends Context.Tag("design-taskmgr/testing/DesignSimulator")<
  DesignSimulator,
  DesignSimulatorControl
>() {
  /** A fresh simulator per build: its in-process HttpClient and its controls. */
  static readonly layer: Layer.Layer<HttpClient.HttpClient | DesignSimulator | RateLimiter> = simulatorLayer(
    DesignSimulator,
    makeDesignSimulator
  )
}

export const DesignSimulatorClient: { readonly layer: Layer.Layer<HttpClient.HttpClient | RateLimiter> } = {
  layer: simulatorClientLayer(makeDesignSimulator)
}
