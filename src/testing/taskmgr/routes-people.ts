/** Users (list, get, me), teams (per workspace, per user, get) and workspaces (list, get): read-only. */
import { badRequest, ok } from "./errors.js"
import { checkGid, pathGid, queryGid, queryValue, teamOf, userGid, userOf, workspaceOf } from "./input.js"
import type { User } from "./model.js"
import { singleRecord } from "./opt-fields.js"
import { page } from "./paging.js"
import { fullTeam, fullUser, fullWorkspace } from "./render.js"
import type { Ctx, Route } from "./router.js"
import { route } from "./router.js"

const single = (ctx: Ctx, record: Record<string, unknown>) => ok(singleRecord(record, ctx.fields, ctx.expand))

const usersIn = (ctx: Ctx, workspace: string): Array<User> =>
  [...ctx.state.users.values()].filter((user) => user.workspaces.includes(workspace))

const pathUser = (ctx: Ctx): User => userOf(ctx, userGid(ctx, "user_gid", ctx.params.user_gid ?? ""))

export const peopleRoutes: ReadonlyArray<Route> = [
  route("GET", "/users", "users:read", (ctx) => {
    const team = queryGid(ctx, "team")
    const workspace = queryGid(ctx, "workspace")
    if (team !== undefined) {
      const found = teamOf(ctx, team)
      return page(ctx, usersIn(ctx, found.workspace).map((user) => fullUser(ctx.render, user)))
    }
    const workspaces = workspace === undefined ? ctx.caller.user.workspaces : [workspaceOf(ctx, workspace).gid]
    const users = [...ctx.state.users.values()].filter((user) => user.workspaces.some((ws) => workspaces.includes(ws)))
    return page(ctx, users.map((user) => fullUser(ctx.render, user)))
  }),
  route("GET", "/users/:user_gid", "users:read", (ctx) => single(ctx, fullUser(ctx.render, pathUser(ctx)))),
  route("GET", "/workspaces/:workspace_gid/users", "users:read", (ctx) => {
    const workspace = workspaceOf(ctx, pathGid(ctx, "workspace_gid"))
    return page(ctx, usersIn(ctx, workspace.gid).map((user) => fullUser(ctx.render, user)))
  }),
  route("GET", "/workspaces", "workspaces:read", (ctx) =>
    page(
      ctx,
      ctx.caller.user.workspaces.flatMap((gid) => {
        const workspace = ctx.state.workspaces.get(gid)
        return workspace === undefined ? [] : [fullWorkspace(ctx.render, workspace)]
      })
    )),
  route(
    "GET",
    "/workspaces/:workspace_gid",
    "workspaces:read",
    (ctx) => single(ctx, fullWorkspace(ctx.render, workspaceOf(ctx, pathGid(ctx, "workspace_gid"))))
  ),
  route("GET", "/workspaces/:workspace_gid/teams", "teams:read", (ctx) => {
    const workspace = workspaceOf(ctx, pathGid(ctx, "workspace_gid"))
    const teams = [...ctx.state.teams.values()].filter((team) => team.workspace === workspace.gid)
    return page(ctx, teams.map((team) => fullTeam(ctx.render, team)))
  }),
  route("GET", "/users/:user_gid/teams", "teams:read", (ctx) => {
    const user = pathUser(ctx)
    const organization = queryValue(ctx, "organization")
    if (organization === undefined || organization === "") return badRequest("organization: Missing input")
    const workspace = workspaceOf(ctx, checkGid("organization", organization))
    const teams = [...ctx.state.teams.values()].filter((team) =>
      team.workspace === workspace.gid && user.workspaces.includes(workspace.gid)
    )
    return page(ctx, teams.map((team) => fullTeam(ctx.render, team)))
  }),
  route(
    "GET",
    "/teams/:team_gid",
    "teams:read",
    (ctx) => single(ctx, fullTeam(ctx.render, teamOf(ctx, pathGid(ctx, "team_gid"))))
  )
]
