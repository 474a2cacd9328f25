/**
 * What hangs off a task: its subtasks, and its links to projects, followers,
 * the tasks it waits on (dependencies) and the tasks waiting on it (dependents).
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { pathOf, type RequestSpec } from "../../core/http/pipeline.js"
import { linking, linkResult } from "../../core/operation.js"
import { view } from "../../core/view.js"
import { dataBody, listFields, taskmgrList, taskmgrOperation } from "../define.js"
import { Gid, NonBlank, UserGid } from "../records/records.js"
import { Task } from "../records/typed-records.js"
import { checked, ProjectRef, TASK_FIELDS, TaskRef, taskTable, writableFields } from "./tasks.js"

const Empty = Schema.Struct({})

// ---- subtasks ---------------------------------------------------------------------

export const taskSubtaskList = taskmgrList({
  name: "taskSubtaskList",
  group: "tasks",
  summary: "The subtasks of a task.",
  input: Schema.Struct({ task_gid: TaskRef, ...listFields }),
  gids: { task_gid: "task" },
  subject: (i) => `subtasks of task ${i.task_gid}`,
  request: (i) => ({ method: "GET", path: `/tasks/${pathOf(i.task_gid)}/subtasks` }),
  item: Task,
  defaultFields: TASK_FIELDS,
  itemsKey: "tasks"
})

export const taskSubtaskCreate = taskmgrOperation({
  name: "taskSubtaskCreate",
  group: "tasks",
  summary: "Create a subtask under a task.",
  input: Schema.Struct({
    task_gid: TaskRef,
    name: NonBlank.annotations({ description: "Subtask name" }),
    followers: Schema.optional(Schema.Array(UserGid).annotations({ description: "Users: gids, or me" })),
    tags: Schema.optional(Schema.Array(Gid).annotations({ description: "Tag gids" })),
    ...writableFields
  }),
  impact: "write",
  idempotent: false,
  gids: { task_gid: "task" },
  subject: (i) => `new subtask "${i.name}" of task ${i.task_gid}`,
  request: (i) =>
    Effect.map(checked(i), ({ task_gid, ...fields }): RequestSpec => ({
      method: "POST",
      path: `/tasks/${pathOf(task_gid)}/subtasks`,
      body: dataBody(fields)
    })),
  data: Task
})

// ---- projects ------------------------------------------------------------------------

export const taskProjectAdd = linking(
  "link",
  taskmgrOperation({
    name: "taskProjectAdd",
    group: "tasks",
    summary: "Add a task to a project (first section unless named), or move it in one.",
    input: Schema.Struct({
      task_gid: TaskRef,
      project: ProjectRef,
      section: Schema.optional(Gid.annotations({ description: "Section of the project to put it in" })),
      insert_before: Schema.optional(Gid.annotations({ description: "Place it before this task of the project" })),
      insert_after: Schema.optional(Gid.annotations({ description: "Place it after this task of the project" }))
    }),
    impact: "write",
    idempotent: true,
    gids: { task_gid: "task", project: "project" },
    subject: (i) => `task ${i.task_gid} in project ${i.project}`,
    request: (i) => ({
      method: "POST",
      path: `/tasks/${pathOf(i.task_gid)}/addProject`,
      body: dataBody({
        project: i.project,
        section: i.section,
        insert_before: i.insert_before,
        insert_after: i.insert_after
      })
    }),
    data: Empty,
    result: (_data, i) =>
      linkResult("link", {
        task_gid: i.task_gid,
        project: i.project,
        section: i.section,
        insert_before: i.insert_before,
        insert_after: i.insert_after
      })
  })
)

export const taskProjectRemove = linking(
  "unlink",
  taskmgrOperation({
    name: "taskProjectRemove",
    group: "tasks",
    summary: "Remove a task from a project (the task stays).",
    input: Schema.Struct({ task_gid: TaskRef, project: ProjectRef }),
    impact: "write",
    idempotent: true,
    gids: { task_gid: "task", project: "project" },
    subject: (i) => `task ${i.task_gid} in project ${i.project}`,
    request: (i) => ({
      method: "POST",
      path: `/tasks/${pathOf(i.task_gid)}/removeProject`,
      body: dataBody({ project: i.project })
    }),
    data: Empty,
    result: (_data, i) => linkResult("unlink", { task_gid: i.task_gid, project: i.project })
  })
)

// ---- followers -------------------------------------------------------------------------

const Followers = Schema.Array(UserGid).pipe(Schema.minItems(1, { message: () => "give at least one follower" }))
  .annotations({ description: "Users: gids, or me" })

export const taskFollowerAdd = linking(
  "link",
  taskmgrOperation({
    name: "taskFollowerAdd",
    group: "tasks",
    summary: "Add followers to a task.",
    input: Schema.Struct({ task_gid: TaskRef, followers: Followers }),
    impact: "write",
    idempotent: true,
    gids: { task_gid: "task" },
    subject: (i) => `followers of task ${i.task_gid}`,
    request: (i) => ({
      method: "POST",
      path: `/tasks/${pathOf(i.task_gid)}/addFollowers`,
      body: dataBody({ followers: i.followers })
    }),
    data: Task,
    result: (_data, i) => linkResult("link", { task_gid: i.task_gid, followers: i.followers })
  })
)

export const taskFollowerRemove = linking(
  "unlink",
  taskmgrOperation({
    name: "taskFollowerRemove",
    group: "tasks",
    summary: "Remove followers from a task.",
    input: Schema.Struct({ task_gid: TaskRef, followers: Followers }),
    impact: "write",
    idempotent: true,
    gids: { task_gid: "task" },
    subject: (i) => `followers of task ${i.task_gid}`,
    request: (i) => ({
      method: "POST",
      path: `/tasks/${pathOf(i.task_gid)}/removeFollowers`,
      body: dataBody({ followers: i.followers })
    }),
    data: Task,
    result: (_data, i) => linkResult("unlink", { task_gid: i.task_gid, followers: i.followers })
  })
)

// ---- dependencies and dependents -----------------------------------------------------

const Tasks = (what: string) =>
  Schema.Array(TaskRef).pipe(Schema.minItems(1, { message: () => `give at least one task` })).annotations({
    description: `${what} (gid or URL)`
  })

/** The tasks of one kind of link of a task: dependencies (what it waits on) or dependents (what waits on it). */
const linkList = (kind: "dependencies" | "dependents", name: string, what: string) =>
  taskmgrList({
    name,
    group: "tasks",
    summary: `The ${what} of a task.`,
    input: Schema.Struct({ task_gid: TaskRef, ...listFields }),
    gids: { task_gid: "task" },
    subject: (i) => `${kind} of task ${i.task_gid}`,
    request: (i) => ({ method: "GET", path: `/tasks/${pathOf(i.task_gid)}/${kind}` }),
    item: Task,
    defaultFields: TASK_FIELDS,
    itemsKey: "tasks"
  })

