/**
 * Projects: lists (by workspace or team, in a workspace, in a team, of a
 * task), get, task counts, search (premium), create (three paths, 201),
 * update and delete.
 */
import * as Either from "effect/Either"
import type { Parsed } from "../core/rejection.js"
import { reject } from "../core/rejection.js"
import { route } from "../core/route.js"
import type { ApiRoute, Ctx } from "./context.js"
import { searched } from "./context.js"
import { badRequest, created, emptyOk, ok, PREMIUM_MESSAGE } from "./errors.js"
import type { Data } from "./input.js"
import {
  bool,
  date,
  gidField,
  gidList,
  has,
  input,
  pathGid,
  plainOrRich,
  projectOf,
  queryGid,
  queryValue,
  str,
  taskOf,
  teamOf,
  userOf,
  workspaceOf
} from "./input.js"
import type { Project } from "./model.js"
import { newGid, newProject } from "./model.js"
import { select, singleRecord } from "./opt-fields.js"
import { page, readLimit } from "./paging.js"
import { fullProject } from "./render.js"

const listed = (ctx: Ctx, projects: ReadonlyArray<Project>) => {
  const archived = queryValue(ctx, "archived")
  const wanted = archived === undefined ? projects : projects.filter((p) => String(p.archived) === archived)
  return page(ctx, wanted.map((project) => fullProject(ctx.render, project)))
}

const inWorkspace = (ctx: Ctx, workspace: string) =>
  [...ctx.state.projects.values()].filter((project) => project.workspace === workspace)

const answer = (ctx: Ctx, project: Project) => singleRecord(fullProject(ctx.render, project), ctx.fields, ctx.expand)

const pathProject = (ctx: Ctx) => Either.flatMap(pathGid(ctx, "project_gid"), (gid) => projectOf(ctx, gid))

/** Applies the writable fields of a create or update body. */
const applyFields = (ctx: Ctx, project: Project, data: Data): Parsed<void> =>
  Either.gen(function*() {
    const name = yield* str(data, "name")
    if (name !== undefined) project.name = name
    const notes = yield* plainOrRich(data, "notes", "html_notes")
    if (notes !== undefined) {
      project.notes = notes.text
      project.html_notes = notes.html
    }
    const archived = yield* bool(data, "archived")
    if (archived !== undefined) project.archived = archived
    const isPublic = yield* bool(data, "public")
    if (isPublic !== undefined) project.public = isPublic
    if (has(data, "color")) project.color = data.color === null ? null : (yield* str(data, "color")) ?? null
    const due = (yield* date(data, "due_on")) ?? (yield* date(data, "due_date"))
    if (due !== undefined) project.due_on = due
    const start = yield* date(data, "start_on")
    if (start !== undefined) project.start_on = start
    const view = yield* str(data, "default_view")
    if (view !== undefined) project.default_view = view
    const owner = yield* gidField(ctx, data, "owner", "user")
    if (owner !== undefined) project.owner = (yield* userOf(ctx, owner)).gid
    const followers = yield* gidList(ctx, data, "followers", "user")
    if (followers !== undefined) {
      for (const gid of followers) {
        if (!project.followers.includes((yield* userOf(ctx, gid)).gid)) project.followers.push(gid)
      }
    }
    project.modified_at = ctx.call.now_ms
  })

