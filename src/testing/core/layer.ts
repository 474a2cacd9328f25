/**
 * Test layers over a simulator: each build makes a fresh simulator and
 * provides an in-process HttpClient to it, and with `simulatorLayer` also the
 * service's control Tag, so a test drives faults, the log and time through
 * typed Effects instead of hand-written /_sandbox calls. Each build also
 * brings a private RateLimiter: on TestClock every test starts at time zero,
 * and the process-wide budgets would carry one test's pacing into the next.
 * A client asked for a path its simulator does not serve (another service's,
 * when two `.layer`s were merged and one HttpClient won) dies saying so.
 */
import * as HttpClient from "@effect/platform/HttpClient"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { RateLimiter } from "../../core/pacing/rate-limit.js"
import { inProcessHttpClient } from "./client.js"
import type { SimulatorControl } from "./control.js"
import type { Simulator } from "./simulator.js"

/** Only the HttpClient, answered by a fresh simulator. */
export const simulatorClientLayer = <C extends SimulatorControl>(
  make: Effect.Effect<Simulator<C>>
): Layer.Layer<HttpClient.HttpClient | RateLimiter> =>
  Layer.merge(
    Layer.effect(HttpClient.HttpClient, Effect.map(make, (simulator) => inProcessHttpClient(simulator.app, simulator))),
    RateLimiter.layer
  )

/** The HttpClient and the control service `tag`, both over one fresh simulator. */
export const simulatorLayer = <I, C extends SimulatorControl>(
  tag: Context.Tag<I, C>,
  make: Effect.Effect<Simulator<C>>
): Layer.Layer<HttpClient.HttpClient | I | RateLimiter> =>
  Layer.merge(
    Layer.effectContext(
      Effect.map(make, (simulator) =>
        Context.make(HttpClient.HttpClient, inProcessHttpClient(simulator.app, simulator)).pipe(
          Context.add(tag, simulator.control)
        ))
    ),
    RateLimiter.layer
  )

/**
 * A service's library layer already wired to a fresh simulator: the API and
 * the simulator's controls come out; the HttpClient and RateLimiter stay
 * inside, so the layers of two services merge without one HttpClient
 * answering for both.
 */
export const simulatorApiLayer = <I, C extends SimulatorControl, A, S, E>(
  tag: Context.Tag<I, C>,
  make: Effect.Effect<Simulator<C>>,
  api: Context.Tag<A, S>,
  apiLayer: Layer.Layer<A, E, HttpClient.HttpClient>
): Layer.Layer<A | I, E> =>
  Layer.scopedContext(
    Effect.map(Layer.build(Layer.provideMerge(apiLayer, simulatorLayer(tag, make))), (built) =>
      Context.make(api, Context.get(built, api)).pipe(Context.add(tag, Context.get(built, tag))))
  )