const Dependencies = Schema.Struct({ task_gid: TaskRef, dependencies: Tasks("Tasks it waits on") })
const Dependents = Schema.Struct({ task_gid: TaskRef, dependents: Tasks("Tasks that wait on it") })

const linkChange = (
  task: string,
  endpoint: string,
  body: { readonly [field: string]: ReadonlyArray<string> }
): RequestSpec => ({
  method: "POST",
  path: `/tasks/${pathOf(task)}/${endpoint}`,
  body: dataBody(body)
})

export const taskDependencyList = linkList("dependencies", "taskDependencyList", "dependencies (tasks it waits on)")

export const taskDependencyAdd = linking(
  "link",
  taskmgrOperation({
    name: "taskDependencyAdd",
    group: "tasks",
    summary: "Make a task wait on other tasks (add dependencies).",
    input: Dependencies,
    impact: "write",
    idempotent: true,
    gids: { task_gid: "task", dependencies: "task" },
    subject: (i) => `dependencies of task ${i.task_gid}`,
    request: (i) => linkChange(i.task_gid, "addDependencies", { dependencies: i.dependencies }),
    data: Empty,
    result: (_data, i) => linkResult("link", { task_gid: i.task_gid, dependencies: i.dependencies })
  })
)

export const taskDependencyRemove = linking(
  "unlink",
  taskmgrOperation({
    name: "taskDependencyRemove",
    group: "tasks",
    summary: "Stop a task waiting on other tasks (remove dependencies).",
    input: Dependencies,
    impact: "write",
    idempotent: true,
    gids: { task_gid: "task", dependencies: "task" },
    subject: (i) => `dependencies of task ${i.task_gid}`,
    request: (i) => linkChange(i.task_gid, "removeDependencies", { dependencies: i.dependencies }),
    data: Empty,
    result: (_data, i) => linkResult("unlink", { task_gid: i.task_gid, dependencies: i.dependencies })
  })
)

export const taskDependentList = linkList("dependents", "taskDependentList", "dependents (tasks that wait on it)")

export const taskDependentAdd = linking(
  "link",
  taskmgrOperation({
    name: "taskDependentAdd",
    group: "tasks",
    summary: "Make other tasks wait on a task (add dependents).",
    input: Dependents,
    impact: "write",
    idempotent: true,
    gids: { task_gid: "task", dependents: "task" },
    subject: (i) => `dependents of task ${i.task_gid}`,
    request: (i) => linkChange(i.task_gid, "addDependents", { dependents: i.dependents }),
    data: Empty,
    result: (_data, i) => linkResult("link", { task_gid: i.task_gid, dependents: i.dependents })
  })
)

