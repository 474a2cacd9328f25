/**
 * What links a task to others: its projects (addProject, removeProject), its
 * followers, and its dependencies and dependents (list, add, remove).
 */
import { badRequest, emptyOk, ok } from "./errors.js"
import { gidField, gidList, input, pathGid, requiredGid, taskOf, userOf } from "./input.js"
import type { Task } from "./model.js"
import { dependentsOf } from "./render.js"
import type { Ctx, Route } from "./router.js"
import { route } from "./router.js"
import { taskAnswer, taskList } from "./routes-tasks.js"
import { addToProject } from "./task-write.js"

const pathTask = (ctx: Ctx): Task => taskOf(ctx, pathGid(ctx, "task_gid"))

const requiredList = (ctx: Ctx, name: string, kind: "user" | "other" = "other"): Array<string> => {
  const list = gidList(ctx, input(ctx), name, kind)
  return list === undefined || list.length === 0 ? badRequest(`${name}: Missing input`) : list
}

/** Tasks linked to `task` must share its workspace and cannot be `task` itself. */
const linkable = (ctx: Ctx, task: Task, gids: ReadonlyArray<string>, name: string): Array<Task> =>
  gids.map((gid) => {
    if (gid === task.gid) badRequest(`${name}: A task cannot depend on itself`)
    const other = taskOf(ctx, gid)
    if (other.workspace !== task.workspace) badRequest(`${name}: The task ${gid} is in another workspace`)
    return other
  })

/** Would `from` waiting on `to` close a loop (does `to` already wait on `from`)? */
const waitsOn = (ctx: Ctx, start: Task, target: string): boolean => {
  const seen = new Set<string>()
  const stack = [start]
  while (stack.length > 0) {
    const at = stack.pop()!
    if (at.gid === target) return true
    if (seen.has(at.gid)) continue
    seen.add(at.gid)
    for (const gid of at.dependencies) {
      const next = ctx.state.tasks.get(gid)
      if (next !== undefined) stack.push(next)
    }
  }
  return false
}

const link = (ctx: Ctx, dependent: Task, dependency: Task): void => {
  if (dependent.dependencies.includes(dependency.gid)) return
  if (waitsOn(ctx, dependency, dependent.gid)) badRequest("dependencies: This would create a circular dependency")
  dependent.dependencies.push(dependency.gid)
}

export const taskLinkRoutes: ReadonlyArray<Route> = [
  route("POST", "/tasks/:task_gid/addProject", "tasks:write", (ctx) => {
    const task = pathTask(ctx)
    const data = input(ctx)
    const project = requiredGid(ctx, data, "project")
    gidField(ctx, data, "insert_before")
    gidField(ctx, data, "insert_after")
    addToProject(ctx, task, project, gidField(ctx, data, "section"))
    task.modified_at = ctx.call.now_ms
    return emptyOk()
  }),
  route("POST", "/tasks/:task_gid/removeProject", "tasks:write", (ctx) => {
    const task = pathTask(ctx)
    const project = requiredGid(ctx, input(ctx), "project")
    task.memberships = task.memberships.filter((m) => m.project !== project)
    task.modified_at = ctx.call.now_ms
    return emptyOk()
  }),
  route("POST", "/tasks/:task_gid/addFollowers", "tasks:write", (ctx) => {
    const task = pathTask(ctx)
    for (const gid of requiredList(ctx, "followers", "user")) {
      const user = userOf(ctx, gid)
      if (!task.followers.includes(user.gid)) task.followers.push(user.gid)
    }
    return ok(taskAnswer(ctx, task))
  }),
  route("POST", "/tasks/:task_gid/removeFollowers", "tasks:write", (ctx) => {
    const task = pathTask(ctx)
    const gone = new Set(requiredList(ctx, "followers", "user"))
    task.followers = task.followers.filter((gid) => !gone.has(gid))
    return ok(taskAnswer(ctx, task))
  }),
  route("GET", "/tasks/:task_gid/dependencies", "tasks:read", (ctx) => {
    const task = pathTask(ctx)
    return taskList(ctx, task.dependencies.flatMap((gid) => ctx.state.tasks.get(gid) ?? []))
  }),
  route(
    "GET",
    "/tasks/:task_gid/dependents",
    "tasks:read",
    (ctx) => taskList(ctx, dependentsOf(ctx.state, pathTask(ctx).gid))
  ),
  route("POST", "/tasks/:task_gid/addDependencies", "tasks:write", (ctx) => {
    const task = pathTask(ctx)
    for (const other of linkable(ctx, task, requiredList(ctx, "dependencies"), "dependencies")) link(ctx, task, other)
    return emptyOk()
  }),
  route("POST", "/tasks/:task_gid/removeDependencies", "tasks:write", (ctx) => {
    const task = pathTask(ctx)
    const gone = new Set(requiredList(ctx, "dependencies"))
    task.dependencies = task.dependencies.filter((gid) => !gone.has(gid))
    return emptyOk()
  }),
  route("POST", "/tasks/:task_gid/addDependents", "tasks:write", (ctx) => {
    const task = pathTask(ctx)
    for (const other of linkable(ctx, task, requiredList(ctx, "dependents"), "dependents")) link(ctx, other, task)
    return emptyOk()
  }),
  route("POST", "/tasks/:task_gid/removeDependents", "tasks:write", (ctx) => {
    const task = pathTask(ctx)
    for (const gid of requiredList(ctx, "dependents")) {
      const other = ctx.state.tasks.get(gid)
      if (other !== undefined) other.dependencies = other.dependencies.filter((d) => d !== task.gid)
    }
    return emptyOk()
  })
]
