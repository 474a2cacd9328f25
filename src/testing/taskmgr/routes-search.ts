/**
 * Task search in a workspace: premium only (402 on a free workspace), its
 * own 60-a-minute limit, no offset paging and at most 100 results, paged by
 * hand with `sort_by=created_at` and `created_at.before`. The filters the
 * wrapper uses are honoured; other documented ones are accepted and ignored.
 */
import * as Either from "effect/Either"
import type { Parsed } from "../core/rejection.js"
import { reject } from "../core/rejection.js"
import { route } from "../core/route.js"
import type { ApiRoute, Ctx } from "./context.js"
import { searched } from "./context.js"
import { badRequest, ok, PREMIUM_MESSAGE } from "./errors.js"
import { checkGid, pathGid, queryValue, userGid, workspaceOf } from "./input.js"
import type { Task } from "./model.js"
import { select } from "./opt-fields.js"
import { readLimit } from "./paging.js"
import { fullTask } from "./render.js"

export const SEARCH_MAX_RESULTS = 100

const gids = (ctx: Ctx, name: string): Parsed<Array<string> | null> => {
  const value = queryValue(ctx, name)
  if (value === undefined) return Either.right(null)
  return Either.all(
    value.split(",").map((part) => part.trim()).filter((part) => part !== "").map((gid) =>
      name.startsWith("assignee") ? userGid(ctx, name, gid) : checkGid(name, gid)
    )
  )
}

const instant = (ctx: Ctx, name: string): Parsed<number | null> => {
  const value = queryValue(ctx, name)
  if (value === undefined) return Either.right(null)
  const ms = Date.parse(value)
  return Number.isNaN(ms) ? badRequest(`${name}: Invalid date-time value: ${value}`) : Either.right(ms)
}

const flag = (ctx: Ctx, name: string): Parsed<boolean | null> => {
  const value = queryValue(ctx, name)
  if (value === undefined) return Either.right(null)
  if (value !== "true" && value !== "false") return badRequest(`${name}: Value is not a boolean: ${value}`)
  return Either.right(value === "true")
}

const SORT_KEYS: Readonly<Record<string, (task: Task) => number>> = {
  created_at: (task) => task.created_at,
  modified_at: (task) => task.modified_at,
  completed_at: (task) => task.completed_at ?? 0,
  due_date: (task) => (task.due_at ?? task.due_on) === null ? 0 : Date.parse((task.due_at ?? task.due_on)!),
  likes: (task) => (task.liked ? 1 : 0)
}

const search = (ctx: Ctx) =>
  Either.gen(function*() {
    const workspace = yield* workspaceOf(ctx, yield* pathGid(ctx, "workspace_gid"))
    if (!workspace.premium) return yield* reject(402, PREMIUM_MESSAGE)
    const limit = (yield* readLimit(ctx)) ?? SEARCH_MAX_RESULTS
    const text = queryValue(ctx, "text")?.toLowerCase()
    const subtype = queryValue(ctx, "resource_subtype")
    const assignees = yield* gids(ctx, "assignee.any")
    const projects = yield* gids(ctx, "projects.any")
    const sections = yield* gids(ctx, "sections.any")
    const tags = yield* gids(ctx, "tags.any")
    const completed = yield* flag(ctx, "completed")
    const isSubtask = yield* flag(ctx, "is_subtask")
    const createdBefore = yield* instant(ctx, "created_at.before")
    const createdAfter = yield* instant(ctx, "created_at.after")
    const modifiedBefore = yield* instant(ctx, "modified_at.before")
    const modifiedAfter = yield* instant(ctx, "modified_at.after")
    const sortBy = queryValue(ctx, "sort_by") ?? "modified_at"
    const key = SORT_KEYS[sortBy] ?? (yield* badRequest(`sort_by: Unknown value: ${sortBy}`))
    const ascending = (yield* flag(ctx, "sort_ascending")) ?? false

    const found = [...ctx.state.tasks.values()].filter((task) =>
      task.workspace === workspace.gid
      && (text === undefined || task.name.toLowerCase().includes(text) || task.notes.toLowerCase().includes(text))
      && (subtype === undefined || task.resource_subtype === subtype)
      && (assignees === null || (task.assignee !== null && assignees.includes(task.assignee)))
      && (projects === null || task.memberships.some((m) => projects.includes(m.project)))
      && (sections === null || task.memberships.some((m) => m.section !== null && sections.includes(m.section)))
      && (tags === null || task.tags.some((tag) => tags.includes(tag)))
      && (completed === null || task.completed === completed)
      && (isSubtask === null || (task.parent !== null) === isSubtask)
      && (createdBefore === null || task.created_at < createdBefore)
      && (createdAfter === null || task.created_at > createdAfter)
      && (modifiedBefore === null || task.modified_at < modifiedBefore)
      && (modifiedAfter === null || task.modified_at > modifiedAfter)
    )
    found.sort((a, b) => (ascending ? key(a) - key(b) : key(b) - key(a)) || a.gid.localeCompare(b.gid))
    const fields = ctx.fields ?? ["name", "resource_subtype"]
    return ok(found.slice(0, limit).map((task) => select(fullTask(ctx.render, task), fields, ctx.expand)))
  })

export const searchRoutes: ReadonlyArray<ApiRoute> = [
  route("GET", "/workspaces/:workspace_gid/tasks/search", searched("tasks:read"), search)
]
