/**
 * Who is calling and what they may do: token lookup by header (each mode has
 * exactly one header), expiry, and the access level of a caller on a team,
 * project or file context.
 */
import type * as Headers from "@effect/platform/Headers"
import { seedWorld } from "./seed.js"
import type { FileRecord, ProjectRecord, TeamRecord, TokenRecord, UserRecord } from "./world.js"

/** What a webhook (or an access check) is attached to. */
export type ContextKind = "TEAM" | "PROJECT" | "FILE"

export interface Caller {
  readonly token: string
  readonly record: TokenRecord
  readonly user: UserRecord | null
}

/**
 * Personal and plan tokens only count in X-Design-Token, OAuth tokens only as
 * a Bearer token; a token in the wrong header is as invalid as an unknown one.
 * Expiry is checked against simulator time. `lookup` adds the tokens a
 * simulator issued through OAuth and drops the ones a refresh retired.
 */
export const authenticate = (
  headers: Headers.Headers,
  now_ms: number,
  lookup: (token: string) => TokenRecord | undefined = (token) => seedWorld.tokens.get(token)
): Caller | null => {
  const designToken = headers["x-design-token"]
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(headers["authorization"] ?? "")?.[1]
  const token = designToken ?? bearer
  if (token === undefined) return null
  const record = lookup(token)
  if (record === undefined) return null
  const expectedMode = designToken !== undefined ? record.mode !== "oauth" : record.mode === "oauth"
  if (!expectedMode) return null
  if (record.expires_at_ms !== null && now_ms >= record.expires_at_ms) return null
  const user = record.user_id === null ? null : seedWorld.users.find((u) => u.id === record.user_id) ?? null
  return { token, record, user }
}

/** The rate-limit counting scope: plan token per token, personal per user, OAuth per user and app. */
export const countingScope = (caller: Caller): string => {
  switch (caller.record.mode) {
    case "plan":
      return `token:${caller.token}`
    case "personal":
      return `user:${caller.record.user_id}`
    case "oauth":
      return `user:${caller.record.user_id}|app:${caller.record.client_id}`
  }
}

export interface ContextRef {
  readonly kind: ContextKind
  readonly id: string
  readonly team: TeamRecord
  readonly project: ProjectRecord | null
  readonly file: FileRecord | null
}

/** Users as endpoints other than /v1/me show them: without email. */
export const publicUser = (id: string) => {
  const user = seedWorld.users.find((u) => u.id === id)
  return user && { id: user.id, handle: user.handle, img_url: user.img_url }
}

/** The caller's role on a file; plan tokens act for no user, so they get none. */
export const roleOf = (caller: Caller, file: FileRecord, access: Access): string | undefined => {
  if (caller.record.mode === "plan") return undefined
  if (caller.record.user_id === file.creator_id) return "owner"
  return access === "view" ? "viewer" : "editor"
}

export const findTeam = (id: string): TeamRecord | null => seedWorld.teams.find((t) => t.id === id) ?? null
export const findFile = (key: string): FileRecord | null => seedWorld.files.find((f) => f.key === key) ?? null
const findProject = (id: string): ProjectRecord | null => seedWorld.projects.find((p) => p.id === id) ?? null

/** Resolves a context id to its record and the team (and so the plan) it lives in. */
export const findContext = (kind: ContextKind, id: string): ContextRef | null => {
  switch (kind) {
    case "TEAM": {
      const team = findTeam(id)
      return team && { kind, id, team, project: null, file: null }
    }
    case "PROJECT": {
      const project = findProject(id)
      const team = project && findTeam(project.team_id)
      return project && team && { kind, id, team, project, file: null }
    }
    case "FILE": {
      const file = findFile(id)
      const project = file && findProject(file.project_id)
      const team = project && findTeam(project.team_id)
      return file && project && team && { kind, id, team, project, file }
    }
  }
}

export type Access = "none" | "view" | "edit" | "admin"
const rank: Record<Access, number> = { none: 0, view: 1, edit: 2, admin: 3 }
export const atLeast = (have: Access, need: Access): boolean => rank[have] >= rank[need]

/**
 * Team admins administer everything in their team; project editors edit the
 * project and its files; file editors edit the file; other team members view.
 * The sandbox plan token may act on every seeded context (its resource
 * allowlist is "all"), so one seed serves every auth mode.
 */
export const accessTo = (caller: Caller, context: ContextRef): Access => {
  if (caller.record.mode === "plan") return "admin"
  const userId = caller.record.user_id
  if (userId === null) return "none"
  if (context.team.admins.includes(userId)) return "admin"
  if (context.project?.editors.includes(userId) && context.kind !== "TEAM") return "edit"
  if (context.file?.editors.includes(userId)) return "edit"
  if (context.team.members.includes(userId)) return "view"
  return "none"
}

/** Read scopes the deprecated broad files:read also grants (spec section 5). */
const FILES_READ_COVERS = new Set([
  "current_user:read",
  "file_content:read",
  "file_metadata:read",
  "file_versions:read",
  "file_comments:read",
  "projects:read",
  "project_metadata:read",
  "team_library_content:read",
  "library_content:read",
  "library_assets:read",
  "webhooks:read"
])

export const holdsScope = (held: ReadonlyArray<string>, required: string): boolean =>
  held.includes(required) || (FILES_READ_COVERS.has(required) && held.includes("files:read"))
