/**
 * Portfolios: list (a workspace's, by owner), get, create (201), update,
 * delete (its status updates go with it), and their items (projects): listed,
 * added at a place (`insert_before` or `insert_after` an item) and removed.
 */
import * as Either from "effect/Either"
import type { Parsed } from "../core/rejection.js"
import { route } from "../core/route.js"
import type { ApiRoute, Ctx } from "./context.js"
import { badRequest, created, emptyOk, ok } from "./errors.js"
import { portfolioOf } from "./input-goals.js"
import type { Data } from "./input.js"
import {
  bool,
  date,
  gidField,
  input,
  pathGid,
  projectOf,
  queryGid,
  queryValue,
  requiredGid,
  str,
  userGid,
  workspaceOf
} from "./input.js"
import { newPortfolio, type Portfolio, type PortfolioColor } from "./model-goals.js"
import { newGid } from "./model.js"
import { singleRecord } from "./opt-fields.js"
import { page } from "./paging.js"
import { fullPortfolio } from "./render-goals.js"
import { fullProject } from "./render.js"

const COLORS: ReadonlyArray<PortfolioColor> = [
  "dark-pink",
  "dark-green",
  "dark-blue",
  "dark-red",
  "dark-teal",
  "dark-brown",
  "dark-orange",
  "dark-purple",
  "dark-warm-gray",
  "light-pink",
  "light-green",
  "light-blue",
  "light-red",
  "light-teal",
  "light-brown",
  "light-orange",
  "light-purple",
  "light-warm-gray"
]
const ACCESS_LEVELS: ReadonlyArray<Portfolio["default_access_level"]> = ["admin", "editor", "viewer"]

const answer = (ctx: Ctx, portfolio: Portfolio) =>
  singleRecord(fullPortfolio(ctx.render, portfolio), ctx.fields, ctx.expand)

const visible = (ctx: Ctx, portfolio: Portfolio) => portfolio.public || portfolio.members.includes(ctx.caller.user.gid)

const oneOf = <A extends string>(data: Data, name: string, allowed: ReadonlyArray<A>): Parsed<A | undefined> =>
  Either.flatMap(str(data, name), (value) =>
    value !== undefined && !allowed.includes(value as A)
      ? badRequest(`${name}: Must be one of ${allowed.join(", ")}`)
      : Either.right(value as A | undefined))

const applyFields = (portfolio: Portfolio, data: Data): Parsed<void> =>
  Either.gen(function*() {
    const name = yield* str(data, "name")
    if (name !== undefined) {
      if (name.trim() === "") return yield* badRequest("name: Cannot be empty")
      portfolio.name = name
    }
    const color = yield* oneOf(data, "color", COLORS)
    if (color !== undefined) portfolio.color = color
    const archived = yield* bool(data, "archived")
    if (archived !== undefined) portfolio.archived = archived
    const isPublic = yield* bool(data, "public")
    if (isPublic !== undefined) portfolio.public = isPublic
    const access = yield* oneOf(data, "default_access_level", ACCESS_LEVELS)
    if (access !== undefined) portfolio.default_access_level = access
    const due = yield* date(data, "due_on")
    if (due !== undefined) portfolio.due_on = due
    const start = yield* date(data, "start_on")
    if (start !== undefined) portfolio.start_on = start
    if (portfolio.start_on !== null && portfolio.due_on !== null && portfolio.start_on > portfolio.due_on) {
      return yield* badRequest("start_on: Must be on or before due_on")
    }
  })

const create = (ctx: Ctx) =>
  Either.gen(function*() {
    const data = yield* input(ctx)
    if ((yield* str(data, "name")) === undefined) return yield* badRequest("name: Missing input")
    const workspaceGid = yield* gidField(ctx, data, "workspace")
    if (workspaceGid === undefined) return yield* badRequest("workspace: Missing input")
    const workspace = yield* workspaceOf(ctx, workspaceGid)
    const me = ctx.caller.user.gid
    const portfolio = newPortfolio(newGid(ctx.state), "", workspace.gid, me, ctx.call.now_ms)
    yield* applyFields(portfolio, data)
    ctx.state.portfolios.set(portfolio.gid, portfolio)
    return created(answer(ctx, portfolio))
  })

const pathPortfolio = (ctx: Ctx) => Either.flatMap(pathGid(ctx, "portfolio_gid"), (gid) => portfolioOf(ctx, gid))

