/**
 * The task-manager registry's group modules, each loaded only when a command
 * or tool of it is used (core/cli/command-index.ts). operations.ts lists the same
 * views eagerly for the library and the tool server; the registry test checks
 * that both agree. A new group is one line here and one in operations.ts.
 */
import type { GroupModules } from "../core/view.js"

export const taskmgrGroupModules: GroupModules = {
  people: () => import("./groups/people.js").then((m) => m.peopleViews),
  projects: () => import("./groups/projects.js").then((m) => m.projectViews),
  sections: () => import("./groups/sections.js").then((m) => m.sectionViews),
  tasks: () => import("./groups/tasks.js").then((m) => m.taskViews),
  "task-links": () => import("./groups/task-links.js").then((m) => m.taskLinkViews),
  tags: () => import("./groups/tags.js").then((m) => m.tagViews),
  stories: () => import("./groups/stories.js").then((m) => m.storyViews),
  goals: () => import("./groups/goals.js").then((m) => m.goalViews),
  portfolios: () => import("./groups/portfolios.js").then((m) => m.portfolioViews),
  "status-updates": () => import("./groups/status-updates.js").then((m) => m.statusViews),
  "custom-fields": () => import("./groups/custom-fields.js").then((m) => m.customFieldViews),
  memberships: () => import("./groups/memberships.js").then((m) => m.membershipViews),
  ooo: () => import("./groups/ooo.js").then((m) => m.oooViews),
  attachments: () => import("./groups/attachments.js").then((m) => m.attachmentViews),
  events: () => import("./groups/events.js").then((m) => m.eventViews),
  "project-export": () => import("./local/project-export.js").then((m) => [m.projectExportView]),
  "scan-todos": () => import("./local/scan-todos.js").then((m) => [m.scanTodosView]),
  templates: () => import("./groups/templates.js").then((m) => m.templateViews),
  rules: () => import("./groups/rules.js").then((m) => m.ruleViews),
  typeahead: () => import("./groups/typeahead.js").then((m) => m.typeaheadViews),
  urls: () => import("./groups/urls.js").then((m) => m.urlViews)
}

/** One line per command group for `taskmgr --help`. */
export const taskmgrGroups: Readonly<Record<string, string>> = {
  user: "Users (read-only)",
  team: "Teams (read-only)",
  workspace: "Workspaces (read-only)",
  tag: "Tags, the tasks they mark, and the tags of a task",
  "tag task": "The tasks of a tag: list, add, remove",
  story: "Stories: a task's activity feed (comments and system stories)",
  comment: "Comments on tasks (only your own can be changed)",
  task: "Tasks: list, read, search, create, change, delete, and their links",
  "task my-tasks": "Your My Tasks list",
  "task subtask": "Subtasks of a task",
  "task project": "The projects a task is in",
  "task follower": "The followers of a task",
  "task dependency": "Tasks a task waits on",
  "task dependent": "Tasks that wait on a task",
  project: "Projects: list, read, search, create, change, delete",
  section: "Sections of a project, and putting tasks into them",
  "section task": "Tasks in a section",
  goal: "Goals: list, read, create, change, delete",
  portfolio: "Portfolios and their projects",
  status: "Status updates of projects, portfolios and goals, and the roll-up overview",
  "custom-field": "Custom fields: a workspace's, and those on a project, portfolio, goal or team",
  membership: "Who has access to a project, portfolio or goal",
  ooo: "Out-of-office entries",
  attachment: "Files and links attached to tasks: list, get, upload or link, delete",
  event: "Changes to a task or project since a sync token (--follow to keep watching)",
  "task-template": "Task templates: list, read, make a task from one",
  "project-template": "Project templates: list, read, make a project from one",
  job: "Jobs: the service's asynchronous work (template instantiations)",
  rule: "Rules: fire a rule's web-request trigger",
  search: "Typeahead: objects of one type by name",
  url: "App URLs: what one names"
}
