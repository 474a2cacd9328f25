/**
 * Reading a request the way the service does: path gids, the `{data: ...}`
 * body and its fields, and records the caller may see (404 when unknown,
 * 403 when in a workspace the caller is not a member of). Each reader
 * answers the value or the rejection with the service's message; the checks
 * are the core's, the words these.
 */
import * as Either from "effect/Either"
import { isCalendarDate } from "../../core/calendar.js"
import type { ParamWords } from "../core/params.js"
import {
  booleanField,
  dateTimeText,
  isRecord,
  jsonObject,
  queryValue as firstValue,
  stringField
} from "../core/params.js"
import type { Parsed } from "../core/rejection.js"
import type { Ctx } from "./context.js"
import { badRequest, forbidden, notFound } from "./errors.js"
import { htmlProblem, INVALID_XML, plainText, richText } from "./html.js"
import type { Project, Section, Story, Tag, Task, Team, User, UserTaskList, Workspace } from "./model.js"

export type Data = Record<string, unknown>

/** The service's words for bad input: `name: what is wrong`. */
export const taskmgrWords = {
  missing: (name) => `${name}: Missing input`,
  notAnInteger: (name, text, range) => `${name}: Must be between ${range.min} and ${range.max}, got ${text}`,
  outOfRange: (name, text, range) => `${name}: Must be between ${range.min} and ${range.max}, got ${text}`,
  notAString: (name, value) => `${name}: Value is not a string: ${JSON.stringify(value)}`,
  notABoolean: (name, value) => `${name}: Value is not a boolean: ${JSON.stringify(value)}`,
  notADate: (name, text) => `${name}: Invalid date value: ${text}. Use YYYY-MM-DD.`,
  notADateTime: (name, text) => `${name}: Invalid date-time value: ${text}`,
  invalidJson: "Could not parse request data, invalid JSON",
  notAnObject: "Request data must be a JSON object, not null"
} satisfies Partial<ParamWords>

const GID = /^\d+$/

/** The service names a parameter without its `_gid`. */
const label = (name: string): string => name.replace(/_gid$/, "")

export const checkGid = (name: string, value: string): Parsed<string> =>
  GID.test(value) ? Either.right(value) : badRequest(`${label(name)}: Not a recognized ID: ${value}`)

export const pathGid = (ctx: Ctx, name: string): Parsed<string> => checkGid(name, ctx.params[name] ?? "")

/** A user gid, an email of a known user, or `me`. */
export const userGid = (ctx: Ctx, name: string, value: string): Parsed<string> => {
  if (value === "me") return Either.right(ctx.caller.user.gid)
  if (value.includes("@")) {
    for (const user of ctx.state.users.values()) if (user.email === value) return Either.right(user.gid)
    return notFound(value)
  }
  return checkGid(name, value)
}

export const queryValue = (ctx: Ctx, name: string): string | undefined => firstValue(ctx.call, name)

export const queryGid = (ctx: Ctx, name: string): Parsed<string | undefined> => {
  const value = queryValue(ctx, name)
  return value === undefined ? Either.right(undefined) : checkGid(name, value)
}

/** The body's `data` object; `{}` without one. */
export const input = (ctx: Ctx): Parsed<Data> =>
  Either.flatMap(jsonObject(ctx.call, taskmgrWords), (body) => {
    const data = body.data
    if (data === undefined) return Either.right({})
    return isRecord(data) ? Either.right(data) : badRequest("data: Value is not an object")
  })

export const has = (data: Data, name: string): boolean => Object.prototype.hasOwnProperty.call(data, name)

export const str = (data: Data, name: string): Parsed<string | undefined> => stringField(data, name, taskmgrWords)

export const requiredStr = (data: Data, name: string): Parsed<string> =>
  Either.flatMap(
    str(data, name),
    (value) => value === undefined || value === "" ? badRequest(taskmgrWords.missing(name)) : Either.right(value)
  )

export const nullableStr = (data: Data, name: string): Parsed<string | null | undefined> =>
  data[name] === null ? Either.right(null) : str(data, name)

export const bool = (data: Data, name: string): Parsed<boolean | undefined> => booleanField(data, name, taskmgrWords)

export const date = (data: Data, name: string): Parsed<string | null | undefined> =>
  Either.flatMap(nullableStr(data, name), (value) =>
    value === null || value === undefined || isCalendarDate(value)
      ? Either.right(value)
      : badRequest(taskmgrWords.notADate(name, value)))

export const dateTime = (data: Data, name: string): Parsed<string | null | undefined> =>
  Either.flatMap(
    nullableStr(data, name),
    (value) => value === null || value === undefined ? Either.right(value) : dateTimeText(taskmgrWords)(name, value)
  )

type Kind = "user" | "other"

const gidOf = (ctx: Ctx, name: string, value: string, kind: Kind): Parsed<string> =>
  kind === "user" ? userGid(ctx, name, value) : checkGid(name, value)

