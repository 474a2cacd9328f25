/**
 * The service's limits per token: 150 requests a minute when the token's
 * user is on free workspaces only, 1,500 when on a paid one, and 60 a minute
 * for search besides. Unlike the core's `takeFromBucket`, a rejected request
 * is counted too (the service counts it), so hammering through a 429 only
 * pushes the Retry-After out.
 */
import type { Buckets } from "../core/bucket.js"
import { MINUTE_MS } from "../core/clock.js"

export const FREE_PER_MINUTE = 150
export const PAID_PER_MINUTE = 1_500
export const SEARCH_PER_MINUTE = 60

/** A rejected caller's debt is capped at one more period's worth, so a storm cannot lock a token out for long. */
const MAX_DEBT_PERIODS = 2

/** Counts one request against `key`; null when allowed, else the whole seconds to wait (at least 1). */
export const takeCounting = (buckets: Buckets, key: string, perMinute: number, now_ms: number): number | null => {
  const drainPerMs = perMinute / MINUTE_MS
  const bucket = buckets.get(key) ?? { level: 0, at_ms: now_ms }
  const drained = Math.max(0, bucket.level - Math.max(0, now_ms - bucket.at_ms) * drainPerMs)
  const level = Math.min(drained + 1, perMinute * MAX_DEBT_PERIODS)
  buckets.set(key, { level, at_ms: now_ms })
  if (level <= perMinute) return null
  // The next request fits once the level has drained to perMinute - 1.
  const waitMs = (level - (perMinute - 1)) / drainPerMs
  return Math.max(1, Math.ceil(waitMs / 1000))
}
