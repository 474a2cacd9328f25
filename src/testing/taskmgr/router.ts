/**
 * The API front door under /api/1.0, over the route tables: every request is
 * authenticated (401), counted against the token's limit (429 with
 * Retry-After), matched (404), checked for an OAuth scope (403) and, for
 * search, counted against the search limit, then handled. The batch endpoint
 * sends its actions through `dispatch` too, exactly as requests from outside.
 */
import * as Either from "effect/Either"
import type { Call } from "../core/call.js"
import { rejection } from "../core/rejection.js"
import { matchRoute } from "../core/route.js"
import { authenticate } from "./auth.js"
import type { ApiRoute, Ctx } from "./context.js"
import type { Reply } from "./errors.js"
import { NOT_AUTHORIZED, RATE_LIMIT_MESSAGE, replyOf } from "./errors.js"
import { watchChange } from "./event-feeds.js"
import type { TaskmgrState } from "./model.js"
import { expander, optFields } from "./opt-fields.js"
import { FREE_PER_MINUTE, PAID_PER_MINUTE, SEARCH_PER_MINUTE, takeCounting } from "./ratelimit.js"
import type { RenderContext } from "./refs.js"

export const API_PREFIX = "/api/1.0"

/** The limiter's own 429: its body carries no `help`. */
const rateLimited = (retryAfter: number): Reply => ({
  status: 429,
  body: { errors: [{ message: RATE_LIMIT_MESSAGE }] },
  headers: { "Retry-After": String(retryAfter) }
})

const refused = (status: number, message: string): Reply => replyOf(rejection(status, message))

/** Answers one API request (from outside, or one batch action). */
export const dispatch = (state: TaskmgrState, routes: ReadonlyArray<ApiRoute>, call: Call): Reply => {
  const caller = authenticate(state, call)
  if (caller === null) return refused(401, NOT_AUTHORIZED)
  const perMinute = caller.paid ? PAID_PER_MINUTE : FREE_PER_MINUTE
  const wait = takeCounting(state.buckets, `token:${caller.token}`, perMinute, call.now_ms)
  if (wait !== null) return rateLimited(wait)

  const path = call.path.slice(API_PREFIX.length) || "/"
  const match = matchRoute(routes, call.method, path)
  if (match._tag !== "Matched") {
    return refused(404, match._tag === "OtherMethod" ? "No matching route for request" : "Not found")
  }
  const { rule } = match.route
  const scope = typeof rule === "object" && rule !== null ? rule.scope : rule
  const scopes = caller.record.scopes
  if (scope !== null && scopes !== null && !scopes.includes(scope)) {
    return refused(403, `Forbidden: this token does not have the scope ${scope}`)
  }
  if (typeof rule === "object" && rule !== null) {
    const searchWait = takeCounting(state.buckets, `search:${caller.token}`, SEARCH_PER_MINUTE, call.now_ms)
    if (searchWait !== null) return rateLimited(searchWait)
  }
  const render: RenderContext = { state, app_url: call.origin }
  const ctx: Ctx = {
    state,
    call,
    path,
    params: match.params,
    caller,
    render,
    fields: optFields(call),
    expand: expander(render, caller.user.gid)
  }
  // A write that succeeds shows in the event feeds of what it touched (a HEAD, answered as a GET, touches nothing).
  const changed = watchChange(ctx, match.route.method)
  const reply = Either.getOrElse(match.route.handler(ctx), replyOf)
  changed(reply)
  return reply
}
