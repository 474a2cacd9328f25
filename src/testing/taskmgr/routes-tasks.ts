/**
 * Tasks: the lists (by project, section, tag, user task list, or `/tasks`
 * with one of those or assignee + workspace), get, create (201), update,
 * delete, subtasks, setParent, and My Tasks (the user task list).
 */
import { badRequest, created, emptyOk, ok } from "./errors.js"
import {
  input,
  pathGid,
  projectOf,
  queryGid,
  queryValue,
  sectionOf,
  tagOf,
  taskOf,
  userGid,
  userOf,
  userTaskListOf,
  workspaceOf
} from "./input.js"
import type { Task } from "./model.js"
import { newGid } from "./model.js"
import { singleRecord } from "./opt-fields.js"
import { page } from "./paging.js"
import { fullTask, fullUserTaskList, subtasksOf } from "./render.js"
import type { Ctx, Route } from "./router.js"
import { route } from "./router.js"
import { applyTaskFields, createTask, deleteTask, setParent } from "./task-write.js"

export const taskAnswer = (ctx: Ctx, task: Task) => singleRecord(fullTask(ctx.render, task), ctx.fields, ctx.expand)

/**
 * `completed_since` (`now`: incomplete tasks only; a date-time: incomplete
 * tasks and those completed since) and `modified_since`.
 */
const filtered = (ctx: Ctx, tasks: ReadonlyArray<Task>): ReadonlyArray<Task> => {
  const since = queryValue(ctx, "completed_since")
  const modified = queryValue(ctx, "modified_since")
  const sinceMs = since === undefined ? null : since === "now" ? Number.POSITIVE_INFINITY : Date.parse(since)
  const modifiedMs = modified === undefined ? null : Date.parse(modified)
  if (Number.isNaN(sinceMs)) return badRequest(`completed_since: Invalid date-time value: ${since}`)
  if (Number.isNaN(modifiedMs)) return badRequest(`modified_since: Invalid date-time value: ${modified}`)
  return tasks.filter((task) =>
    (sinceMs === null || !task.completed || (task.completed_at ?? 0) >= sinceMs)
    && (modifiedMs === null || task.modified_at >= modifiedMs)
  )
}

export const taskList = (ctx: Ctx, tasks: ReadonlyArray<Task>) =>
  page(ctx, filtered(ctx, tasks).map((task) => fullTask(ctx.render, task)))

const allTasks = (ctx: Ctx): Array<Task> => [...ctx.state.tasks.values()]

/** A project's tasks in its section order (tasks outside any section last). */
const inProject = (ctx: Ctx, projectGid: string): Array<Task> => {
  const project = projectOf(ctx, projectGid)
  const rank = (task: Task) => {
    const section = task.memberships.find((m) => m.project === project.gid)?.section ?? null
    const index = section === null ? -1 : project.sections.indexOf(section)
    return index < 0 ? project.sections.length : index
  }
  return allTasks(ctx)
    .filter((task) => task.memberships.some((m) => m.project === project.gid))
    .map((task, order) => ({ task, order }))
    .sort((a, b) => rank(a.task) - rank(b.task) || a.order - b.order)
    .map(({ task }) => task)
}

const inSection = (ctx: Ctx, sectionGid: string): Array<Task> => {
  const section = sectionOf(ctx, sectionGid)
  return allTasks(ctx).filter((task) => task.memberships.some((m) => m.section === section.gid))
}

const withTag = (ctx: Ctx, tagGid: string): Array<Task> => {
  const tag = tagOf(ctx, tagGid)
  return allTasks(ctx).filter((task) => task.tags.includes(tag.gid))
}

const assignedTo = (ctx: Ctx, user: string, workspace: string): Array<Task> =>
  allTasks(ctx).filter((task) => task.assignee === user && task.workspace === workspace)

const listTasks = (ctx: Ctx) => {
  const project = queryGid(ctx, "project")
  const section = queryGid(ctx, "section")
  const tag = queryGid(ctx, "tag")
  const assignee = queryValue(ctx, "assignee")
  const workspace = queryGid(ctx, "workspace")
  const given = [project, section, tag].filter((value) => value !== undefined).length
  if (given === 1 && assignee === undefined && workspace === undefined) {
    if (project !== undefined) return taskList(ctx, inProject(ctx, project))
    if (section !== undefined) return taskList(ctx, inSection(ctx, section))
    return taskList(ctx, withTag(ctx, tag!))
  }
  if (given === 0 && assignee !== undefined && workspace !== undefined) {
    const user = userOf(ctx, userGid(ctx, "assignee", assignee))
    return taskList(ctx, assignedTo(ctx, user.gid, workspaceOf(ctx, workspace).gid))
  }
  return badRequest("Must specify exactly one of project, tag, section, or assignee + workspace")
}

