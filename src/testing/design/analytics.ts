/**
 * Library analytics of the seeded Enterprise library, computed rather than
 * stored: every week has rows whose counts derive from the asset and the
 * week, so any date window has data and the same window always gives the
 * same rows. Actions are weekly time series, newest week first; usages are a
 * snapshot. Teams and files the caller may not see keep their rows under the
 * names `Team not visible` and `File not visible`.
 */
import { DAY_MS } from "../core/clock.js"
import { enterpriseSeed } from "./seed-enterprise.js"
import { fakeKey } from "./variables.js"

/** Rows per page: small, so a client pages through a year in a few requests (the service allows up to 1000). */
export const ANALYTICS_PAGE_SIZE = 20

export type Asset = "component" | "style" | "variable"
export type Kind = "actions" | "usages"

/** The group_by values of the spec's table, per endpoint. */
export const GROUP_BY: Record<Asset, Record<Kind, readonly [string, string]>> = {
  component: { actions: ["component", "team"], usages: ["component", "file"] },
  style: { actions: ["style", "team"], usages: ["style", "file"] },
  variable: { actions: ["variable", "team"], usages: ["variable", "file"] }
}

export const TEAM_NOT_VISIBLE = "Team not visible"
export const FILE_NOT_VISIBLE = "File not visible"

type Row = Record<string, string | number>

const lib = enterpriseSeed.file_key
const key = (name: string) => fakeKey(`${lib}/${name}`)

const components: ReadonlyArray<Row> = [
  {
    component_key: key("Button/Primary"),
    component_name: "Primary",
    component_set_key: key("Button"),
    component_set_name: "Button"
  },
  {
    component_key: key("Button/Secondary"),
    component_name: "Secondary",
    component_set_key: key("Button"),
    component_set_name: "Button"
  },
  { component_key: key("Card"), component_name: "Card" },
  { component_key: key("Input"), component_name: "Input" },
  { component_key: key("Avatar"), component_name: "Avatar" },
  { component_key: key("Badge"), component_name: "Badge" }
]

const styles: ReadonlyArray<Row> = [
  { style_key: key("style/Brand"), style_name: "Brand/Primary", style_type: "FILL" },
  { style_key: key("style/Body"), style_name: "Body/Regular", style_type: "TEXT" },
  { style_key: key("style/Shadow"), style_name: "Elevation/1", style_type: "EFFECT" },
  { style_key: key("style/Grid"), style_name: "Grid/12 columns", style_type: "GRID" }
]

const v = enterpriseSeed.variables
const primitives = { collection_key: key(v.collections.primitives), collection_name: "Primitives" }
const variables: ReadonlyArray<Row> = [
  { variable_key: key(v.variables.blue500), variable_name: "color/blue/500", variable_type: "COLOR", ...primitives },
  { variable_key: key(v.variables.gray900), variable_name: "color/gray/900", variable_type: "COLOR", ...primitives },
  { variable_key: key(v.variables.space4), variable_name: "space/4", variable_type: "FLOAT", ...primitives },
  { variable_key: key(v.variables.radiusSmall), variable_name: "radius/small", variable_type: "FLOAT", ...primitives },
  { variable_key: key(v.variables.fontBody), variable_name: "font/body", variable_type: "STRING", ...primitives }
]

const assets: Record<Asset, ReadonlyArray<Row>> = { component: components, style: styles, variable: variables }

/** Teams using the library; the last two are outside what any seeded caller may see. */
const teams: ReadonlyArray<Row> = [
  { team_name: "Sandbox Enterprise Design System", workspace_name: "Design" },
  { team_name: "Checkout Squad", workspace_name: "Commerce" },
  { team_name: "Growth Team" },
  { team_name: TEAM_NOT_VISIBLE },
  { team_name: TEAM_NOT_VISIBLE }
]

/** Files using the library: 45, every fifth one not visible. */
const FILE_COUNT = 45
const files: ReadonlyArray<Row> = Array.from({ length: FILE_COUNT }, (_, i) => {
  if (i % 5 === 4) return { file_name: FILE_NOT_VISIBLE, team_name: TEAM_NOT_VISIBLE }
  const team = teams[i % 3]!
  return { file_name: `Product screens ${i + 1}`, ...team }
})

/** A deterministic count in [0, max] for a label and a number. */
const count = (label: string, n: number, max: number): number =>
  parseInt(fakeKey(`${label}#${n}`).slice(0, 8), 16) % (max + 1)

const WEEK_MS = 7 * DAY_MS
/** 1970-01-05, the first Monday after the epoch: weeks start on Mondays. */
const MONDAY_MS = 4 * DAY_MS

export const weekStart = (ms: number): number => Math.floor((ms - MONDAY_MS) / WEEK_MS) * WEEK_MS + MONDAY_MS

/** The newest week with complete data: the last whole week before today's 00:00 UTC recalculation. */
export const latestWeek = (now_ms: number): number => weekStart(Math.floor(now_ms / DAY_MS) * DAY_MS) - WEEK_MS

export interface Window {
  /** Monday 00:00 UTC of the first and the last week, inclusive. */
  readonly first: number
  readonly last: number
}

/** Start dates round back to their week's Monday, end dates forward to their week; the default is one year. */
export const actionsWindow = (now_ms: number, start: number | undefined, end: number | undefined): Window => {
  const newest = latestWeek(now_ms)
  const last = Math.min(newest, end === undefined ? newest : weekStart(end))
  const first = start === undefined ? weekStart(newest - 52 * WEEK_MS) : weekStart(start)
  return { first, last }
}

const dayText = (ms: number) => new Date(ms).toISOString().slice(0, 10)

const nameOf = (row: Row): string => String(row.component_key ?? row.style_key ?? row.variable_key ?? row.team_name)

/** All rows of one query, in the order pages are cut from. */
export const rowsFor = (asset: Asset, kind: Kind, groupBy: string, window: Window): ReadonlyArray<Row> => {
  if (kind === "usages") {
    if (groupBy === "file") {
      return files.map((file, i) => ({ ...file, usages: 1 + count(`${asset}/file`, i, 300) }))
    }
    return assets[asset].map((item, i) => ({
      ...item,
      usages: 50 + count(`${asset}/usages`, i, 5000),
      teams_using: 1 + count(`${asset}/teams`, i, 3),
      files_using: 1 + count(`${asset}/files`, i, FILE_COUNT - 1)
    }))
  }
  const series = groupBy === "team" ? teams : assets[asset]
  const rows: Array<Row> = []
  for (let week = window.last; week >= window.first; week -= WEEK_MS) {
    const index = Math.round((week - MONDAY_MS) / WEEK_MS)
    series.forEach((item, i) => {
      const label = `${asset}/${groupBy}/${i}/${nameOf(item)}`
      rows.push({
        week: dayText(week),
        ...item,
        detachments: count(`${label}/detach`, index, 15),
        insertions: count(`${label}/insert`, index, 120)
      })
    })
  }
  return rows
}
