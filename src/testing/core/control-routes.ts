/**
 * The control routes every simulator serves under /_sandbox (no token needed):
 * POST /_sandbox/faults, POST /_sandbox/reset, GET /_sandbox/requests and
 * POST /_sandbox/clock. A service adds its own beside them, declared the same
 * way; a control route's rejection answers `{"ok": false, "error": ...}` unless
 * it names one of the service's error bodies.
 */
import type * as HttpServerResponse from "@effect/platform/HttpServerResponse"
import * as Either from "effect/Either"
import type { Call } from "./call.js"
import { isoTime } from "./clock.js"
import type { Controls } from "./control.js"
import { parseFault } from "./faults.js"
import { isRecord } from "./params.js"
import type { Rejection } from "./rejection.js"
import { invalid } from "./rejection.js"
import { jsonResponse } from "./responses.js"
import type { PathParams, Route } from "./route.js"
import { route } from "./route.js"

export const CONTROL_PREFIX = "/_sandbox"

export const isControlPath = (path: string): boolean => path === CONTROL_PREFIX || path.startsWith(`${CONTROL_PREFIX}/`)

/** What a control handler sees: the request, the simulator's common controls and the service's state. */
export interface ControlCtx<S> {
  readonly call: Call
  readonly params: PathParams
  readonly controls: Controls
  readonly state: S
}

export type ControlRoute<S> = Route<ControlCtx<S>>

/** `{"ok": true, ...}`: a control request that did what it asked. */
export const controlOk = (extra: Record<string, unknown> = {}): HttpServerResponse.HttpServerResponse =>
  jsonResponse(200, { ok: true, ...extra })

/** `{"ok": false, "error": "..."}`: the body of a control route's own rejection. */
export const controlErrorBody = (rejection: Rejection) => ({ ok: false, error: rejection.message })

export const coreControlRoutes: ReadonlyArray<ControlRoute<unknown>> = [
  route(
    "POST",
    `${CONTROL_PREFIX}/faults`,
    null,
    ({ call, controls }) =>
      Either.map(parseFault(call.body, controls.defaultFaultBody), (fault) => {
        controls.faults.push(fault)
        return controlOk()
      })
  ),
  route("POST", `${CONTROL_PREFIX}/reset`, null, ({ controls }) => {
    controls.reset()
    return Either.right(controlOk())
  }),
  route("GET", `${CONTROL_PREFIX}/requests`, null, ({ controls }) => Either.right(jsonResponse(200, controls.log))),
  route("POST", `${CONTROL_PREFIX}/clock`, null, ({ call, controls }) => {
    const advance = isRecord(call.body) ? call.body.advance_ms : undefined
    if (typeof advance !== "number" || !Number.isFinite(advance) || advance < 0) {
      return invalid(`"advance_ms" must be a non-negative number`)
    }
    return Either.right(controlOk({ now: isoTime(controls.advance(advance, call.now_ms)) }))
  })
]
