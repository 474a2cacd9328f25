/**
 * Goals: their supporters added and removed (addSupportingRelationship,
 * removeSupportingRelationship); list (by workspace, team, or what supports them: a portfolio, project
 * or task; narrowed by workspace level and time periods), get, create (201),
 * update and delete (its status updates go with it).
 */
import * as Either from "effect/Either"
import type { Parsed } from "../core/rejection.js"
import { route } from "../core/route.js"
import type { ApiRoute, Ctx } from "./context.js"
import { badRequest, created, emptyOk, ok } from "./errors.js"
import { goalOf, portfolioOf } from "./input-goals.js"
import type { Data } from "./input.js"
import {
  bool,
  checkGid,
  date,
  gidField,
  gidList,
  has,
  input,
  nullableStr,
  pathGid,
  plainOrRich,
  projectOf,
  queryGid,
  queryValue,
  requiredGid,
  str,
  taskOf,
  teamOf,
  userOf,
  workspaceOf
} from "./input.js"
import { type Goal, newGoal } from "./model-goals.js"
import { newGid } from "./model.js"
import { singleRecord } from "./opt-fields.js"
import { page } from "./paging.js"
import { fullGoal } from "./render-goals.js"

/** green/yellow/red while open; achieved, partial, missed or dropped once closed. */
export const GOAL_STATUSES: ReadonlyArray<string> = [
  "green",
  "yellow",
  "red",
  "achieved",
  "partial",
  "missed",
  "dropped"
]

const answer = (ctx: Ctx, goal: Goal) => singleRecord(fullGoal(ctx.render, goal), ctx.fields, ctx.expand)

const FILTERS = ["portfolio", "project", "task", "team", "workspace"] as const

const list = (ctx: Ctx) =>
  Either.gen(function*() {
    if (FILTERS.every((name) => queryValue(ctx, name) === undefined)) {
      return yield* badRequest("Must specify one of portfolio, project, task, team or workspace")
    }
    const workspace = yield* queryGid(ctx, "workspace")
    const team = yield* queryGid(ctx, "team")
    const supporter = (yield* queryGid(ctx, "project")) ?? (yield* queryGid(ctx, "task"))
    const portfolio = yield* queryGid(ctx, "portfolio")
    const levelWord = queryValue(ctx, "is_workspace_level")
    if (levelWord !== undefined && levelWord !== "true" && levelWord !== "false") {
      return yield* badRequest(`is_workspace_level: Not a boolean: ${levelWord}`)
    }
    const periodsText = queryValue(ctx, "time_periods")
    const periods = periodsText === undefined
      ? undefined
      : yield* Either.all(periodsText.split(",").map((gid) => checkGid("time_periods", gid.trim())))
    if (workspace !== undefined) yield* workspaceOf(ctx, workspace)
    if (team !== undefined) yield* teamOf(ctx, team)
    const goals = [...ctx.state.goals.values()].filter((goal) =>
      ctx.caller.user.workspaces.includes(goal.workspace) &&
      (workspace === undefined || goal.workspace === workspace) &&
      (team === undefined || goal.team === team) &&
      (supporter === undefined || goal.supporting.includes(supporter)) &&
      (portfolio === undefined || goal.supporting_portfolios.includes(portfolio)) &&
      (levelWord === undefined || String(goal.is_workspace_level) === levelWord) &&
      (periods === undefined || (goal.time_period !== null && periods.includes(goal.time_period)))
    )
    return yield* page(ctx, goals.map((goal) => fullGoal(ctx.render, goal)))
  })

/** Applies the writable fields of a create or update body; team and workspace level decide each other. */
const applyFields = (ctx: Ctx, goal: Goal, data: Data): Parsed<void> =>
  Either.gen(function*() {
    const name = yield* str(data, "name")
    if (name !== undefined) {
      if (name.trim() === "") return yield* badRequest("name: Cannot be empty")
      goal.name = name
    }
    const notes = yield* plainOrRich(data, "notes", "html_notes")
    if (notes !== undefined) {
      goal.notes = notes.text
      goal.html_notes = notes.html
    }
    const due = yield* date(data, "due_on")
    if (due !== undefined) goal.due_on = due
    const start = yield* date(data, "start_on")
    if (start !== undefined) goal.start_on = start
    if (goal.start_on !== null && goal.due_on !== null && goal.start_on > goal.due_on) {
      return yield* badRequest("start_on: Must be on or before due_on")
    }
    const liked = yield* bool(data, "liked")
    if (liked !== undefined) goal.liked = liked
    const team = has(data, "team") && data.team === null ? null : yield* gidField(ctx, data, "team")
    if (team !== undefined) {
      if (team !== null && (yield* teamOf(ctx, team)).workspace !== goal.workspace) {
        return yield* badRequest("team: The team is in another workspace")
      }
      goal.team = team
      goal.is_workspace_level = team === null
    }
    const level = yield* bool(data, "is_workspace_level")
    if (level !== undefined) {
      if (level && team !== undefined && team !== null) {
        return yield* badRequest("is_workspace_level: A goal with a team is not workspace-level")
      }
      if (!level && goal.team === null) {
        return yield* badRequest("team: A goal that is not workspace-level needs a team")
      }
      if (level) goal.team = null
      goal.is_workspace_level = level
    }
    const period = has(data, "time_period") && data.time_period === null
      ? null
      : yield* gidField(ctx, data, "time_period")
    if (period !== undefined) {
      if (period !== null && !ctx.state.timePeriods.has(period)) {
        return yield* badRequest(`time_period: Unknown object: ${period}`)
      }
      goal.time_period = period
    }
    const owner = has(data, "owner") && data.owner === null ? null : yield* gidField(ctx, data, "owner", "user")
    if (owner !== undefined) goal.owner = owner === null ? null : (yield* userOf(ctx, owner)).gid
    const followers = yield* gidList(ctx, data, "followers", "user")
    if (followers !== undefined) {
      for (const gid of followers) {
        if (!goal.followers.includes((yield* userOf(ctx, gid)).gid)) goal.followers.push(gid)
      }
    }
  })

