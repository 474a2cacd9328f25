/**
 * The design simulator as test layers, each build a fresh simulator answering
 * in process (no sockets, its time on the test's Clock):
 *
 * - `DesignSimulator.layer`: the HttpClient, a private RateLimiter and the `DesignSimulator` control
 *   service (faults, the request log, simulator time, reset, receivers).
 * - `DesignSimulator.api(options)`: `DesignApi` already wired to a fresh simulator, with its controls; merges
 *   with `TaskmgrSimulator.api` (each keeps its own HttpClient).
 * - `DesignSimulatorClient.layer`: the HttpClient only.
 */
import type * as HttpClient from "@effect/platform/HttpClient"
import * as Context from "effect/Context"
import type * as Layer from "effect/Layer"
import type { InvalidSettingsError } from "../../core/errors.js"
import type { RateLimiter } from "../../core/pacing/rate-limit.js"
import { DesignApi } from "../../design/api.js"
import type { DesignOptions } from "../../design/options.js"
import { simulatorApiLayer, simulatorClientLayer, simulatorLayer } from "../core/layer.js"
import { designSeed } from "./seed.js"
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

  /**
   * `DesignApi` over a fresh simulator, and its controls. Options default to the seeded personal token, the
   * seeded team and a loopback base URL; give any of them to change it (`{ token: designSeed.tokens.viewer }`).
   */
  static readonly api = (
    options: Partial<DesignOptions> = {}
  ): Layer.Layer<DesignApi | DesignSimulator, InvalidSettingsError> =>
    simulatorApiLayer(
      DesignSimulator,
      makeDesignSimulator,
      DesignApi,
      DesignApi.layer({
        token: designSeed.tokens.personal,
        baseUrl: "http://127.0.0.1",
        teamId: designSeed.team_id,
        ...options
      })
    )
}

export const DesignSimulatorClient: { readonly layer: Layer.Layer<HttpClient.HttpClient | RateLimiter> } = {
  layer: simulatorClientLayer(makeDesignSimulator)
}
