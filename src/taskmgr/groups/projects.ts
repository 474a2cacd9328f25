/**
 * Projects: list (a workspace's or a team's), get, task counts, search
 * (premium, paced with the search budget), create, update and delete.
 * Project arguments take a gid or a project URL.
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { CalendarDate } from "../../core/calendar.js"
import { pathOf } from "../../core/http/pipeline.js"
import { absentIsDone } from "../../core/operation.js"
import { view } from "../../core/view.js"
import { PREMIUM } from "../classify.js"
import { dataBody, listFields, taskmgrList, taskmgrOperation } from "../define.js"
import { notBoth, rules, someOf } from "../input-rules.js"
import { Gid, GidOrUrl, NonBlank, Toggle, UserGid } from "../records/records.js"
import { Project } from "../records/typed-records.js"
import { Ref } from "../refs.js"
import { gidNamed } from "../refs.js"
import { HtmlNotes } from "../rich-text.js"
import { pagedSearch, SEARCH_MAX } from "../search.js"
import { workspaceOf } from "./people.js"
import { COLOR_WORDS } from "./portfolios.js"

const ProjectGid = GidOrUrl.annotations({ description: "Gid or URL" })
const WorkspaceGid = Gid.annotations({ description: "The workspace (default: the configured one)" })
const TeamGid = Ref("team")

/** The writable project fields the wrapper offers, shared by create and update (wire names). */
const writable = {
  notes: Schema.optional(Schema.String.annotations({ description: "Description, plain text" })),
  html_notes: Schema.optional(HtmlNotes),
  color: Schema.optional(
    Schema.String.pipe(
      Schema.pattern(/^[a-z-]+$/, { message: () => "must be a colour name such as light-green or none" })
    )
      .annotations({ description: `${COLOR_WORDS}, or none` })
  ),
  privacy_setting: Schema.optional(
    Schema.Literal("public_to_workspace", "private_to_team", "private").annotations({
      description: "Who can see the project"
    })
  ),
  public: Schema.optional(Toggle.annotations({ description: "true: public to the workspace; false: members only" })),
  archived: Schema.optional(Toggle.annotations({ description: "true: archive it; false: restore it" })),
  default_view: Schema.optional(
    Schema.Literal("list", "board", "calendar", "timeline").annotations({ description: "The view it opens in" })
  ),
  due_on: Schema.optional(CalendarDate.annotations({ description: "Due date, YYYY-MM-DD" })),
  start_on: Schema.optional(CalendarDate.annotations({ description: "Start date (needs due_on)" })),
  owner: Schema.optional(UserGid.annotations({ description: "Owner: a user gid, or me" })),
  followers: Schema.optional(Schema.Array(UserGid).annotations({ description: "Followers to add: user gids, or me" }))
}

const UPDATABLE = Object.keys(writable)

type Writable = { readonly [K in keyof typeof writable]?: Schema.Schema.Type<(typeof writable)[K]> }

const bodyOf = (input: Writable & { readonly name?: string | undefined }) => ({
  name: input.name,
  notes: input.notes,
  html_notes: input.html_notes,
  color: input.color,
  privacy_setting: input.privacy_setting,
  public: input.public,
  archived: input.archived,
  default_view: input.default_view,
  due_on: input.due_on,
  start_on: input.start_on,
  owner: input.owner,
  followers: input.followers
})

export const projectList = taskmgrList({
  name: "projectList",
  group: "projects",
  summary: "Projects of a workspace, or of a team.",
  input: Schema.Struct({
    workspace_gid: Schema.optional(WorkspaceGid),
    team: Schema.optional(TeamGid.annotations({ description: "Team gid: list this team's projects instead" })),
    archived: Schema.optional(
      Toggle.annotations({ description: "Only archived (true) or only active (false) projects" })
    ),
    ...listFields
  }),
  subject: (
    i
  ) => (i.team !== undefined ? `projects of team ${i.team}` : `projects of workspace ${i.workspace_gid ?? ""}`.trim()),
  request: (i, client) =>
    i.team !== undefined
      // A team belongs to one workspace: it alone scopes the list.
      ? { method: "GET", path: "/projects", query: { team: i.team, workspace: i.workspace_gid, archived: i.archived } }
      : Effect.map(workspaceOf(client, i.workspace_gid), (workspace) => ({
        method: "GET" as const,
        path: "/projects",
        query: { workspace, archived: i.archived }
      })),
  item: Project,
  defaultFields: ["name", "archived", "team.name"],
  itemsKey: "projects"
})

export const projectGet = taskmgrOperation({
  name: "projectGet",
  group: "projects",
  summary: "One project.",
  input: Schema.Struct({ project_gid: ProjectGid }),
  impact: "read",
  idempotent: true,
  gids: { project_gid: "project" },
  subject: (i) => `project ${i.project_gid}`,
  request: (i) => ({ method: "GET", path: `/projects/${pathOf(i.project_gid)}` }),
  data: Project
})

