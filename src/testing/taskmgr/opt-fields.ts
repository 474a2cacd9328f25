/**
 * `opt_fields`: a comma list of field paths (`name`, `assignee.name`,
 * `memberships.section.name`). Each record keeps `gid` and `resource_type`;
 * a dotted path into a reference expands that record; unknown fields are
 * left out, as the service does. Without `opt_fields` a list answers the
 * compact set and a single record its full form.
 */
import type { Call } from "../core/call.js"
import type { RenderContext, ResourceType, Wire } from "./refs.js"
import { expandGoalsWorld } from "./render-goals.js"
import {
  COMPACT_FIELDS,
  fullProject,
  fullSection,
  fullStory,
  fullTag,
  fullTask,
  fullTeam,
  fullUser,
  fullUserTaskList,
  fullWorkspace
} from "./render.js"

/** The requested paths, or null when `opt_fields` was not sent. */
export const optFields = (call: Call): ReadonlyArray<string> | null => {
  const values = call.search.getAll("opt_fields")
  if (values.length === 0) return null
  return values.flatMap((value) => value.split(",")).map((field) => field.trim()).filter((field) => field !== "")
}

const isWire = (value: unknown): value is Wire => typeof value === "object" && value !== null && !Array.isArray(value)

/** The full record a reference points at, or null when it no longer exists. */
export type Expand = (reference: Wire) => Wire | null

export const expander = (ctx: RenderContext, caller: string): Expand => (reference) => {
  const gid = typeof reference.gid === "string" ? reference.gid : ""
  const { state } = ctx
  switch (reference.resource_type as ResourceType) {
    case "user": {
      const user = state.users.get(gid)
      return user === undefined ? null : fullUser(ctx, user)
    }
    case "workspace": {
      const workspace = state.workspaces.get(gid)
      return workspace === undefined ? null : fullWorkspace(ctx, workspace)
    }
    case "team": {
      const team = state.teams.get(gid)
      return team === undefined ? null : fullTeam(ctx, team)
    }
    case "project": {
      const project = state.projects.get(gid)
      return project === undefined ? null : fullProject(ctx, project)
    }
    case "section": {
      const section = state.sections.get(gid)
      return section === undefined ? null : fullSection(ctx, section)
    }
    case "tag": {
      const tag = state.tags.get(gid)
      return tag === undefined ? null : fullTag(ctx, tag)
    }
    case "task": {
      const task = state.tasks.get(gid)
      return task === undefined ? null : fullTask(ctx, task)
    }
    case "story": {
      const story = state.stories.get(gid)
      return story === undefined ? null : fullStory(ctx, story, caller)
    }
    case "user_task_list": {
      const list = state.userTaskLists.get(gid)
      return list === undefined ? null : fullUserTaskList(ctx, list)
    }
    default:
      return expandGoalsWorld(ctx, reference) ?? null
  }
}

/** Groups `a.b`, `a.c`, `d` into {a: [b, c], d: []}. */
const byHead = (paths: ReadonlyArray<string>): Map<string, Array<string>> => {
  const groups = new Map<string, Array<string>>()
  for (const path of paths) {
    const dot = path.indexOf(".")
    const head = dot < 0 ? path : path.slice(0, dot)
    const rest = groups.get(head) ?? []
    if (dot >= 0) rest.push(path.slice(dot + 1))
    groups.set(head, rest)
  }
  return groups
}

const selectValue = (value: unknown, rest: ReadonlyArray<string>, expand: Expand): unknown => {
  if (rest.length === 0) return value
  if (Array.isArray(value)) return value.map((item) => selectValue(item, rest, expand))
  if (!isWire(value)) return value
  if (typeof value.gid === "string" && typeof value.resource_type === "string") {
    return select(expand(value) ?? value, rest, expand)
  }
  return selectPlain(value, rest, expand)
}

/** A nested object that is not a record (a membership): only the fields asked for. */
const selectPlain = (value: Wire, paths: ReadonlyArray<string>, expand: Expand): Wire => {
  const out: Wire = {}
  for (const [head, rest] of byHead(paths)) {
    if (head in value) out[head] = selectValue(value[head], rest, expand)
  }
  return out
}

export const select = (record: Wire, paths: ReadonlyArray<string>, expand: Expand): Wire => ({
  gid: record.gid,
  resource_type: record.resource_type,
  ...selectPlain(record, paths, expand)
})

/** A list record: the compact set, or what `opt_fields` asks for. */
export const listRecord = (record: Wire, fields: ReadonlyArray<string> | null, expand: Expand): Wire =>
  select(record, fields ?? COMPACT_FIELDS[record.resource_type as ResourceType] ?? ["name"], expand)

/** A single record: the full form, or what `opt_fields` asks for. */
export const singleRecord = (record: Wire, fields: ReadonlyArray<string> | null, expand: Expand): Wire =>
  fields === null ? record : select(record, fields, expand)
