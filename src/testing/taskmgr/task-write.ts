/**
 * Writing tasks: the fields of a create or update body, the placement of a
 * new task (workspace from its projects or parent), reparenting without
 * cycles, and the system stories the service records when the assignee or
 * the due date changes.
 */
import * as Either from "effect/Either"
import type { Parsed } from "../core/rejection.js"
import type { Ctx } from "./context.js"
import { badRequest } from "./errors.js"
import type { Data } from "./input.js"
import {
  bool,
  date,
  dateTime,
  gidField,
  gidList,
  has,
  plainOrRich,
  projectOf,
  str,
  tagOf,
  taskOf,
  userOf,
  workspaceOf
} from "./input.js"
import type { Task } from "./model.js"
import { newGid, newStory, newTask } from "./model.js"
import { parseCustomFieldValues, storeCustomFieldValues } from "./task-custom-fields.js"

const SUBTYPES: ReadonlySet<string> = new Set(["default_task", "milestone", "section", "approval"])

const systemStory = (ctx: Ctx, task: Task, resource_subtype: string, text: string): void => {
  const gid = newGid(ctx.state)
  ctx.state.stories.set(
    gid,
    newStory(gid, task.gid, "system", resource_subtype, ctx.caller.user.gid, ctx.call.now_ms, text)
  )
}

const addFollower = (task: Task, gid: string): void => {
  if (!task.followers.includes(gid)) task.followers.push(gid)
}

/**
 * The fields create and update share; records system stories for assignee
 * and due date changes. Custom-field values are checked first, against the
 * task's projects, so a refused value changes nothing.
 */
export const applyTaskFields = (ctx: Ctx, task: Task, data: Data): Parsed<void> =>
  Either.gen(function*() {
    const customValues = yield* parseCustomFieldValues(ctx, task, data)
    const name = yield* str(data, "name")
    if (name !== undefined) task.name = name
    const subtype = yield* str(data, "resource_subtype")
    if (subtype !== undefined) {
      if (!SUBTYPES.has(subtype)) return yield* badRequest(`resource_subtype: Unknown value: ${subtype}`)
      task.resource_subtype = subtype
    }
    const notes = yield* plainOrRich(data, "notes", "html_notes", "You cannot specify both notes and html_notes")
    if (notes !== undefined) {
      task.notes = notes.text
      task.html_notes = notes.html
    }
    const completed = yield* bool(data, "completed")
    if (completed !== undefined && completed !== task.completed) {
      task.completed = completed
      task.completed_at = completed ? ctx.call.now_ms : null
    }
    const liked = yield* bool(data, "liked")
    if (liked !== undefined) task.liked = liked
    if (has(data, "assignee")) {
      const assignee = data.assignee === null
        ? null
        : (yield* userOf(ctx, (yield* gidField(ctx, data, "assignee", "user"))!)).gid
      if (assignee !== null && !ctx.state.users.get(assignee)!.workspaces.includes(task.workspace)) {
        return yield* badRequest("assignee: The user is not a member of the task's workspace")
      }
      if (assignee !== task.assignee) {
        task.assignee = assignee
        const who = assignee === null ? null : ctx.state.users.get(assignee)?.name
        systemStory(
          ctx,
          task,
          assignee === null ? "unassigned" : "assigned",
          who === null ? `${ctx.caller.user.name} unassigned this task` : `${ctx.caller.user.name} assigned to ${who}`
        )
        if (assignee !== null) addFollower(task, assignee)
      }
    }
    const dueOn = yield* date(data, "due_on")
    const dueAt = yield* dateTime(data, "due_at")
    if (dueOn !== undefined && dueAt !== undefined) {
      return yield* badRequest("You may only provide one of due_on or due_at")
    }
    if (dueOn !== undefined || dueAt !== undefined) {
      const before = task.due_at ?? task.due_on
      if (dueAt !== undefined) {
        task.due_at = dueAt
        task.due_on = dueAt === null ? null : dueAt.slice(0, 10)
      } else {
        task.due_on = dueOn ?? null
        task.due_at = null
      }
      const after = task.due_at ?? task.due_on
      if (after !== before) {
        systemStory(
          ctx,
          task,
          "due_date_changed",
          after === null
            ? `${ctx.caller.user.name} removed the due date`
            : `${ctx.caller.user.name} changed the due date to ${after}`
        )
      }
    }
    const startOn = yield* date(data, "start_on")
    if (startOn !== undefined) task.start_on = startOn
    if (has(data, "parent")) {
      yield* setParent(ctx, task, data.parent === null ? null : (yield* gidField(ctx, data, "parent"))!)
    }
    storeCustomFieldValues(task, customValues)
    task.modified_at = ctx.call.now_ms
  })

