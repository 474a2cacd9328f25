/**
 * What every API endpoint does before its own work, in the service's order:
 * authenticate (403 Invalid token), check the scope (403 scope error), then
 * take one request from the caller's bucket for the endpoint's tier (429).
 */
import type * as HttpServerResponse from "@effect/platform/HttpServerResponse"
import * as Effect from "effect/Effect"
import type { Caller } from "./access.js"
import { authenticate, countingScope, holdsScope } from "./access.js"
import type { Call } from "./call.js"
import { ApiCall } from "./call.js"
import { lookupToken } from "./oauth.js"
import type { Tier } from "./ratelimit.js"
import { limitFor, rateLimitHeaders, take } from "./ratelimit.js"
import { invalidToken, plainError, scopeError } from "./responses.js"
import type { SimState } from "./state.js"

export interface EndpointRule {
  readonly tier: Tier
  readonly scope: string
}

export type Handler = (caller: Caller, call: Call) => HttpServerResponse.HttpServerResponse

export const guarded = (
  state: SimState,
  rule: EndpointRule,
  handler: Handler
): Effect.Effect<HttpServerResponse.HttpServerResponse, never, ApiCall> =>
  Effect.map(ApiCall, (call) => {
    const caller = authenticate(call.headers, call.now_ms, (token) => lookupToken(state.oauth, token))
    if (caller === null) return invalidToken()
    if (!holdsScope(caller.record.scopes, rule.scope)) return scopeError(caller.record.scopes, rule.scope)
    const { plan, seat } = caller.record
    const key = `${countingScope(caller)}|plan:${plan}|tier:${rule.tier}`
    const retryAfter = take(state.buckets, key, limitFor(rule.tier, seat, plan), call.now_ms)
    if (retryAfter !== null) {
      return plainError(429, "Rate limit exceeded", rateLimitHeaders(retryAfter, seat, plan))
    }
    return handler(caller, call)
  })
