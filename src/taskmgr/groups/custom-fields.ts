/**
 * Custom fields, read-only discovery: a workspace's fields, one field with
 * its enum options (whose gids a task's `custom_fields` need), and the fields
 * attached to a project, portfolio, goal or team (their settings).
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { pathOf } from "../../core/http/pipeline.js"
import { view } from "../../core/view.js"
import { listFields, taskmgrList, taskmgrOperation } from "../define.js"
import { Gid, GidOrUrl } from "../records/records.js"
import { CustomField, CustomFieldSetting } from "../records/typed-records.js"
import { Ref } from "../refs.js"
import { workspaceOf } from "./people.js"

const Workspace = Schema.optional(Gid.annotations({ description: "The workspace (default: the configured one)" }))

export const customFieldList = taskmgrList({
  name: "customFieldList",
  group: "custom_fields",
  summary: "Custom fields of a workspace.",
  input: Schema.Struct({ workspace_gid: Workspace, ...listFields }),
  subject: (i) => `custom fields of workspace ${i.workspace_gid ?? ""}`.trim(),
  request: (i, client) =>
    Effect.map(
      workspaceOf(client, i.workspace_gid),
      (w) => ({ method: "GET" as const, path: `/workspaces/${pathOf(w)}/custom_fields` })
    ),
  item: CustomField,
  defaultFields: ["name", "resource_subtype", "enum_options"],
  itemsKey: "custom_fields"
})

export const customFieldGet = taskmgrOperation({
  name: "customFieldGet",
  group: "custom_fields",
  summary: "One custom field, with its enum options.",
  input: Schema.Struct({ custom_field_gid: Gid.annotations({ description: "The custom field's gid" }) }),
  impact: "read",
  idempotent: true,
  subject: (i) => `custom field ${i.custom_field_gid}`,
  request: (i) => ({ method: "GET", path: `/custom_fields/${pathOf(i.custom_field_gid)}` }),
  data: CustomField
})

/** What every settings list shares: the field attached, its type and options, and whether lists show it. */
const settings = {
  group: "custom_fields",
  item: CustomFieldSetting,
  defaultFields: ["custom_field.name", "custom_field.resource_subtype", "custom_field.enum_options", "is_important"],
  itemsKey: "custom_field_settings"
}

export const customFieldListForProject = taskmgrList({
  ...settings,
  name: "customFieldListForProject",
  summary: "Custom fields attached to a project, with their options.",
  input: Schema.Struct({ project_gid: GidOrUrl, ...listFields }),
  gids: { project_gid: "project" },
  subject: (i) => `custom fields of project ${i.project_gid}`,
  request: (i) => ({ method: "GET", path: `/projects/${pathOf(i.project_gid)}/custom_field_settings` })
})

export const customFieldListForPortfolio = taskmgrList({
  ...settings,
  name: "customFieldListForPortfolio",
  summary: "Custom fields attached to a portfolio.",
  input: Schema.Struct({ portfolio_gid: Ref("portfolio"), ...listFields }),
  subject: (i) => `custom fields of portfolio ${i.portfolio_gid}`,
  request: (i) => ({ method: "GET", path: `/portfolios/${pathOf(i.portfolio_gid)}/custom_field_settings` })
})

export const customFieldListForGoal = taskmgrList({
  ...settings,
  name: "customFieldListForGoal",
  summary: "Custom fields attached to a goal.",
  input: Schema.Struct({ goal_gid: Ref("goal"), ...listFields }),
  subject: (i) => `custom fields of goal ${i.goal_gid}`,
  request: (i) => ({ method: "GET", path: `/goals/${pathOf(i.goal_gid)}/custom_field_settings` })
})

/** The service answers a team's settings all at once (it does not page them); limit changes nothing. */
export const customFieldListForTeam = taskmgrList({
  ...settings,
  name: "customFieldListForTeam",
  summary: "Custom fields attached to a team.",
  input: Schema.Struct({ team_gid: Ref("team"), ...listFields }),
  subject: (i) => `custom fields of team ${i.team_gid}`,
  request: (i) => ({ method: "GET", path: `/teams/${pathOf(i.team_gid)}/custom_field_settings` })
})

const optionNames = (options: ReadonlyArray<{ readonly name?: string | undefined }> | undefined) =>
  options === undefined ? "" : options.map((o) => o.name ?? "").join(", ")

const fieldRows = (o: { readonly items: ReadonlyArray<CustomField> }) =>
  o.items.map((f) => ({ gid: f.gid, name: f.name, type: f.resource_subtype, options: optionNames(f.enum_options) }))

const settingRows = (o: { readonly items: ReadonlyArray<CustomFieldSetting> }) =>
  o.items.map((s) => ({
    gid: s.custom_field?.gid,
    name: s.custom_field?.name,
    type: s.custom_field?.resource_subtype,
    options: optionNames(s.custom_field?.enum_options),
    important: s.is_important
  }))

const settingsText = (kind: string) =>
  ({
    kind: "table",
    rows: settingRows,
    columns: ["gid", "name", "type", "options", "important"],
    noun: `custom fields on the ${kind}`
  }) as const

export const views = [
  view(customFieldList, {
    command: ["custom-field", "list"],
    text: { kind: "table", rows: fieldRows, columns: ["gid", "name", "type", "options"], noun: "custom fields" },
    examples: ["taskmgr custom-field list", "taskmgr custom-field list --all --json"]
  }),
  view(customFieldGet, {
    command: ["custom-field", "get"],
    positional: ["custom_field_gid"],
    text: { kind: "record" },
    examples: ["taskmgr custom-field get 1200000000003001"]
  }),
  view(customFieldListForProject, {
    command: ["custom-field", "project"],
    positional: ["project_gid"],
    valueNames: { project_gid: "GID|URL" },
    text: settingsText("project"),
    examples: ["taskmgr custom-field project 1200000000000301"]
  }),
  view(customFieldListForPortfolio, {
    command: ["custom-field", "portfolio"],
    positional: ["portfolio_gid"],
    text: settingsText("portfolio"),
    examples: ["taskmgr custom-field portfolio 1200000000001201"]
  }),
  view(customFieldListForGoal, {
    command: ["custom-field", "goal"],
    positional: ["goal_gid"],
    text: settingsText("goal"),
    examples: ["taskmgr custom-field goal 1200000000001101"]
  }),
  view(customFieldListForTeam, {
    command: ["custom-field", "team"],
    positional: ["team_gid"],
    text: settingsText("team"),
    examples: ["taskmgr custom-field team 1200000000000201"]
  })
] as const

/** Help's line for each command group of this module (`taskmgr --help`). */
export const commandGroups: { readonly [words: string]: string } = {
  "custom-field": "Custom fields: a workspace's, and those on a project, portfolio, goal or team"
}
