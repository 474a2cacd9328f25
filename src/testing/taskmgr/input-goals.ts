/**
 * Goals, portfolios and status updates the caller may see (404 when unknown,
 * 403 outside the caller's workspaces or, for a private portfolio, its members).
 */
import { forbidden, notFound } from "./errors.js"
import { memberOf, projectOf } from "./input.js"
import type { Goal, Portfolio, StatusParentKind, StatusUpdate } from "./model-goals.js"
import type { Ctx } from "./router.js"

export const goalOf = (ctx: Ctx, gid: string): Goal => {
  const goal = ctx.state.goals.get(gid) ?? notFound(gid)
  memberOf(ctx, goal.workspace)
  return goal
}

export const portfolioOf = (ctx: Ctx, gid: string): Portfolio => {
  const portfolio = ctx.state.portfolios.get(gid) ?? notFound(gid)
  memberOf(ctx, portfolio.workspace)
  if (!portfolio.public && !portfolio.members.includes(ctx.caller.user.gid)) forbidden()
  return portfolio
}

/** What a status update may be posted on, and its workspace. */
export const statusParentOf = (
  ctx: Ctx,
  gid: string
): { readonly kind: StatusParentKind; readonly workspace: string } => {
  if (ctx.state.projects.has(gid)) return { kind: "project", workspace: projectOf(ctx, gid).workspace }
  if (ctx.state.portfolios.has(gid)) return { kind: "portfolio", workspace: portfolioOf(ctx, gid).workspace }
  if (ctx.state.goals.has(gid)) return { kind: "goal", workspace: goalOf(ctx, gid).workspace }
  return notFound(gid)
}

export const statusUpdateOf = (ctx: Ctx, gid: string): StatusUpdate => {
  const update = ctx.state.statusUpdates.get(gid) ?? notFound(gid)
  // An update whose parent was deleted went with it.
  const { projects, portfolios, goals } = ctx.state
  if (!projects.has(update.parent) && !portfolios.has(update.parent) && !goals.has(update.parent)) notFound(gid)
  statusParentOf(ctx, update.parent)
  return update
}
