/**
 * The simulator's goals, portfolios and status updates. Like model.ts, records
 * hold the gids of what they point at; render-goals.ts makes wire records.
 */

/** A goal's period (FY, H1, Q3, ...): read-only reference data, seeded. */
export interface TimePeriod {
  readonly gid: string
  readonly period: "FY" | "H1" | "H2" | "Q1" | "Q2" | "Q3" | "Q4"
  readonly display_name: string
  readonly start_on: string
  readonly end_on: string
}

export interface Goal {
  readonly gid: string
  name: string
  notes: string
  html_notes: string
  readonly workspace: string
  /** A team goal's team; null for a workspace-level goal. */
  team: string | null
  is_workspace_level: boolean
  owner: string | null
  followers: Array<string>
  liked: boolean
  due_on: string | null
  start_on: string | null
  time_period: string | null
  /** green, yellow, red, achieved, partial, missed, dropped; null before any status. */
  status: string | null
  /** Projects and tasks that support the goal (what `GET /goals?project=` and `?task=` match). */
  supporting: Array<string>
  /** Portfolios that support the goal (`GET /goals?portfolio=`). */
  supporting_portfolios: Array<string>
  readonly created_at: number
}

/** A goal as the service makes it: workspace-level, owned and followed by its maker, no dates, status or supporters. */
export const newGoal = (gid: string, name: string, workspace: string, owner: string, createdAt: number): Goal => ({
  gid,
  name,
  notes: "",
  html_notes: "<body></body>",
  workspace,
  team: null,
  is_workspace_level: true,
  owner,
  followers: [owner],
  liked: false,
  due_on: null,
  start_on: null,
  time_period: null,
  status: null,
  supporting: [],
  supporting_portfolios: [],
  created_at: createdAt
})

export type PortfolioColor =
  | "dark-pink"
  | "dark-green"
  | "dark-blue"
  | "dark-red"
  | "dark-teal"
  | "dark-brown"
  | "dark-orange"
  | "dark-purple"
  | "dark-warm-gray"
  | "light-pink"
  | "light-green"
  | "light-blue"
  | "light-red"
  | "light-teal"
  | "light-brown"
  | "light-orange"
  | "light-purple"
  | "light-warm-gray"

export interface Portfolio {
  readonly gid: string
  name: string
  readonly workspace: string
  readonly owner: string
  readonly created_by: string
  color: PortfolioColor
  archived: boolean
  public: boolean
  start_on: string | null
  due_on: string | null
  default_access_level: "admin" | "editor" | "viewer"
  members: Array<string>
  /** Project gids in display order: `GET /portfolios/{gid}/items`. */
  items: Array<string>
  readonly created_at: number
}

/** A portfolio as the service makes it: private, empty, its maker the only member. */
export const newPortfolio = (
  gid: string,
  name: string,
  workspace: string,
  owner: string,
  createdAt: number
): Portfolio => ({
  gid,
  name,
  workspace,
  owner,
  created_by: owner,
  color: "light-green",
  archived: false,
  public: false,
  start_on: null,
  due_on: null,
  default_access_level: "editor",
  members: [owner],
  items: [],
  created_at: createdAt
})

export type StatusParentKind = "project" | "portfolio" | "goal"

export type StatusType =
  | "on_track"
  | "at_risk"
  | "off_track"
  | "on_hold"
  | "complete"
  | "achieved"
  | "partial"
  | "missed"
  | "dropped"

export interface StatusUpdate {
  readonly gid: string
  readonly parent: string
  readonly parent_kind: StatusParentKind
  readonly title: string
  readonly text: string
  readonly html_text: string
  readonly status_type: StatusType
  readonly author: string
  readonly created_at: number
}

/** The maps TaskmgrState carries for these groups. */
export interface GoalsWorld {
  readonly goals: Map<string, Goal>
  readonly portfolios: Map<string, Portfolio>
  readonly statusUpdates: Map<string, StatusUpdate>
  readonly timePeriods: Map<string, TimePeriod>
}

export const makeGoalsWorld = (): GoalsWorld => ({
  goals: new Map(),
  portfolios: new Map(),
  statusUpdates: new Map(),
  timePeriods: new Map()
})