const create = (ctx: Ctx) =>
  Either.gen(function*() {
    const data = yield* input(ctx)
    if ((yield* str(data, "name")) === undefined) return yield* badRequest("name: Missing input")
    const workspaceGid = yield* gidField(ctx, data, "workspace")
    if (workspaceGid === undefined) return yield* badRequest("workspace: Missing input")
    const workspace = yield* workspaceOf(ctx, workspaceGid)
    const goal = newGoal(newGid(ctx.state), "", workspace.gid, ctx.caller.user.gid, ctx.call.now_ms)
    yield* applyFields(ctx, goal, data)
    ctx.state.goals.set(goal.gid, goal)
    return created(answer(ctx, goal))
  })

const pathGoal = (ctx: Ctx) => Either.flatMap(pathGid(ctx, "goal_gid"), (gid) => goalOf(ctx, gid))

const update = (ctx: Ctx) =>
  Either.gen(function*() {
    const goal = yield* pathGoal(ctx)
    const data = yield* input(ctx)
    const workspace = yield* gidField(ctx, data, "workspace")
    if (workspace !== undefined && workspace !== goal.workspace) {
      return yield* badRequest("workspace: A goal cannot move to another workspace")
    }
    // Every check runs on a copy: a refused update changes nothing.
    const changed: Goal = { ...goal, followers: [...goal.followers] }
    yield* applyFields(ctx, changed, data)
    const status = yield* nullableStr(data, "status")
    if (status !== undefined) {
      if (status !== null && !GOAL_STATUSES.includes(status)) {
        return yield* badRequest(`status: Must be one of ${GOAL_STATUSES.join(", ")}`)
      }
      changed.status = status
    }
    ctx.state.goals.set(goal.gid, changed)
    return ok(answer(ctx, changed))
  })

/** A goal's supporter: a project, task or portfolio of its workspace, and the list of the goal that holds it. */
const supporterOf = (ctx: Ctx, goal: Goal, gid: string) =>
  Either.gen(function*() {
    const kind = ctx.state.projects.has(gid)
      ? "project"
      : ctx.state.tasks.has(gid)
      ? "task"
      : ctx.state.portfolios.has(gid)
      ? "portfolio"
      : undefined
    if (kind === undefined) {
      return yield* badRequest(`supporting_resource: Not a project, task or portfolio: ${gid}`)
    }
    const record = kind === "project"
      ? yield* projectOf(ctx, gid)
      : kind === "task"
      ? yield* taskOf(ctx, gid)
      : yield* portfolioOf(ctx, gid)
    if (record.workspace !== goal.workspace) {
      return yield* badRequest("supporting_resource: The resource is in another workspace")
    }
    return { kind, name: record.name, list: kind === "portfolio" ? goal.supporting_portfolios : goal.supporting }
  })

/** `POST /goals/{gid}/addSupportingRelationship`: the goal relationship it makes (supporting work). */
const addSupporter = (ctx: Ctx) =>
  Either.gen(function*() {
    const goal = yield* pathGoal(ctx)
    const data = yield* input(ctx)
    const gid = yield* requiredGid(ctx, data, "supporting_resource")
    const supporter = yield* supporterOf(ctx, goal, gid)
    const weight = data.contribution_weight ?? 0
    if (typeof weight !== "number" || !(weight >= 0 && weight <= 1)) {
      return yield* badRequest("contribution_weight: Must be a number from 0 to 1")
    }
    if (!supporter.list.includes(gid)) supporter.list.push(gid)
    return ok({
      gid: newGid(ctx.state),
      resource_type: "goal_relationship",
      resource_subtype: "supporting_work",
      contribution_weight: weight,
      supporting_resource: { gid, resource_type: supporter.kind, name: supporter.name },
      supported_goal: { gid: goal.gid, resource_type: "goal", name: goal.name }
    })
  })

const removeSupporter = (ctx: Ctx) =>
  Either.gen(function*() {
    const goal = yield* pathGoal(ctx)
    const gid = yield* requiredGid(ctx, yield* input(ctx), "supporting_resource")
    goal.supporting = goal.supporting.filter((g) => g !== gid)
    goal.supporting_portfolios = goal.supporting_portfolios.filter((g) => g !== gid)
    return emptyOk()
  })

export const goalRoutes: ReadonlyArray<ApiRoute> = [
  route("GET", "/goals", "goals:read", list),
  route("POST", "/goals", null, create),
  route("GET", "/goals/:goal_gid", "goals:read", (ctx) => Either.map(pathGoal(ctx), (goal) => ok(answer(ctx, goal)))),
  route("PUT", "/goals/:goal_gid", null, update),
  route("POST", "/goals/:goal_gid/addSupportingRelationship", null, addSupporter),
  route("POST", "/goals/:goal_gid/removeSupportingRelationship", null, removeSupporter),
  route("DELETE", "/goals/:goal_gid", null, (ctx) =>
    Either.map(pathGoal(ctx), (goal) => {
      ctx.state.goals.delete(goal.gid)
      for (const update of [...ctx.state.statusUpdates.values()]) {
        if (update.parent === goal.gid) ctx.state.statusUpdates.delete(update.gid)
      }
      return emptyOk()
    }))
]
