/**
 * Test layers over a simulator: each build makes a fresh simulator and
 * provides an in-process HttpClient to it, and with `simulatorLayer` also the
 * service's control Tag, so a test drives faults, the log and time through
 * typed Effects instead of hand-written /_sandbox calls.
 */
import * as HttpClient from "@effect/platform/HttpClient"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { inProcessHttpClient } from "./client.js"
import type { SimulatorControl } from "./control.js"
import type { Simulator } from "./simulator.js"

/** Only the HttpClient, answered by a fresh simulator. */
export const simulatorClientLayer = <C extends SimulatorControl>(
  make: Effect.Effect<Simulator<C>>
): Layer.Layer<HttpClient.HttpClient> =>
  Layer.effect(HttpClient.HttpClient, Effect.map(make, (simulator) => inProcessHttpClient(simulator.app)))

/** The HttpClient and the control service `tag`, both over one fresh simulator. */
export const simulatorLayer = <I, C extends SimulatorControl>(
  tag: Context.Tag<I, C>,
  make: Effect.Effect<Simulator<C>>
): Layer.Layer<HttpClient.HttpClient | I> =>
  Layer.effectContext(
    Effect.map(make, (simulator) =>
      Context.make(HttpClient.HttpClient, inProcessHttpClient(simulator.app)).pipe(
        Context.add(tag, simulator.control)
      ))
  )
