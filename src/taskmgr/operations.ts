/**
 * The task-management registry: every wrapped operation once, and how the
 * front ends show each. The library (api.ts), the CLI (cli.ts) and the tool
 * server (mcp.ts) all walk it.
 */
import type { AnyView } from "../core/view.js"
import { peopleViews, teamGet, teamList, userGet, userList, userMe, workspaceGet, workspaceList } from "./people.js"

export const taskmgrOperations = {
  userMe,
  userGet,
  userList,
  teamList,
  teamGet,
  workspaceList,
  workspaceGet
} as const

export type TaskmgrOperations = typeof taskmgrOperations

export const taskmgrViews: ReadonlyArray<AnyView> = [...peopleViews]

/** One line per command group for `taskmgr --help`. */
export const taskmgrGroups: Readonly<Record<string, string>> = {
  user: "Users (read-only)",
  team: "Teams (read-only)",
  workspace: "Workspaces (read-only)"
}
