/**
 * The task-management registry: every wrapped operation once, and how the
 * front ends show each. The library (api.ts), the CLI (cli.ts) and the tool
 * server (mcp.ts) all walk it.
 */
import type { AnyView } from "../core/view.js"
import { peopleViews, teamGet, teamList, userGet, userList, userMe, workspaceGet, workspaceList } from "./people.js"
import * as taskLinks from "./task-links.js"
import * as tasks from "./tasks.js"

export const taskmgrOperations = {
  userMe,
  userGet,
  userList,
  teamList,
  teamGet,
  workspaceList,
  workspaceGet,
  taskList: tasks.taskList,
  taskGet: tasks.taskGet,
  taskGetMany: tasks.taskGetMany,
  taskSearch: tasks.taskSearch,
  taskMyTasks: tasks.taskMyTasks,
  taskCreate: tasks.taskCreate,
  taskUpdate: tasks.taskUpdate,
  taskDelete: tasks.taskDelete,
  taskSubtaskList: taskLinks.taskSubtaskList,
  taskSubtaskCreate: taskLinks.taskSubtaskCreate,
  taskProjectAdd: taskLinks.taskProjectAdd,
  taskProjectRemove: taskLinks.taskProjectRemove,
  taskFollowerAdd: taskLinks.taskFollowerAdd,
  taskFollowerRemove: taskLinks.taskFollowerRemove,
  taskDependencyList: taskLinks.taskDependencyList,
  taskDependencyAdd: taskLinks.taskDependencyAdd,
  taskDependencyRemove: taskLinks.taskDependencyRemove,
  taskDependentList: taskLinks.taskDependentList,
  taskDependentAdd: taskLinks.taskDependentAdd,
  taskDependentRemove: taskLinks.taskDependentRemove
} as const

export type TaskmgrOperations = typeof taskmgrOperations

export const taskmgrViews: ReadonlyArray<AnyView> = [...peopleViews, ...tasks.taskViews, ...taskLinks.taskLinkViews]

/** One line per command group for `taskmgr --help`. */
export const taskmgrGroups: Readonly<Record<string, string>> = {
  user: "Users (read-only)",
  team: "Teams (read-only)",
  workspace: "Workspaces (read-only)",
  task: "Tasks: list, read, search, create, change, delete, and their links",
  "task my-tasks": "Your My Tasks list",
  "task subtask": "Subtasks of a task",
  "task project": "The projects a task is in",
  "task follower": "The followers of a task",
  "task dependency": "Tasks a task waits on",
  "task dependent": "Tasks that wait on a task"
}