/** `POST /portfolios/{gid}/addItem`: a project of the portfolio's workspace, moved when already an item. */
const addItem = (ctx: Ctx) =>
  Either.gen(function*() {
    const portfolio = yield* pathPortfolio(ctx)
    const data = yield* input(ctx)
    const project = yield* projectOf(ctx, yield* requiredGid(ctx, data, "item"))
    if (project.workspace !== portfolio.workspace) {
      return yield* badRequest("item: The project is in another workspace")
    }
    const before = yield* gidField(ctx, data, "insert_before")
    const after = yield* gidField(ctx, data, "insert_after")
    if (before !== undefined && after !== undefined) {
      return yield* badRequest("You may only provide one of insert_before or insert_after")
    }
    const items = portfolio.items.filter((gid) => gid !== project.gid)
    const anchor = before ?? after
    const at = anchor === undefined ? items.length : items.indexOf(anchor)
    if (at < 0) return yield* badRequest(`${before !== undefined ? "insert_before" : "insert_after"}: Not an item`)
    items.splice(after !== undefined ? at + 1 : at, 0, project.gid)
    portfolio.items = items
    return emptyOk()
  })

const removeItem = (ctx: Ctx) =>
  Either.gen(function*() {
    const portfolio = yield* pathPortfolio(ctx)
    const item = yield* requiredGid(ctx, yield* input(ctx), "item")
    portfolio.items = portfolio.items.filter((gid) => gid !== item)
    return emptyOk()
  })

export const portfolioRoutes: ReadonlyArray<ApiRoute> = [
  route("GET", "/portfolios", "portfolios:read", (ctx) =>
    Either.gen(function*() {
      const workspaceGid = yield* queryGid(ctx, "workspace")
      if (workspaceGid === undefined) return yield* badRequest("workspace: Missing input")
      yield* workspaceOf(ctx, workspaceGid)
      const ownerWord = queryValue(ctx, "owner")
      const owner = ownerWord === undefined ? undefined : yield* userGid(ctx, "owner", ownerWord)
      const portfolios = [...ctx.state.portfolios.values()].filter((p) =>
        p.workspace === workspaceGid && (owner === undefined || p.owner === owner) && visible(ctx, p)
      )
      return yield* page(ctx, portfolios.map((p) => fullPortfolio(ctx.render, p)))
    })),
  route("POST", "/portfolios", "portfolios:write", create),
  route(
    "GET",
    "/portfolios/:portfolio_gid",
    "portfolios:read",
    (ctx) => Either.map(pathPortfolio(ctx), (portfolio) => ok(answer(ctx, portfolio)))
  ),
  route("PUT", "/portfolios/:portfolio_gid", "portfolios:write", (ctx) =>
    Either.gen(function*() {
      const portfolio = yield* pathPortfolio(ctx)
      // Every check runs on a copy: a refused update changes nothing.
      const changed: Portfolio = { ...portfolio }
      yield* applyFields(changed, yield* input(ctx))
      ctx.state.portfolios.set(portfolio.gid, changed)
      return ok(answer(ctx, changed))
    })),
  route("DELETE", "/portfolios/:portfolio_gid", null, (ctx) =>
    Either.map(pathPortfolio(ctx), (portfolio) => {
      ctx.state.portfolios.delete(portfolio.gid)
      for (const update of [...ctx.state.statusUpdates.values()]) {
        if (update.parent === portfolio.gid) ctx.state.statusUpdates.delete(update.gid)
      }
      for (const goal of ctx.state.goals.values()) {
        goal.supporting_portfolios = goal.supporting_portfolios.filter((gid) => gid !== portfolio.gid)
      }
      return emptyOk()
    })),
  route("POST", "/portfolios/:portfolio_gid/addItem", "portfolios:write", addItem),
  route("POST", "/portfolios/:portfolio_gid/removeItem", "portfolios:write", removeItem),
  route(
    "GET",
    "/portfolios/:portfolio_gid/items",
    "portfolios:read",
    (ctx) =>
      Either.flatMap(pathPortfolio(ctx), (portfolio) => {
        const projects = portfolio.items.flatMap((gid) => ctx.state.projects.get(gid) ?? [])
        return page(ctx, projects.map((project) => fullProject(ctx.render, project)))
      })
  )
]
