/** Users (list, get, me), teams (per workspace, per user, get) and workspaces (list, get): read-only. */
import * as Either from "effect/Either"
import type { Parsed } from "../core/rejection.js"
import { route } from "../core/route.js"
import type { ApiRoute, Ctx } from "./context.js"
import { badRequest, ok } from "./errors.js"
import { checkGid, pathGid, queryGid, queryValue, teamOf, userGid, userOf, workspaceOf } from "./input.js"
import type { User } from "./model.js"
import { singleRecord } from "./opt-fields.js"
import { page, unpaged } from "./paging.js"
import { fullTeam, fullUser, fullWorkspace } from "./render.js"

const single = (ctx: Ctx, record: Record<string, unknown>) => ok(singleRecord(record, ctx.fields, ctx.expand))

const usersIn = (ctx: Ctx, workspace: string): Array<User> =>
  [...ctx.state.users.values()].filter((user) => user.workspaces.includes(workspace))

const pathUser = (ctx: Ctx): Parsed<User> =>
  Either.flatMap(userGid(ctx, "user_gid", ctx.params.user_gid ?? ""), (gid) => userOf(ctx, gid))

const pathWorkspace = (ctx: Ctx) => Either.flatMap(pathGid(ctx, "workspace_gid"), (gid) => workspaceOf(ctx, gid))

export const peopleRoutes: ReadonlyArray<ApiRoute> = [
  route("GET", "/users", "users:read", (ctx) =>
    Either.gen(function*() {
      const team = yield* queryGid(ctx, "team")
      const workspace = yield* queryGid(ctx, "workspace")
      if (team !== undefined) {
        const found = yield* teamOf(ctx, team)
        return yield* page(ctx, usersIn(ctx, found.workspace).map((user) => fullUser(ctx.render, user)))
      }
      const workspaces = workspace === undefined
        ? ctx.caller.user.workspaces
        : [(yield* workspaceOf(ctx, workspace)).gid]
      const users = [...ctx.state.users.values()].filter((user) =>
        user.workspaces.some((ws) => workspaces.includes(ws))
      )
      return yield* page(ctx, users.map((user) => fullUser(ctx.render, user)))
    })),
  route(
    "GET",
    "/users/:user_gid",
    "users:read",
    (ctx) => Either.map(pathUser(ctx), (user) => single(ctx, fullUser(ctx.render, user)))
  ),
  route("GET", "/workspaces/:workspace_gid/users", "users:read", (ctx) =>
    Either.flatMap(
      pathWorkspace(ctx),
      (workspace) => Either.right(unpaged(ctx, usersIn(ctx, workspace.gid).map((user) => fullUser(ctx.render, user))))
    )),
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
    (ctx) => Either.map(pathWorkspace(ctx), (workspace) => single(ctx, fullWorkspace(ctx.render, workspace)))
  ),
  route(
    "GET",
    "/workspaces/:workspace_gid/teams",
    "teams:read",
    (ctx) =>
      Either.flatMap(pathWorkspace(ctx), (workspace) => {
        const teams = [...ctx.state.teams.values()].filter((team) => team.workspace === workspace.gid)
        return page(ctx, teams.map((team) => fullTeam(ctx.render, team)))
      })
  ),
  route("GET", "/users/:user_gid/teams", "teams:read", (ctx) =>
    Either.gen(function*() {
      const user = yield* pathUser(ctx)
      const organization = queryValue(ctx, "organization")
      if (organization === undefined || organization === "") return yield* badRequest("organization: Missing input")
      const workspace = yield* workspaceOf(ctx, yield* checkGid("organization", organization))
      const teams = [...ctx.state.teams.values()].filter((team) =>
        team.workspace === workspace.gid && user.workspaces.includes(workspace.gid)
      )
      return yield* page(ctx, teams.map((team) => fullTeam(ctx.render, team)))
    })),
  route("GET", "/teams/:team_gid", "teams:read", (ctx) =>
    Either.map(
      Either.flatMap(pathGid(ctx, "team_gid"), (gid) => teamOf(ctx, gid)),
      (team) => single(ctx, fullTeam(ctx.render, team))
    ))
]
