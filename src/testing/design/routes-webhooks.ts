/**
 * The webhook endpoints (v2, tier 2). Error forms follow the wire reference:
 * 400 and 404 in the `{error, status, message, i18n}` form, 403 and 429 in
 * the `{status, err}` form; the deprecated team list uses `{status, err}` only.
 */
import * as HttpRouter from "@effect/platform/HttpRouter"
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import type { Access, Caller, ContextRef } from "./access.js"
import { accessTo, atLeast, findContext } from "./access.js"
import type { Call } from "./call.js"
import { recentDeliveries, sendPing } from "./deliveries.js"
import { guarded } from "./guard.js"
import type { EndpointRule } from "./guard.js"
import { badRequest, json, notFoundPlain, notFoundRich, plainError } from "./responses.js"
import type { SimState, Webhook } from "./state.js"
import { listByContext, listByPlan } from "./webhook-lists.js"
import { byId, CAPS, parseCreate, parseUpdate, toWire } from "./webhooks.js"

const read: EndpointRule = { tier: 2, scope: "webhooks:read" }
const write: EndpointRule = { tier: 2, scope: "webhooks:write" }

/** A team webhook needs a team admin; project and file webhooks need edit access. */
const manageNeeds = (context: ContextRef): Access => (context.kind === "TEAM" ? "admin" : "edit")

const forbiddenToManage = (context: ContextRef) =>
  plainError(
    403,
    context.kind === "TEAM"
      ? "Only team admins can manage team webhooks"
      : `You need edit access to this ${context.kind.toLowerCase()} to manage its webhooks`
  )

const forbiddenToView = () => plainError(403, "You do not have access to this webhook")

const contextOf = (webhook: Webhook): ContextRef | null => findContext(webhook.context, webhook.context_id)

