/**
 * The control routes every simulator serves under /_sandbox (no token needed):
 * POST /_sandbox/faults, POST /_sandbox/reset, GET /_sandbox/requests and
 * POST /_sandbox/clock. A service adds its own beside them.
 */
import * as HttpRouter from "@effect/platform/HttpRouter"
import type * as HttpServerResponse from "@effect/platform/HttpServerResponse"
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import type { Call } from "./call.js"
import { ApiCall } from "./call.js"
import { isoTime } from "./clock.js"
import type { Controls } from "./control.js"
import { parseFault } from "./faults.js"
import { jsonResponse } from "./responses.js"

export const CONTROL_PREFIX = "/_sandbox"

export const isControlPath = (path: string): boolean => path === CONTROL_PREFIX || path.startsWith(`${CONTROL_PREFIX}/`)

/** `{"ok": true, ...}`: a control request that did what it asked. */
export const controlOk = (extra: Record<string, unknown> = {}) => jsonResponse(200, { ok: true, ...extra })

/** `{"ok": false, "error": "..."}` with 400: a control body that says nothing usable. */
export const controlRejected = (error: string) => jsonResponse(400, { ok: false, error })

/** A control route handler over the request read once. */
export const controlHandler = (f: (call: Call) => HttpServerResponse.HttpServerResponse) => Effect.map(ApiCall, f)

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value)

export const coreControlRoutes = (controls: Controls): HttpRouter.HttpRouter<never, ApiCall> =>
  HttpRouter.empty.pipe(
    HttpRouter.post(
      `${CONTROL_PREFIX}/faults`,
      controlHandler((call) => {
        const fault = parseFault(call.body, controls.defaultFaultBody)
        if (Either.isLeft(fault)) return controlRejected(fault.left)
        controls.faults.push(fault.right)
        return controlOk()
      })
    ),
    HttpRouter.post(
      `${CONTROL_PREFIX}/reset`,
      Effect.sync(() => {
        controls.reset()
        return controlOk()
      })
    ),
    HttpRouter.get(`${CONTROL_PREFIX}/requests`, Effect.sync(() => jsonResponse(200, controls.log))),
    HttpRouter.post(
      `${CONTROL_PREFIX}/clock`,
      controlHandler((call) => {
        const advance = isRecord(call.body) ? call.body.advance_ms : undefined
        if (typeof advance !== "number" || !Number.isFinite(advance) || advance < 0) {
          return controlRejected(`"advance_ms" must be a non-negative number`)
        }
        return controlOk({ now: isoTime(controls.advance(advance, call.now_ms)) })
      })
    )
  )
