/**
 * Projects: lists (by workspace or team, in a workspace, in a team, of a
 * task), get, task counts, search (premium), create (three paths, 201),
 * update and delete.
 */
import { badRequest, created, emptyOk, ok, PREMIUM_MESSAGE, reject } from "./errors.js"
import { plainText, richText } from "./html.js"
import type { Data } from "./input.js"
import {
  bool,
  date,
  gidField,
  gidList,
  has,
  html,
  input,
  pathGid,
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
import { newGid } from "./model.js"
import { select, singleRecord } from "./opt-fields.js"
import { page, readLimit } from "./paging.js"
import { fullProject } from "./render.js"
import type { Ctx, Route } from "./router.js"
import { route } from "./router.js"

const listed = (ctx: Ctx, projects: ReadonlyArray<Project>) => {
  const archived = queryValue(ctx, "archived")
  const wanted = archived === undefined ? projects : projects.filter((p) => String(p.archived) === archived)
  return page(ctx, wanted.map((project) => fullProject(ctx.render, project)))
}

const inWorkspace = (ctx: Ctx, workspace: string) =>
  [...ctx.state.projects.values()].filter((project) => project.workspace === workspace)

const answer = (ctx: Ctx, project: Project) => singleRecord(fullProject(ctx.render, project), ctx.fields, ctx.expand)

/** Applies the writable fields of a create or update body. */
const applyFields = (ctx: Ctx, project: Project, data: Data): void => {
  const name = str(data, "name")
  if (name !== undefined) project.name = name
  const richNotes = html(data, "html_notes")
  const notes = str(data, "notes")
  if (richNotes !== undefined) {
    project.html_notes = richNotes
    project.notes = plainText(richNotes)
  } else if (notes !== undefined) {
    project.notes = notes
    project.html_notes = richText(notes)
  }
  const archived = bool(data, "archived")
  if (archived !== undefined) project.archived = archived
  const isPublic = bool(data, "public")
  if (isPublic !== undefined) project.public = isPublic
  if (has(data, "color")) project.color = data.color === null ? null : str(data, "color") ?? null
  const due = date(data, "due_on") ?? date(data, "due_date")
  if (due !== undefined) project.due_on = due
  const start = date(data, "start_on")
  if (start !== undefined) project.start_on = start
  const view = str(data, "default_view")
  if (view !== undefined) project.default_view = view
  const owner = gidField(ctx, data, "owner", "user")
  if (owner !== undefined) project.owner = userOf(ctx, owner).gid
  const followers = gidList(ctx, data, "followers", "user")
  if (followers !== undefined) {
    for (const gid of followers) if (!project.followers.includes(userOf(ctx, gid).gid)) project.followers.push(gid)
  }
  project.modified_at = ctx.call.now_ms
}

const create = (ctx: Ctx, fixed: { readonly workspace?: string; readonly team?: string }) => {
  const data = input(ctx)
  const teamGid = fixed.team ?? gidField(ctx, data, "team")
  const team = teamGid === undefined ? undefined : teamOf(ctx, teamGid)
  const workspaceGid = fixed.workspace ?? gidField(ctx, data, "workspace") ?? team?.workspace
  if (workspaceGid === undefined) return badRequest("workspace: Missing input")
  const workspace = workspaceOf(ctx, workspaceGid)
  if (team !== undefined && team.workspace !== workspace.gid) {
    return badRequest("team: The team is not in the workspace")
  }
  if (workspace.is_organization && team === undefined) {
    return badRequest("team: Missing input. Projects in an organization must belong to a team.")
  }
  const now = ctx.call.now_ms
  const gid = newGid(ctx.state)
  const section = newGid(ctx.state)
  const owner = ctx.caller.user.gid
  const project: Project = {
    gid,
    name: "",
    workspace: workspace.gid,
    team: team?.gid ?? null,
    owner,
    archived: false,
    color: null,
    notes: "",
    html_notes: "<body></body>",
    public: true,
    due_on: null,
    start_on: null,
    default_view: "list",
    followers: [owner],
    members: [owner],
    sections: [section],
    created_at: now,
    modified_at: now
  }
  applyFields(ctx, project, data)
  ctx.state.projects.set(gid, project)
  ctx.state.sections.set(section, { gid: section, name: "Untitled section", project: gid, created_at: now })
  return created(answer(ctx, project))
}

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

const search = (ctx: Ctx) => {
  const workspace = workspaceOf(ctx, pathGid(ctx, "workspace_gid"))
  if (!workspace.premium) return reject(402, PREMIUM_MESSAGE)
  const text = (queryValue(ctx, "text") ?? "").toLowerCase()
  const limit = readLimit(ctx) ?? 100
  const found = inWorkspace(ctx, workspace.gid).filter((project) =>
    text === "" || project.name.toLowerCase().includes(text) || project.notes.toLowerCase().includes(text)
  )
  const fields = ctx.fields ?? ["name"]
  return ok(found.slice(0, limit).map((project) => select(fullProject(ctx.render, project), fields, ctx.expand)))
}

export const projectRoutes: ReadonlyArray<Route> = [
  route("GET", "/projects", "projects:read", (ctx) => {
    const team = queryGid(ctx, "team")
    if (team !== undefined) {
      return listed(
        ctx,
        [...ctx.state.projects.values()].filter((p) => p.team === teamOf(ctx, team).gid)
      )
    }
    const workspace = queryGid(ctx, "workspace")
    if (workspace !== undefined) return listed(ctx, inWorkspace(ctx, workspaceOf(ctx, workspace).gid))
    return listed(ctx, ctx.caller.user.workspaces.flatMap((gid) => inWorkspace(ctx, gid)))
  }),
  route("POST", "/projects", "projects:write", (ctx) => create(ctx, {})),
  route(
    "GET",
    "/projects/:project_gid",
    "projects:read",
    (ctx) => ok(answer(ctx, projectOf(ctx, pathGid(ctx, "project_gid"))))
  ),
  route("PUT", "/projects/:project_gid", "projects:write", (ctx) => {
    const project = projectOf(ctx, pathGid(ctx, "project_gid"))
    applyFields(ctx, project, input(ctx))
    return ok(answer(ctx, project))
  }),
  route("DELETE", "/projects/:project_gid", "projects:delete", (ctx) => {
    const project = projectOf(ctx, pathGid(ctx, "project_gid"))
    ctx.state.projects.delete(project.gid)
    for (const section of project.sections) ctx.state.sections.delete(section)
    for (const task of ctx.state.tasks.values()) {
      task.memberships = task.memberships.filter((m) => m.project !== project.gid)
    }
    return emptyOk()
  }),
  route(
    "GET",
    "/projects/:project_gid/task_counts",
    "projects:read",
    (ctx) => taskCounts(ctx, projectOf(ctx, pathGid(ctx, "project_gid")))
  ),
  route("GET", "/tasks/:task_gid/projects", "projects:read", (ctx) => {
    const task = taskOf(ctx, pathGid(ctx, "task_gid"))
    return listed(ctx, task.memberships.flatMap((m) => ctx.state.projects.get(m.project) ?? []))
  }),
  route("GET", "/teams/:team_gid/projects", "projects:read", (ctx) => {
    const team = teamOf(ctx, pathGid(ctx, "team_gid"))
    return listed(ctx, [...ctx.state.projects.values()].filter((p) => p.team === team.gid))
  }),
  route(
    "POST",
    "/teams/:team_gid/projects",
    "projects:write",
    (ctx) => create(ctx, { team: pathGid(ctx, "team_gid") })
  ),
  route(
    "GET",
    "/workspaces/:workspace_gid/projects",
    "projects:read",
    (ctx) => listed(ctx, inWorkspace(ctx, workspaceOf(ctx, pathGid(ctx, "workspace_gid")).gid))
  ),
  route(
    "POST",
    "/workspaces/:workspace_gid/projects",
    "projects:write",
    (ctx) => create(ctx, { workspace: pathGid(ctx, "workspace_gid") })
  ),
  route("GET", "/workspaces/:workspace_gid/projects/search", "projects:read", search, { search: true })
]
