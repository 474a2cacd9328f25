/**
 * Status updates on a project, portfolio or goal: list (newest first, by
 * parent, optionally since a time), get, create (201) and delete. A goal's
 * update also sets the goal's status colour.
 */
import * as Either from "effect/Either"
import { isCalendarDateTime } from "../../core/calendar.js"
import { route } from "../core/route.js"
import type { ApiRoute, Ctx } from "./context.js"
import { badRequest, created, emptyOk, ok } from "./errors.js"
import { plainText, richText } from "./html.js"
import { statusParentOf, statusUpdateOf } from "./input-goals.js"
import { html, input, pathGid, queryGid, queryValue, requiredGid, str } from "./input.js"
import type { StatusParentKind, StatusType, StatusUpdate } from "./model-goals.js"
import { newGid } from "./model.js"
import { singleRecord } from "./opt-fields.js"
import { page } from "./paging.js"
import { fullStatusUpdate } from "./render-goals.js"

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

const list = (ctx: Ctx) =>
  Either.gen(function*() {
    const parent = yield* queryGid(ctx, "parent")
    if (parent === undefined) return yield* badRequest("parent: Missing input")
    yield* statusParentOf(ctx, parent)
    const sinceWord = queryValue(ctx, "created_since")
    if (sinceWord !== undefined && !isCalendarDateTime(sinceWord)) {
      return yield* badRequest(`created_since: Invalid date-time value: ${sinceWord}`)
    }
    const since = sinceWord === undefined ? undefined : Date.parse(sinceWord)
    const updates = [...ctx.state.statusUpdates.values()]
      .filter((u) => u.parent === parent && (since === undefined || u.created_at >= since))
      .sort((a, b) => b.created_at - a.created_at || b.gid.localeCompare(a.gid))
    return yield* page(ctx, updates.map((u) => fullStatusUpdate(ctx.render, u)))
  })

const create = (ctx: Ctx) =>
  Either.gen(function*() {
    const data = yield* input(ctx)
    const parent = yield* requiredGid(ctx, data, "parent")
    const typeWord = yield* str(data, "status_type")
    if (typeWord === undefined) return yield* badRequest("status_type: Missing input")
    const richText_ = yield* html(data, "html_text")
    const text = yield* str(data, "text")
    if (richText_ === undefined && (text === undefined || text.trim() === "")) {
      return yield* badRequest("text: Missing input")
    }
    const { kind } = yield* statusParentOf(ctx, parent)
    if (!TYPES[kind].includes(typeWord as StatusType)) {
      return yield* badRequest(`status_type: Must be one of ${TYPES[kind].join(", ")} for a ${kind}`)
    }
    const type = typeWord as StatusType
    // The gid is taken before the title is read, as the service numbers it.
    const gid = newGid(ctx.state)
    const update: StatusUpdate = {
      gid,
      parent,
      parent_kind: kind,
      title: (yield* str(data, "title")) ?? "",
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
  })

const pathUpdate = (ctx: Ctx) => Either.flatMap(pathGid(ctx, "status_update_gid"), (gid) => statusUpdateOf(ctx, gid))

export const statusUpdateRoutes: ReadonlyArray<ApiRoute> = [
  route("GET", "/status_updates", null, list),
  route("POST", "/status_updates", null, create),
  route(
    "GET",
    "/status_updates/:status_update_gid",
    null,
    (ctx) => Either.map(pathUpdate(ctx), (update) => ok(answer(ctx, update)))
  ),
  route("DELETE", "/status_updates/:status_update_gid", null, (ctx) =>
    Either.map(pathUpdate(ctx), (update) => {
      ctx.state.statusUpdates.delete(update.gid)
      return emptyOk()
    }))
]
