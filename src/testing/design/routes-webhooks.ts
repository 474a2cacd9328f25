/**
 * The webhook endpoints (v2, tier 2). Error forms follow the wire reference:
 * 400 and 404 in the `{error, status, message, i18n}` form, 403 and 429 in
 * the `{status, err}` form; the deprecated team list uses `{status, err}` only.
 */
import * as Either from "effect/Either"
import type { Parsed } from "../core/rejection.js"
import { route } from "../core/route.js"
import type { Access, Caller, ContextRef } from "./access.js"
import { accessTo, atLeast, findContext } from "./access.js"
import { recentDeliveries, sendPing } from "./deliveries.js"
import type { ApiRoute, CallerCtx } from "./gate.js"
import { endpoint } from "./gate.js"
import { badRequest, json, notFoundPlain, notFoundRich, plainError } from "./responses.js"
import { listByContext, listByPlan } from "./webhook-lists.js"
import type { Webhook, WebhookState } from "./webhooks.js"
import { byId, CAPS, parseCreate, parseUpdate, toWire } from "./webhooks.js"

const read = endpoint(2, "webhooks:read", { errors: "rich" })
const write = endpoint(2, "webhooks:write", { errors: "rich" })

/** A team webhook needs a team admin; project and file webhooks need edit access. */
const manageNeeds = (context: ContextRef): Access => (context.kind === "TEAM" ? "admin" : "edit")

const forbiddenToManage = (context: ContextRef) =>
  plainError(
    403,
    context.kind === "TEAM"
      ? "Only team admins can manage team webhooks"
      : `You need edit access to this ${context.kind.toLowerCase()} to manage its webhooks`
  )

const notJson = () => badRequest("Request body is not valid JSON")

const create = ({ call, caller, state }: CallerCtx) =>
  Either.gen(function*() {
    if (call.bodyInvalid) return yield* notJson()
    const input = yield* parseCreate(call.body)
    const context = findContext(input.context, input.context_id)
    if (context === null) return yield* notFoundRich()
    if (!atLeast(accessTo(caller, context), manageNeeds(context))) return yield* forbiddenToManage(context)
    const hooks = state.webhooks.hooks
    const existing = [...hooks.values()].filter((w) => w.context === input.context && w.context_id === input.context_id)
    const cap = CAPS[input.context]
    if (existing.length >= cap) {
      return yield* badRequest(
        `Webhook limit reached: a ${input.context.toLowerCase()} context allows at most ${cap} webhooks`
      )
    }
    const webhook: Webhook = {
      id: String(state.webhooks.nextId++),
      event_type: input.event_type,
      team_id: input.context === "TEAM" ? input.context_id : "",
      context: input.context,
      context_id: input.context_id,
      plan_api_id: context.team.plan_api_id,
      status: input.status,
      client_id: caller.record.mode === "oauth" ? caller.record.client_id : null,
      passcode: input.passcode,
      endpoint: input.endpoint,
      description: input.description
    }
    hooks.set(webhook.id, webhook)
    // Creating an ACTIVE webhook sends a PING; sendPing skips PAUSED ones.
    sendPing(state.webhooks, webhook, call.now_ms)
    return json(200, toWire(webhook))
  })

/** The webhook the path names, once the caller may see it (or manage it). */
const webhookFor = (
  webhooks: WebhookState,
  id: string,
  caller: Caller,
  need: "view" | "manage"
): Parsed<Webhook> => {
  const webhook = webhooks.hooks.get(id)
  const context = webhook && findContext(webhook.context, webhook.context_id)
  if (webhook === undefined || context == null) return notFoundRich()
  const access = accessTo(caller, context)
  if (need === "view" && !atLeast(access, "view")) return plainError(403, "You do not have access to this webhook")
  if (need === "manage" && !atLeast(access, manageNeeds(context))) return forbiddenToManage(context)
  return Either.right(webhook)
}

const get = ({ caller, params, state }: CallerCtx) =>
  Either.map(webhookFor(state.webhooks, params.id ?? "", caller, "view"), (w) => json(200, toWire(w)))

const update = ({ call, caller, params, state }: CallerCtx) =>
  Either.gen(function*() {
    const webhook = yield* webhookFor(state.webhooks, params.id ?? "", caller, "manage")
    if (call.bodyInvalid) return yield* notJson()
    const settings = yield* parseUpdate(call.body)
    // PUT replaces the required settings; an omitted status or description is
    // kept (null clears the description), so a PUT never silently un-pauses.
    const given = call.body as Record<string, unknown>
    webhook.event_type = settings.event_type
    webhook.endpoint = settings.endpoint
    webhook.passcode = settings.passcode
    if (given.status !== undefined) webhook.status = settings.status
    if ("description" in given) webhook.description = settings.description
    return json(200, toWire(webhook))
  })

const remove = ({ caller, params, state }: CallerCtx) =>
  Either.map(webhookFor(state.webhooks, params.id ?? "", caller, "manage"), (webhook) => {
    state.webhooks.hooks.delete(webhook.id)
    state.webhooks.pendingRetries = state.webhooks.pendingRetries.filter((r) => r.webhook_id !== webhook.id)
    return json(200, toWire(webhook))
  })

const requests = ({ call, caller, params, state }: CallerCtx) =>
  Either.map(
    webhookFor(state.webhooks, params.id ?? "", caller, "view"),
    (webhook) => json(200, { requests: recentDeliveries(state.webhooks, webhook.id, call.now_ms) })
  )

/** The deprecated list: team-context webhooks only, `{status, err}` errors. */
const teamList = ({ caller, params, state }: CallerCtx) => {
  const teamId = params.team_id ?? ""
  const context = findContext("TEAM", teamId)
  if (context === null) return notFoundPlain()
  if (!atLeast(accessTo(caller, context), "view")) return plainError(403, "You do not have access to this team")
  const webhooks = [...state.webhooks.hooks.values()]
    .filter((w) => w.context === "TEAM" && w.context_id === teamId)
    .sort(byId)
  return Either.right(json(200, { webhooks: webhooks.map(toWire) }))
}

const list = (ctx: CallerCtx) => {
  const one = (key: string) => ctx.call.search.get(key) ?? undefined
  const context = one("context")
  const context_id = one("context_id")
  const plan_api_id = one("plan_api_id")
  if (plan_api_id !== undefined && (context_id !== undefined || context !== undefined)) {
    return badRequest(`"plan_api_id" cannot be combined with "context" or "context_id"`)
  }
  if (plan_api_id !== undefined) return listByPlan(ctx, plan_api_id, one("cursor"))
  // The real service ignores `cursor` when listing by context (that form is never paged).
  if (context !== undefined && context_id === undefined) return badRequest(`"context_id" is required with "context"`)
  if (context === undefined && context_id !== undefined) return badRequest(`"context" is required with "context_id"`)
  if (context === undefined || context_id === undefined) {
    return badRequest(`Either "context" with "context_id", or "plan_api_id", is required`)
  }
  return listByContext(ctx, context, context_id)
}

export const webhookRoutes: ReadonlyArray<ApiRoute> = [
  route("GET", "/v2/webhooks", read, list),
  route("POST", "/v2/webhooks", write, create),
  route("GET", "/v2/webhooks/:id", read, get),
  route("PUT", "/v2/webhooks/:id", write, update),
  route("DELETE", "/v2/webhooks/:id", write, remove),
  route("GET", "/v2/webhooks/:id/requests", read, requests),
  route("GET", "/v2/teams/:team_id/webhooks", read, teamList)
]
