/**
 * Tasks: the lists (by project, section, tag, user task list, or `/tasks`
 * with one of those or assignee + workspace), get, create (201), update,
 * delete, subtasks, setParent, and My Tasks (the user task list).
 */
import * as Either from "effect/Either"
import type { Parsed } from "../core/rejection.js"
import { route } from "../core/route.js"
import type { ApiRoute, Ctx } from "./context.js"
import type { Reply } from "./errors.js"
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
import { applyTaskFields, createTask, deleteTask, setParent } from "./task-write.js"

export const taskAnswer = (ctx: Ctx, task: Task) => singleRecord(fullTask(ctx.render, task), ctx.fields, ctx.expand)

/**
 * `completed_since` (`now`: incomplete tasks only; a date-time: incomplete
 * tasks and those completed since) and `modified_since`.
 */
const filtered = (ctx: Ctx, tasks: ReadonlyArray<Task>): Parsed<ReadonlyArray<Task>> => {
  const since = queryValue(ctx, "completed_since")
  const modified = queryValue(ctx, "modified_since")
  const sinceMs = since === undefined ? null : since === "now" ? Number.POSITIVE_INFINITY : Date.parse(since)
  const modifiedMs = modified === undefined ? null : Date.parse(modified)
  if (Number.isNaN(sinceMs)) return badRequest(`completed_since: Invalid date-time value: ${since}`)
  if (Number.isNaN(modifiedMs)) return badRequest(`modified_since: Invalid date-time value: ${modified}`)
  return Either.right(
    tasks.filter((task) =>
      (sinceMs === null || !task.completed || (task.completed_at ?? 0) >= sinceMs)
      && (modifiedMs === null || task.modified_at >= modifiedMs)
    )
  )
}

export const taskList = (ctx: Ctx, tasks: ReadonlyArray<Task>): Parsed<Reply> =>
  Either.flatMap(filtered(ctx, tasks), (shown) => page(ctx, shown.map((task) => fullTask(ctx.render, task))))

const allTasks = (ctx: Ctx): Array<Task> => [...ctx.state.tasks.values()]

/** A project's tasks in its section order (tasks outside any section last). */
const inProject = (ctx: Ctx, projectGid: string): Parsed<Array<Task>> =>
  Either.map(projectOf(ctx, projectGid), (project) => {
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
  })

const inSection = (ctx: Ctx, sectionGid: string): Parsed<Array<Task>> =>
  Either.map(
    sectionOf(ctx, sectionGid),
    (section) => allTasks(ctx).filter((task) => task.memberships.some((m) => m.section === section.gid))
  )

const withTag = (ctx: Ctx, tagGid: string): Parsed<Array<Task>> =>
  Either.map(tagOf(ctx, tagGid), (tag) => allTasks(ctx).filter((task) => task.tags.includes(tag.gid)))

const assignedTo = (ctx: Ctx, user: string, workspace: string): Array<Task> =>
  allTasks(ctx).filter((task) => task.assignee === user && task.workspace === workspace)

/** The tasks of `of(gid)` for the path parameter `name`, as a list answer. */
const listOf = (name: string, of: (ctx: Ctx, gid: string) => Parsed<ReadonlyArray<Task>>) => (ctx: Ctx) =>
  Either.gen(function*() {
    return yield* taskList(ctx, yield* of(ctx, yield* pathGid(ctx, name)))
  })

const listTasks = (ctx: Ctx) =>
  Either.gen(function*() {
    const project = yield* queryGid(ctx, "project")
    const section = yield* queryGid(ctx, "section")
    const tag = yield* queryGid(ctx, "tag")
    const assignee = queryValue(ctx, "assignee")
    const workspace = yield* queryGid(ctx, "workspace")
    const given = [project, section, tag].filter((value) => value !== undefined).length
    if (given === 1 && assignee === undefined && workspace === undefined) {
      if (project !== undefined) return yield* taskList(ctx, yield* inProject(ctx, project))
      if (section !== undefined) return yield* taskList(ctx, yield* inSection(ctx, section))
      return yield* taskList(ctx, yield* withTag(ctx, tag!))
    }
    if (given === 0 && assignee !== undefined && workspace !== undefined) {
      const user = yield* userOf(ctx, yield* userGid(ctx, "assignee", assignee))
      return yield* taskList(ctx, assignedTo(ctx, user.gid, (yield* workspaceOf(ctx, workspace)).gid))
    }
    return yield* badRequest("Must specify exactly one of project, tag, section, or assignee + workspace")
  })

const pathTask = (ctx: Ctx): Parsed<Task> => Either.flatMap(pathGid(ctx, "task_gid"), (gid) => taskOf(ctx, gid))