export const taskRoutes: ReadonlyArray<Route> = [
  route("GET", "/tasks", "tasks:read", listTasks),
  route("POST", "/tasks", "tasks:write", (ctx) => created(taskAnswer(ctx, createTask(ctx, input(ctx), null)))),
  route("GET", "/tasks/:task_gid", "tasks:read", (ctx) => ok(taskAnswer(ctx, taskOf(ctx, pathGid(ctx, "task_gid"))))),
  route("PUT", "/tasks/:task_gid", "tasks:write", (ctx) => {
    const task = taskOf(ctx, pathGid(ctx, "task_gid"))
    applyTaskFields(ctx, task, input(ctx))
    return ok(taskAnswer(ctx, task))
  }),
  route("DELETE", "/tasks/:task_gid", "tasks:delete", (ctx) => {
    deleteTask(ctx, taskOf(ctx, pathGid(ctx, "task_gid")))
    return emptyOk()
  }),
  route(
    "GET",
    "/projects/:project_gid/tasks",
    "tasks:read",
    (ctx) => taskList(ctx, inProject(ctx, pathGid(ctx, "project_gid")))
  ),
  route(
    "GET",
    "/sections/:section_gid/tasks",
    "tasks:read",
    (ctx) => taskList(ctx, inSection(ctx, pathGid(ctx, "section_gid")))
  ),
  route("GET", "/tags/:tag_gid/tasks", "tasks:read", (ctx) => taskList(ctx, withTag(ctx, pathGid(ctx, "tag_gid")))),
  route(
    "GET",
    "/tasks/:task_gid/subtasks",
    "tasks:read",
    (ctx) => taskList(ctx, subtasksOf(ctx.state, taskOf(ctx, pathGid(ctx, "task_gid")).gid))
  ),
  route("POST", "/tasks/:task_gid/subtasks", "tasks:write", (ctx) => {
    const parent = taskOf(ctx, pathGid(ctx, "task_gid"))
    return created(taskAnswer(ctx, createTask(ctx, input(ctx), parent.gid)))
  }),
  route("POST", "/tasks/:task_gid/setParent", "tasks:write", (ctx) => {
    const task = taskOf(ctx, pathGid(ctx, "task_gid"))
    const data = input(ctx)
    if (!("parent" in data)) return badRequest("parent: Missing input")
    const parent = data.parent
    if (parent !== null && typeof parent !== "string") return badRequest("parent: Value is not a string or null")
    setParent(ctx, task, parent === null ? null : pathlessGid(parent))
    task.modified_at = ctx.call.now_ms
    return ok(taskAnswer(ctx, task))
  }),
  route("GET", "/users/:user_gid/user_task_list", "tasks:read", (ctx) => {
    const user = userOf(ctx, userGid(ctx, "user_gid", ctx.params.user_gid ?? ""))
    const workspaceGid = queryGid(ctx, "workspace")
    if (workspaceGid === undefined) return badRequest("workspace: Missing input")
    const workspace = workspaceOf(ctx, workspaceGid)
    if (!user.workspaces.includes(workspace.gid)) {
      return badRequest("workspace: The user is not a member of the workspace")
    }
    const list = [...ctx.state.userTaskLists.values()].find((l) =>
      l.owner === user.gid && l.workspace === workspace.gid
    )
      ?? ensureList(ctx, user.gid, workspace.gid)
    return ok(singleRecord(fullUserTaskList(ctx.render, list), ctx.fields, ctx.expand))
  }),
  route(
    "GET",
    "/user_task_lists/:user_task_list_gid",
    "tasks:read",
    (ctx) =>
      ok(
        singleRecord(
          fullUserTaskList(ctx.render, userTaskListOf(ctx, pathGid(ctx, "user_task_list_gid"))),
          ctx.fields,
          ctx.expand
        )
      )
  ),
  route("GET", "/user_task_lists/:user_task_list_gid/tasks", "tasks:read", (ctx) => {
    const list = userTaskListOf(ctx, pathGid(ctx, "user_task_list_gid"))
    return taskList(ctx, assignedTo(ctx, list.owner, list.workspace))
  })
]

const pathlessGid = (
  value: string
): string => (/^\d+$/.test(value) ? value : badRequest(`parent: Not a recognized ID: ${value}`))

const ensureList = (ctx: Ctx, owner: string, workspace: string) => {
  const list = { gid: newGid(ctx.state), owner, workspace }
  ctx.state.userTaskLists.set(list.gid, list)
  return list
}
