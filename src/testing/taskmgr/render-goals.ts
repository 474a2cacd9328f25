/**
 * Goals, portfolios and status updates as the service sends them, and the
 * references opt_fields can expand through (`parent.name`, `time_period.end_on`).
 */
import { isoTime } from "../core/clock.js"
import type { Goal, Portfolio, StatusParentKind, StatusUpdate, TimePeriod } from "./model-goals.js"
import type { TaskmgrState } from "./model.js"
import type { RenderContext, Wire } from "./refs.js"
import { userRef, workspaceRef } from "./refs.js"

const statusSubtype = (kind: StatusParentKind) => `${kind}_status_update` as const

/** The newest status update on a project, portfolio or goal (what `current_status_update` names). */
export const latestStatus = (state: TaskmgrState, parent: string): StatusUpdate | undefined => {
  let latest: StatusUpdate | undefined
  for (const update of state.statusUpdates.values()) {
    if (update.parent !== parent) continue
    if (
      latest === undefined || update.created_at > latest.created_at ||
      (update.created_at === latest.created_at && update.gid > latest.gid)
    ) latest = update
  }
  return latest
}

/** The compact form `current_status_update` takes. */
export const statusCompact = (update: StatusUpdate | undefined): Wire | null =>
  update === undefined
    ? null
    : {
      gid: update.gid,
      resource_type: "status_update",
      title: update.title,
      resource_subtype: statusSubtype(update.parent_kind)
    }

/** The name of a status update's parent, whichever kind it is. */
const parentName = (state: TaskmgrState, update: StatusUpdate): string =>
  (update.parent_kind === "project"
    ? state.projects.get(update.parent)?.name
    : update.parent_kind === "portfolio"
    ? state.portfolios.get(update.parent)?.name
    : state.goals.get(update.parent)?.name) ?? ""

export const fullTimePeriod = (period: TimePeriod): Wire => ({
  gid: period.gid,
  resource_type: "time_period",
  period: period.period,
  display_name: period.display_name,
  start_on: period.start_on,
  end_on: period.end_on
})

export const fullGoal = (ctx: RenderContext, goal: Goal): Wire => {
  const { state } = ctx
  const period = goal.time_period === null ? undefined : state.timePeriods.get(goal.time_period)
  // Team and is_workspace_level exist only in an organization.
  const organization = state.workspaces.get(goal.workspace)?.is_organization === true
  return {
    gid: goal.gid,
    resource_type: "goal",
    name: goal.name,
    notes: goal.notes,
    html_notes: goal.html_notes,
    due_on: goal.due_on,
    start_on: goal.start_on,
    ...(organization
      ? {
        is_workspace_level: goal.is_workspace_level,
        team: goal.team === null
          ? null
          : { gid: goal.team, resource_type: "team", name: state.teams.get(goal.team)?.name ?? "" }
      }
      : {}),
    liked: goal.liked,
    num_likes: goal.liked ? 1 : 0,
    workspace: workspaceRef(state, goal.workspace),
    followers: goal.followers.map((gid) => userRef(state, gid)),
    time_period: period === undefined ? null : fullTimePeriod(period),
    metric: null,
    owner: userRef(state, goal.owner),
    current_status_update: statusCompact(latestStatus(state, goal.gid)),
    status: goal.status,
    privacy_setting: "public_to_workspace"
  }
}

export const portfolioUrl = (ctx: RenderContext, gid: string): string => `${ctx.app_url}/0/portfolio/${gid}/list`

export const fullPortfolio = (ctx: RenderContext, portfolio: Portfolio): Wire => ({
  gid: portfolio.gid,
  resource_type: "portfolio",
  name: portfolio.name,
  archived: portfolio.archived,
  color: portfolio.color,
  start_on: portfolio.start_on,
  due_on: portfolio.due_on,
  default_access_level: portfolio.default_access_level,
  created_at: isoTime(portfolio.created_at),
  created_by: userRef(ctx.state, portfolio.created_by),
  current_status_update: statusCompact(latestStatus(ctx.state, portfolio.gid)),
  members: portfolio.members.map((gid) => userRef(ctx.state, gid)),
  owner: userRef(ctx.state, portfolio.owner),
  workspace: workspaceRef(ctx.state, portfolio.workspace),
  permalink_url: portfolioUrl(ctx, portfolio.gid),
  public: portfolio.public,
  privacy_setting: portfolio.public ? "public_to_domain" : "members_only"
})

export const fullStatusUpdate = (ctx: RenderContext, update: StatusUpdate): Wire => ({
  gid: update.gid,
  resource_type: "status_update",
  title: update.title,
  resource_subtype: statusSubtype(update.parent_kind),
  text: update.text,
  html_text: update.html_text,
  status_type: update.status_type,
  author: userRef(ctx.state, update.author),
  created_at: isoTime(update.created_at),
  created_by: userRef(ctx.state, update.author),
  liked: false,
  num_likes: 0,
  modified_at: isoTime(update.created_at),
  parent: { gid: update.parent, resource_type: update.parent_kind, name: parentName(ctx.state, update) }
})

/** Expands a goal, portfolio, status update or time period reference; undefined for other kinds. */
export const expandGoalsWorld = (ctx: RenderContext, reference: Wire): Wire | null | undefined => {
  const gid = typeof reference.gid === "string" ? reference.gid : ""
  const { state } = ctx
  const found = <A>(record: A | undefined, full: (a: A) => Wire) => (record === undefined ? null : full(record))
  switch (reference.resource_type) {
    case "goal":
      return found(state.goals.get(gid), (g) => fullGoal(ctx, g))
    case "portfolio":
      return found(state.portfolios.get(gid), (p) => fullPortfolio(ctx, p))
    case "status_update":
      return found(state.statusUpdates.get(gid), (s) => fullStatusUpdate(ctx, s))
    case "time_period":
      return found(state.timePeriods.get(gid), fullTimePeriod)
    default:
      return undefined
  }
}