const pathlessGid = (value: string): Parsed<string> =>
  /^\d+$/.test(value) ? Either.right(value) : badRequest(`parent: Not a recognized ID: ${value}`)

const ensureList = (ctx: Ctx, owner: string, workspace: string) => {
  const list = { gid: newGid(ctx.state), owner, workspace }
  ctx.state.userTaskLists.set(list.gid, list)
  return list
}

export const taskRoutes: ReadonlyArray<ApiRoute> = [
  route("GET", "/tasks", "tasks:read", listTasks),
  route("POST", "/tasks", "tasks:write", (ctx) =>
    Either.gen(function*() {
      return created(taskAnswer(ctx, yield* createTask(ctx, yield* input(ctx), null)))
    })),
  route(
    "GET",
    "/tasks/:task_gid",
    "tasks:read",
    (ctx) => Either.map(pathTask(ctx), (task) => ok(taskAnswer(ctx, task)))
  ),
  route("PUT", "/tasks/:task_gid", "tasks:write", (ctx) =>
    Either.gen(function*() {
      const task = yield* pathTask(ctx)
      yield* applyTaskFields(ctx, task, yield* input(ctx))
      return ok(taskAnswer(ctx, task))
    })),
  route("DELETE", "/tasks/:task_gid", "tasks:delete", (ctx) =>
    Either.map(pathTask(ctx), (task) => {
      deleteTask(ctx, task)
      return emptyOk()
    })),
  route("GET", "/projects/:project_gid/tasks", "tasks:read", listOf("project_gid", inProject)),
  route("GET", "/sections/:section_gid/tasks", "tasks:read", listOf("section_gid", inSection)),
  route("GET", "/tags/:tag_gid/tasks", "tasks:read", listOf("tag_gid", withTag)),
  route(
    "GET",
    "/tasks/:task_gid/subtasks",
    "tasks:read",
    listOf("task_gid", (ctx, gid) => Either.map(taskOf(ctx, gid), (task) => subtasksOf(ctx.state, task.gid)))
  ),
  route("POST", "/tasks/:task_gid/subtasks", "tasks:write", (ctx) =>
    Either.gen(function*() {
      const parent = yield* pathTask(ctx)
      return created(taskAnswer(ctx, yield* createTask(ctx, yield* input(ctx), parent.gid)))
    })),
  route("POST", "/tasks/:task_gid/setParent", "tasks:write", (ctx) =>
    Either.gen(function*() {
      const task = yield* pathTask(ctx)
      const data = yield* input(ctx)
      if (!("parent" in data)) return yield* badRequest("parent: Missing input")
      const parent = data.parent
      if (parent !== null && typeof parent !== "string") {
        return yield* badRequest("parent: Value is not a string or null")
      }
      yield* setParent(ctx, task, parent === null ? null : yield* pathlessGid(parent))
      task.modified_at = ctx.call.now_ms
      return ok(taskAnswer(ctx, task))
    })),
  route("GET", "/users/:user_gid/user_task_list", "tasks:read", (ctx) =>
    Either.gen(function*() {
      const user = yield* userOf(ctx, yield* userGid(ctx, "user_gid", ctx.params.user_gid ?? ""))
      const workspaceGid = yield* queryGid(ctx, "workspace")
      if (workspaceGid === undefined) return yield* badRequest("workspace: Missing input")
      const workspace = yield* workspaceOf(ctx, workspaceGid)
      if (!user.workspaces.includes(workspace.gid)) {
        return yield* badRequest("workspace: The user is not a member of the workspace")
      }
      const list = [...ctx.state.userTaskLists.values()].find((l) =>
        l.owner === user.gid && l.workspace === workspace.gid
      )
        ?? ensureList(ctx, user.gid, workspace.gid)
      return ok(singleRecord(fullUserTaskList(ctx.render, list), ctx.fields, ctx.expand))
    })),
  route("GET", "/user_task_lists/:user_task_list_gid", "tasks:read", (ctx) =>
    Either.gen(function*() {
      const list = yield* userTaskListOf(ctx, yield* pathGid(ctx, "user_task_list_gid"))
      return ok(singleRecord(fullUserTaskList(ctx.render, list), ctx.fields, ctx.expand))
    })),
  route("GET", "/user_task_lists/:user_task_list_gid/tasks", "tasks:read", (ctx) =>
    Either.gen(function*() {
      const list = yield* userTaskListOf(ctx, yield* pathGid(ctx, "user_task_list_gid"))
      return yield* taskList(ctx, assignedTo(ctx, list.owner, list.workspace))
    }))
]
