/**
 * The simulator's own control routes under /_sandbox (no token needed):
 * faults, reset, the request log, receiver behaviour and the clock offset.
 */
import * as HttpRouter from "@effect/platform/HttpRouter"
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import type { Call } from "./call.js"
import { ApiCall } from "./call.js"
import { isoTime } from "./clock.js"
import { processDue } from "./deliveries.js"
import { parseFault } from "./faults.js"
import { json } from "./responses.js"
import type { ReceiverBehaviour, SimState } from "./state.js"
import { resetState } from "./state.js"

export const CONTROL_PREFIX = "/_sandbox"

const ok = (extra: Record<string, unknown> = {}) => json(200, { ok: true, ...extra })
const invalid = (error: string) => json(400, { ok: false, error })

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value)

const withCall = (f: (call: Call) => ReturnType<typeof json>) => Effect.map(ApiCall, f)

const addFault = (state: SimState) =>
  withCall((call) => {
    const fault = parseFault(call.body)
    if (Either.isLeft(fault)) return invalid(fault.left)
    state.faults.push(fault.right)
    return ok()
  })

/** POST /_sandbox/endpoint: {endpoint, status, error?, times?, timeout?}. */
const parseReceiver = (body: unknown): Either.Either<[string, ReceiverBehaviour], string> => {
  if (!isRecord(body)) return Either.left("body must be a JSON object")
  const { endpoint, error = null, status = 200, timeout = false, times = null } = body
  if (typeof endpoint !== "string" || endpoint === "") return Either.left(`"endpoint" must be the webhook URL`)
  if (typeof status !== "number" || !Number.isInteger(status)) return Either.left(`"status" must be an integer`)
  if (error !== null && typeof error !== "string") return Either.left(`"error" must be a string`)
  if (typeof timeout !== "boolean") return Either.left(`"timeout" must be a boolean`)
  if (times !== null && (typeof times !== "number" || !Number.isInteger(times) || times < 1)) {
    return Either.left(`"times" must be a positive integer`)
  }
  if (body.status === undefined && !timeout) return Either.left(`"status" is required unless "timeout" is true`)
  return Either.right([endpoint, { status, error, timeout, times }])
}

const setReceiver = (state: SimState) =>
  withCall((call) => {
    const parsed = parseReceiver(call.body)
    if (Either.isLeft(parsed)) return invalid(parsed.left)
    state.receivers.set(...parsed.right)
    return ok()
  })

const advanceClock = (state: SimState) =>
  withCall((call) => {
    const advance = isRecord(call.body) ? call.body.advance_ms : undefined
    if (typeof advance !== "number" || !Number.isFinite(advance) || advance < 0) {
      return invalid(`"advance_ms" must be a non-negative number`)
    }
    state.clockOffsetMs += advance
    const now = call.now_ms + advance
    processDue(state, now)
    return ok({ now: isoTime(now) })
  })

const reset = (state: SimState) =>
  Effect.sync(() => {
    resetState(state)
    return ok()
  })

export const controlRoutes = (state: SimState) =>
  HttpRouter.empty.pipe(
    HttpRouter.post("/_sandbox/faults", addFault(state)),
    HttpRouter.post("/_sandbox/reset", reset(state)),
    HttpRouter.get("/_sandbox/requests", Effect.sync(() => json(200, state.log))),
    HttpRouter.post("/_sandbox/endpoint", setReceiver(state)),
    HttpRouter.post("/_sandbox/clock", advanceClock(state))
  )
