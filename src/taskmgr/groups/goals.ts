/**
 * Goals: list (a workspace's, a team's, or those a portfolio, project or task
 * supports), get, create, update and delete.
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { CalendarDate } from "../../core/calendar.js"
import { pathOf } from "../../core/http/pipeline.js"
import { absentIsDone } from "../../core/operation.js"
import { view } from "../../core/view.js"
import { dataBody, listFields, taskmgrList, taskmgrOperation } from "../define.js"
import { notAfter, notBoth, rules, someOf } from "../input-rules.js"
import { Gid, GidOrUrl, NonBlank, Toggle, UserGid } from "../records/records.js"
import { Goal } from "../records/typed-records.js"
import { gidNamed, Ref } from "../refs.js"
import { HtmlNotes } from "../rich-text.js"
import { workspaceOf } from "./people.js"

const GoalGid = Ref("goal")
const WorkspaceGid = Gid.annotations({ description: "The workspace (default: the configured one)" })

/** The goal's colour while open, or how it ended. */
export const GOAL_STATUSES = ["green", "yellow", "red", "achieved", "partial", "missed", "dropped"] as const

/** A goal with a team is a team goal, never workspace-level. */
const teamOrWorkspaceLevel = (input: object): Schema.FilterIssue | undefined => {
  const i = input as { readonly team?: string; readonly is_workspace_level?: boolean }
  return i.team !== undefined && i.is_workspace_level === true
    ? {
      path: ["is_workspace_level"],
      message: "a goal with a team is not workspace-level: give team or is_workspace_level true, not both"
    }
    : undefined
}

const writable = {
  notes: Schema.optional(Schema.String.annotations({ description: "Plain-text description" })),
  html_notes: Schema.optional(HtmlNotes),
  due_on: Schema.optional(CalendarDate.annotations({ description: "Due date" })),
  start_on: Schema.optional(CalendarDate.annotations({ description: "Start date" })),
  team: Schema.optional(Ref("team")),
  is_workspace_level: Schema.optional(Toggle.annotations({ description: "true: workspace goal; false: team goal" })),
  time_period: Schema.optional(Gid.annotations({ description: "Time period gid" })),
  owner: Schema.optional(UserGid.annotations({ description: "User gid or me" }))
}

type Writable = { readonly [K in keyof typeof writable]?: Schema.Schema.Type<(typeof writable)[K]> }

const bodyOf = (i: Writable & { readonly name?: string | undefined }) => ({
  name: i.name,
  notes: i.notes,
  html_notes: i.html_notes,
  due_on: i.due_on,
  start_on: i.start_on,
  team: i.team,
  is_workspace_level: i.is_workspace_level,
  time_period: i.time_period,
  owner: i.owner
})

export const goalList = taskmgrList({
  name: "goalList",
  group: "goals",
  summary: "Goals by workspace, team, or supporting portfolio, project or task.",
  input: Schema.Struct({
    workspace_gid: Schema.optional(WorkspaceGid),
    team: Schema.optional(Ref("team")),
    portfolio: Schema.optional(Ref("portfolio", "Supporting portfolio gid or URL")),
    project: Schema.optional(GidOrUrl.annotations({ description: "Supporting project: gid or URL" })),
    task: Schema.optional(GidOrUrl.annotations({ description: "Supporting task: gid or URL" })),
    is_workspace_level: Schema.optional(
      Toggle.annotations({ description: "Only workspace-level (true) or team (false) goals" })
    ),
    time_periods: Schema.optional(Schema.Array(Gid).annotations({ description: "Time period gids" })),
    ...listFields
  }),
  gids: { project: "project", task: "task" },
  subject: (i) =>
    i.team !== undefined
      ? `goals of team ${i.team}`
      : i.portfolio !== undefined
      ? `goals of portfolio ${i.portfolio}`
      : i.project !== undefined
      ? `goals of project ${i.project}`
      : i.task !== undefined
      ? `goals of task ${i.task}`
      : `goals of workspace ${i.workspace_gid ?? ""}`.trim(),
  request: (i, client) =>
    Effect.gen(function*() {
      // A team, portfolio, project or task scopes the list alone; workspace level is a workspace's filter.
      const scoped = i.team !== undefined || i.portfolio !== undefined || i.project !== undefined ||
        i.task !== undefined
      const workspace = scoped && i.is_workspace_level === undefined
        ? i.workspace_gid
        : yield* workspaceOf(client, i.workspace_gid)
      return {
        method: "GET" as const,
        path: "/goals",
        query: {
          workspace,
          team: i.team,
          portfolio: i.portfolio,
          project: i.project,
          task: i.task,
          is_workspace_level: i.is_workspace_level,
          time_periods: i.time_periods
        }
      }
    }),
  item: Goal,
  defaultFields: ["name", "owner.name", "due_on", "status"],
  itemsKey: "goals"
})

export const goalGet = taskmgrOperation({
  name: "goalGet",
  group: "goals",
  summary: "One goal.",
  input: Schema.Struct({ goal_gid: GoalGid }),
  impact: "read",
  idempotent: true,
  subject: (i) => `goal ${i.goal_gid}`,
  request: (i) => ({ method: "GET", path: `/goals/${pathOf(i.goal_gid)}` }),
  data: Goal
})

