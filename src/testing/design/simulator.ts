/**
 * One simulator instance: fresh state, the API routes and the control routes
 * behind a front door that runs due retries, logs API requests and applies
 * faults before routing.
 */
import type * as HttpApp from "@effect/platform/HttpApp"
import * as HttpRouter from "@effect/platform/HttpRouter"
import { HttpServerRequest } from "@effect/platform/HttpServerRequest"
import * as Effect from "effect/Effect"
import { ApiCall, readCall } from "./call.js"
import { contentApiRoutes, contentControlRoutes } from "./content-routes.js"
import { CONTROL_PREFIX, controlRoutes } from "./routes-control.js"
import { processDue } from "./deliveries.js"
import { faultResponse, takeFault } from "./faults.js"
import { recordRequest } from "./requestlog.js"
import { notFoundPlain, plainError } from "./responses.js"
import { fileRoutes } from "./routes-files.js"
import { webhookRoutes } from "./routes-webhooks.js"
import { makeState } from "./state.js"

export interface DesignSimulator {
  /** Handles the API and the /_sandbox control routes; needs only HttpServerRequest. */
  readonly app: HttpApp.Default<never, never>
}

const isControl = (path: string) => path === CONTROL_PREFIX || path.startsWith(`${CONTROL_PREFIX}/`)

export const makeDesignSimulator: Effect.Effect<DesignSimulator> = Effect.sync(() => {
  const state = makeState()
  const api = HttpRouter.concatAll(webhookRoutes(state), fileRoutes(state), contentApiRoutes(state))
  const control = HttpRouter.concat(controlRoutes(state), contentControlRoutes(state))

  const app: HttpApp.Default<never, never> = Effect.gen(function*() {
    const request = yield* HttpServerRequest
    const call = yield* readCall(request, state)
    // Deliveries are evaluated lazily: first catch up on every retry now due.
    processDue(state, call.now_ms)
    const toControl = isControl(call.path)
    if (!toControl) {
      // API requests reach the service, faulted or not, so they are logged first.
      recordRequest(state, call)
      const fault = takeFault(state, call.method, call.path)
      if (fault !== null) {
        if (fault.delay_ms > 0) yield* Effect.sleep(fault.delay_ms)
        return faultResponse(fault)
      }
    }
    return yield* (toControl ? control : api).pipe(
      Effect.provideService(ApiCall, call),
      Effect.catchTag("RouteNotFound", () => Effect.succeed(notFoundPlain()))
    )
  }).pipe(
    // A bug in the simulator must still answer, and say whose bug it is.
    Effect.catchAllCause((cause) =>
      Effect.as(Effect.logError("design simulator failed", cause), plainError(500, "Simulator error"))
    )
  )

  return { app }
})