const create = (state: SimState) => (caller: Caller, call: Call) => {
  if (call.bodyInvalid) return badRequest("Request body is not valid JSON")
  const parsed = parseCreate(call.body)
  if (Either.isLeft(parsed)) return badRequest(parsed.left)
  const input = parsed.right
  const context = findContext(input.context, input.context_id)
  if (context === null) return notFoundRich()
  if (!atLeast(accessTo(caller, context), manageNeeds(context))) return forbiddenToManage(context)
  const existing = [...state.webhooks.values()].filter((w) =>
    w.context === input.context && w.context_id === input.context_id
  )
  const cap = CAPS[input.context]
  if (existing.length >= cap) {
    return badRequest(`Webhook limit reached: a ${input.context.toLowerCase()} context allows at most ${cap} webhooks`)
  }
  const webhook: Webhook = {
    id: String(state.nextWebhookId++),
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
  state.webhooks.set(webhook.id, webhook)
  // Creating an ACTIVE webhook sends a PING; sendPing skips PAUSED ones.
  sendPing(state, webhook, call.now_ms)
  return json(200, toWire(webhook))
}

/** Looks the webhook up and checks the caller's access to its context. */
const withWebhook = (
  state: SimState,
  id: string,
  caller: Caller,
  need: "view" | "manage",
  f: (webhook: Webhook) => ReturnType<typeof json>
) => {
  const webhook = state.webhooks.get(id)
  const context = webhook && contextOf(webhook)
  if (webhook === undefined || context == null) return notFoundRich()
  const access = accessTo(caller, context)
  if (need === "view" && !atLeast(access, "view")) return forbiddenToView()
  if (need === "manage" && !atLeast(access, manageNeeds(context))) return forbiddenToManage(context)
  return f(webhook)
}

const update = (state: SimState, id: string) => (caller: Caller, call: Call) =>
  withWebhook(state, id, caller, "manage", (webhook) => {
    if (call.bodyInvalid) return badRequest("Request body is not valid JSON")
    const parsed = parseUpdate(call.body)
    if (Either.isLeft(parsed)) return badRequest(parsed.left)
    // PUT replaces the required settings; an omitted status or description is
    // kept (null clears the description), so a PUT never silently un-pauses.
    const given = call.body as Record<string, unknown>
    webhook.event_type = parsed.right.event_type
    webhook.endpoint = parsed.right.endpoint
    webhook.passcode = parsed.right.passcode
    if (given.status !== undefined) webhook.status = parsed.right.status
    if ("description" in given) webhook.description = parsed.right.description
    return json(200, toWire(webhook))
  })

const remove = (state: SimState, id: string) => (caller: Caller) =>
  withWebhook(state, id, caller, "manage", (webhook) => {
    state.webhooks.delete(webhook.id)
    state.pendingRetries = state.pendingRetries.filter((r) => r.webhook_id !== webhook.id)
    return json(200, toWire(webhook))
  })

const requests = (state: SimState, id: string) => (caller: Caller, call: Call) =>
  withWebhook(
    state,
    id,
    caller,
    "view",
    (webhook) => json(200, { requests: recentDeliveries(state, webhook.id, call.now_ms) })
  )

/** The deprecated list: team-context webhooks only, `{status, err}` errors. */
const teamList = (state: SimState, teamId: string) => (caller: Caller) => {
  const context = findContext("TEAM", teamId)
  if (context === null) return notFoundPlain()
  if (!atLeast(accessTo(caller, context), "view")) return plainError(403, "You do not have access to this team")
  const webhooks = [...state.webhooks.values()]
    .filter((w) => w.context === "TEAM" && w.context_id === teamId)
    .sort(byId)
  return json(200, { webhooks: webhooks.map(toWire) })
}

const list = (state: SimState) => (caller: Caller, call: Call) => {
  const one = (key: string) => call.search.get(key) ?? undefined
  const context = one("context")
  const context_id = one("context_id")
  const plan_api_id = one("plan_api_id")
  if (plan_api_id !== undefined && (context_id !== undefined || context !== undefined)) {
    return badRequest(`"plan_api_id" cannot be combined with "context" or "context_id"`)
  }
  if (plan_api_id !== undefined) return listByPlan(state, caller, call, plan_api_id, one("cursor"))
  // The real service ignores `cursor` when listing by context (that form is never paged).
  if (context !== undefined && context_id === undefined) return badRequest(`"context_id" is required with "context"`)
  if (context === undefined && context_id !== undefined) return badRequest(`"context" is required with "context_id"`)
  if (context === undefined || context_id === undefined) {
    return badRequest(`Either "context" with "context_id", or "plan_api_id", is required`)
  }
  return listByContext(state, caller, context, context_id)
}

const param = (name: string) => Effect.map(HttpRouter.params, (params) => params[name] ?? "")

export const webhookRoutes = (state: SimState) =>
  HttpRouter.empty.pipe(
    HttpRouter.get("/v2/webhooks", guarded(state, read, list(state))),
    HttpRouter.post("/v2/webhooks", guarded(state, write, create(state))),
    HttpRouter.get(
      "/v2/webhooks/:id",
      Effect.flatMap(param("id"), (id) =>
        guarded(state, read, (caller) => withWebhook(state, id, caller, "view", (w) => json(200, toWire(w)))))
    ),
    HttpRouter.put(
      "/v2/webhooks/:id",
      Effect.flatMap(param("id"), (id) =>
        guarded(state, write, update(state, id)))
    ),
    HttpRouter.del("/v2/webhooks/:id", Effect.flatMap(param("id"), (id) => guarded(state, write, remove(state, id)))),
    HttpRouter.get(
      "/v2/webhooks/:id/requests",
      Effect.flatMap(param("id"), (id) => guarded(state, read, requests(state, id)))
    ),
    HttpRouter.get(
      "/v2/teams/:team_id/webhooks",
      Effect.flatMap(param("team_id"), (teamId) => guarded(state, read, teamList(state, teamId)))
    )
  )
