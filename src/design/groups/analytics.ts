/**
 * Library analytics (Enterprise, tier 3; spec section 4): six reads under
 * /v1/analytics/libraries/{file_key}, paged by row cursor. Rows the caller may
 * not see keep their place under the names `Team not visible` and `File not
 * visible`; they are separate rows and are never merged (no item key).
 */
import * as Schema from "effect/Schema"
import { CalendarDate } from "../../core/calendar.js"
import { pathOf } from "../../core/http/pipeline.js"
import { rowCursor } from "../../core/paginate.js"
import { view } from "../../core/view.js"
import { designOperation } from "../define.js"
import { FileKey, ordered } from "../params.js"
import { fileKeyOf } from "../refs.js"

const GROUP = "analytics"
const ENTERPRISE = { label: "Enterprise", plan: "enterprise" } as const

type Asset = "component" | "style" | "variable"
type Kind = "actions" | "usages"

/** A row as the service sends it: names, keys and counts. */
export const AnalyticsRow = Schema.Record({
  key: Schema.String,
  value: Schema.Union(Schema.String, Schema.Number, Schema.Boolean, Schema.Null)
})
export type AnalyticsRow = typeof AnalyticsRow.Type

const Page = Schema.Struct({
  rows: Schema.Array(AnalyticsRow),
  next_page: Schema.Boolean,
  cursor: Schema.optional(Schema.String)
})

const NAME_OF: Record<Asset, string> = { component: "Component", style: "Style", variable: "Variable" }

const analytics = (asset: Asset, kind: Kind) => {
  const name = `analytics${NAME_OF[asset]}${kind === "actions" ? "Actions" : "Usages"}`
  const base = {
    name,
    group: GROUP,
    summary: kind === "actions"
      ? `${NAME_OF[asset]} inserts and detaches by week.`
      : `${NAME_OF[asset]} usage now.`,
    impact: "read" as const,
    idempotent: true,
    tier: 3 as const,
    planGate: ENTERPRISE,
    subject: (i: { readonly file_key: string }) => `the ${asset} ${kind} of library ${fileKeyOf(i.file_key)}`,
    response: Page,
    paging: { model: rowCursor, items: (p: typeof Page.Type) => p.rows, itemsKey: "rows" }
  }
  return { base, path: (key: string) => `/v1/analytics/libraries/${pathOf(key)}/${asset}/${kind}` }
}

const actions = <G extends string>(asset: Asset, groups: readonly [G, G]) => {
  const { base, path } = analytics(asset, "actions")
  return designOperation({
    ...base,
    input: Schema.Struct({
      file_key: FileKey,
      group_by: Schema.Literal(...groups).annotations({ description: "What to group the counts by" }),
      start_date: Schema.optional(CalendarDate.annotations({ description: "First day (YYYY-MM-DD)" })),
      end_date: Schema.optional(CalendarDate.annotations({ description: "Last day (YYYY-MM-DD)" }))
    }).pipe(Schema.filter(ordered("start_date", "end_date"))),
    request: (i) => ({
      method: "GET",
      path: path(fileKeyOf(i.file_key)),
      query: { group_by: i.group_by, start_date: i.start_date, end_date: i.end_date }
    })
  })
}

const usages = <G extends string>(asset: Asset, groups: readonly [G, G]) => {
  const { base, path } = analytics(asset, "usages")
  return designOperation({
    ...base,
    input: Schema.Struct({
      file_key: FileKey,
      group_by: Schema.Literal(...groups).annotations({ description: "What to group the counts by" })
    }),
    request: (i) => ({ method: "GET", path: path(fileKeyOf(i.file_key)), query: { group_by: i.group_by } })
  })
}

export const analyticsComponentActions = actions("component", ["component", "team"])
export const analyticsComponentUsages = usages("component", ["component", "file"])
export const analyticsStyleActions = actions("style", ["style", "team"])
export const analyticsStyleUsages = usages("style", ["style", "file"])
export const analyticsVariableActions = actions("variable", ["variable", "team"])
export const analyticsVariableUsages = usages("variable", ["variable", "file"])

// ---- views --------------------------------------------------------------------------

/** The row's name: the asset's, else the file's or the team's (possibly "Team not visible"). */
const nameOf = (row: AnalyticsRow) =>
  row.component_name ?? row.style_name ?? row.variable_name ?? row.file_name ?? row.team_name ?? null

const actionRow = (row: AnalyticsRow) => ({
  week: row.week,
  name: nameOf(row),
  team: row.team_name,
  insertions: row.insertions,
  detachments: row.detachments
})
const usageRow = (row: AnalyticsRow) => ({
  name: nameOf(row),
  team: row.file_name === undefined ? undefined : row.team_name,
  usages: row.usages,
  teams_using: row.teams_using,
  files_using: row.files_using
})

const LIB = "SbxF1leKey0000Enterpr03"

const actionsView = <G extends string>(op: ReturnType<typeof actions<G>>, asset: Asset) =>
  view(op, {
    command: ["analytics", `${asset}-actions`],
    positional: ["file_key"],
    text: {
      kind: "table",
      rows: (o) => o.items.map(actionRow),
      columns: ["week", "name", "insertions", "detachments"],
      noun: "rows"
    },
    examples: [`design analytics ${asset}-actions ${LIB} --group-by team --start-date 2026-01-01 --end-date 2026-01-31`]
  })

const usagesView = <G extends string>(op: ReturnType<typeof usages<G>>, asset: Asset) =>
  view(op, {
    command: ["analytics", `${asset}-usages`],
    positional: ["file_key"],
    text: {
      kind: "table",
      rows: (o) => o.items.map(usageRow),
      columns: ["name", "team", "usages", "teams_using", "files_using"],
      noun: "rows"
    },
    examples: [`design analytics ${asset}-usages ${LIB} --group-by file --all`]
  })

export const views = [
  actionsView(analyticsComponentActions, "component"),
  usagesView(analyticsComponentUsages, "component"),
  actionsView(analyticsStyleActions, "style"),
  usagesView(analyticsStyleUsages, "style"),
  actionsView(analyticsVariableActions, "variable"),
  usagesView(analyticsVariableUsages, "variable")
] as const
