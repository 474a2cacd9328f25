/**
 * Seeded goals, portfolios (with projects as items) and status updates on
 * projects, portfolios and goals. `goalsSeed` is spread into `taskmgrSeed`.
 */
import { richText } from "./html.js"
import { type Goal, newGoal, newPortfolio, type Portfolio, type StatusUpdate } from "./model-goals.js"
import type { TaskmgrState } from "./model.js"
import {
  big_project,
  free_project,
  free_user,
  free_workspace,
  other_user,
  project,
  tasks,
  team,
  user,
  workspace
} from "./seed-gids.js"

const goals = { launch: "1200000000001101", growth: "1200000000001102", free: "1200000000001103" }
const portfolios = { launch: "1200000000001201", others: "1200000000001202", free: "1200000000001203" }
const status_updates = {
  project_older: "1200000000001301",
  project_latest: "1200000000001302",
  goal: "1200000000001303",
  portfolio: "1200000000001304"
}
const time_periods = { fy2024: "1200000000001401", q2_2024: "1200000000001402" }

export const goalsSeed = {
  /** "Launch on time": a team goal (Engineering) in Q2 2024, supported by the Launch Plan project, with a status update. */
  goal_gid: goals.launch,
  /** launch; growth (workspace-level, owned by the other user, supported by the launch portfolio); free (free workspace). */
  goal_gids: goals,
  /** "Launch portfolio": the user's, with Launch Plan and Backlog (large) as items, and a status update. */
  portfolio_gid: portfolios.launch,
  /** launch; others (the other user's, no items); free (free workspace, Side Project). */
  portfolio_gids: portfolios,
  /** Two on Launch Plan (older at_risk, latest on_track), one on the launch goal, one on the launch portfolio. */
  status_update_gids: status_updates,
  time_period_gids: time_periods
} as const

const T0 = Date.parse("2024-05-01T09:00:00.000Z")
const DAY = 86_400_000

const goal = (gid: string, name: string, ws: string, owner: string): Goal => newGoal(gid, name, ws, owner, T0)

const portfolio = (gid: string, name: string, ws: string, owner: string, items: Array<string>): Portfolio => ({
  ...newPortfolio(gid, name, ws, owner, T0),
  color: "light-blue",
  items
})

const status = (
  gid: string,
  parent: StatusUpdate["parent_kind"],
  parentGid: string,
  type: StatusUpdate["status_type"],
  title: string,
  text: string,
  author: string,
  at: number
): StatusUpdate => ({
  gid,
  parent: parentGid,
  parent_kind: parent,
  title,
  text,
  html_text: richText(text),
  status_type: type,
  author,
  created_at: at
})

/** Adds the goals world to a state holding the base seed (users, workspaces, projects). */
export const seedGoals = (state: TaskmgrState): void => {
  const add = <A extends { readonly gid: string }>(map: Map<string, A>, record: A) => map.set(record.gid, record)

  add(state.timePeriods, {
    gid: time_periods.fy2024,
    period: "FY",
    display_name: "FY24",
    start_on: "2024-01-01",
    end_on: "2024-12-31"
  })
  add(state.timePeriods, {
    gid: time_periods.q2_2024,
    period: "Q2",
    display_name: "Q2 FY24",
    start_on: "2024-04-01",
    end_on: "2024-06-30"
  })

  const launch = goal(goals.launch, "Launch on time", workspace, user)
  launch.team = team
  launch.is_workspace_level = false
  launch.notes = "Ship the launch by the end of the quarter."
  launch.html_notes = richText(launch.notes)
  launch.time_period = time_periods.q2_2024
  launch.start_on = "2024-04-01"
  launch.due_on = "2024-06-30"
  launch.status = "green"
  launch.supporting = [project, tasks.checklist]
  launch.followers = [user, other_user]
  add(state.goals, launch)
  const growth = goal(goals.growth, "Grow the customer base", workspace, other_user)
  growth.time_period = time_periods.fy2024
  growth.supporting_portfolios = [portfolios.launch]
  add(state.goals, growth)
  add(state.goals, goal(goals.free, "Keep the plants alive", free_workspace, free_user))

  const main = portfolio(portfolios.launch, "Launch portfolio", workspace, user, [project, big_project])
  main.members.push(other_user)
  main.due_on = "2024-06-30"
  add(state.portfolios, main)
  add(state.portfolios, {
    ...portfolio(portfolios.others, "Other Member's portfolio", workspace, other_user, []),
    color: "dark-green"
  })
  add(state.portfolios, portfolio(portfolios.free, "Side portfolio", free_workspace, free_user, [free_project]))

  add(
    state.statusUpdates,
    status(
      status_updates.project_older,
      "project",
      project,
      "at_risk",
      "Venue not booked",
      "We still need a venue.",
      user,
      T0 + DAY
    )
  )
  add(
    state.statusUpdates,
    status(
      status_updates.project_latest,
      "project",
      project,
      "on_track",
      "Back on track",
      "Venue booked, checklist under way.",
      other_user,
      T0 + 2 * DAY
    )
  )
  add(
    state.statusUpdates,
    status(
      status_updates.goal,
      "goal",
      goals.launch,
      "on_track",
      "Launch goal on track",
      "The plan is on schedule.",
      user,
      T0 + 2 * DAY
    )
  )
  add(
    state.statusUpdates,
    status(
      status_updates.portfolio,
      "portfolio",
      portfolios.launch,
      "at_risk",
      "Backlog too large",
      "The backlog needs trimming.",
      other_user,
      T0 + 3 * DAY
    )
  )
}
