/**
 * Reading a request the way the service does: path gids, the `{data: ...}`
 * body and its fields, and records the caller may see (404 when unknown,
 * 403 when in a workspace the caller is not a member of). Each reader throws
 * a `Rejection` with the service's message.
 */
import { isCalendarDate, isCalendarDateTime } from "../../core/calendar.js"
import { badRequest, forbidden, notFound } from "./errors.js"
import { htmlProblem, INVALID_XML } from "./html.js"
import type { Project, Section, Story, Tag, Task, Team, User, UserTaskList, Workspace } from "./model.js"
import type { Ctx } from "./router.js"

export type Data = Record<string, unknown>

const GID = /^\d+$/

/** The service names a parameter without its `_gid`. */
const label = (name: string): string => name.replace(/_gid$/, "")

export const checkGid = (name: string, value: string): string => {
  if (!GID.test(value)) badRequest(`${label(name)}: Not a recognized ID: ${value}`)
  return value
}

export const pathGid = (ctx: Ctx, name: string): string => checkGid(name, ctx.params[name] ?? "")

/** A user gid, an email of a known user, or `me`. */
export const userGid = (ctx: Ctx, name: string, value: string): string => {
  if (value === "me") return ctx.caller.user.gid
  if (value.includes("@")) {
    for (const user of ctx.state.users.values()) if (user.email === value) return user.gid
    return notFound(value)
  }
  return checkGid(name, value)
}

export const queryValue = (ctx: Ctx, name: string): string | undefined => ctx.call.search.get(name) ?? undefined

export const queryGid = (ctx: Ctx, name: string): string | undefined => {
  const value = queryValue(ctx, name)
  return value === undefined ? undefined : checkGid(name, value)
}

/** The body's `data` object. */
export const input = (ctx: Ctx): Data => {
  if (ctx.call.bodyInvalid) return badRequest("Could not parse request data, invalid JSON")
  const body = ctx.call.body
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    return badRequest("Request data must be a JSON object, not null")
  }
  const data = (body as Data).data
  if (data === undefined) return {}
  if (typeof data !== "object" || data === null || Array.isArray(data)) {
    return badRequest("data: Value is not an object")
  }
  return data as Data
}

export const has = (data: Data, name: string): boolean => Object.prototype.hasOwnProperty.call(data, name)

export const str = (data: Data, name: string): string | undefined => {
  const value = data[name]
  if (value === undefined) return undefined
  if (typeof value !== "string") return badRequest(`${name}: Value is not a string: ${JSON.stringify(value)}`)
  return value
}

export const requiredStr = (data: Data, name: string): string => {
  const value = str(data, name)
  return value === undefined || value === "" ? badRequest(`${name}: Missing input`) : value
}

export const nullableStr = (data: Data, name: string): string | null | undefined =>
  data[name] === null ? null : str(data, name)

export const bool = (data: Data, name: string): boolean | undefined => {
  const value = data[name]
  if (value === undefined) return undefined
  if (typeof value !== "boolean") return badRequest(`${name}: Value is not a boolean: ${JSON.stringify(value)}`)
  return value
}

export const date = (data: Data, name: string): string | null | undefined => {
  const value = nullableStr(data, name)
  if (value === null || value === undefined) return value
  if (!isCalendarDate(value)) {
    return badRequest(`${name}: Invalid date value: ${value}. Use YYYY-MM-DD.`)
  }
  return value
}

export const dateTime = (data: Data, name: string): string | null | undefined => {
  const value = nullableStr(data, name)
  if (value === null || value === undefined) return value
  return !isCalendarDateTime(value) ? badRequest(`${name}: Invalid date-time value: ${value}`) : value
}

/** A gid field (`"123"`, or `null` where `nullable`); users may be `me` or an email. */
export const gidField = (ctx: Ctx, data: Data, name: string, kind: "user" | "other" = "other"): string | undefined => {
  const value = str(data, name)
  if (value === undefined) return undefined
  return kind === "user" ? userGid(ctx, name, value) : checkGid(name, value)
}

export const requiredGid = (ctx: Ctx, data: Data, name: string, kind: "user" | "other" = "other"): string => {
  if (data[name] === undefined || data[name] === "") return badRequest(`${name}: Missing input`)
  return gidField(ctx, data, name, kind)!
}

/** A list of gids: an array, or a comma-separated string. */
export const gidList = (
  ctx: Ctx,
  data: Data,
  name: string,
  kind: "user" | "other" = "other"
): Array<string> | undefined => {
  const value = data[name]
  if (value === undefined) return undefined
  const items = typeof value === "string" ? value.split(",").map((s) => s.trim()).filter((s) => s !== "") : value
  if (!Array.isArray(items) || !items.every((item): item is string => typeof item === "string")) {
    return badRequest(`${name}: Value is not an array of ids`)
  }
  return items.map((item) => (kind === "user" ? userGid(ctx, name, item) : checkGid(name, item)))
}

/** Rich text accepted by the service, or 400 `XML is invalid`. */
export const html = (data: Data, name: string): string | undefined => {
  const value = str(data, name)
  if (value !== undefined && htmlProblem(value) !== null) badRequest(INVALID_XML)
  return value
}

// ---- records the caller may see -------------------------------------------------

export const memberOf = (ctx: Ctx, workspace: string): void => {
  if (!ctx.caller.user.workspaces.includes(workspace)) forbidden()
}

const lookup = <A>(map: ReadonlyMap<string, A>, gid: string): A => map.get(gid) ?? notFound(gid)

export const workspaceOf = (ctx: Ctx, gid: string): Workspace => {
  const workspace = lookup(ctx.state.workspaces, gid)
  memberOf(ctx, gid)
  return workspace
}

export const teamOf = (ctx: Ctx, gid: string): Team => {
  const team = lookup(ctx.state.teams, gid)
  memberOf(ctx, team.workspace)
  return team
}

export const projectOf = (ctx: Ctx, gid: string): Project => {
  const project = lookup(ctx.state.projects, gid)
  memberOf(ctx, project.workspace)
  return project
}

export const sectionOf = (ctx: Ctx, gid: string): Section => {
  const section = lookup(ctx.state.sections, gid)
  projectOf(ctx, section.project)
  return section
}

export const tagOf = (ctx: Ctx, gid: string): Tag => {
  const tag = lookup(ctx.state.tags, gid)
  memberOf(ctx, tag.workspace)
  return tag
}

export const taskOf = (ctx: Ctx, gid: string): Task => {
  const task = lookup(ctx.state.tasks, gid)
  memberOf(ctx, task.workspace)
  return task
}

export const storyOf = (ctx: Ctx, gid: string): Story => {
  const story = lookup(ctx.state.stories, gid)
  taskOf(ctx, story.task)
  return story
}

/** A user visible to the caller: one sharing a workspace. */
export const userOf = (ctx: Ctx, gid: string): User => {
  const user = lookup(ctx.state.users, gid)
  if (!user.workspaces.some((ws) => ctx.caller.user.workspaces.includes(ws))) notFound(gid)
  return user
}

export const userTaskListOf = (ctx: Ctx, gid: string): UserTaskList => {
  const list = lookup(ctx.state.userTaskLists, gid)
  memberOf(ctx, list.workspace)
  return list
}
