/**
 * The seeded custom fields (two with enum options), their settings on the
 * seed's projects, team, portfolio and goal, memberships of those projects,
 * portfolio and goal, and out-of-office entries. `fieldsSeed` is spread into
 * `taskmgrSeed`; seed-goals.ts runs first.
 */
import type { CustomField, CustomFieldSetting, MembershipRecord, OooEntry } from "./model-fields.js"
import type { TaskmgrState } from "./model.js"
import {
  big_project,
  free_project,
  free_user,
  free_workspace,
  other_user,
  project,
  team,
  user,
  workspace
} from "./seed-gids.js"
import { goalsSeed } from "./seed-goals.js"

const portfolio = goalsSeed.portfolio_gids.launch
const goal = goalsSeed.goal_gids.launch

const fields = {
  priority: "1200000000003001",
  platforms: "1200000000003002",
  estimate: "1200000000003003",
  link: "1200000000003004",
  effort: "1200000000003005"
}
const options = {
  high: "1200000000003101",
  medium: "1200000000003102",
  low: "1200000000003103",
  web: "1200000000003104",
  mobile: "1200000000003105",
  legacy: "1200000000003106"
}
const settings = {
  project_priority: "1200000000003201",
  project_estimate: "1200000000003202",
  team_priority: "1200000000003203",
  free_project_effort: "1200000000003204",
  portfolio_priority: "1200000000003205",
  goal_estimate: "1200000000003206"
}
const memberships = {
  owner: "1200000000003301",
  other: "1200000000003302",
  team: "1200000000003303",
  big_owner: "1200000000003304",
  free_owner: "1200000000003305",
  portfolio_owner: "1200000000003306",
  portfolio_other: "1200000000003307",
  goal_owner: "1200000000003308",
  goal_other: "1200000000003309"
}
const ooo = { mine: "1200000000003401", other: "1200000000003402", free: "1200000000003403" }

export const fieldsSeed = {
  /** Paid workspace: Priority (enum), Platforms (multi_enum, one option disabled), Estimate (number), Link (text); free: Effort. */
  custom_field_gids: fields,
  enum_option_gids: options,
  /** Priority (important) and Estimate on project_gid, Priority on team_gid and portfolio_gid, Estimate on goal_gid, Effort on free_project_gid. */
  custom_field_setting_gids: settings,
  /**
   * project_gid: the user (admin), the other user (editor), the team (commenter); big_project_gid: the user;
   * free_project_gid: the free user; portfolio_gid: the user (admin), the other user (viewer); goal_gid: the user (admin), the other user (commenter).
   */
  membership_gids: memberships,
  /** The user away 2024-07-01..2024-07-05, the other user 2024-06-10..2024-06-14 (paid workspace), the free user in the free one. */
  ooo_entry_gids: ooo
} as const

const field = (
  gid: string,
  name: string,
  ws: string,
  subtype: CustomField["resource_subtype"],
  extra: Partial<CustomField> = {}
): CustomField => ({
  gid,
  name,
  description: "",
  workspace: ws,
  resource_subtype: subtype,
  enum_options: [],
  precision: null,
  created_by: ws === workspace ? user : free_user,
  ...extra
})

const setting = (
  gid: string,
  custom_field: string,
  parent: string,
  parent_kind: CustomFieldSetting["parent_kind"],
  is_important: boolean
): CustomFieldSetting => ({
  gid,
  custom_field,
  parent,
  parent_kind,
  is_important
})

const member = (
  gid: string,
  parent_kind: MembershipRecord["parent_kind"],
  parent: string,
  member: string,
  access_level: MembershipRecord["access_level"],
  member_kind: MembershipRecord["member_kind"] = "user"
): MembershipRecord => ({
  gid,
  parent,
  parent_kind,
  member,
  member_kind,
  access_level
})

const away = (gid: string, who: string, ws: string, start_date: string, end_date: string): OooEntry => ({
  gid,
  user: who,
  workspace: ws,
  start_date,
  end_date,
  created_by: who
})

/** Adds the records above to a state the main seed has filled (projects, team, users). */
export const seedFields = (state: TaskmgrState): void => {
  const add = <A extends { readonly gid: string }>(map: Map<string, A>, record: A) => map.set(record.gid, record)
  add(
    state.customFields,
    field(fields.priority, "Priority", workspace, "enum", {
      description: "How soon it matters.",
      enum_options: [
        { gid: options.high, name: "High", enabled: true, color: "red" },
        { gid: options.medium, name: "Medium", enabled: true, color: "orange" },
        { gid: options.low, name: "Low", enabled: true, color: "blue" }
      ]
    })
  )
  add(
    state.customFields,
    field(fields.platforms, "Platforms", workspace, "multi_enum", {
      enum_options: [
        { gid: options.web, name: "Web", enabled: true, color: "green" },
        { gid: options.mobile, name: "Mobile", enabled: true, color: "purple" },
        { gid: options.legacy, name: "Legacy", enabled: false, color: "none" }
      ]
    })
  )
  add(state.customFields, field(fields.estimate, "Estimate (days)", workspace, "number", { precision: 1 }))
  add(state.customFields, field(fields.link, "Design link", workspace, "text"))
  add(state.customFields, field(fields.effort, "Effort", free_workspace, "number", { precision: 0 }))

  add(state.customFieldSettings, setting(settings.project_priority, fields.priority, project, "project", true))
  add(state.customFieldSettings, setting(settings.project_estimate, fields.estimate, project, "project", false))
  add(state.customFieldSettings, setting(settings.team_priority, fields.priority, team, "team", true))
  add(state.customFieldSettings, setting(settings.free_project_effort, fields.effort, free_project, "project", true))
  add(state.customFieldSettings, setting(settings.portfolio_priority, fields.priority, portfolio, "portfolio", true))
  add(state.customFieldSettings, setting(settings.goal_estimate, fields.estimate, goal, "goal", false))

  // The same people as the projects' and portfolios' `members` (routes-memberships.ts keeps them in step).
  add(state.memberships, member(memberships.owner, "project", project, user, "admin"))
  add(state.memberships, member(memberships.other, "project", project, other_user, "editor"))
  add(state.memberships, member(memberships.team, "project", project, team, "commenter", "team"))
  add(state.memberships, member(memberships.big_owner, "project", big_project, user, "admin"))
  add(state.memberships, member(memberships.free_owner, "project", free_project, free_user, "admin"))
  add(state.memberships, member(memberships.portfolio_owner, "portfolio", portfolio, user, "admin"))
  add(state.memberships, member(memberships.portfolio_other, "portfolio", portfolio, other_user, "viewer"))
  add(state.memberships, member(memberships.goal_owner, "goal", goal, user, "admin"))
  add(state.memberships, member(memberships.goal_other, "goal", goal, other_user, "commenter"))

  add(state.oooEntries, away(ooo.mine, user, workspace, "2024-07-01", "2024-07-05"))
  add(state.oooEntries, away(ooo.other, other_user, workspace, "2024-06-10", "2024-06-14"))
  add(state.oooEntries, away(ooo.free, free_user, free_workspace, "2024-08-01", "2024-08-02"))
}
