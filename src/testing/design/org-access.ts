/**
 * Who a caller is to the newer endpoint groups: which kind of credential
 * (personal, plan, user-level or org-level OAuth), which organisation a plan
 * or org-level token is bound to, and the plan gates: a file's plan for
 * variables and analytics, the organisation's plan, add-on and admins for the
 * org-level endpoints.
 *
 * A plan gate answers 403 `Limited by Design plan` in the rich body: that is
 * what the service answers a Professional file's variables read (403, not 402).
 */
import * as Either from "effect/Either"
import type { Parsed } from "../core/rejection.js"
import type { Access, Caller, ContextRef } from "./access.js"
import { accessTo, atLeast, findContext, findFile } from "./access.js"
import { richError } from "./responses.js"
import type { OrgBinding, OrgRecord } from "./seed-enterprise.js"
import { enterpriseOrgs, enterpriseOrgTokens } from "./seed-enterprise.js"
import { designSeed } from "./seed.js"
import type { FileRecord } from "./world.js"

export const LIMITED_BY_PLAN = "Limited by Design plan"

/** The base seed's Organization-plan org: its plan token reaches the org endpoints and meets the plan gate. */
const baseOrg: OrgRecord = {
  id: designSeed.org_id,
  name: "Sandbox Org",
  plan: "organization",
  governance_plus: false,
  admins: [],
  members: [],
  team_ids: [designSeed.org_team_id]
}

const orgs: ReadonlyArray<OrgRecord> = [...enterpriseOrgs, baseOrg]

const orgTokens: ReadonlyMap<string, OrgBinding> = new Map<string, OrgBinding>([
  ...enterpriseOrgTokens,
  [designSeed.tokens.plan, { org_id: designSeed.org_id, level: "plan" }]
])

/** The credential kinds the newer groups accept or refuse (design-wire section 2, spec section 5). */
export type CallerKind = "personal" | "plan" | "oauth_user" | "oauth_org"

export const callerKind = (caller: Caller): CallerKind => {
  switch (caller.record.mode) {
    case "personal":
      return "personal"
    case "plan":
      return "plan"
    case "oauth":
      return orgTokens.get(caller.token)?.level === "org_oauth" ? "oauth_org" : "oauth_user"
  }
}

export const orgById = (id: string): OrgRecord | null => orgs.find((org) => org.id === id) ?? null

/** The organisation a plan token or org-level OAuth token is bound to. */
export const orgOf = (caller: Caller): OrgRecord | null => {
  const binding = orgTokens.get(caller.token)
  return binding === undefined ? null : orgById(binding.org_id)
}

const orgOfTeam = (teamId: string): OrgRecord | null => orgs.find((org) => org.team_ids.includes(teamId)) ?? null

export const forbidden = (message: string) => richError(403, message)
export const planLimited = () => richError(403, LIMITED_BY_PLAN)

export interface FileTarget {
  readonly file: FileRecord
  readonly context: ContextRef
  readonly access: Access
}

export interface FileNeeds {
  /** The Enterprise gate of variables and library analytics. */
  readonly enterprise: boolean
  /** The access the operation needs beyond viewing. */
  readonly access: Access
}

/**
 * 404 for an unknown file, 403 without view access, then the plan gate, then
 * the access the operation needs. A plan token bound to a seeded organisation
 * reaches only that organisation's files; the base sandbox plan token keeps
 * the allowlist "all" it has everywhere else.
 */
export const checkFile = (caller: Caller, key: string, needs: FileNeeds): Parsed<FileTarget> => {
  const file = findFile(key)
  const context = file && findContext("FILE", file.key)
  if (file === null || context === null) return richError(404, "Not found")
  const boundOrg = caller.record.mode === "plan" && caller.token !== designSeed.tokens.plan ? orgOf(caller) : null
  if (boundOrg !== null && orgOfTeam(context.team.id)?.id !== boundOrg.id) {
    return richError(403, "This plan access token does not have access to this file")
  }
  const access = accessTo(caller, context)
  if (!atLeast(access, "view")) return richError(403, "You do not have access to this file")
  if (needs.enterprise && context.team.plan !== "enterprise") return richError(403, LIMITED_BY_PLAN)
  if (!atLeast(access, needs.access)) return richError(403, `You need ${needs.access} access to this file`)
  return Either.right({ file, context, access })
}

export interface OrgNeeds {
  readonly governancePlus: boolean
  /** Org-level OAuth callers must be org admins; plan tokens are created by admins and pass. */
  readonly admin: boolean
}

/** The caller's organisation after the Enterprise, Governance+ and admin gates. */
export const resolveOrg = (caller: Caller, needs: OrgNeeds): Parsed<OrgRecord> => {
  const org = orgOf(caller)
  if (org === null) return forbidden("This token is not bound to an organization")
  if (org.plan !== "enterprise") return planLimited()
  if (needs.governancePlus && !org.governance_plus) return planLimited()
  if (needs.admin && caller.record.mode !== "plan") {
    const userId = caller.record.user_id
    if (userId === null || !org.admins.includes(userId)) {
      return forbidden("Only organization admins can use this endpoint")
    }
  }
  return Either.right(org)
}
