/**
 * One design simulator: fresh state, its route tables behind the design
 * front door (match, then the gate), and the design-only controls, on the
 * common core, which logs API requests, applies faults and answers in the
 * `{status, err}` form when nothing else does.
 */
import type { ServeError } from "@effect/platform/HttpServerError"
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import type * as Scope from "effect/Scope"
import type { Call } from "../core/call.js"
import type { SimulatorControl } from "../core/control.js"
import { rejection } from "../core/rejection.js"
import { matchRoute } from "../core/route.js"
import { serveSimulator } from "../core/serve.js"
import type { Simulator } from "../core/simulator.js"
import { makeSimulator, rejectionResponse } from "../core/simulator.js"
import { processDue } from "./deliveries.js"
import { answerApi, answerOpen } from "./gate.js"
import type { ReceiverSpec } from "./receivers.js"
import { setReceiver } from "./receivers.js"
import { errorBody, reasonPhrase } from "./responses.js"
import { apiRoutes, controlRoutes, openRoutes } from "./routes.js"
import type { DesignState } from "./state.js"
import { makeDesignState, resetDesignState } from "./state.js"

/** The common controls plus the design-only one. */
export interface DesignSimulatorControl extends SimulatorControl {
  /** How the receiver at a webhook endpoint answers deliveries (POST /_sandbox/endpoint). Dies on an invalid spec. */
  readonly setReceiver: (receiver: ReceiverSpec) => Effect.Effect<void>
}

/** Every request outside /_sandbox: an API route, an OAuth endpoint, or the `{status, err}` 404. */
const frontDoor = (state: DesignState, call: Call) => {
  const ctx = (params: Readonly<Record<string, string>>) => ({ call, params, state })
  const api = matchRoute(apiRoutes, call.method, call.path)
  if (api._tag === "Matched") return answerApi(api.route, ctx(api.params))
  const open = matchRoute(openRoutes, call.method, call.path)
  if (open._tag === "Matched") return answerOpen(open.route, ctx(open.params))
  return rejectionResponse(rejection(404, "Not found"), errorBody)
}

export const makeDesignSimulator: Effect.Effect<Simulator<DesignSimulatorControl>> = Effect.sync(() => {
  const state = makeDesignState()
  const simulator = makeSimulator({
    name: "design",
    state,
    paths: ["/v1/", "/v2/", "/oauth"],
    api: frontDoor,
    controlRoutes,
    // `{"status": 404, "err": "Not found"}`: the older form, which unknown paths and 429s use.
    errorBody,
    // A forced 429 reads like the recorded one: "Rate limit exceeded".
    faultBody: (status) => ({ status, err: reasonPhrase(status) }),
    reset: resetDesignState,
    // Deliveries are evaluated lazily: catch up on every retry now due.
    onRequest: (state, call) => processDue(state.webhooks, call.now_ms),
    onClockAdvance: (state, now_ms) => processDue(state.webhooks, now_ms)
  })

  const setReceiverControl = (receiver: ReceiverSpec) =>
    Effect.suspend(() =>
      Either.match(setReceiver(state.webhooks, receiver), {
        onLeft: (refused) => Effect.dieMessage(`setReceiver: ${refused.message}`),
        onRight: () => Effect.void
      })
    )

  return { ...simulator, control: { ...simulator.control, setReceiver: setReceiverControl } }
})

/** Serves a fresh design simulator on 127.0.0.1 (port 0 = any free port) until the Scope closes. */
export const serveDesignSandbox = (port: number): Effect.Effect<{ base_url: string }, ServeError, Scope.Scope> =>
  Effect.flatMap(makeDesignSimulator, (simulator) => serveSimulator(simulator, port))
