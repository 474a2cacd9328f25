/**
 * Custom fields, read-only: a workspace's fields, one field, and the settings
 * that attach fields to a project, portfolio, goal or team (a team's are
 * never paged).
 */
import * as Either from "effect/Either"
import type { Parsed } from "../core/rejection.js"
import { route } from "../core/route.js"
import type { ApiRoute, Ctx } from "./context.js"
import { notFound, ok } from "./errors.js"
import { goalOf, portfolioOf } from "./input-goals.js"
import { memberOf, pathGid, projectOf, teamOf, workspaceOf } from "./input.js"
import type { CustomField, SettingParentKind } from "./model-fields.js"
import { listRecord, singleRecord } from "./opt-fields.js"
import { page } from "./paging.js"
import { COMPACT, fullCustomField, fullCustomFieldSetting } from "./render-fields.js"

const customFieldOf = (ctx: Ctx, gid: string): Parsed<CustomField> => {
  const field = ctx.state.customFields.get(gid)
  return field === undefined ? notFound(gid) : Either.map(memberOf(ctx, field.workspace), () => field)
}

const settingsOf = (ctx: Ctx, kind: SettingParentKind, parent: string) =>
  [...ctx.state.customFieldSettings.values()]
    .filter((s) => s.parent_kind === kind && s.parent === parent)
    .map((s) => fullCustomFieldSetting(ctx.render, s))

/** The settings of the record the path names (read by `of`), paged like every list. */
const listedSettings = (
  kind: SettingParentKind,
  name: string,
  of: (ctx: Ctx, gid: string) => Parsed<{ readonly gid: string }>
) =>
(ctx: Ctx) =>
  Either.gen(function*() {
    const parent = yield* of(ctx, yield* pathGid(ctx, name))
    return yield* page(
      { ...ctx, fields: ctx.fields ?? COMPACT.custom_field_setting },
      settingsOf(ctx, kind, parent.gid)
    )
  })

export const customFieldRoutes: ReadonlyArray<ApiRoute> = [
  route("GET", "/workspaces/:workspace_gid/custom_fields", "custom_fields:read", (ctx) =>
    Either.gen(function*() {
      const workspace = yield* workspaceOf(ctx, yield* pathGid(ctx, "workspace_gid"))
      const fields = [...ctx.state.customFields.values()].filter((f) => f.workspace === workspace.gid)
      return yield* page(
        { ...ctx, fields: ctx.fields ?? COMPACT.custom_field },
        fields.map((f) => fullCustomField(ctx.render, f))
      )
    })),
  route("GET", "/custom_fields/:custom_field_gid", "custom_fields:read", (ctx) =>
    Either.gen(function*() {
      const field = yield* customFieldOf(ctx, yield* pathGid(ctx, "custom_field_gid"))
      return ok(singleRecord(fullCustomField(ctx.render, field), ctx.fields, ctx.expand))
    })),
  route(
    "GET",
    "/projects/:project_gid/custom_field_settings",
    "projects:read",
    listedSettings("project", "project_gid", projectOf)
  ),
  route(
    "GET",
    "/portfolios/:portfolio_gid/custom_field_settings",
    "portfolios:read",
    listedSettings("portfolio", "portfolio_gid", portfolioOf)
  ),
  route("GET", "/goals/:goal_gid/custom_field_settings", "goals:read", listedSettings("goal", "goal_gid", goalOf)),
  // The service declares no paging here: every setting at once, whatever limit says.
  route("GET", "/teams/:team_gid/custom_field_settings", "teams:read", (ctx) =>
    Either.gen(function*() {
      const team = yield* teamOf(ctx, yield* pathGid(ctx, "team_gid"))
      const fields = ctx.fields ?? COMPACT.custom_field_setting
      return ok(settingsOf(ctx, "team", team.gid).map((s) => listRecord(s, fields, ctx.expand)))
    }))
]