/** A gid field (`"123"`); users may be `me` or an email. */
export const gidField = (ctx: Ctx, data: Data, name: string, kind: Kind = "other"): Parsed<string | undefined> =>
  Either.flatMap(
    str(data, name),
    (value) => value === undefined ? Either.right(undefined) : gidOf(ctx, name, value, kind)
  )

export const requiredGid = (ctx: Ctx, data: Data, name: string, kind: Kind = "other"): Parsed<string> =>
  data[name] === undefined || data[name] === ""
    ? badRequest(taskmgrWords.missing(name))
    : Either.map(gidField(ctx, data, name, kind), (gid) => gid!)

/** A list of gids: an array, or a comma-separated string. */
export const gidList = (
  ctx: Ctx,
  data: Data,
  name: string,
  kind: Kind = "other"
): Parsed<Array<string> | undefined> => {
  const value = data[name]
  if (value === undefined) return Either.right(undefined)
  const items = typeof value === "string" ? value.split(",").map((s) => s.trim()).filter((s) => s !== "") : value
  if (!Array.isArray(items) || !items.every((item): item is string => typeof item === "string")) {
    return badRequest(`${name}: Value is not an array of ids`)
  }
  return Either.all(items.map((item) => gidOf(ctx, name, item, kind)))
}

/** Rich text accepted by the service, or 400 `XML is invalid`. */
export const html = (data: Data, name: string): Parsed<string | undefined> =>
  Either.flatMap(
    str(data, name),
    (value) => value !== undefined && htmlProblem(value) !== null ? badRequest(INVALID_XML) : Either.right(value)
  )

/** A text in both its forms. */
export interface Text {
  readonly text: string
  readonly html: string
}

/**
 * A text given plain or rich (`notes` or `html_notes`), in both forms, the
 * rich one winning; `both`, when given, is the refusal of the two together.
 */
export const plainOrRich = (data: Data, plain: string, rich: string, both?: string): Parsed<Text | undefined> =>
  Either.gen(function*() {
    const richValue = yield* html(data, rich)
    const plainValue = yield* str(data, plain)
    if (both !== undefined && richValue !== undefined && plainValue !== undefined) return yield* badRequest(both)
    if (richValue !== undefined) return { text: plainText(richValue), html: richValue }
    if (plainValue !== undefined) return { text: plainValue, html: richText(plainValue) }
    return undefined
  })

// ---- records the caller may see -------------------------------------------------

export const memberOf = (ctx: Ctx, workspace: string): Parsed<void> =>
  ctx.caller.user.workspaces.includes(workspace) ? Either.void : forbidden()

const lookup = <A>(map: ReadonlyMap<string, A>, gid: string): Parsed<A> => {
  const found = map.get(gid)
  return found === undefined ? notFound(gid) : Either.right(found)
}

/** A record of `map`, once `check` passes for it. */
const visible = <A>(map: ReadonlyMap<string, A>, gid: string, check: (record: A) => Parsed<unknown>): Parsed<A> =>
  Either.flatMap(lookup(map, gid), (record) => Either.map(check(record), () => record))

export const workspaceOf = (ctx: Ctx, gid: string): Parsed<Workspace> =>
  visible(ctx.state.workspaces, gid, () => memberOf(ctx, gid))

export const teamOf = (ctx: Ctx, gid: string): Parsed<Team> =>
  visible(ctx.state.teams, gid, (team) => memberOf(ctx, team.workspace))

export const projectOf = (ctx: Ctx, gid: string): Parsed<Project> =>
  visible(ctx.state.projects, gid, (project) => memberOf(ctx, project.workspace))

export const sectionOf = (ctx: Ctx, gid: string): Parsed<Section> =>
  visible(ctx.state.sections, gid, (section) => projectOf(ctx, section.project))

export const tagOf = (ctx: Ctx, gid: string): Parsed<Tag> =>
  visible(ctx.state.tags, gid, (tag) => memberOf(ctx, tag.workspace))

export const taskOf = (ctx: Ctx, gid: string): Parsed<Task> =>
  visible(ctx.state.tasks, gid, (task) => memberOf(ctx, task.workspace))

export const storyOf = (ctx: Ctx, gid: string): Parsed<Story> =>
  visible(ctx.state.stories, gid, (story) => taskOf(ctx, story.task))

/** A user visible to the caller: one sharing a workspace. */
export const userOf = (ctx: Ctx, gid: string): Parsed<User> =>
  visible(
    ctx.state.users,
    gid,
    (user) => user.workspaces.some((ws) => ctx.caller.user.workspaces.includes(ws)) ? Either.void : notFound(gid)
  )

export const userTaskListOf = (ctx: Ctx, gid: string): Parsed<UserTaskList> =>
  visible(ctx.state.userTaskLists, gid, (list) => memberOf(ctx, list.workspace))
