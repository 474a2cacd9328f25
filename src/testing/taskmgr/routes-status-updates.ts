/**
 * Status updates on a project, portfolio or goal: list (newest first, by
 * parent, optionally since a time), get, create (201) and delete. A goal's
 * update also sets the goal's status colour.
 */
import { isCalendarDateTime } from "../../core/calendar.js"
import { badRequest, created, emptyOk, ok } from "./errors.js"
import { plainText, richText } from "./html.js"
import { statusParentOf, statusUpdateOf } from "./input-goals.js"
import { html, input, pathGid, queryGid, queryValue, requiredGid, str } from "./input.js"
import type { StatusParentKind, StatusType, StatusUpdate } from "./model-goals.js"
import { newGid } from "./model.js"
import { singleRecord } from "./opt-fields.js"
import { page } from "./paging.js"
import { fullStatusUpdate } from "./render-goals.js"
import type { Ctx, Route } from "./router.js"
import { route } from "./router.js"

/** The status types each kind of parent takes. */
const TYPES: Readonly<Record<StatusParentKind, ReadonlyArray<StatusType>>> = {
  project: ["on_track", "at_risk", "off_track", "on_hold", "complete"],
  portfolio: ["on_track", "at_risk", "off_track", "on_hold", "complete"],
  goal: ["on_track", "at_risk", "off_track", "achieved", "partial", "missed", "dropped"]
}

/** The colour a goal's status shows after an update of a type. */
const GOAL_STATUS: Partial<Record<StatusType, string>> = {
  on_track: "green",
  at_risk: "yellow",
  off_track: "red",
  achieved: "achieved",
  partial: "partial",
  missed: "missed",
  dropped: "dropped"
}

const answer = (ctx: Ctx, update: StatusUpdate) =>
  singleRecord(fullStatusUpdate(ctx.render, update), ctx.fields, ctx.expand)

const list = (ctx: Ctx) => {
  const parent = queryGid(ctx, "parent")
  if (parent === undefined) return badRequest("parent: Missing input")
  statusParentOf(ctx, parent)
  const sinceWord = queryValue(ctx, "created_since")
  if (sinceWord !== undefined && !isCalendarDateTime(sinceWord)) {
    badRequest(`created_since: Invalid date-time value: ${sinceWord}`)
  }
  const since = sinceWord === undefined ? undefined : Date.parse(sinceWord)
  const updates = [...ctx.state.statusUpdates.values()]
    .filter((u) => u.parent === parent && (since === undefined || u.created_at >= since))
    .sort((a, b) => b.created_at - a.created_at || b.gid.localeCompare(a.gid))
  return page(ctx, updates.map((u) => fullStatusUpdate(ctx.render, u)))
}

const create = (ctx: Ctx) => {
  const data = input(ctx)
  const parent = requiredGid(ctx, data, "parent")
  const typeWord = str(data, "status_type")
  if (typeWord === undefined) return badRequest("status_type: Missing input")
  const richText_ = html(data, "html_text")
  const text = str(data, "text")
  if (richText_ === undefined && (text === undefined || text.trim() === "")) return badRequest("text: Missing input")
  const { kind } = statusParentOf(ctx, parent)
  if (!TYPES[kind].includes(typeWord as StatusType)) {
    return badRequest(`status_type: Must be one of ${TYPES[kind].join(", ")} for a ${kind}`)
  }
  const type = typeWord as StatusType
  const update: StatusUpdate = {
    gid: newGid(ctx.state),
    parent,
    parent_kind: kind,
    title: str(data, "title") ?? "",
    text: richText_ === undefined ? text! : plainText(richText_),
    html_text: richText_ ?? richText(text!),
    status_type: type,
    author: ctx.caller.user.gid,
    created_at: ctx.call.now_ms
  }
  ctx.state.statusUpdates.set(update.gid, update)
  const goal = kind === "goal" ? ctx.state.goals.get(parent) : undefined
  if (goal !== undefined) goal.status = GOAL_STATUS[type] ?? goal.status
  return created(answer(ctx, update))
}

export const statusUpdateRoutes: ReadonlyArray<Route> = [
  route("GET", "/status_updates", null, list),
  route("POST", "/status_updates", null, create),
  route(
    "GET",
    "/status_updates/:status_update_gid",
    null,
    (ctx) => ok(answer(ctx, statusUpdateOf(ctx, pathGid(ctx, "status_update_gid"))))
  ),
  route("DELETE", "/status_updates/:status_update_gid", null, (ctx) => {
    const update = statusUpdateOf(ctx, pathGid(ctx, "status_update_gid"))
    ctx.state.statusUpdates.delete(update.gid)
    return emptyOk()
  })
]
