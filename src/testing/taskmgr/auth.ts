/**
 * Bearer tokens: the seeded personal tokens and the access tokens OAuth
 * issues, each standing for a user, maybe with scopes and an expiry (401
 * after it, as for an unknown or revoked token).
 */
import type { Call } from "../core/call.js"
import type { TaskmgrState, TokenRecord, User } from "./model.js"

export interface Caller {
  readonly token: string
  readonly record: TokenRecord
  readonly user: User
  /** Paid when any of the user's workspaces is. */
  readonly paid: boolean
}

const bearer = (call: Call): string | null => {
  const header = call.headers["authorization"]
  const match = header === undefined ? null : /^\s*Bearer\s+(\S+)\s*$/i.exec(header)
  return match?.[1] ?? null
}

export const isLive = (state: TaskmgrState, record: TokenRecord, now_ms: number): boolean => {
  if (record.expires_ms !== null && now_ms >= record.expires_ms) return false
  if (record.grant !== null && (state.grants.get(record.grant)?.revoked ?? true)) return false
  return true
}

export const authenticate = (state: TaskmgrState, call: Call): Caller | null => {
  const token = bearer(call)
  if (token === null) return null
  const record = state.tokens.get(token)
  if (record === undefined || !isLive(state, record, call.now_ms)) return null
  const user = state.users.get(record.user)
  if (user === undefined) return null
  const paid = user.workspaces.some((gid) => state.workspaces.get(gid)?.premium === true)
  return { token, record, user, paid }
}
