/**
 * How records point at each other on the wire: the compact references
 * (`{gid, resource_type, name}`) every full record is built from, and what
 * rendering needs to know (the state, the app host URLs are built on).
 */
import type { TaskmgrState } from "./model.js"

export type Wire = Record<string, unknown>

export interface RenderContext {
  readonly state: TaskmgrState
  /** The app host task and project URLs are built on (the simulator's own origin). */
  readonly app_url: string
}

export type ResourceType =
  | "user"
  | "workspace"
  | "team"
  | "project"
  | "section"
  | "tag"
  | "task"
  | "story"
  | "user_task_list"
  | "goal"
  | "portfolio"
  | "status_update"

export const userRef = (state: TaskmgrState, gid: string | null): Wire | null => {
  if (gid === null) return null
  return { gid, resource_type: "user", name: state.users.get(gid)?.name ?? "Former member" }
}

const ref = (resource_type: ResourceType, gid: string | null, name: string | undefined): Wire | null =>
  gid === null ? null : { gid, resource_type, name: name ?? "" }

export const teamRef = (state: TaskmgrState, gid: string): Wire | null => ref("team", gid, state.teams.get(gid)?.name)
export const workspaceRef = (state: TaskmgrState, gid: string): Wire | null =>
  ref("workspace", gid, state.workspaces.get(gid)?.name)
export const projectRef = (state: TaskmgrState, gid: string): Wire | null =>
  ref("project", gid, state.projects.get(gid)?.name)
export const sectionRef = (state: TaskmgrState, gid: string | null): Wire | null =>
  ref("section", gid, gid === null ? undefined : state.sections.get(gid)?.name)
export const tagRef = (state: TaskmgrState, gid: string): Wire | null => ref("tag", gid, state.tags.get(gid)?.name)
export const taskRef = (state: TaskmgrState, gid: string | null): Wire | null => {
  if (gid === null) return null
  const task = state.tasks.get(gid)
  return {
    gid,
    resource_type: "task",
    name: task?.name ?? "",
    resource_subtype: task?.resource_subtype ?? "default_task"
  }
}
