/**
 * The front of every newer endpoint: authenticate, refuse credential kinds
 * the endpoint does not accept, then `guarded` (scope, then the tier's bucket).
 *
 * Two endpoints fall outside `guarded`'s rule: payments needs no scope and
 * oEmbed has no rate tier; they get the same steps with the missing one left
 * out, counted in the same buckets.
 *
 * A refused credential kind answers before the scope check, so a personal
 * token on the activity log hears that personal tokens are not accepted
 * rather than which scope it lacks. Body forms: Invalid token and 429 keep
 * the `{status, err}` form every endpoint shares (design-wire section 3
 * records both); everything decided here and after is the rich form.
 */
import * as HttpRouter from "@effect/platform/HttpRouter"
import * as Effect from "effect/Effect"
import type { Caller } from "./access.js"
import { authenticate, countingScope } from "./access.js"
import { ApiCall } from "./call.js"
import type { Handler } from "./guard.js"
import { guarded } from "./guard.js"
import type { CallerKind } from "./org-access.js"
import { callerKind, forbidden } from "./org-access.js"
import type { Tier } from "./ratelimit.js"
import { limitFor, rateLimitHeaders, take } from "./ratelimit.js"
import { invalidToken, plainError, scopeError } from "./responses.js"
import type { SimState } from "./state.js"

export interface GateRule {
  /** null: not rate limited (oEmbed). */
  readonly tier: Tier | null
  /** null: no scope needed (payments). */
  readonly scope: string | null
  readonly accepts: ReadonlyArray<CallerKind>
}

const kindNames: Record<CallerKind, string> = {
  personal: "personal access tokens",
  plan: "plan access tokens",
  oauth_user: "user-level OAuth tokens",
  oauth_org: "organization-level OAuth tokens"
}

/** What the service says to a credential kind the endpoint does not take. */
const refusal = (kind: CallerKind, accepts: ReadonlyArray<CallerKind>) => {
  const oauthOnlyAtOrgLevel = kind === "oauth_user" && accepts.includes("oauth_org")
  if (oauthOnlyAtOrgLevel) return forbidden("This endpoint requires an organization-level OAuth token")
  const accepted = accepts.map((k) => kindNames[k]).join(" or ")
  return forbidden(`This endpoint does not accept ${kindNames[kind]}. Use ${accepted}.`)
}

const scopeHeld = (caller: Caller, scope: string | null) => scope === null || caller.record.scopes.includes(scope)

export const gated = (state: SimState, rule: GateRule, handler: Handler) =>
  Effect.flatMap(ApiCall, (call) => {
    const caller = authenticate(call.headers, call.now_ms)
    if (caller === null) return Effect.succeed(invalidToken())
    const kind = callerKind(caller)
    if (!rule.accepts.includes(kind)) return Effect.succeed(refusal(kind, rule.accepts))
    if (rule.tier !== null && rule.scope !== null) {
      return guarded(state, { tier: rule.tier, scope: rule.scope }, handler)
    }
    if (!scopeHeld(caller, rule.scope)) return Effect.succeed(scopeError(caller.record.scopes, rule.scope ?? ""))
    if (rule.tier !== null) {
      // The same bucket key guarded uses, so these calls share the caller's tier budget.
      const { plan, seat } = caller.record
      const key = `${countingScope(caller)}|plan:${plan}|tier:${rule.tier}`
      const retryAfter = take(state.buckets, key, limitFor(rule.tier, seat, plan), call.now_ms)
      if (retryAfter !== null) {
        return Effect.succeed(plainError(429, "Rate limit exceeded", rateLimitHeaders(retryAfter, seat, plan)))
      }
    }
    return Effect.succeed(handler(caller, call))
  })

/** Every credential kind; most file-scoped groups take all four. */
export const ANY_CALLER: ReadonlyArray<CallerKind> = ["personal", "plan", "oauth_user", "oauth_org"]

/** A path parameter of the matched route ("" when absent). */
export const pathParam = (name: string) => Effect.map(HttpRouter.params, (params) => params[name] ?? "")