const COUNT_FIELDS = [
  "num_tasks",
  "num_incomplete_tasks",
  "num_completed_tasks",
  "num_milestones",
  "num_incomplete_milestones",
  "num_completed_milestones"
] as const

const TaskCounts = Schema.Struct(
  Object.fromEntries(COUNT_FIELDS.map((field) => [field, Schema.optional(Schema.Number)])) as {
    readonly [K in (typeof COUNT_FIELDS)[number]]: Schema.optional<typeof Schema.Number>
  }
)

export const projectCounts = taskmgrOperation({
  name: "projectCounts",
  group: "projects",
  summary: "Task and milestone counts of a project.",
  input: Schema.Struct({
    project_gid: ProjectGid,
    fields: Schema.optional(
      Schema.Array(Schema.Literal(...COUNT_FIELDS)).annotations({ description: "Counts to return (default: all)" })
    )
  }),
  impact: "read",
  idempotent: true,
  gids: { project_gid: "project" },
  subject: (i) => `task counts of project ${i.project_gid}`,
  // The service answers nothing unless opt_fields names the counts.
  request: (i) => ({
    method: "GET",
    path: `/projects/${pathOf(i.project_gid)}/task_counts`,
    query: { opt_fields: i.fields ?? COUNT_FIELDS }
  }),
  data: TaskCounts
})

const ProjectSearchInput = Schema.Struct({
  text: Schema.optional(Schema.String.annotations({ description: "Words in the name or description" })),
  workspace_gid: Schema.optional(WorkspaceGid),
  completed: Schema.optional(
    Toggle.annotations({ description: "Only completed (true) or incomplete (false) projects" })
  ),
  sort_by: Schema.optional(
    Schema.Literal("due_date", "created_at", "completed_at", "modified_at").annotations({
      description: "Order (default: newest first; another order is one page)"
    })
  ),
  sort_ascending: Schema.optional(Schema.Boolean.annotations({ description: "Oldest first (one page)" })),
  limit: Schema.optional(
    Schema.Int.pipe(Schema.between(1, SEARCH_MAX)).annotations({
      description: "Results (default and most: 100)"
    })
  ),
  fields: listFields.fields
})

/** Newest first by creation time: the order pages are bounded in. */
const newestFirst = (i: typeof ProjectSearchInput.Type) =>
  (i.sort_by === undefined || i.sort_by === "created_at") && i.sort_ascending !== true

const projectSearchPage = taskmgrOperation({
  name: "projectSearchPage",
  group: "projects",
  summary: "One page of a project search.",
  input: Schema.Struct({ ...ProjectSearchInput.fields, before: Schema.optional(Schema.String) }),
  impact: "read",
  idempotent: true,
  search: true,
  planGate: PREMIUM,
  subject: (i) => `project search${i.text === undefined ? "" : ` for "${i.text}"`}`,
  request: (i, client) =>
    Effect.map(workspaceOf(client, i.workspace_gid), (workspace) => {
      const fields = i.fields ?? ["name", "archived", "team.name"]
      return {
        method: "GET" as const,
        path: `/workspaces/${pathOf(workspace)}/projects/search`,
        query: {
          text: i.text,
          completed: i.completed,
          "created_at.before": i.before,
          sort_by: i.sort_by ?? "created_at",
          sort_ascending: i.sort_ascending ?? false,
          limit: i.limit ?? SEARCH_MAX,
          // The page's bound is read from created_at: always ask for it.
          opt_fields: fields.includes("created_at") ? fields : [...fields, "created_at"]
        }
      }
    }),
  data: Schema.Array(Project)
})

export const projectSearch = pagedSearch({
  name: "projectSearch",
  group: "projects",
  summary: "Search a workspace's projects (paid workspaces only), newest first.",
  input: ProjectSearchInput,
  itemsKey: "projects",
  newestFirst
}, projectSearchPage)

export const projectCreate = taskmgrOperation({
  name: "projectCreate",
  group: "projects",
  summary: "Create a project in a workspace (an organization's needs a team).",
  input: Schema.Struct({
    name: NonBlank.annotations({ description: "Project name" }),
    workspace_gid: Schema.optional(WorkspaceGid),
    team: Schema.optional(TeamGid.annotations({ description: "Team gid (required in an organization)" })),
    ...writable
  }).pipe(Schema.filter(rules(notBoth("notes", "html_notes")))),
  impact: "write",
  idempotent: false,
  subject: (i) => `new project "${i.name}"`,
  request: (i, client) =>
    Effect.gen(function*() {
      // With a team the team's workspace is implied: the configured default is sent only when there is no team.
      const workspace = i.team === undefined ? yield* workspaceOf(client, i.workspace_gid) : i.workspace_gid
      return { method: "POST" as const, path: "/projects", body: dataBody({ ...bodyOf(i), workspace, team: i.team }) }
    }),
  data: Project
})

