/** GET /v1/payments (tier 3, personal tokens only, no scope): a buyer's status on a plugin, widget or Community file. */
import * as Either from "effect/Either"
import type { Call } from "../core/call.js"
import type { Parsed } from "../core/rejection.js"
import { invalid } from "../core/rejection.js"
import { route } from "../core/route.js"
import type { ApiRoute, CallerCtx } from "./gate.js"
import { endpoint } from "./gate.js"
import { forbidden } from "./org-access.js"
import { groupValue } from "./params.js"
import { paidResources, paymentInformation, paymentTokens } from "./payments.js"
import { json, richError } from "./responses.js"

const paymentsRule = endpoint(3, null, { accepts: ["personal"], errors: "rich" })

const RESOURCE_PARAMS = ["community_file_id", "plugin_id", "widget_id"] as const

/** Either a plugin payment token alone, or user_id with exactly one resource id. */
const paymentQuery = (call: Call): Parsed<{ user_id: string; resource_id: string }> =>
  Either.gen(function*() {
    const token = yield* groupValue(call, "plugin_payment_token")
    const user_id = yield* groupValue(call, "user_id")
    const given: Array<string> = []
    for (const name of RESOURCE_PARAMS) {
      const value = yield* groupValue(call, name)
      if (value !== undefined) given.push(value)
    }
    if (token !== undefined) {
      if (user_id !== undefined || given.length > 0) {
        return yield* invalid(`'plugin_payment_token' cannot be combined with 'user_id' or a resource id`)
      }
      const known = paymentTokens.get(token)
      return known === undefined ? yield* invalid(`Invalid 'plugin_payment_token'`) : known
    }
    if (user_id === undefined || user_id === "") {
      return yield* invalid(`Either 'plugin_payment_token' or 'user_id' is required`)
    }
    if (given.length !== 1) return yield* invalid(`Provide exactly one of ${RESOURCE_PARAMS.join(", ")}`)
    return { user_id, resource_id: given[0]! }
  })

const payments = ({ call, caller }: CallerCtx) =>
  Either.gen(function*() {
    const { resource_id, user_id } = yield* paymentQuery(call)
    const resource = paidResources.find((r) => r.id === resource_id)
    if (resource === undefined) return yield* richError(404, "Not found")
    if (resource.owner_id !== caller.record.user_id) {
      return yield* forbidden("You can only query payments for resources you own")
    }
    return json(200, { status: 200, error: false, meta: paymentInformation(resource, user_id) })
  })

export const paymentRoutes: ReadonlyArray<ApiRoute> = [route("GET", "/v1/payments", paymentsRule, payments)]
