/**
 * What links a task to others: its projects (addProject, removeProject), its
 * followers, and its dependencies and dependents (list, add, remove).
 */
import * as Either from "effect/Either"
import type { Parsed } from "../core/rejection.js"
import { route } from "../core/route.js"
import type { ApiRoute, Ctx } from "./context.js"
import { badRequest, emptyOk, ok } from "./errors.js"
import { gidField, gidList, input, pathGid, requiredGid, taskOf, userOf } from "./input.js"
import type { Task } from "./model.js"
import { dependentsOf } from "./render.js"
import { taskAnswer, taskList } from "./routes-tasks.js"
import { addToProject } from "./task-write.js"

const pathTask = (ctx: Ctx): Parsed<Task> => Either.flatMap(pathGid(ctx, "task_gid"), (gid) => taskOf(ctx, gid))

const requiredList = (ctx: Ctx, name: string, kind: "user" | "other" = "other"): Parsed<Array<string>> =>
  Either.gen(function*() {
    const list = yield* gidList(ctx, yield* input(ctx), name, kind)
    return list === undefined || list.length === 0 ? yield* badRequest(`${name}: Missing input`) : list
  })

/** Tasks linked to `task` must share its workspace and cannot be `task` itself. */
const linkable = (ctx: Ctx, task: Task, gids: ReadonlyArray<string>, name: string): Parsed<Array<Task>> =>
  Either.gen(function*() {
    const tasks: Array<Task> = []
    for (const gid of gids) {
      if (gid === task.gid) return yield* badRequest(`${name}: A task cannot depend on itself`)
      const other = yield* taskOf(ctx, gid)
      if (other.workspace !== task.workspace) {
        return yield* badRequest(`${name}: The task ${gid} is in another workspace`)
      }
      tasks.push(other)
    }
    return tasks
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

const link = (ctx: Ctx, dependent: Task, dependency: Task): Parsed<void> => {
  if (dependent.dependencies.includes(dependency.gid)) return Either.void
  if (waitsOn(ctx, dependency, dependent.gid)) {
    return badRequest("dependencies: This would create a circular dependency")
  }
  dependent.dependencies.push(dependency.gid)
  return Either.void
}

export const taskLinkRoutes: ReadonlyArray<ApiRoute> = [
  route("POST", "/tasks/:task_gid/addProject", "tasks:write", (ctx) =>
    Either.gen(function*() {
      const task = yield* pathTask(ctx)
      const data = yield* input(ctx)
      const project = yield* requiredGid(ctx, data, "project")
      // Checked, though the simulator keeps no order within a project.
      yield* gidField(ctx, data, "insert_before")
      yield* gidField(ctx, data, "insert_after")
      yield* addToProject(ctx, task, project, yield* gidField(ctx, data, "section"))
      task.modified_at = ctx.call.now_ms
      return emptyOk()
    })),
  route("POST", "/tasks/:task_gid/removeProject", "tasks:write", (ctx) =>
    Either.gen(function*() {
      const task = yield* pathTask(ctx)
      const project = yield* requiredGid(ctx, yield* input(ctx), "project")
      task.memberships = task.memberships.filter((m) => m.project !== project)
      task.modified_at = ctx.call.now_ms
      return emptyOk()
    })),
  route("POST", "/tasks/:task_gid/addFollowers", "tasks:write", (ctx) =>
    Either.gen(function*() {
      const task = yield* pathTask(ctx)
      for (const gid of yield* requiredList(ctx, "followers", "user")) {
        const user = yield* userOf(ctx, gid)
        if (!task.followers.includes(user.gid)) task.followers.push(user.gid)
      }
      return ok(taskAnswer(ctx, task))
    })),
  route("POST", "/tasks/:task_gid/removeFollowers", "tasks:write", (ctx) =>
    Either.gen(function*() {
      const task = yield* pathTask(ctx)
      const gone = new Set(yield* requiredList(ctx, "followers", "user"))
      task.followers = task.followers.filter((gid) => !gone.has(gid))
      return ok(taskAnswer(ctx, task))
    })),
  route("GET", "/tasks/:task_gid/dependencies", "tasks:read", (ctx) =>
    Either.gen(function*() {
      const task = yield* pathTask(ctx)
      return yield* taskList(ctx, task.dependencies.flatMap((gid) => ctx.state.tasks.get(gid) ?? []))
    })),
  route("GET", "/tasks/:task_gid/dependents", "tasks:read", (ctx) =>
    Either.gen(function*() {
      const task = yield* pathTask(ctx)
      return yield* taskList(ctx, dependentsOf(ctx.state, task.gid))
    })),
  route("POST", "/tasks/:task_gid/addDependencies", "tasks:write", (ctx) =>
    Either.gen(function*() {
      const task = yield* pathTask(ctx)
      const others = yield* linkable(ctx, task, yield* requiredList(ctx, "dependencies"), "dependencies")
      for (const other of others) yield* link(ctx, task, other)
      return emptyOk()
    })),
  route("POST", "/tasks/:task_gid/removeDependencies", "tasks:write", (ctx) =>
    Either.gen(function*() {
      const task = yield* pathTask(ctx)
      const gone = new Set(yield* requiredList(ctx, "dependencies"))
      task.dependencies = task.dependencies.filter((gid) => !gone.has(gid))
      return emptyOk()
    })),
  route("POST", "/tasks/:task_gid/addDependents", "tasks:write", (ctx) =>
    Either.gen(function*() {
      const task = yield* pathTask(ctx)
      const others = yield* linkable(ctx, task, yield* requiredList(ctx, "dependents"), "dependents")
      for (const other of others) yield* link(ctx, other, task)
      return emptyOk()
    })),
  route("POST", "/tasks/:task_gid/removeDependents", "tasks:write", (ctx) =>
    Either.gen(function*() {
      const task = yield* pathTask(ctx)
      for (const gid of yield* requiredList(ctx, "dependents")) {
        const other = ctx.state.tasks.get(gid)
        if (other !== undefined) other.dependencies = other.dependencies.filter((d) => d !== task.gid)
      }
      return emptyOk()
    }))
]