export const projectUpdate = taskmgrOperation({
  name: "projectUpdate",
  group: "projects",
  summary: "Change a project's fields.",
  input: Schema.Struct({
    project_gid: ProjectGid,
    name: Schema.optional(NonBlank.annotations({ description: "New name" })),
    team: Schema.optional(TeamGid.annotations({ description: "Move to this team" })),
    ...writable
  }).pipe(
    Schema.filter(rules(someOf(["name", "team", ...UPDATABLE], "nothing to update"), notBoth("notes", "html_notes")))
  ),
  impact: "write",
  idempotent: true,
  gids: { project_gid: "project" },
  subject: (i) => `project ${i.project_gid}`,
  request: (i) => ({
    method: "PUT",
    path: `/projects/${pathOf(i.project_gid)}`,
    body: dataBody({ ...bodyOf(i), team: i.team })
  }),
  data: Project
})

export const projectDelete = absentIsDone(
  taskmgrOperation({
    name: "projectDelete",
    group: "projects",
    summary: "Delete a project with its sections.",
    input: Schema.Struct({ project_gid: ProjectGid }),
    impact: "destroy",
    idempotent: true,
    gids: { project_gid: "project" },
    subject: (i) => `project ${i.project_gid}`,
    request: (i) => ({ method: "DELETE", path: `/projects/${pathOf(i.project_gid)}` }),
    data: Schema.Struct({})
  }),
  (i) => ({ project_gid: gidNamed(i.project_gid, "project") })
)

const nameOf = (value: unknown) =>
  typeof value === "object" && value !== null && "name" in value ? (value as { readonly name: unknown }).name : value

const projectRows = (items: ReadonlyArray<Project>) =>
  items.map((p) => ({ gid: p.gid, name: p.name, archived: p.archived, team: nameOf(p.team) }))

const writableNames = {
  public: "true|false",
  archived: "true|false",
  due_on: "YYYY-MM-DD",
  start_on: "YYYY-MM-DD",
  owner: "GID|me",
  followers: "GID|me"
} as const

export const views = [
  view(projectList, {
    command: ["project", "list"],
    valueNames: { workspace_gid: "GID", team: "GID", archived: "true|false" },
    text: {
      kind: "table",
      rows: (o) => projectRows(o.items),
      columns: ["gid", "name", "archived", "team"],
      noun: "projects"
    },
    examples: ["taskmgr project list", "taskmgr project list --team 1200000000000201 --archived false --all"]
  }),
  view(projectGet, {
    command: ["project", "get"],
    positional: ["project_gid"],
    text: { kind: "record" },
    examples: [
      "taskmgr project get 1200000000000301",
      "taskmgr project get https://app.example.com/0/1200000000000301/list"
    ]
  }),
  view(projectCounts, {
    command: ["project", "counts"],
    positional: ["project_gid"],
    text: { kind: "record" },
    examples: ["taskmgr project counts 1200000000000301"]
  }),
  view(projectSearch, {
    command: ["project", "search"],
    positional: ["text"],
    valueNames: { workspace_gid: "GID", completed: "true|false" },
    text: {
      kind: "table",
      rows: (o) => projectRows(o.items),
      columns: ["gid", "name", "archived", "team"],
      noun: "projects"
    },
    examples: ["taskmgr project search launch", "taskmgr project search --completed false --sort-by modified_at"]
  }),
  view(projectCreate, {
    command: ["project", "create"],
    positional: ["name"],
    valueNames: { ...writableNames, workspace_gid: "GID", team: "GID" },
    text: { kind: "record" },
    examples: [
      "taskmgr project create 'Q3 roadmap' --team 1200000000000201",
      "taskmgr project create Launch --html-notes '<body><strong>Ship</strong> it</body>' --team 1200000000000201 --color light-green"
    ]
  }),
  view(projectUpdate, {
    command: ["project", "update"],
    positional: ["project_gid"],
    valueNames: { ...writableNames, team: "GID" },
    text: { kind: "record" },
    examples: [
      "taskmgr project update 1200000000000301 --name 'Launch plan v2'",
      "taskmgr project update 1200000000000301 --archived true"
    ]
  }),
  view(projectDelete, {
    command: ["project", "delete"],
    positional: ["project_gid"],
    text: { kind: "record" },
    examples: ["taskmgr project delete 1200000000000301"]
  })
] as const

/** Help's line for each command group of this module (`taskmgr --help`). */
export const commandGroups: { readonly [words: string]: string } = {
  project: "Projects: list, read, search, create, change, delete"
}