/** Reparents `task`; a parent in another workspace, itself or one of its subtasks is a 400. */
export const setParent = (ctx: Ctx, task: Task, parentGid: string | null): Parsed<void> =>
  Either.gen(function*() {
    if (parentGid === null) {
      task.parent = null
      return
    }
    const parent = yield* taskOf(ctx, parentGid)
    if (parent.workspace !== task.workspace) return yield* badRequest("parent: The parent task is in another workspace")
    for (
      let at: Task | undefined = parent;
      at !== undefined;
      at = at.parent === null ? undefined : ctx.state.tasks.get(at.parent)
    ) {
      if (at.gid === task.gid) {
        return yield* badRequest("parent: A task cannot be its own parent or a subtask of one of its subtasks")
      }
    }
    task.parent = parent.gid
  })

/** Adds `task` to a project (in its first section unless one is named). */
export const addToProject = (ctx: Ctx, task: Task, projectGid: string, sectionGid?: string): Parsed<void> =>
  Either.gen(function*() {
    const project = yield* projectOf(ctx, projectGid)
    if (project.workspace !== task.workspace) return yield* badRequest("project: The project is in another workspace")
    const section = sectionGid ?? project.sections[0] ?? null
    if (section !== null && !project.sections.includes(section)) {
      return yield* badRequest("section: The section is not in the project")
    }
    const existing = task.memberships.find((m) => m.project === project.gid)
    if (existing === undefined) task.memberships.push({ project: project.gid, section })
    else if (sectionGid !== undefined) existing.section = section
  })

/** A new task from a create body; `parent` set for a subtask. */
export const createTask = (ctx: Ctx, data: Data, parentGid: string | null): Parsed<Task> =>
  Either.gen(function*() {
    const projects = (yield* gidList(ctx, data, "projects")) ?? []
    const workspaceField = yield* gidField(ctx, data, "workspace")
    const parent = parentGid ??
      (data.parent === undefined || data.parent === null ? null : (yield* gidField(ctx, data, "parent"))!)
    const parentTask = parent === null ? undefined : yield* taskOf(ctx, parent)
    const workspace = workspaceField
      ?? parentTask?.workspace
      ?? (projects[0] === undefined ? undefined : (yield* projectOf(ctx, projects[0])).workspace)
    if (workspace === undefined) return yield* badRequest("You should specify one of workspace, parent, projects")
    yield* workspaceOf(ctx, workspace)
    const task = newTask(newGid(ctx.state), "", workspace, ctx.caller.user.gid, ctx.call.now_ms)
    // Custom-field values wait for the task's projects, which carry their fields.
    const { custom_fields: _later, parent: _ignored, ...fields } = data
    yield* applyTaskFields(ctx, task, fields)
    if (parentTask !== undefined) yield* setParent(ctx, task, parentTask.gid)
    for (const project of projects) yield* addToProject(ctx, task, project)
    for (const tag of (yield* gidList(ctx, data, "tags")) ?? []) {
      if ((yield* tagOf(ctx, tag)).workspace !== workspace) {
        return yield* badRequest("tags: The tag is in another workspace")
      }
      if (!task.tags.includes(tag)) task.tags.push(tag)
    }
    for (const follower of (yield* gidList(ctx, data, "followers", "user")) ?? []) {
      addFollower(task, (yield* userOf(ctx, follower)).gid)
    }
    storeCustomFieldValues(task, yield* parseCustomFieldValues(ctx, task, data))
    // Creating a task records no system story for its first assignee or due date.
    for (const [gid, story] of ctx.state.stories) if (story.task === task.gid) ctx.state.stories.delete(gid)
    ctx.state.tasks.set(task.gid, task)
    return task
  })

/** Deletes a task, its subtasks and their stories, and unlinks it from dependencies. */
export const deleteTask = (ctx: Ctx, task: Task): void => {
  const doomed = new Set<string>([task.gid])
  let grew = true
  while (grew) {
    grew = false
    for (const t of ctx.state.tasks.values()) {
      if (t.parent !== null && doomed.has(t.parent) && !doomed.has(t.gid)) {
        doomed.add(t.gid)
        grew = true
      }
    }
  }
  for (const gid of doomed) ctx.state.tasks.delete(gid)
  for (const [gid, story] of ctx.state.stories) if (doomed.has(story.task)) ctx.state.stories.delete(gid)
  for (const t of ctx.state.tasks.values()) t.dependencies = t.dependencies.filter((gid) => !doomed.has(gid))
}
