/**
 * One design simulator: fresh state, the API routes and the design-only
 * control route on the common core, which logs API requests, applies faults
 * and answers in the `{status, err}` form when nothing else does.
 */
import * as HttpRouter from "@effect/platform/HttpRouter"
import type { ServeError } from "@effect/platform/HttpServerError"
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import type * as Scope from "effect/Scope"
import type { SimulatorControl } from "../core/control.js"
import { serveSimulator } from "../core/serve.js"
import type { Simulator } from "../core/simulator.js"
import { makeSimulator } from "../core/simulator.js"
import { contentApiRoutes, contentControlRoutes } from "./content-routes.js"
import { processDue } from "./deliveries.js"
import { reasonPhrase } from "./responses.js"
import type { ReceiverSpec } from "./routes-control.js"
import { controlRoutes, setReceiver } from "./routes-control.js"
import { fileRoutes } from "./routes-files.js"
import { newerRoutes } from "./routes-newer.js"
import { webhookRoutes } from "./routes-webhooks.js"
import { makeState, resetState } from "./state.js"

/** The common controls plus the design-only one. */
export interface DesignSimulatorControl extends SimulatorControl {
  /** How the receiver at a webhook endpoint answers deliveries (POST /_sandbox/endpoint). Dies on an invalid spec. */
  readonly setReceiver: (receiver: ReceiverSpec) => Effect.Effect<void>
}

export const makeDesignSimulator: Effect.Effect<Simulator<DesignSimulatorControl>> = Effect.sync(() => {
  const state = makeState()
  const api = HttpRouter.concatAll(webhookRoutes(state), fileRoutes(state), newerRoutes(state), contentApiRoutes(state))
  const control = HttpRouter.concat(controlRoutes(state), contentControlRoutes(state))

  const simulator = makeSimulator({
    name: "design",
    routes: api,
    controlRoutes: control,
    // `{"status": 404, "err": "Not found"}`: the older form, which unknown paths and 429s use.
    errorBody: (status, message) => ({ status, err: message }),
    // A forced 429 reads like the recorded one: "Rate limit exceeded".
    faultBody: (status) => ({ status, err: reasonPhrase(status) }),
    reset: () => resetState(state),
    // Deliveries are evaluated lazily: catch up on every retry now due.
    onRequest: (call) => processDue(state, call.now_ms),
    onClockAdvance: (now_ms) => processDue(state, now_ms)
  })

  const setReceiverControl = (receiver: ReceiverSpec) =>
    Effect.suspend(() =>
      Either.match(setReceiver(state, receiver), {
        onLeft: (error) => Effect.dieMessage(`setReceiver: ${error}`),
        onRight: () => Effect.void
      })
    )

  return { ...simulator, control: { ...simulator.control, setReceiver: setReceiverControl } }
})

/** Serves a fresh design simulator on 127.0.0.1 (port 0 = any free port) until the Scope closes. */
export const serveDesignSandbox = (port: number): Effect.Effect<{ base_url: string }, ServeError, Scope.Scope> =>
  Effect.flatMap(makeDesignSimulator, (simulator) => serveSimulator(simulator, port))