const create = (ctx: Ctx, fixed: Parsed<{ readonly workspace?: string; readonly team?: string }>) =>
  Either.gen(function*() {
    const { team: fixedTeam, workspace: fixedWorkspace } = yield* fixed
    const data = yield* input(ctx)
    const teamGid = fixedTeam ?? (yield* gidField(ctx, data, "team"))
    const team = teamGid === undefined ? undefined : yield* teamOf(ctx, teamGid)
    const workspaceGid = fixedWorkspace ?? (yield* gidField(ctx, data, "workspace")) ?? team?.workspace
    if (workspaceGid === undefined) return yield* badRequest("workspace: Missing input")
    const workspace = yield* workspaceOf(ctx, workspaceGid)
    if (team !== undefined && team.workspace !== workspace.gid) {
      return yield* badRequest("team: The team is not in the workspace")
    }
    if (workspace.is_organization && team === undefined) {
      return yield* badRequest("team: Missing input. Projects in an organization must belong to a team.")
    }
    const now = ctx.call.now_ms
    const gid = newGid(ctx.state)
    const section = newGid(ctx.state)
    const owner = ctx.caller.user.gid
    const project: Project = {
      ...newProject(gid, "", workspace.gid, team?.gid ?? null, owner, now),
      sections: [section]
    }
    yield* applyFields(ctx, project, data)
    ctx.state.projects.set(gid, project)
    ctx.state.sections.set(section, { gid: section, name: "Untitled section", project: gid, created_at: now })
    return created(answer(ctx, project))
  })

const COUNT_FIELDS = [
  "num_tasks",
  "num_incomplete_tasks",
  "num_completed_tasks",
  "num_milestones",
  "num_incomplete_milestones",
  "num_completed_milestones"
] as const

const taskCounts = (ctx: Ctx, project: Project) => {
  const tasks = [...ctx.state.tasks.values()].filter((task) => task.memberships.some((m) => m.project === project.gid))
  const milestones = tasks.filter((task) => task.resource_subtype === "milestone")
  const counts: Record<string, number> = {
    num_tasks: tasks.length,
    num_incomplete_tasks: tasks.filter((t) => !t.completed).length,
    num_completed_tasks: tasks.filter((t) => t.completed).length,
    num_milestones: milestones.length,
    num_incomplete_milestones: milestones.filter((t) => !t.completed).length,
    num_completed_milestones: milestones.filter((t) => t.completed).length
  }
  // The service answers nothing unless opt_fields names the counts.
  const wanted = (ctx.fields ?? []).filter((field) => (COUNT_FIELDS as ReadonlyArray<string>).includes(field))
  return ok(Object.fromEntries(wanted.map((field) => [field, counts[field]])))
}

const SEARCH_ORDERS: Readonly<Record<string, (project: Project) => number>> = {
  created_at: (project) => project.created_at,
  modified_at: (project) => project.modified_at,
  due_date: (project) => (project.due_on === null ? 0 : Date.parse(project.due_on)),
  completed_at: () => 0
}

/**
 * Project search: premium only, at most 100 results and no offset; ordered by
 * `sort_by` (default modified_at, newest first) and paged by hand with
 * `created_at.before`, as task search is.
 */
const search = (ctx: Ctx) =>
  Either.gen(function*() {
    const workspace = yield* workspaceOf(ctx, yield* pathGid(ctx, "workspace_gid"))
    if (!workspace.premium) return yield* reject(402, PREMIUM_MESSAGE)
    const text = (queryValue(ctx, "text") ?? "").toLowerCase()
    const limit = (yield* readLimit(ctx)) ?? 100
    const sortBy = queryValue(ctx, "sort_by") ?? "modified_at"
    const order = SEARCH_ORDERS[sortBy] ?? (yield* badRequest(`sort_by: Unknown value: ${sortBy}`))
    const ascendingText = queryValue(ctx, "sort_ascending")
    if (ascendingText !== undefined && ascendingText !== "true" && ascendingText !== "false") {
      return yield* badRequest(`sort_ascending: Value is not a boolean: ${ascendingText}`)
    }
    const ascending = ascendingText === "true"
    const beforeText = queryValue(ctx, "created_at.before")
    const before = beforeText === undefined ? null : Date.parse(beforeText)
    if (before !== null && Number.isNaN(before)) {
      return yield* badRequest(`created_at.before: Invalid date-time value: ${beforeText}`)
    }
    const found = inWorkspace(ctx, workspace.gid).filter((project) =>
      (text === "" || project.name.toLowerCase().includes(text) || project.notes.toLowerCase().includes(text)) &&
      (before === null || project.created_at < before)
    )
    found.sort((a, b) => (ascending ? order(a) - order(b) : order(b) - order(a)) || a.gid.localeCompare(b.gid))
    const fields = ctx.fields ?? ["name"]
    return ok(found.slice(0, limit).map((project) => select(fullProject(ctx.render, project), fields, ctx.expand)))
  })

