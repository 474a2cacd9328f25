/** Users, teams and workspaces (read-only in the wrapper). */
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import { invalidInput } from "../../core/errors.js"
import { pathOf } from "../../core/http/pipeline.js"
import { view } from "../../core/view.js"
import { listFields, taskmgrList, taskmgrOperation } from "../define.js"
import { columnsOf, Gid, UserGid } from "../records/records.js"
import { Team, User, Workspace } from "../records/typed-records.js"
import { Ref } from "../refs.js"
import type { TaskmgrClient } from "../service.js"

/** The workspace to use: the one given, else the configured one. */
export const workspaceOf = (client: TaskmgrClient, given: string | undefined) =>
  given !== undefined
    ? Effect.succeed(given)
    : Option.match(client.settings.workspace, {
      onNone: () =>
        Effect.fail(invalidInput("No workspace_gid is given or configured (TASKMGR_WORKSPACE).", "workspace_gid")),
      onSome: Effect.succeed
    })

const WorkspaceGid = Schema.optional(Gid.annotations({ description: "The workspace (default: the configured one)" }))

export const userMe = taskmgrOperation({
  name: "userMe",
  group: "users",
  summary: "The token's user, with their workspaces.",
  input: Schema.Struct({}),
  impact: "read",
  idempotent: true,
  subject: () => "the current user",
  request: () => ({ method: "GET", path: "/users/me" }),
  data: User
})

export const userGet = taskmgrOperation({
  name: "userGet",
  group: "users",
  summary: "One user.",
  input: Schema.Struct({ user_gid: UserGid }),
  impact: "read",
  idempotent: true,
  subject: (i) => `user ${i.user_gid}`,
  request: (i) => ({ method: "GET", path: `/users/${pathOf(i.user_gid)}` }),
  data: User
})

export const userList = taskmgrList({
  name: "userList",
  group: "users",
  summary: "Users of a workspace.",
  input: Schema.Struct({ workspace_gid: WorkspaceGid, ...listFields }),
  subject: (i) => `users of workspace ${i.workspace_gid ?? ""}`.trim(),
  request: (i, client) =>
    Effect.map(
      workspaceOf(client, i.workspace_gid),
      // GET /users?workspace= pages by offset; the description gives /workspaces/{gid}/users no paging at all.
      (w) => ({ method: "GET" as const, path: "/users", query: { workspace: w } })
    ),
  item: User,
  defaultFields: ["name", "email"],
  itemsKey: "users"
})

export const teamList = taskmgrList({
  name: "teamList",
  group: "teams",
  summary: "Teams of a workspace.",
  input: Schema.Struct({ workspace_gid: WorkspaceGid, ...listFields }),
  subject: (i) => `teams of workspace ${i.workspace_gid ?? ""}`.trim(),
  request: (i, client) =>
    Effect.map(
      workspaceOf(client, i.workspace_gid),
      (w) => ({ method: "GET" as const, path: `/workspaces/${pathOf(w)}/teams` })
    ),
  item: Team,
  defaultFields: ["name", "description"],
  itemsKey: "teams"
})

export const teamGet = taskmgrOperation({
  name: "teamGet",
  group: "teams",
  summary: "One team.",
  input: Schema.Struct({ team_gid: Ref("team") }),
  impact: "read",
  idempotent: true,
  subject: (i) => `team ${i.team_gid}`,
  request: (i) => ({ method: "GET", path: `/teams/${pathOf(i.team_gid)}` }),
  data: Team
})

export const workspaceList = taskmgrList({
  name: "workspaceList",
  group: "workspaces",
  summary: "The workspaces the token can see.",
  input: Schema.Struct({ ...listFields }),
  subject: () => "workspaces",
  request: () => ({ method: "GET", path: "/workspaces" }),
  item: Workspace,
  defaultFields: ["name", "is_organization"],
  itemsKey: "workspaces"
})

export const workspaceGet = taskmgrOperation({
  name: "workspaceGet",
  group: "workspaces",
  summary: "One workspace.",
  input: Schema.Struct({ workspace_gid: Gid.annotations({ description: "The workspace's gid" }) }),
  impact: "read",
  idempotent: true,
  subject: (i) => `workspace ${i.workspace_gid}`,
  request: (i) => ({ method: "GET", path: `/workspaces/${pathOf(i.workspace_gid)}` }),
  data: Workspace
})

const rows = (columns: ReadonlyArray<string>) => (o: { readonly items: ReadonlyArray<object> }) =>
  o.items.map((item) => columnsOf(item, columns))

export const views = [
  view(userMe, {
    command: ["user", "me"],
    text: { kind: "record" },
    examples: ["taskmgr user me"]
  }),
  view(userGet, {
    command: ["user", "get"],
    positional: ["user_gid"],
    text: { kind: "record" },
    examples: ["taskmgr user get me"]
  }),
  view(userList, {
    command: ["user", "list"],
    text: { kind: "table", rows: rows(["gid", "name", "email"]), columns: ["gid", "name", "email"], noun: "users" },
    examples: ["taskmgr user list --workspace-gid 1200000000000101"]
  }),
  view(teamList, {
    command: ["team", "list"],
    text: { kind: "table", rows: rows(["gid", "name"]), columns: ["gid", "name"], noun: "teams" },
    examples: ["taskmgr team list"]
  }),
  view(teamGet, {
    command: ["team", "get"],
    positional: ["team_gid"],
    text: { kind: "record" },
    examples: ["taskmgr team get 1200000000000201"]
  }),
  view(workspaceList, {
    command: ["workspace", "list"],
    text: {
      kind: "table",
      rows: rows(["gid", "name", "is_organization"]),
      columns: ["gid", "name", "is_organization"],
      noun: "workspaces"
    },
    examples: ["taskmgr workspace list"]
  }),
  view(workspaceGet, {
    command: ["workspace", "get"],
    positional: ["workspace_gid"],
    text: { kind: "record" },
    examples: ["taskmgr workspace get 1200000000000101"]
  })
] as const

/** Help's line for each command group of this module (`taskmgr --help`). */
export const commandGroups: { readonly [words: string]: string } = {
  user: "Users (read-only)",
  team: "Teams (read-only)",
  workspace: "Workspaces (read-only)"
}
