/**
 * Memberships on the service's one endpoint: list by parent or by member,
 * get, create (201), update the access level, delete. A project's or
 * portfolio's user memberships and its `members` are the same people: a
 * write here changes both, and a parent made elsewhere (project create)
 * gets its members' memberships when its memberships are first read.
 */
import * as Either from "effect/Either"
import type { Parsed } from "../core/rejection.js"
import { route } from "../core/route.js"
import type { ApiRoute, Ctx } from "./context.js"
import { badRequest, created, emptyOk, forbidden, notFound, ok } from "./errors.js"
import { statusParentOf } from "./input-goals.js"
import { checkGid, input, pathGid, queryValue, requiredStr, str, teamOf, userGid, userOf } from "./input.js"
import type { AccessLevel, MembershipParentKind, MembershipRecord } from "./model-fields.js"
import { ACCESS_LEVELS } from "./model-fields.js"
import { newGid } from "./model.js"
import { singleRecord } from "./opt-fields.js"
import { page } from "./paging.js"
import { COMPACT, fullMembership } from "./render-fields.js"

interface Parent {
  readonly gid: string
  readonly kind: MembershipParentKind
  readonly workspace: string
}

/** A project, portfolio or goal the caller may see (a private portfolio only to its members). */
const parentOf = (ctx: Ctx, gid: string): Parsed<Parent> =>
  Either.map(statusParentOf(ctx, gid), (parent) => ({ gid, ...parent }))

const visible = (ctx: Ctx, gid: string): boolean => Either.isRight(parentOf(ctx, gid))

/**
 * A parent's own member list (a project's or portfolio's `members`), which
 * its user memberships mirror, and its owner; a goal keeps no list.
 */
const rosterOf = (
  ctx: Ctx,
  parent: Parent
): { readonly members: Array<string> | null; readonly owner: string | null } => {
  switch (parent.kind) {
    case "project":
      return ctx.state.projects.get(parent.gid)!
    case "portfolio":
      return ctx.state.portfolios.get(parent.gid)!
    case "goal":
      return { members: null, owner: ctx.state.goals.get(parent.gid)!.owner }
  }
}

interface Member {
  readonly gid: string
  readonly kind: "user" | "team"
}

/** A user (gid, email or me) or a team, in the parent's workspace. */
const memberOfParent = (ctx: Ctx, value: string, parent: Parent): Parsed<Member> =>
  Either.gen(function*() {
    const gid = yield* userGid(ctx, "member", value)
    if (ctx.state.teams.has(gid)) {
      const team = yield* teamOf(ctx, gid)
      if (team.workspace !== parent.workspace) return yield* badRequest("member: The team is in another workspace")
      return { gid, kind: "team" as const }
    }
    const user = yield* userOf(ctx, gid)
    if (!user.workspaces.includes(parent.workspace)) {
      return yield* badRequest("member: The user is not in the parent's workspace")
    }
    return { gid, kind: "user" as const }
  })

const accessLevel = (value: string, kind: MembershipParentKind): Parsed<AccessLevel> => {
  const known = ACCESS_LEVELS[kind]
  return known.includes(value as AccessLevel)
    ? Either.right(value as AccessLevel)
    : badRequest(
      `access_level: Not a valid access level for a ${kind} membership: ${value}. Use one of ${known.join(", ")}`
    )
}

/** Gives every member of the parent (its owner, for a goal) a membership: the owner as admin, the others as editors. */
const sync = (ctx: Ctx, parent: Parent): void => {
  const roster = rosterOf(ctx, parent)
  const present = new Set(
    [...ctx.state.memberships.values()].filter((m) => m.parent === parent.gid && m.member_kind === "user").map((m) =>
      m.member
    )
  )
  for (const user of roster.members ?? (roster.owner === null ? [] : [roster.owner])) {
    if (present.has(user)) continue
    const gid = newGid(ctx.state)
    ctx.state.memberships.set(gid, {
      gid,
      parent: parent.gid,
      parent_kind: parent.kind,
      member: user,
      member_kind: "user",
      access_level: user === roster.owner ? "admin" : "editor"
    })
  }
}

const syncVisible = (ctx: Ctx): void => {
  const parents = [...ctx.state.projects.keys(), ...ctx.state.portfolios.keys(), ...ctx.state.goals.keys()]
  for (const gid of parents) {
    const parent = parentOf(ctx, gid)
    if (Either.isRight(parent)) sync(ctx, parent.right)
  }
}

