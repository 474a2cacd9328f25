/**
 * The records of the design world (users, teams, projects, files, tokens) as
 * the access and rate-limit rules read them; seed.ts and seed-enterprise.ts
 * fill them in.
 */
import type { Plan, Seat } from "./ratelimit.js"

/** How a token is presented: personal and plan in X-Design-Token, oauth as Bearer. */
export type TokenMode = "personal" | "plan" | "oauth"

export interface TokenRecord {
  readonly mode: TokenMode
  /** null for plan tokens, which are bound to a plan and not to a user. */
  readonly user_id: string | null
  readonly seat: Seat
  /** The plan the token's calls are counted against (simulator simplification: per token). */
  readonly plan: Plan
  readonly client_id: string | null
  /** Simulator time in ms at which the token stops working; null = never within a simulation. */
  readonly expires_at_ms: number | null
  readonly scopes: ReadonlyArray<string>
}

export interface TeamRecord {
  readonly id: string
  readonly name: string
  readonly plan: Plan
  readonly plan_api_id: string
  readonly admins: ReadonlyArray<string>
  readonly members: ReadonlyArray<string>
}

export interface ProjectRecord {
  readonly id: string
  readonly name: string
  readonly team_id: string
  readonly editors: ReadonlyArray<string>
}

export interface FileRecord {
  readonly key: string
  readonly name: string
  readonly project_id: string
  readonly editors: ReadonlyArray<string>
  readonly creator_id: string
  readonly last_touched_by_id: string
  readonly last_touched_at: string
  readonly link_access: string
  readonly version: string
}

export interface UserRecord {
  readonly id: string
  readonly handle: string
  readonly email: string
  readonly img_url: string
}

export interface SeedWorld {
  readonly users: ReadonlyArray<UserRecord>
  readonly teams: ReadonlyArray<TeamRecord>
  readonly projects: ReadonlyArray<ProjectRecord>
  readonly files: ReadonlyArray<FileRecord>
  readonly tokens: ReadonlyMap<string, TokenRecord>
}