export const projectRoutes: ReadonlyArray<ApiRoute> = [
  route("GET", "/projects", "projects:read", (ctx) =>
    Either.gen(function*() {
      const team = yield* queryGid(ctx, "team")
      if (team !== undefined) {
        const found = yield* teamOf(ctx, team)
        return yield* listed(ctx, [...ctx.state.projects.values()].filter((p) => p.team === found.gid))
      }
      const workspace = yield* queryGid(ctx, "workspace")
      if (workspace !== undefined) return yield* listed(ctx, inWorkspace(ctx, (yield* workspaceOf(ctx, workspace)).gid))
      return yield* listed(ctx, ctx.caller.user.workspaces.flatMap((gid) => inWorkspace(ctx, gid)))
    })),
  route("POST", "/projects", "projects:write", (ctx) => create(ctx, Either.right({}))),
  route(
    "GET",
    "/projects/:project_gid",
    "projects:read",
    (ctx) => Either.map(pathProject(ctx), (project) => ok(answer(ctx, project)))
  ),
  route("PUT", "/projects/:project_gid", "projects:write", (ctx) =>
    Either.gen(function*() {
      const project = yield* pathProject(ctx)
      yield* applyFields(ctx, project, yield* input(ctx))
      return ok(answer(ctx, project))
    })),
  route("DELETE", "/projects/:project_gid", "projects:delete", (ctx) =>
    Either.map(pathProject(ctx), (project) => {
      ctx.state.projects.delete(project.gid)
      for (const section of project.sections) ctx.state.sections.delete(section)
      for (const task of ctx.state.tasks.values()) {
        task.memberships = task.memberships.filter((m) => m.project !== project.gid)
      }
      return emptyOk()
    })),
  route(
    "GET",
    "/projects/:project_gid/task_counts",
    "projects:read",
    (ctx) => Either.map(pathProject(ctx), (project) => taskCounts(ctx, project))
  ),
  route("GET", "/tasks/:task_gid/projects", "projects:read", (ctx) =>
    Either.gen(function*() {
      const task = yield* taskOf(ctx, yield* pathGid(ctx, "task_gid"))
      return yield* listed(ctx, task.memberships.flatMap((m) => ctx.state.projects.get(m.project) ?? []))
    })),
  route("GET", "/teams/:team_gid/projects", "projects:read", (ctx) =>
    Either.gen(function*() {
      const team = yield* teamOf(ctx, yield* pathGid(ctx, "team_gid"))
      return yield* listed(ctx, [...ctx.state.projects.values()].filter((p) => p.team === team.gid))
    })),
  route(
    "POST",
    "/teams/:team_gid/projects",
    "projects:write",
    (ctx) => create(ctx, Either.map(pathGid(ctx, "team_gid"), (team) => ({ team })))
  ),
  route("GET", "/workspaces/:workspace_gid/projects", "projects:read", (ctx) =>
    Either.gen(function*() {
      const workspace = yield* workspaceOf(ctx, yield* pathGid(ctx, "workspace_gid"))
      return yield* listed(ctx, inWorkspace(ctx, workspace.gid))
    })),
  route(
    "POST",
    "/workspaces/:workspace_gid/projects",
    "projects:write",
    (ctx) => create(ctx, Either.map(pathGid(ctx, "workspace_gid"), (workspace) => ({ workspace })))
  ),
  route("GET", "/workspaces/:workspace_gid/projects/search", searched("projects:read"), search)
]
