/**
 * The builder every service simulator goes through: its state, its front
 * door for the API and the /_sandbox control routes behind one entrance that
 * reads the request once, lets the service catch up on due work, logs API
 * requests, applies faults, and answers unknown control routes and its own
 * failures in the service's error shape.
 */
import type * as HttpApp from "@effect/platform/HttpApp"
import { HttpServerRequest } from "@effect/platform/HttpServerRequest"
import * as HttpServerResponse from "@effect/platform/HttpServerResponse"
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import { IncomingMessage, STATUS_CODES } from "node:http"
import type { Call } from "./call.js"
import { readCall } from "./call.js"
import { simNow } from "./clock.js"
import type { ControlRoute } from "./control-routes.js"
import { controlErrorBody, coreControlRoutes, isControlPath } from "./control-routes.js"
import type { SimulatorControl } from "./control.js"
import { makeControls, simulatorControl } from "./control.js"
import { CUT_HEADER, faultResponse, takeFault } from "./faults.js"
import type { ErrorBody, Rejection } from "./rejection.js"
import { rejection } from "./rejection.js"
import { logEntry } from "./requestlog.js"
import { jsonResponse } from "./responses.js"
import { decodablePath, matchRoute } from "./route.js"

type Response = HttpServerResponse.HttpServerResponse

export interface SimulatorSpec<S> {
  /** Names the simulator in its failure logs, e.g. "design". */
  readonly name: string
  /** The service's state, built from its seed. */
  readonly state: S
  /**
   * The path prefixes the service's clients send to (its base paths and OAuth endpoints). An in-process client
   * asked for any other path was handed a request meant for another service (layers/merge-guard in layer.ts).
   */
  readonly paths: ReadonlyArray<string>
  /**
   * The service's front door for every request outside /_sandbox: it matches
   * its route tables, runs its own checks and the handler, and answers an
   * unknown route too.
   */
  readonly api: (state: S, call: Call) => Response
  /** The service's own /_sandbox routes, served beside the common ones (no log, no faults). */
  readonly controlRoutes?: ReadonlyArray<ControlRoute<S>>
  /**
   * The service's error body: for unknown control routes (404 "Not found"),
   * a failure of the simulator itself (500 "Simulator error"), and a control
   * rejection said in one of the service's forms.
   */
  readonly errorBody: ErrorBody
  /** The body of a fault injected without one. Default: `errorBody` with the status's reason phrase. */
  readonly faultBody?: (status: number) => unknown
  /** Back to the seed: the service's state only (faults, log and clock are reset here). */
  readonly reset: (state: S) => void
  /** Runs before each request is routed, control requests included (e.g. deliveries now due). */
  readonly onRequest?: (state: S, call: Call) => void
  /** Runs once simulator time has been advanced, with the new time. */
  readonly onClockAdvance?: (state: S, now_ms: number) => void
}

export interface Simulator<Control extends SimulatorControl = SimulatorControl> {
  readonly name: string
  /** Whether a request path is this service's (one of its `paths`, or a /_sandbox control route). */
  readonly serves: (path: string) => boolean
  /** Handles the API and the /_sandbox control routes; needs only HttpServerRequest. */
  readonly app: HttpApp.Default<never, never>
  /** The same controls as typed Effects. */
  readonly control: Control
}

const reasonPhrase = (status: number): string => STATUS_CODES[status] ?? (status >= 500 ? "Server error" : "Error")

/** A rejection as JSON in `body`'s words, with its headers. */
export const rejectionResponse = (refused: Rejection, body: ErrorBody): Response =>
  jsonResponse(refused.status, body(refused), { ...refused.headers })

export const makeSimulator = <S>(spec: SimulatorSpec<S>): Simulator => {
  const { state } = spec
  const errorResponse = (status: number, message: string) =>
    rejectionResponse(rejection(status, message), spec.errorBody)
  const controls = makeControls({
    defaultFaultBody: spec.faultBody ?? ((status) => spec.errorBody(rejection(status, reasonPhrase(status)))),
    resetService: () => spec.reset(state),
    onClockAdvance: (now_ms) => spec.onClockAdvance?.(state, now_ms)
  })
  const controlRoutes: ReadonlyArray<ControlRoute<S>> = [...coreControlRoutes, ...(spec.controlRoutes ?? [])]

  // A path that does not decode reaches no route of any table, before any check of the service's.
  const api = (call: Call): Response =>
    decodablePath(call.path) ? spec.api(state, call) : errorResponse(404, "Not found")

  const control = (call: Call): Response => {
    const match = matchRoute(controlRoutes, call.method, call.path)
    if (match._tag !== "Matched") return errorResponse(404, "Not found")
    return Either.getOrElse(
      match.route.handler({ call, params: match.params, controls, state }),
      (refused) => rejectionResponse(refused, refused.form === undefined ? controlErrorBody : spec.errorBody)
    )
  }

  const app: HttpApp.Default<never, never> = Effect.gen(function*() {
    const request = yield* HttpServerRequest
    const call = yield* readCall(request, yield* simNow(controls.clock))
    spec.onRequest?.(state, call)
    if (isControlPath(call.path)) return yield* Effect.sync(() => control(call))
    // API requests reach the service, faulted or not, so they are logged first.
    controls.log.push(logEntry(call))
    const fault = takeFault(controls.faults, call.method, call.path)
    if (fault?.cut === true) {
      // The service acts; then its answer is lost on the way back.
      const answered = yield* Effect.sync(() => api(call))
      if (fault.delay_ms > 0) yield* Effect.sleep(fault.delay_ms)
      const source = (request as { readonly source?: unknown }).source
      if (source instanceof IncomingMessage) source.socket.destroy()
      return HttpServerResponse.setHeader(answered, CUT_HEADER, "1")
    }
    if (fault !== null) {
      if (fault.delay_ms > 0) yield* Effect.sleep(fault.delay_ms)
      return faultResponse(fault)
    }
    return yield* Effect.sync(() => api(call))
  }).pipe(
    // A bug in the simulator must still answer, and say whose bug it is.
    Effect.catchAllCause((cause) =>
      Effect.as(Effect.logError(`${spec.name} simulator failed`, cause), errorResponse(500, "Simulator error"))
    )
  )

  const serves = (path: string) =>
    isControlPath(path) || spec.paths.some((prefix) => path.toLowerCase().startsWith(prefix.toLowerCase()))
  return { name: spec.name, serves, app, control: simulatorControl(controls) }
}
