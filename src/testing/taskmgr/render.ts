/**
 * Records as the service sends them. `full` is what a get, create or update
 * answers; `compact` is the small default set of a list. Nested records are
 * compact references (refs.ts); opt-fields.ts expands them for dotted
 * `opt_fields`.
 */
import { isoTime } from "../core/clock.js"
import type { Project, Section, Story, Tag, Task, TaskmgrState, Team, User, UserTaskList, Workspace } from "./model.js"
import type { RenderContext, ResourceType, Wire } from "./refs.js"
import { projectRef, sectionRef, tagRef, taskRef, teamRef, userRef, workspaceRef } from "./refs.js"
import { latestStatus, statusCompact } from "./render-goals.js"
import { taskCustomFields } from "./task-custom-fields.js"

const time = (ms: number | null): string | null => (ms === null ? null : isoTime(ms))

export const fullUser = (ctx: RenderContext, user: User): Wire => ({
  gid: user.gid,
  resource_type: "user",
  name: user.name,
  email: user.email,
  photo: null,
  workspaces: user.workspaces.map((gid) => workspaceRef(ctx.state, gid))
})

export const fullWorkspace = (_ctx: RenderContext, workspace: Workspace): Wire => ({
  gid: workspace.gid,
  resource_type: "workspace",
  name: workspace.name,
  is_organization: workspace.is_organization,
  email_domains: workspace.email_domains
})

export const fullTeam = (ctx: RenderContext, team: Team): Wire => ({
  gid: team.gid,
  resource_type: "team",
  name: team.name,
  description: team.description,
  html_description: `<body>${team.description}</body>`,
  organization: workspaceRef(ctx.state, team.workspace),
  permalink_url: `${ctx.app_url}/0/team/${team.gid}`,
  visibility: "request_to_join"
})

export const projectUrl = (ctx: RenderContext, gid: string): string => `${ctx.app_url}/0/${gid}/list`

export const fullProject = (ctx: RenderContext, project: Project): Wire => ({
  gid: project.gid,
  resource_type: "project",
  name: project.name,
  archived: project.archived,
  color: project.color,
  created_at: time(project.created_at),
  modified_at: time(project.modified_at),
  default_view: project.default_view,
  due_on: project.due_on,
  start_on: project.start_on,
  notes: project.notes,
  html_notes: project.html_notes,
  public: project.public,
  privacy_setting: project.public ? "public_to_workspace" : "private",
  owner: userRef(ctx.state, project.owner),
  // The description documents team as a record, never null: a project of a workspace that is not an
  // organization has no team and leaves the field out.
  team: project.team === null ? undefined : teamRef(ctx.state, project.team),
  workspace: workspaceRef(ctx.state, project.workspace),
  followers: project.followers.map((gid) => userRef(ctx.state, gid)),
  members: project.members.map((gid) => userRef(ctx.state, gid)),
  current_status_update: statusCompact(latestStatus(ctx.state, project.gid)),
  permalink_url: projectUrl(ctx, project.gid)
})

export const fullSection = (ctx: RenderContext, section: Section): Wire => ({
  gid: section.gid,
  resource_type: "section",
  name: section.name,
  created_at: time(section.created_at),
  project: projectRef(ctx.state, section.project),
  projects: [projectRef(ctx.state, section.project)]
})

export const fullTag = (ctx: RenderContext, tag: Tag): Wire => ({
  gid: tag.gid,
  resource_type: "tag",
  name: tag.name,
  color: tag.color,
  notes: tag.notes,
  created_at: time(tag.created_at),
  followers: tag.followers.map((gid) => userRef(ctx.state, gid)),
  workspace: workspaceRef(ctx.state, tag.workspace),
  permalink_url: `${ctx.app_url}/0/tag/${tag.gid}/list`
})

export const subtasksOf = (state: TaskmgrState, gid: string): Array<Task> =>
  [...state.tasks.values()].filter((task) => task.parent === gid)

export const dependentsOf = (state: TaskmgrState, gid: string): Array<Task> =>
  [...state.tasks.values()].filter((task) => task.dependencies.includes(gid))

export const fullTask = (ctx: RenderContext, task: Task): Wire => {
  const { state } = ctx
  const home = task.memberships[0]?.project ?? "0"
  return {
    gid: task.gid,
    resource_type: "task",
    name: task.name,
    resource_subtype: task.resource_subtype,
    approval_status: task.resource_subtype === "approval" ? "pending" : undefined,
    assignee: userRef(state, task.assignee),
    // The description allows only its enum here, never null: an unassigned task is "upcoming".
    assignee_status: task.assignee === null ? "upcoming" : "inbox",
    completed: task.completed,
    completed_at: time(task.completed_at),
    created_at: time(task.created_at),
    created_by: task.created_by === null ? null : { gid: task.created_by, resource_type: "user" },
    modified_at: time(task.modified_at),
    due_on: task.due_on,
    due_at: task.due_at,
    start_on: task.start_on,
    start_at: null,
    notes: task.notes,
    html_notes: task.html_notes,
    liked: task.liked,
    num_likes: task.liked ? 1 : 0,
    num_subtasks: subtasksOf(state, task.gid).length,
    parent: taskRef(state, task.parent),
    projects: task.memberships.map((m) => projectRef(state, m.project)),
    // The service documents section as a record, never null: a task in a project without sections has none.
    memberships: task.memberships.map((m) => ({
      project: projectRef(state, m.project),
      ...(m.section === null ? {} : { section: sectionRef(state, m.section) })
    })),
    tags: task.tags.map((gid) => tagRef(state, gid)),
    followers: task.followers.map((gid) => userRef(state, gid)),
    // The service documents these as bare resources (gid and type); opt_fields expands them.
    dependencies: task.dependencies.map((gid) => ({ gid, resource_type: "task" })),
    dependents: dependentsOf(state, task.gid).map((t) => ({ gid: t.gid, resource_type: "task" })),
    custom_fields: taskCustomFields(ctx, task),
    workspace: workspaceRef(state, task.workspace),
    permalink_url: `${ctx.app_url}/0/${home}/${task.gid}`
  }
}

export const fullStory = (ctx: RenderContext, story: Story, caller: string): Wire => ({
  gid: story.gid,
  resource_type: "story",
  created_at: time(story.created_at),
  created_by: userRef(ctx.state, story.created_by),
  resource_subtype: story.resource_subtype,
  type: story.type,
  text: story.text,
  html_text: story.html_text,
  is_editable: story.type === "comment" && story.created_by === caller,
  is_edited: story.is_edited,
  is_pinned: story.is_pinned,
  // Only the description's sticker names, never null: a story without a sticker leaves the field out.
  sticker_name: story.sticker_name ?? undefined,
  target: taskRef(ctx.state, story.task)
})

export const fullUserTaskList = (ctx: RenderContext, list: UserTaskList): Wire => ({
  gid: list.gid,
  resource_type: "user_task_list",
  name: "My Tasks",
  owner: userRef(ctx.state, list.owner),
  workspace: workspaceRef(ctx.state, list.workspace)
})

/** The default fields of a list record, besides gid and resource_type. */
export const COMPACT_FIELDS: Readonly<Record<ResourceType, ReadonlyArray<string>>> = {
  user: ["name"],
  workspace: ["name"],
  team: ["name"],
  project: ["name"],
  section: ["name"],
  tag: ["name"],
  task: ["name", "resource_subtype"],
  story: ["created_at", "created_by", "resource_subtype", "text", "type"],
  user_task_list: ["name"],
  goal: ["name", "owner"],
  portfolio: ["name"],
  status_update: ["title", "resource_subtype"]
}
