/**
 * Custom fields, read-only: a workspace's fields, one field, and the settings
 * that attach fields to a project, portfolio, goal or team (a team's are
 * never paged).
 */
import { notFound, ok } from "./errors.js"
import { goalOf, portfolioOf } from "./input-goals.js"
import { memberOf, pathGid, projectOf, teamOf, workspaceOf } from "./input.js"
import type { CustomField, SettingParentKind } from "./model-fields.js"
import { listRecord, singleRecord } from "./opt-fields.js"
import { page } from "./paging.js"
import { COMPACT, fullCustomField, fullCustomFieldSetting } from "./render-fields.js"
import type { Ctx, Route } from "./router.js"
import { route } from "./router.js"

const customFieldOf = (ctx: Ctx, gid: string): CustomField => {
  const field = ctx.state.customFields.get(gid) ?? notFound(gid)
  memberOf(ctx, field.workspace)
  return field
}

const settingsOf = (ctx: Ctx, kind: SettingParentKind, parent: string) =>
  [...ctx.state.customFieldSettings.values()]
    .filter((s) => s.parent_kind === kind && s.parent === parent)
    .map((s) => fullCustomFieldSetting(ctx.render, s))

/** A list of settings, paged like every list. */
const listedSettings = (ctx: Ctx, kind: SettingParentKind, parent: string) =>
  page({ ...ctx, fields: ctx.fields ?? COMPACT.custom_field_setting }, settingsOf(ctx, kind, parent))

export const customFieldRoutes: ReadonlyArray<Route> = [
  route("GET", "/workspaces/:workspace_gid/custom_fields", "custom_fields:read", (ctx) => {
    const workspace = workspaceOf(ctx, pathGid(ctx, "workspace_gid"))
    const fields = [...ctx.state.customFields.values()].filter((f) => f.workspace === workspace.gid)
    return page(
      { ...ctx, fields: ctx.fields ?? COMPACT.custom_field },
      fields.map((f) => fullCustomField(ctx.render, f))
    )
  }),
  route(
    "GET",
    "/custom_fields/:custom_field_gid",
    "custom_fields:read",
    (ctx) =>
      ok(
        singleRecord(
          fullCustomField(ctx.render, customFieldOf(ctx, pathGid(ctx, "custom_field_gid"))),
          ctx.fields,
          ctx.expand
        )
      )
  ),
  route(
    "GET",
    "/projects/:project_gid/custom_field_settings",
    "projects:read",
    (ctx) => listedSettings(ctx, "project", projectOf(ctx, pathGid(ctx, "project_gid")).gid)
  ),
  route(
    "GET",
    "/portfolios/:portfolio_gid/custom_field_settings",
    "portfolios:read",
    (ctx) => listedSettings(ctx, "portfolio", portfolioOf(ctx, pathGid(ctx, "portfolio_gid")).gid)
  ),
  route(
    "GET",
    "/goals/:goal_gid/custom_field_settings",
    "goals:read",
    (ctx) => listedSettings(ctx, "goal", goalOf(ctx, pathGid(ctx, "goal_gid")).gid)
  ),
  // The service declares no paging here: every setting at once, whatever limit says.
  route("GET", "/teams/:team_gid/custom_field_settings", "teams:read", (ctx) => {
    const team = teamOf(ctx, pathGid(ctx, "team_gid"))
    const fields = ctx.fields ?? COMPACT.custom_field_setting
    return ok(settingsOf(ctx, "team", team.gid).map((s) => listRecord(s, fields, ctx.expand)))
  })
]
