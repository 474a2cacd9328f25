/**
 * GET /v2/webhooks in its two forms: by context (everything at once) and by
 * plan_api_id (pages of PLAN_PAGE_SIZE with full-URL prev_page/next_page).
 */
import * as Either from "effect/Either"
import type { Call } from "../core/call.js"
import type { Caller } from "./access.js"
import { accessTo, atLeast, findContext } from "./access.js"
import type { CallerCtx } from "./gate.js"
import { badRequest, json, notFoundRich, plainError } from "./responses.js"
import { seedWorld } from "./seed.js"
import type { Webhook } from "./webhooks.js"
import { byId, contextFromRequest, toWire } from "./webhooks.js"

/** Simulator choice: small pages so tests can page through a few webhooks. */
export const PLAN_PAGE_SIZE = 3

export const listByContext = ({ caller, state }: CallerCtx, contextParam: string, contextId: string) => {
  const kind = contextFromRequest(contextParam)
  if (kind === null) return badRequest(`Invalid "context": "${contextParam}". Expected one of team, project, file`)
  const context = findContext(kind, contextId)
  if (context === null) return notFoundRich()
  if (!atLeast(accessTo(caller, context), "view")) return plainError(403, "You do not have access to this context")
  const webhooks = [...state.webhooks.hooks.values()]
    .filter((w) => w.context === kind && w.context_id === contextId)
    .sort(byId)
  return Either.right(json(200, { webhooks: webhooks.map(toWire) }))
}

/** Opaque cursors: which side of which webhook id the page starts. */
type Cursor = { readonly dir: "after" | "before"; readonly id: number }

const encodeCursor = (cursor: Cursor): string => Buffer.from(`${cursor.dir}:${cursor.id}`).toString("base64url")

const decodeCursor = (value: string): Cursor | null => {
  const match = /^(after|before):(\d+)$/.exec(Buffer.from(value, "base64url").toString("utf8"))
  return match ? { dir: match[1] as Cursor["dir"], id: Number(match[2]) } : null
}

const pageUrl = (call: Call, plan_api_id: string, cursor: Cursor): string => {
  const query = new URLSearchParams({ plan_api_id, cursor: encodeCursor(cursor) })
  return `${call.origin}/v2/webhooks?${query.toString()}`
}

/** The caller sees the plan's webhooks whose context it may view. */
export const listByPlan = (
  { call, caller, state }: CallerCtx,
  plan_api_id: string,
  cursorParam: string | undefined
) => {
  if (!seedWorld.teams.some((team) => team.plan_api_id === plan_api_id)) return notFoundRich()
  const cursor = cursorParam === undefined ? null : decodeCursor(cursorParam)
  if (cursorParam !== undefined && cursor === null) return badRequest(`Invalid "cursor"`)
  const visible = [...state.webhooks.hooks.values()]
    .filter((w) => w.plan_api_id === plan_api_id && canView(caller, w))
    .sort(byId)
  const page = cursor === null
    ? visible.slice(0, PLAN_PAGE_SIZE)
    : cursor.dir === "after"
    ? visible.filter((w) => Number(w.id) > cursor.id).slice(0, PLAN_PAGE_SIZE)
    : visible.filter((w) => Number(w.id) < cursor.id).slice(-PLAN_PAGE_SIZE)
  const first = page[0]
  const last = page[page.length - 1]
  const pagination: { prev_page?: string; next_page?: string } = {}
  if (first !== undefined && visible.some((w) => Number(w.id) < Number(first.id))) {
    pagination.prev_page = pageUrl(call, plan_api_id, { dir: "before", id: Number(first.id) })
  }
  if (last !== undefined && visible.some((w) => Number(w.id) > Number(last.id))) {
    pagination.next_page = pageUrl(call, plan_api_id, { dir: "after", id: Number(last.id) })
  }
  return Either.right(json(200, { webhooks: page.map(toWire), pagination }))
}

const canView = (caller: Caller, webhook: Webhook): boolean => {
  const context = findContext(webhook.context, webhook.context_id)
  return context !== null && atLeast(accessTo(caller, context), "view")
}