export const taskDependentRemove = linking(
  "unlink",
  taskmgrOperation({
    name: "taskDependentRemove",
    group: "tasks",
    summary: "Stop other tasks waiting on a task (remove dependents).",
    input: Dependents,
    impact: "write",
    idempotent: true,
    gids: { task_gid: "task", dependents: "task" },
    subject: (i) => `dependents of task ${i.task_gid}`,
    request: (i) => linkChange(i.task_gid, "removeDependents", { dependents: i.dependents }),
    data: Empty,
    result: (_data, i) => linkResult("unlink", { task_gid: i.task_gid, dependents: i.dependents })
  })
)

// ---- views ------------------------------------------------------------------------------

const onTask = { task_gid: "GID|URL" } as const

export const views = [
  view(taskSubtaskList, {
    command: ["task", "subtask", "list"],
    positional: ["task_gid"],
    valueNames: onTask,
    text: taskTable("subtasks"),
    examples: ["taskmgr task subtask list 1200000000000601"]
  }),
  view(taskSubtaskCreate, {
    command: ["task", "subtask", "create"],
    positional: ["task_gid", "name"],
    valueNames: { ...onTask, completed: "true|false", liked: "true|false", custom_fields: "JSON|@FILE" },
    text: { kind: "record" },
    examples: ["taskmgr task subtask create 1200000000000601 \"Check the venue\" --assignee me"]
  }),
  view(taskProjectAdd, {
    command: ["task", "project", "add"],
    help: "Add a task to a project (in its first section unless one is named), or move it within one.",
    positional: ["task_gid"],
    valueNames: { ...onTask, project: "GID|URL" },
    text: { kind: "record" },
    examples: [
      "taskmgr task project add 1200000000000601 --project 1200000000000302",
      "taskmgr task project add 1200000000000604 --project 1200000000000301 --section 1200000000000403"
    ]
  }),
  view(taskProjectRemove, {
    command: ["task", "project", "remove"],
    positional: ["task_gid"],
    valueNames: { ...onTask, project: "GID|URL" },
    text: { kind: "record" },
    examples: ["taskmgr task project remove 1200000000000601 --project 1200000000000302"]
  }),
  view(taskFollowerAdd, {
    command: ["task", "follower", "add"],
    positional: ["task_gid"],
    valueNames: onTask,
    text: { kind: "record" },
    examples: ["taskmgr task follower add 1200000000000601 --followers 1200000000000002"]
  }),
  view(taskFollowerRemove, {
    command: ["task", "follower", "remove"],
    positional: ["task_gid"],
    valueNames: onTask,
    text: { kind: "record" },
    examples: ["taskmgr task follower remove 1200000000000601 --followers me"]
  }),
  view(taskDependencyList, {
    command: ["task", "dependency", "list"],
    positional: ["task_gid"],
    valueNames: onTask,
    text: taskTable("dependencies"),
    examples: ["taskmgr task dependency list 1200000000000602"]
  }),
  view(taskDependencyAdd, {
    command: ["task", "dependency", "add"],
    positional: ["task_gid"],
    valueNames: onTask,
    text: { kind: "record" },
    examples: ["taskmgr task dependency add 1200000000000602 --dependencies 1200000000000605"]
  }),
  view(taskDependencyRemove, {
    command: ["task", "dependency", "remove"],
    positional: ["task_gid"],
    valueNames: onTask,
    text: { kind: "record" },
    examples: ["taskmgr task dependency remove 1200000000000602 --dependencies 1200000000000601"]
  }),
  view(taskDependentList, {
    command: ["task", "dependent", "list"],
    positional: ["task_gid"],
    valueNames: onTask,
    text: taskTable("dependents"),
    examples: ["taskmgr task dependent list 1200000000000601"]
  }),
  view(taskDependentAdd, {
    command: ["task", "dependent", "add"],
    positional: ["task_gid"],
    valueNames: onTask,
    text: { kind: "record" },
    examples: ["taskmgr task dependent add 1200000000000601 --dependents 1200000000000605"]
  }),
  view(taskDependentRemove, {
    command: ["task", "dependent", "remove"],
    positional: ["task_gid"],
    valueNames: onTask,
    text: { kind: "record" },
    examples: ["taskmgr task dependent remove 1200000000000601 --dependents 1200000000000602"]
  })
] as const

/** Help's line for each command group of this module (`taskmgr --help`). */
export const commandGroups: { readonly [words: string]: string } = {
  "task subtask": "Subtasks of a task",
  "task project": "The projects a task is in",
  "task follower": "The followers of a task",
  "task dependency": "Tasks a task waits on",
  "task dependent": "Tasks that wait on a task"
}
