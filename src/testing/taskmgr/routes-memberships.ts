/**
 * Memberships on the service's one endpoint: list by parent or by member,
 * get, create (201), update the access level, delete. A project's or
 * portfolio's user memberships and its `members` are the same people: a
 * write here changes both, and a parent made elsewhere (project create)
 * gets its members' memberships when its memberships are first read.
 */
import { badRequest, created, emptyOk, forbidden, notFound, ok, Rejection } from "./errors.js"
import { statusParentOf } from "./input-goals.js"
import { checkGid, input, pathGid, queryValue, requiredStr, str, teamOf, userGid, userOf } from "./input.js"
import type { AccessLevel, MembershipParentKind, MembershipRecord } from "./model-fields.js"
import { ACCESS_LEVELS } from "./model-fields.js"
import { newGid } from "./model.js"
import { singleRecord } from "./opt-fields.js"
import { page } from "./paging.js"
import { COMPACT, fullMembership } from "./render-fields.js"
import type { Ctx, Route } from "./router.js"
import { route } from "./router.js"

interface Parent {
  readonly gid: string
  readonly kind: MembershipParentKind
  readonly workspace: string
}

/** A project, portfolio or goal the caller may see (a private portfolio only to its members). */
const parentOf = (ctx: Ctx, gid: string): Parent => ({ gid, ...statusParentOf(ctx, gid) })

const visible = (ctx: Ctx, gid: string): boolean => {
  try {
    parentOf(ctx, gid)
    return true
  } catch (error) {
    if (error instanceof Rejection) return false
    throw error
  }
}

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
const memberOfParent = (ctx: Ctx, value: string, parent: Parent): Member => {
  const gid = userGid(ctx, "member", value)
  if (ctx.state.teams.has(gid)) {
    const team = teamOf(ctx, gid)
    if (team.workspace !== parent.workspace) badRequest("member: The team is in another workspace")
    return { gid, kind: "team" }
  }
  const user = userOf(ctx, gid)
  if (!user.workspaces.includes(parent.workspace)) badRequest("member: The user is not in the parent's workspace")
  return { gid, kind: "user" }
}

const accessLevel = (value: string, kind: MembershipParentKind): AccessLevel => {
  const known = ACCESS_LEVELS[kind]
  return known.includes(value as AccessLevel)
    ? value as AccessLevel
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
  for (const gid of parents) if (visible(ctx, gid)) sync(ctx, parentOf(ctx, gid))
}

/** Only an admin of the parent changes who has access to it. */
const mustAdminister = (ctx: Ctx, parent: Parent): void => {
  const mine = [...ctx.state.memberships.values()].find((m) =>
    m.parent === parent.gid && m.member_kind === "user" && m.member === ctx.caller.user.gid
  )
  if (mine?.access_level !== "admin") forbidden()
}

const membershipOf = (ctx: Ctx, gid: string): MembershipRecord => {
  const membership = ctx.state.memberships.get(gid) ?? notFound(gid)
  parentOf(ctx, membership.parent)
  return membership
}

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

export const membershipRoutes: ReadonlyArray<Route> = [
  route("GET", "/memberships", null, (ctx) => {
    const parentGid = queryValue(ctx, "parent")
    const memberValue = queryValue(ctx, "member")
    if (parentGid === undefined && memberValue === undefined) {
      return badRequest("parent: Missing input (or give member)")
    }
    const parent = parentGid === undefined ? undefined : parentOf(ctx, checkGid("parent", parentGid))
    const member = memberValue === undefined ? undefined : userGid(ctx, "member", memberValue)
    if (parent !== undefined) sync(ctx, parent)
    else syncVisible(ctx)
    const found = [...ctx.state.memberships.values()].filter((m) =>
      (parent === undefined || m.parent === parent.gid) &&
      (member === undefined || m.member === member) &&
      visible(ctx, m.parent)
    )
    return page({ ...ctx, fields: ctx.fields ?? COMPACT.membership }, found.map((m) => fullMembership(ctx.render, m)))
  }),
  route("POST", "/memberships", null, (ctx) => {
    const data = input(ctx)
    const parent = parentOf(ctx, checkGid("parent", requiredStr(data, "parent")))
    const member = memberOfParent(ctx, requiredStr(data, "member"), parent)
    const level = str(data, "access_level")
    sync(ctx, parent)
    mustAdminister(ctx, parent)
    const existing = [...ctx.state.memberships.values()].find((m) => m.parent === parent.gid && m.member === member.gid)
    if (existing !== undefined) return badRequest(`member: ${member.gid} is already a member of ${parent.gid}`)
    const membership: MembershipRecord = {
      gid: newGid(ctx.state),
      parent: parent.gid,
      parent_kind: parent.kind,
      member: member.gid,
      member_kind: member.kind,
      access_level: level === undefined ? "editor" : accessLevel(level, parent.kind)
    }
    ctx.state.memberships.set(membership.gid, membership)
    reflect(ctx, membership, true)
    return created(answer(ctx, membership))
  }),
  route(
    "GET",
    "/memberships/:membership_gid",
    null,
    (ctx) => ok(answer(ctx, membershipOf(ctx, pathGid(ctx, "membership_gid"))))
  ),
  route("PUT", "/memberships/:membership_gid", null, (ctx) => {
    const membership = membershipOf(ctx, pathGid(ctx, "membership_gid"))
    const level = requiredStr(input(ctx), "access_level")
    const parent = parentOf(ctx, membership.parent)
    mustAdminister(ctx, parent)
    membership.access_level = accessLevel(level, parent.kind)
    return ok(answer(ctx, membership))
  }),
  route("DELETE", "/memberships/:membership_gid", null, (ctx) => {
    const membership = membershipOf(ctx, pathGid(ctx, "membership_gid"))
    mustAdminister(ctx, parentOf(ctx, membership.parent))
    ctx.state.memberships.delete(membership.gid)
    reflect(ctx, membership, false)
    return emptyOk()
  })
]
