/**
 * The task-management simulator's world: plain records keyed by gid, the
 * tokens and OAuth grants, and the rate-limit buckets. Records hold gids of
 * what they point at; render.ts turns them into wire records.
 */
import type { Buckets } from "../core/bucket.js"
import { richText } from "./html.js"
import { type FieldsWorld, type FieldValue, makeFieldsWorld } from "./model-fields.js"
import { type Attachment, EventFeeds } from "./model-files.js"
import { type GoalsWorld, makeGoalsWorld } from "./model-goals.js"
import type { Job, ProjectTemplate, RuleTrigger, TaskTemplate } from "./model-templates.js"

export interface User {
  readonly gid: string
  name: string
  readonly email: string
  readonly workspaces: Array<string>
}

export interface Workspace {
  readonly gid: string
  name: string
  readonly is_organization: boolean
  /** Paid plan: search works and the rate limit is 1,500 a minute. */
  readonly premium: boolean
  readonly email_domains: Array<string>
}

export interface Team {
  readonly gid: string
  name: string
  readonly workspace: string
  description: string
}

export interface Project {
  readonly gid: string
  name: string
  readonly workspace: string
  team: string | null
  owner: string | null
  archived: boolean
  color: string | null
  notes: string
  html_notes: string
  public: boolean
  due_on: string | null
  start_on: string | null
  default_view: string
  followers: Array<string>
  members: Array<string>
  /** Section gids in display order. */
  sections: Array<string>
  readonly created_at: number
  modified_at: number
}

export interface Section {
  readonly gid: string
  name: string
  readonly project: string
  readonly created_at: number
}

export interface Tag {
  readonly gid: string
  name: string
  readonly workspace: string
  color: string | null
  notes: string
  followers: Array<string>
  readonly created_at: number
}

export interface Membership {
  readonly project: string
  section: string | null
}

export interface Task {
  readonly gid: string
  name: string
  resource_subtype: string
  notes: string
  html_notes: string
  completed: boolean
  completed_at: number | null
  assignee: string | null
  readonly workspace: string
  parent: string | null
  memberships: Array<Membership>
  tags: Array<string>
  followers: Array<string>
  /** Gids of the tasks this one waits on; dependents are derived. */
  dependencies: Array<string>
  due_on: string | null
  due_at: string | null
  start_on: string | null
  liked: boolean
  /** Custom field gid to this task's value (task-custom-fields.ts checks and renders them). */
  readonly custom_field_values: Map<string, FieldValue>
  readonly created_by: string | null
  readonly created_at: number
  modified_at: number
}

export type StoryKind = "comment" | "system"

export interface Story {
  readonly gid: string
  readonly task: string
  readonly type: StoryKind
  /** comment_added, assigned, due_date_changed, ... */
  readonly resource_subtype: string
  readonly created_by: string | null
  readonly created_at: number
  text: string
  html_text: string
  is_pinned: boolean
  sticker_name: string | null
  is_edited: boolean
}

export interface UserTaskList {
  readonly gid: string
  readonly owner: string
  readonly workspace: string
}

/** A new task: its gid, name, workspace, creator and time, nothing else yet; the creator follows it. */
export const newTask = (gid: string, name: string, workspace: string, creator: string, at: number): Task => ({
  gid,
  name,
  resource_subtype: "default_task",
  notes: "",
  html_notes: "<body></body>",
  completed: false,
  completed_at: null,
  assignee: null,
  workspace,
  parent: null,
  memberships: [],
  tags: [],
  followers: [creator],
  dependencies: [],
  due_on: null,
  due_at: null,
  start_on: null,
  liked: false,
  custom_field_values: new Map(),
  created_by: creator,
  created_at: at,
  modified_at: at
})

/** A new public project of `owner` (who follows it and is its one member), without notes, dates or sections. */
export const newProject = (
  gid: string,
  name: string,
  workspace: string,
  team: string | null,
  owner: string,
  at: number
): Project => ({
  gid,
  name,
  workspace,
  team,
  owner,
  archived: false,
  color: null,
  notes: "",
  html_notes: "<body></body>",
  public: true,
  due_on: null,
  start_on: null,
  default_view: "list",
  followers: [owner],
  members: [owner],
  sections: [],
  created_at: at,
  modified_at: at
})