/** Only an admin of the parent changes who has access to it. */
const mustAdminister = (ctx: Ctx, parent: Parent): Parsed<void> => {
  const mine = [...ctx.state.memberships.values()].find((m) =>
    m.parent === parent.gid && m.member_kind === "user" && m.member === ctx.caller.user.gid
  )
  return mine?.access_level === "admin" ? Either.void : forbidden()
}

const membershipOf = (ctx: Ctx, gid: string): Parsed<MembershipRecord> => {
  const membership = ctx.state.memberships.get(gid)
  return membership === undefined ? notFound(gid) : Either.map(parentOf(ctx, membership.parent), () => membership)
}

const pathMembership = (ctx: Ctx) => Either.flatMap(pathGid(ctx, "membership_gid"), (gid) => membershipOf(ctx, gid))

const answer = (ctx: Ctx, membership: MembershipRecord) =>
  singleRecord(fullMembership(ctx.render, membership), ctx.fields, ctx.expand)

/** Keeps a parent's `members` the same people as its user memberships. */
const reflect = (ctx: Ctx, membership: MembershipRecord, present: boolean): void => {
  if (membership.member_kind !== "user") return
  const parent = ctx.state.projects.get(membership.parent) ?? ctx.state.portfolios.get(membership.parent)
  if (parent === undefined) return
  const at = parent.members.indexOf(membership.member)
  if (present && at < 0) parent.members.push(membership.member)
  if (!present && at >= 0) parent.members.splice(at, 1)
}

export const membershipRoutes: ReadonlyArray<ApiRoute> = [
  route("GET", "/memberships", null, (ctx) =>
    Either.gen(function*() {
      const parentGid = queryValue(ctx, "parent")
      const memberValue = queryValue(ctx, "member")
      if (parentGid === undefined && memberValue === undefined) {
        return yield* badRequest("parent: Missing input (or give member)")
      }
      const parent = parentGid === undefined ? undefined : yield* parentOf(ctx, yield* checkGid("parent", parentGid))
      const member = memberValue === undefined ? undefined : yield* userGid(ctx, "member", memberValue)
      if (parent !== undefined) sync(ctx, parent)
      else syncVisible(ctx)
      const found = [...ctx.state.memberships.values()].filter((m) =>
        (parent === undefined || m.parent === parent.gid) &&
        (member === undefined || m.member === member) &&
        visible(ctx, m.parent)
      )
      return yield* page(
        { ...ctx, fields: ctx.fields ?? COMPACT.membership },
        found.map((m) => fullMembership(ctx.render, m))
      )
    })),
  route("POST", "/memberships", null, (ctx) =>
    Either.gen(function*() {
      const data = yield* input(ctx)
      const parent = yield* parentOf(ctx, yield* checkGid("parent", yield* requiredStr(data, "parent")))
      const member = yield* memberOfParent(ctx, yield* requiredStr(data, "member"), parent)
      const level = yield* str(data, "access_level")
      sync(ctx, parent)
      yield* mustAdminister(ctx, parent)
      const existing = [...ctx.state.memberships.values()].find((m) =>
        m.parent === parent.gid && m.member === member.gid
      )
      if (existing !== undefined) return yield* badRequest(`member: ${member.gid} is already a member of ${parent.gid}`)
      // The gid is taken before the access level is checked, as the service numbers it.
      const gid = newGid(ctx.state)
      const membership: MembershipRecord = {
        gid,
        parent: parent.gid,
        parent_kind: parent.kind,
        member: member.gid,
        member_kind: member.kind,
        access_level: level === undefined ? "editor" : yield* accessLevel(level, parent.kind)
      }
      ctx.state.memberships.set(membership.gid, membership)
      reflect(ctx, membership, true)
      return created(answer(ctx, membership))
    })),
  route(
    "GET",
    "/memberships/:membership_gid",
    null,
    (ctx) => Either.map(pathMembership(ctx), (membership) => ok(answer(ctx, membership)))
  ),
  route("PUT", "/memberships/:membership_gid", null, (ctx) =>
    Either.gen(function*() {
      const membership = yield* pathMembership(ctx)
      const level = yield* requiredStr(yield* input(ctx), "access_level")
      const parent = yield* parentOf(ctx, membership.parent)
      yield* mustAdminister(ctx, parent)
      membership.access_level = yield* accessLevel(level, parent.kind)
      return ok(answer(ctx, membership))
    })),
  route("DELETE", "/memberships/:membership_gid", null, (ctx) =>
    Either.gen(function*() {
      const membership = yield* pathMembership(ctx)
      yield* mustAdminister(ctx, yield* parentOf(ctx, membership.parent))
      ctx.state.memberships.delete(membership.gid)
      reflect(ctx, membership, false)
      return emptyOk()
    }))
]
