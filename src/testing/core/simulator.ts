/**
 * The builder every service simulator goes through: fresh control state, the
 * service's API routes and the /_sandbox control routes behind one front door
 * that reads the request once, lets the service catch up on due work, logs API
 * requests, applies faults, and answers unknown routes and its own failures in
 * the service's error shape.
 */
import type * as HttpApp from "@effect/platform/HttpApp"
import * as HttpRouter from "@effect/platform/HttpRouter"
import { HttpServerRequest } from "@effect/platform/HttpServerRequest"
import * as HttpServerResponse from "@effect/platform/HttpServerResponse"
import * as Effect from "effect/Effect"
import { IncomingMessage, STATUS_CODES } from "node:http"
import type { Call } from "./call.js"
import { ApiCall, readCall } from "./call.js"
import { simNow } from "./clock.js"
import { coreControlRoutes, isControlPath } from "./control-routes.js"
import type { SimulatorControl } from "./control.js"
import { makeControls, simulatorControl } from "./control.js"
import { CUT_HEADER, faultResponse, takeFault } from "./faults.js"
import { logEntry } from "./requestlog.js"
import { jsonResponse } from "./responses.js"

export interface SimulatorSpec {
  /** Names the simulator in its failure logs, e.g. "design". */
  readonly name: string
  /** The service's API; handlers read the request from `ApiCall`. */
  readonly routes: HttpRouter.HttpRouter<never, ApiCall>
  /** The service's own /_sandbox routes, served beside the common ones (no log, no faults). */
  readonly controlRoutes?: HttpRouter.HttpRouter<never, ApiCall>
  /**
   * The service's error body: used for unknown routes (404 "Not found") and
   * for a failure of the simulator itself (500 "Simulator error").
   */
  readonly errorBody: (status: number, message: string) => unknown
  /** The body of a fault injected without one. Default: `errorBody` with the status's reason phrase. */
  readonly faultBody?: (status: number) => unknown
  /** Back to the seed: the service's state only (faults, log and clock are reset here). */
  readonly reset: () => void
  /** Runs before each request is routed, control requests included (e.g. deliveries now due). */
  readonly onRequest?: (call: Call) => void
  /** Runs once simulator time has been advanced, with the new time. */
  readonly onClockAdvance?: (now_ms: number) => void
}

export interface Simulator<Control extends SimulatorControl = SimulatorControl> {
  readonly name: string
  /** Handles the API and the /_sandbox control routes; needs only HttpServerRequest. */
  readonly app: HttpApp.Default<never, never>
  /** The same controls as typed Effects. */
  readonly control: Control
}

const reasonPhrase = (status: number): string => STATUS_CODES[status] ?? (status >= 500 ? "Server error" : "Error")

export const makeSimulator = (spec: SimulatorSpec): Simulator => {
  const controls = makeControls({
    defaultFaultBody: spec.faultBody ?? ((status) => spec.errorBody(status, reasonPhrase(status))),
    resetService: spec.reset,
    onClockAdvance: spec.onClockAdvance
  })
  const control = spec.controlRoutes === undefined
    ? coreControlRoutes(controls)
    : HttpRouter.concat(coreControlRoutes(controls), spec.controlRoutes)
  const errorResponse = (status: number, message: string) => jsonResponse(status, spec.errorBody(status, message))

  const app: HttpApp.Default<never, never> = Effect.gen(function*() {
    const request = yield* HttpServerRequest
    const call = yield* readCall(request, yield* simNow(controls.clock))
    spec.onRequest?.(call)
    const toControl = isControlPath(call.path)
    if (!toControl) {
      // API requests reach the service, faulted or not, so they are logged first.
      controls.log.push(logEntry(call))
      const fault = takeFault(controls.faults, call.method, call.path)
      if (fault?.cut === true) {
        // The service acts; then its answer is lost on the way back.
        const answered = yield* spec.routes.pipe(
          Effect.provideService(ApiCall, call),
          Effect.catchTag("RouteNotFound", () => Effect.succeed(errorResponse(404, "Not found")))
        )
        if (fault.delay_ms > 0) yield* Effect.sleep(fault.delay_ms)
        const source = (request as { readonly source?: unknown }).source
        if (source instanceof IncomingMessage) source.socket.destroy()
        return HttpServerResponse.setHeader(answered, CUT_HEADER, "1")
      }
      if (fault !== null) {
        if (fault.delay_ms > 0) yield* Effect.sleep(fault.delay_ms)
        return faultResponse(fault)
      }
    }
    return yield* (toControl ? control : spec.routes).pipe(
      Effect.provideService(ApiCall, call),
      Effect.catchTag("RouteNotFound", () => Effect.succeed(errorResponse(404, "Not found")))
    )
  }).pipe(
    // A bug in the simulator must still answer, and say whose bug it is.
    Effect.catchAllCause((cause) =>
      Effect.as(Effect.logError(`${spec.name} simulator failed`, cause), errorResponse(500, "Simulator error"))
    )
  )

  return { name: spec.name, app, control: simulatorControl(controls) }
}
