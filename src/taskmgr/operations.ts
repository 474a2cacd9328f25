/**
 * The task-management registry: every wrapped operation once, and how the
 * front ends show each. The library (api.ts), the CLI (cli.ts) and the tool
 * server (mcp.ts) all walk it.
 */
import type { AnyView } from "../core/view.js"
import { peopleViews, teamGet, teamList, userGet, userList, userMe, workspaceGet, workspaceList } from "./people.js"
import {
  commentCreate,
  commentDelete,
  commentGet,
  commentList,
  commentUpdate,
  storyCreate,
  storyDelete,
  storyGet,
  storyList,
  storyUpdate,
  storyViews
} from "./stories.js"
import { tagCreate, tagDelete, tagGet, tagList, tagTaskAdd, tagTaskList, tagTaskRemove, tagTasks, tagUpdate, tagViews } from "./tags.js"

export const taskmgrOperations = {
  userMe,
  userGet,
  userList,
  teamList,
  teamGet,
  workspaceList,
  workspaceGet,
  tagList,
  tagGet,
  tagCreate,
  tagUpdate,
  tagDelete,
  tagTaskList,
  tagTaskAdd,
  tagTaskRemove,
  tagTasks,
  storyList,
  storyGet,
  storyCreate,
  storyUpdate,
  storyDelete,
  commentList,
  commentGet,
  commentCreate,
  commentUpdate,
  commentDelete
} as const

export type TaskmgrOperations = typeof taskmgrOperations

export const taskmgrViews: ReadonlyArray<AnyView> = [...peopleViews, ...tagViews, ...storyViews]

/** One line per command group for `taskmgr --help`. */
export const taskmgrGroups: Readonly<Record<string, string>> = {
  user: "Users (read-only)",
  team: "Teams (read-only)",
  workspace: "Workspaces (read-only)",
  tag: "Tags, the tasks they mark, and the tags of a task",
  "tag task": "The tasks of a tag: list, add, remove",
  story: "Stories: a task's activity feed (comments and system stories)",
  comment: "Comments on tasks (only your own can be changed)"
}
