/**
 * The design simulator's own control route, beside the common /_sandbox ones:
 * POST /_sandbox/endpoint says how the (simulated) receiver at a webhook
 * endpoint answers deliveries. Also its typed form, for DesignSimulator.
 */
import * as Either from "effect/Either"
import type { ControlRoute } from "../core/control-routes.js"
import { CONTROL_PREFIX, controlOk } from "../core/control-routes.js"
import { isRecord } from "../core/params.js"
import type { Parsed } from "../core/rejection.js"
import { invalid } from "../core/rejection.js"
import { route } from "../core/route.js"
import type { DesignState } from "./state.js"
import type { ReceiverBehaviour, WebhookState } from "./webhooks.js"

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

/** POST /_sandbox/endpoint: {endpoint, status, error?, times?, timeout?}. */
export const parseReceiver = (body: unknown): Parsed<[string, ReceiverBehaviour]> => {
  if (!isRecord(body)) return invalid("body must be a JSON object")
  const { endpoint, error = null, status = 200, timeout = false, times = null } = body
  if (typeof endpoint !== "string" || endpoint === "") return invalid(`"endpoint" must be the webhook URL`)
  if (typeof status !== "number" || !Number.isInteger(status)) return invalid(`"status" must be an integer`)
  if (error !== null && typeof error !== "string") return invalid(`"error" must be a string`)
  if (typeof timeout !== "boolean") return invalid(`"timeout" must be a boolean`)
  if (times !== null && (typeof times !== "number" || !Number.isInteger(times) || times < 1)) {
    return invalid(`"times" must be a positive integer`)
  }
  if (body.status === undefined && !timeout) return invalid(`"status" is required unless "timeout" is true`)
  return Either.right([endpoint, { status, error, timeout, times }])
}

/** Sets a receiver's behaviour from a route body or a typed spec (which has the same fields). */
export const setReceiver = (webhooks: WebhookState, body: unknown): Parsed<void> =>
  Either.map(parseReceiver(body), ([endpoint, behaviour]) => {
    webhooks.receivers.set(endpoint, behaviour)
  })

export const receiverRoutes: ReadonlyArray<ControlRoute<DesignState>> = [
  route(
    "POST",
    `${CONTROL_PREFIX}/endpoint`,
    null,
    ({ call, state }) => Either.map(setReceiver(state.webhooks, call.body), () => controlOk())
  )
]
