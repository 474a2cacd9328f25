/**
 * The design simulator's own control route, beside the common /_sandbox ones:
 * POST /_sandbox/endpoint says how the (simulated) receiver at a webhook
 * endpoint answers deliveries. Also its typed form, for DesignSimulator.
 */
import * as HttpRouter from "@effect/platform/HttpRouter"
import * as Either from "effect/Either"
import type { ApiCall } from "../core/call.js"
import { CONTROL_PREFIX, controlHandler, controlOk, controlRejected } from "../core/control-routes.js"
import type { ReceiverBehaviour, SimState } from "./state.js"

/** How the receiver at `endpoint` answers: a status (200 = delivered), or no answer at all. */
export type ReceiverSpec =
  & {
    /** The webhook endpoint URL, exactly as the webhook holds it. */
    readonly endpoint: string
    /** How many deliveries it answers this way; then it is back to 200. Default: until changed. */
    readonly times?: number
  }
  & (
    | {
      readonly status: number
      /** The error_msg deliveries record; default "Endpoint responded with status N". */
      readonly error?: string
    }
    | { readonly timeout: true }
  )

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value)

/** POST /_sandbox/endpoint: {endpoint, status, error?, times?, timeout?}. */
export const parseReceiver = (body: unknown): Either.Either<[string, ReceiverBehaviour], string> => {
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

/** Sets a receiver's behaviour from a route body or a typed spec (which has the same fields). */
export const setReceiver = (state: SimState, body: unknown): Either.Either<void, string> =>
  Either.map(parseReceiver(body), ([endpoint, behaviour]) => {
    state.receivers.set(endpoint, behaviour)
  })

export const controlRoutes = (state: SimState): HttpRouter.HttpRouter<never, ApiCall> =>
  HttpRouter.empty.pipe(
    HttpRouter.post(
      `${CONTROL_PREFIX}/endpoint`,
      controlHandler((call) =>
        Either.match(setReceiver(state, call.body), { onLeft: controlRejected, onRight: () => controlOk() })
      )
    )
  )
