/**
 * Memberships on the service's one endpoint: list by parent or by member,
 * get, create (201), update the access level, delete. A project's user
 * memberships and its `members` are the same people: a write here changes
 * both, and a project made elsewhere (project create) gets its owner's
 * membership when its memberships are first read.
 */
import { badRequest, created, emptyOk, forbidden, notFound, ok } from "./errors.js"
import { checkGid, input, memberOf, pathGid, queryValue, requiredStr, str, teamOf, userGid, userOf } from "./input.js"
import type { AccessLevel, MembershipParentKind, MembershipRecord } from "./model-fields.js"
import { ACCESS_LEVELS } from "./model-fields.js"
import type { Project } from "./model.js"
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

/** The workspace of a project, portfolio or goal, if it exists. */
const workspaceOfParent = (ctx: Ctx, kind: MembershipParentKind, gid: string): string | undefined => {
  switch (kind) {
    case "project":
      return ctx.state.projects.get(gid)?.workspace
    default:
      return undefined
  }
}

const PARENT_KINDS: ReadonlyArray<MembershipParentKind> = ["project", "portfolio", "goal"]

/** A project, portfolio or goal the caller may see. */
const parentOf = (ctx: Ctx, gid: string): Parent => {
  for (const kind of PARENT_KINDS) {
    const workspace = workspaceOfParent(ctx, kind, gid)
    if (workspace === undefined) continue
    memberOf(ctx, workspace)
    return { gid, kind, workspace }
  }
  return notFound(gid)
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
    : badRequest(`access_level: Not a valid access level for a ${kind} membership: ${value}. Use one of ${known.join(", ")}`)
}

/** Gives every member of the project (its `members`) a membership, the owner as admin. */
const syncProject = (ctx: Ctx, project: Project): void => {
  const present = new Set(
    [...ctx.state.memberships.values()].filter((m) => m.parent === project.gid && m.member_kind === "user").map((m) => m.member)
  )
  for (const user of project.members) {
    if (present.has(user)) continue
    const gid = newGid(ctx.state)
    ctx.state.memberships.set(gid, {
      gid,
      parent: project.gid,
      parent_kind: "project",
      member: user,
      member_kind: "user",
      access_level: user === project.owner ? "admin" : "editor"
    })
  }
}

const syncVisibleProjects = (ctx: Ctx): void => {
  for (const project of ctx.state.projects.values()) {
    if (ctx.caller.user.workspaces.includes(project.workspace)) syncProject(ctx, project)
  }
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

const answer = (ctx: Ctx, membership: MembershipRecord) => singleRecord(fullMembership(ctx.render, membership), ctx.fields, ctx.expand)

/** Keeps a project's `members` the same people as its user memberships. */
const reflect = (ctx: Ctx, membership: MembershipRecord, present: boolean): void => {
  const project = membership.parent_kind === "project" && membership.member_kind === "user" ? ctx.state.projects.get(membership.parent) : undefined
  if (project === undefined) return
  project.members = project.members.filter((gid) => gid !== membership.member)
  if (present) project.members.push(membership.member)
}

export const membershipRoutes: ReadonlyArray<Route> = [
  route("GET", "/memberships", null, (ctx) => {
    const parentGid = queryValue(ctx, "parent")
    const memberValue = queryValue(ctx, "member")
    if (parentGid === undefined && memberValue === undefined) return badRequest("parent: Missing input (or give member)")
    const parent = parentGid === undefined ? undefined : parentOf(ctx, checkGid("parent", parentGid))
    const member = memberValue === undefined ? undefined : userGid(ctx, "member", memberValue)
    if (parent?.kind === "project") syncProject(ctx, ctx.state.projects.get(parent.gid)!)
    else syncVisibleProjects(ctx)
    const found = [...ctx.state.memberships.values()].filter((m) =>
      (parent === undefined || m.parent === parent.gid) &&
      (member === undefined || m.member === member) &&
      ctx.caller.user.workspaces.includes(workspaceOfParent(ctx, m.parent_kind, m.parent) ?? "")
    )
    return page({ ...ctx, fields: ctx.fields ?? COMPACT.membership }, found.map((m) => fullMembership(ctx.render, m)))
  }),
  route("POST", "/memberships", null, (ctx) => {
    const data = input(ctx)
    const parent = parentOf(ctx, checkGid("parent", requiredStr(data, "parent")))
    const member = memberOfParent(ctx, requiredStr(data, "member"), parent)
    const level = str(data, "access_level")
    if (parent.kind === "project") syncProject(ctx, ctx.state.projects.get(parent.gid)!)
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
  route("GET", "/memberships/:membership_gid", null, (ctx) => ok(answer(ctx, membershipOf(ctx, pathGid(ctx, "membership_gid"))))),
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
