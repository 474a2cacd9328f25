/**
 * The task-management registry: every wrapped operation once, and how the
 * front ends show each. The library (api.ts), the CLI (cli.ts) and the tool
 * server (mcp.ts) all walk it.
 */
import type { AnyView } from "../core/view.js"
import { peopleViews, teamGet, teamList, userGet, userList, userMe, workspaceGet, workspaceList } from "./people.js"
import { projectCounts, projectCreate, projectDelete, projectGet, projectList, projectSearch, projectUpdate, projectViews } from "./projects.js"
import { sectionCreate, sectionDelete, sectionGet, sectionList, sectionMove, sectionTaskAdd, sectionUpdate, sectionViews } from "./sections.js"

export const taskmgrOperations = {
  userMe,
  userGet,
  userList,
  teamList,
  teamGet,
  workspaceList,
  workspaceGet,
  projectList,
  projectGet,
  projectCounts,
  projectSearch,
  projectCreate,
  projectUpdate,
  projectDelete,
  sectionList,
  sectionGet,
  sectionCreate,
  sectionUpdate,
  sectionMove,
  sectionDelete,
  sectionTaskAdd
} as const

export type TaskmgrOperations = typeof taskmgrOperations

export const taskmgrViews: ReadonlyArray<AnyView> = [...peopleViews, ...projectViews, ...sectionViews]

/** One line per command group for `taskmgr --help`. */
export const taskmgrGroups: Readonly<Record<string, string>> = {
  user: "Users (read-only)",
  team: "Teams (read-only)",
  workspace: "Workspaces (read-only)",
  project: "Projects: list, read, search, create, change, delete",
  section: "Sections of a project, and putting tasks into them",
  "section task": "Tasks in a section"
}