/** A story on a task: a comment, or a system story recording a change. */
export const newStory = (
  gid: string,
  task: string,
  type: StoryKind,
  resource_subtype: string,
  author: string,
  at: number,
  text: string,
  html_text = richText(text)
): Story => ({
  gid,
  task,
  type,
  resource_subtype,
  created_by: author,
  created_at: at,
  text,
  html_text,
  is_pinned: false,
  sticker_name: null,
  is_edited: false
})

/** What a bearer token stands for. */
export interface TokenRecord {
  readonly user: string
  /** Simulator time after which it answers 401; null = never. */
  readonly expires_ms: number | null
  /** OAuth scopes; null = full access. */
  readonly scopes: ReadonlyArray<string> | null
  /** The OAuth grant it was issued under; revoking the grant kills it. */
  readonly grant: string | null
}

export interface OAuthClient {
  readonly id: string
  readonly secret: string
  /** "api": tokens work on the REST API; "mcp": an app for the hosted tool server, refused here. */
  readonly kind: "api" | "mcp"
}

export interface AuthCode {
  readonly client_id: string
  readonly redirect_uri: string
  readonly user: string
  readonly scopes: ReadonlyArray<string> | null
  readonly code_challenge: string | null
  readonly expires_ms: number
  used: boolean
}

export interface Grant {
  readonly id: string
  readonly client_id: string
  readonly user: string
  readonly scopes: ReadonlyArray<string> | null
  readonly refresh_token: string
  revoked: boolean
}

/** Custom fields, memberships and out-of-office entries: model-fields.ts; goals, portfolios and status updates: model-goals.ts. */
export interface TaskmgrState extends FieldsWorld, GoalsWorld {
  readonly users: Map<string, User>
  readonly workspaces: Map<string, Workspace>
  readonly teams: Map<string, Team>
  readonly projects: Map<string, Project>
  readonly sections: Map<string, Section>
  readonly tags: Map<string, Tag>
  readonly tasks: Map<string, Task>
  readonly stories: Map<string, Story>
  readonly userTaskLists: Map<string, UserTaskList>
  readonly taskTemplates: Map<string, TaskTemplate>
  readonly projectTemplates: Map<string, ProjectTemplate>
  readonly jobs: Map<string, Job>
  readonly ruleTriggers: Map<string, RuleTrigger>
  readonly tokens: Map<string, TokenRecord>
  readonly clients: Map<string, OAuthClient>
  readonly codes: Map<string, AuthCode>
  readonly grants: Map<string, Grant>
  readonly attachments: Map<string, Attachment>
  /** Resource gid → its events, oldest first (model-files.ts). */
  readonly eventFeeds: EventFeeds
  readonly buckets: Buckets
  /** Next gid handed out to a created record. */
  nextGid: bigint
  /** Counter mixed into issued codes and tokens. */
  nextSecret: number
}

export const makeEmptyState = (): TaskmgrState => ({
  users: new Map(),
  workspaces: new Map(),
  teams: new Map(),
  projects: new Map(),
  sections: new Map(),
  tags: new Map(),
  tasks: new Map(),
  stories: new Map(),
  userTaskLists: new Map(),
  taskTemplates: new Map(),
  projectTemplates: new Map(),
  jobs: new Map(),
  ruleTriggers: new Map(),
  tokens: new Map(),
  clients: new Map(),
  codes: new Map(),
  grants: new Map(),
  attachments: new Map(),
  eventFeeds: new EventFeeds(),
  buckets: new Map(),
  ...makeGoalsWorld(),
  ...makeFieldsWorld(),
  nextGid: 1300000000000001n,
  nextSecret: 1
})

/** Empties every store (the seed then refills them). */
export const clearState = (state: TaskmgrState): void => {
  for (const value of Object.values(state)) {
    if (value instanceof Map) value.clear()
  }
  state.nextGid = 1300000000000001n
  state.nextSecret = 1
}

export const newGid = (state: TaskmgrState): string => {
  const gid = state.nextGid.toString()
  state.nextGid += 1n
  return gid
}
