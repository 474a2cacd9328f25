/**
 * Goals, portfolios and status updates the caller may see (404 when unknown,
 * 403 outside the caller's workspaces or, for a private portfolio, its members).
 */
import * as Either from "effect/Either"
import type { Parsed } from "../core/rejection.js"
import type { Ctx } from "./context.js"
import { forbidden, notFound } from "./errors.js"
import { memberOf, projectOf } from "./input.js"
import type { Goal, Portfolio, StatusParentKind, StatusUpdate } from "./model-goals.js"

const found = <A>(record: A | undefined, gid: string): Parsed<A> =>
  record === undefined ? notFound(gid) : Either.right(record)

export const goalOf = (ctx: Ctx, gid: string): Parsed<Goal> =>
  Either.gen(function*() {
    const goal = yield* found(ctx.state.goals.get(gid), gid)
    yield* memberOf(ctx, goal.workspace)
    return goal
  })

export const portfolioOf = (ctx: Ctx, gid: string): Parsed<Portfolio> =>
  Either.gen(function*() {
    const portfolio = yield* found(ctx.state.portfolios.get(gid), gid)
    yield* memberOf(ctx, portfolio.workspace)
    if (!portfolio.public && !portfolio.members.includes(ctx.caller.user.gid)) return yield* forbidden()
    return portfolio
  })

/** What a status update may be posted on, and its workspace. */
export const statusParentOf = (
  ctx: Ctx,
  gid: string
): Parsed<{ readonly kind: StatusParentKind; readonly workspace: string }> => {
  const of = <K extends StatusParentKind>(kind: K, record: Parsed<{ readonly workspace: string }>) =>
    Either.map(record, ({ workspace }) => ({ kind, workspace }))
  if (ctx.state.projects.has(gid)) return of("project", projectOf(ctx, gid))
  if (ctx.state.portfolios.has(gid)) return of("portfolio", portfolioOf(ctx, gid))
  if (ctx.state.goals.has(gid)) return of("goal", goalOf(ctx, gid))
  return notFound(gid)
}

export const statusUpdateOf = (ctx: Ctx, gid: string): Parsed<StatusUpdate> =>
  Either.gen(function*() {
    const update = yield* found(ctx.state.statusUpdates.get(gid), gid)
    // An update whose parent was deleted went with it.
    const { goals, portfolios, projects } = ctx.state
    if (!projects.has(update.parent) && !portfolios.has(update.parent) && !goals.has(update.parent)) {
      return yield* notFound(gid)
    }
    yield* statusParentOf(ctx, update.parent)
    return update
  })
