/**
 * How a design endpoint is declared and what its front door checks before
 * the handler, in the service's order: authenticate (403 Invalid token),
 * refuse a credential kind the endpoint does not take, check the scope, then
 * take one request from the caller's bucket for the endpoint's tier (429).
 *
 * A refused credential kind answers before the scope check, so a personal
 * token on the activity log hears that personal tokens are not accepted
 * rather than which scope it lacks. Body forms: Invalid token and 429 keep
 * the `{status, err}` form every endpoint shares (design-wire section 3
 * records both); the refusals decided after them are the rich form.
 */
import type * as HttpServerResponse from "@effect/platform/HttpServerResponse"
import * as Either from "effect/Either"
import type { Call } from "../core/call.js"
import type { Parsed, Rejection } from "../core/rejection.js"
import type { PathParams, Route } from "../core/route.js"
import { rejectionResponse } from "../core/simulator.js"
import type { Caller } from "./access.js"
import { authenticate, countingScope, holdsScope } from "./access.js"
import { lookupToken } from "./oauth.js"
import type { CallerKind } from "./org-access.js"
import { callerKind } from "./org-access.js"
import type { Tier } from "./ratelimit.js"
import { limitFor, rateLimitHeaders, take } from "./ratelimit.js"
import type { Form } from "./responses.js"
import { errorBody, invalidToken, plainError, richError, scopeError } from "./responses.js"
import type { DesignState } from "./state.js"

type Response = HttpServerResponse.HttpServerResponse

/** What every design handler sees. */
export interface DesignCtx {
  readonly call: Call
  readonly params: PathParams
  readonly state: DesignState
}

/** What an API handler sees: the caller too, once the gate let it through. */
export interface CallerCtx extends DesignCtx {
  readonly caller: Caller
}

/** An API endpoint's rule. */
export interface Endpoint {
  /** null: not rate limited (oEmbed). */
  readonly tier: Tier | null
  /** null: no scope needed (payments). */
  readonly scope: string | null
  readonly accepts: ReadonlyArray<CallerKind>
  /** The form of a rejection that names none; "only-plain": every rejection, the gate's too, in plain form (oEmbed). */
  readonly errors: Form | "only-plain"
}

/** Every credential kind; the older endpoints and most file-scoped groups take all four. */
const ANY_CALLER: ReadonlyArray<CallerKind> = ["personal", "plan", "oauth_user", "oauth_org"]

export const endpoint = (
  tier: Tier | null,
  scope: string | null,
  options: { readonly accepts?: ReadonlyArray<CallerKind>; readonly errors?: Endpoint["errors"] } = {}
): Endpoint => ({ tier, scope, accepts: options.accepts ?? ANY_CALLER, errors: options.errors ?? "plain" })

export type ApiRoute = Route<CallerCtx, Endpoint>

/** OAuth's own endpoints: no token and no tier; the rule is the form their rejections take. */
export type OpenRoute = Route<DesignCtx, Form>

const kindNames: Record<CallerKind, string> = {
  personal: "personal access tokens",
  plan: "plan access tokens",
  oauth_user: "user-level OAuth tokens",
  oauth_org: "organization-level OAuth tokens"
}

/** What the service says to a credential kind the endpoint does not take. */
const refusal = (kind: CallerKind, accepts: ReadonlyArray<CallerKind>): Parsed<never> => {
  if (kind === "oauth_user" && accepts.includes("oauth_org")) {
    return richError(403, "This endpoint requires an organization-level OAuth token")
  }
  const accepted = accepts.map((k) => kindNames[k]).join(" or ")
  return richError(403, `This endpoint does not accept ${kindNames[kind]}. Use ${accepted}.`)
}

/** The caller, once every check of the endpoint has passed. */
const gate = (ctx: DesignCtx, rule: Endpoint): Parsed<Caller> => {
  const { call, state } = ctx
  // Tokens issued through the simulator's OAuth flow count; a token a refresh retired does not.
  const caller = authenticate(call.headers, call.now_ms, (token) => lookupToken(state.oauth, token))
  if (caller === null) return invalidToken()
  const kind = callerKind(caller)
  if (!rule.accepts.includes(kind)) return refusal(kind, rule.accepts)
  if (rule.scope !== null && !holdsScope(caller.record.scopes, rule.scope)) {
    return scopeError(caller.record.scopes, rule.scope)
  }
  if (rule.tier !== null) {
    const { plan, seat } = caller.record
    const key = `${countingScope(caller)}|plan:${plan}|tier:${rule.tier}`
    const retryAfter = take(state.limits.buckets, key, limitFor(rule.tier, seat, plan), call.now_ms)
    if (retryAfter !== null) return plainError(429, "Rate limit exceeded", rateLimitHeaders(retryAfter, seat, plan))
  }
  return Either.right(caller)
}

const refusalResponse = (refused: Rejection, errors: Endpoint["errors"]): Response =>
  rejectionResponse(
    errors === "only-plain" ? { ...refused, form: "plain" } : { ...refused, form: refused.form ?? errors },
    errorBody
  )

/** An API request through its endpoint's gate and handler. */
export const answerApi = (route: ApiRoute, ctx: DesignCtx): Response =>
  Either.getOrElse(
    Either.flatMap(gate(ctx, route.rule), (caller) => route.handler({ ...ctx, caller })),
    (refused) => refusalResponse(refused, route.rule.errors)
  )

/** A request to an OAuth endpoint. */
export const answerOpen = (route: OpenRoute, ctx: DesignCtx): Response =>
  Either.getOrElse(route.handler(ctx), (refused) => refusalResponse(refused, route.rule))