export const goalCreate = taskmgrOperation({
  name: "goalCreate",
  group: "goals",
  summary: "Create a goal: workspace-level, or a team's.",
  input: Schema.Struct({
    name: NonBlank.annotations({ description: "Goal name" }),
    workspace_gid: Schema.optional(WorkspaceGid),
    ...writable,
    followers: Schema.optional(Schema.Array(UserGid).annotations({ description: "Users: gids, or me" }))
  }).pipe(Schema.filter(rules(notBoth("notes", "html_notes"), teamOrWorkspaceLevel, notAfter("start_on", "due_on")))),
  impact: "write",
  idempotent: false,
  subject: (i) => `new goal "${i.name}"`,
  request: (i, client) =>
    Effect.map(workspaceOf(client, i.workspace_gid), (workspace) => ({
      method: "POST" as const,
      path: "/goals",
      body: dataBody({ ...bodyOf(i), workspace, followers: i.followers })
    })),
  data: Goal
})

export const goalUpdate = taskmgrOperation({
  name: "goalUpdate",
  group: "goals",
  summary: "Change a goal's fields or status.",
  input: Schema.Struct({
    goal_gid: GoalGid,
    name: Schema.optional(NonBlank.annotations({ description: "New name" })),
    ...writable,
    status: Schema.optional(Schema.Literal(...GOAL_STATUSES).annotations({ description: "New status" }))
  }).pipe(
    Schema.filter(
      rules(
        someOf(["name", ...Object.keys(writable), "status"], "nothing to update"),
        notBoth("notes", "html_notes"),
        teamOrWorkspaceLevel,
        notAfter("start_on", "due_on")
      )
    )
  ),
  impact: "write",
  idempotent: true,
  subject: (i) => `goal ${i.goal_gid}`,
  request: (i) => ({
    method: "PUT",
    path: `/goals/${pathOf(i.goal_gid)}`,
    body: dataBody({ ...bodyOf(i), status: i.status })
  }),
  data: Goal
})

export const goalDelete = absentIsDone(
  taskmgrOperation({
    name: "goalDelete",
    group: "goals",
    summary: "Delete a goal.",
    input: Schema.Struct({ goal_gid: GoalGid }),
    impact: "destroy",
    idempotent: true,
    subject: (i) => `goal ${i.goal_gid}`,
    request: (i) => ({ method: "DELETE", path: `/goals/${pathOf(i.goal_gid)}` }),
    data: Schema.Struct({})
  }),
  (i) => ({ goal_gid: gidNamed(i.goal_gid, "goal") })
)

const nameOf = (value: unknown) => (typeof value === "object" && value !== null && "name" in value ? value.name : value)

const valueNames = {
  due_on: "YYYY-MM-DD",
  start_on: "YYYY-MM-DD",
  team: "GID",
  is_workspace_level: "true|false",
  time_period: "GID",
  owner: "GID|me"
} as const

export const views = [
  view(goalList, {
    command: ["goal", "list"],
    valueNames: {
      workspace_gid: "GID",
      team: "GID",
      portfolio: "GID",
      project: "GID|URL",
      task: "GID|URL",
      is_workspace_level: "true|false",
      time_periods: "GID"
    },
    text: {
      kind: "table",
      rows: (o) =>
        o.items.map((g) => ({ gid: g.gid, name: g.name, owner: nameOf(g.owner), due_on: g.due_on, status: g.status })),
      columns: ["gid", "name", "owner", "due_on", "status"],
      noun: "goals"
    },
    examples: [
      "taskmgr goal list",
      "taskmgr goal list --team 1200000000000201",
      "taskmgr goal list --project 1200000000000301"
    ]
  }),
  view(goalGet, {
    command: ["goal", "get"],
    positional: ["goal_gid"],
    text: { kind: "record" },
    examples: ["taskmgr goal get 1200000000001101"]
  }),
  view(goalCreate, {
    command: ["goal", "create"],
    positional: ["name"],
    valueNames: { ...valueNames, workspace_gid: "GID", followers: "GID|me" },
    text: { kind: "record" },
    examples: [
      "taskmgr goal create 'Ship v2' --team 1200000000000201 --due-on 2024-09-30",
      "taskmgr goal create 'Grow revenue' --is-workspace-level true"
    ]
  }),
  view(goalUpdate, {
    command: ["goal", "update"],
    positional: ["goal_gid"],
    valueNames,
    text: { kind: "record" },
    examples: [
      "taskmgr goal update 1200000000001101 --status yellow",
      "taskmgr goal update 1200000000001101 --due-on 2024-07-15"
    ]
  }),
  view(goalDelete, {
    command: ["goal", "delete"],
    positional: ["goal_gid"],
    text: { kind: "record" },
    examples: ["taskmgr goal delete 1200000000001101"]
  })
] as const

/** Help's line for each command group of this module (`taskmgr --help`). */
export const commandGroups: { readonly [words: string]: string } = {
  goal: "Goals: list, read, create, change, delete"
}
