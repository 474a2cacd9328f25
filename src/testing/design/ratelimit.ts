/**
 * The service's leaky-bucket rate limits (spec section 8) and the headers of
 * its 429 (wire reference section 3), and discovery's own limit of 20
 * requests a second. The bucket itself is the core's.
 */
import type { Buckets } from "../core/bucket.js"
import { takeFromBucket } from "../core/bucket.js"

export type Seat = "view" | "collab" | "dev" | "full"
export type Plan = "starter" | "professional" | "organization" | "enterprise"
export type Tier = 1 | 2 | 3

export interface Limit {
  readonly count: number
  readonly per: "minute" | "month"
}

const MINUTE_MS = 60_000
/** A month of the monthly Tier 1 quota, taken as 30 days. */
const MONTH_MS = 30 * 24 * 60 * 60_000

type SeatClass = "low" | "high"
const perMinute = (count: number): Limit => ({ count, per: "minute" })
const perMonth = (count: number): Limit => ({ count, per: "month" })

/** tier -> seat class -> plan -> limit; the table of spec section 8 as data. */
export const limitTable: Record<Tier, Record<SeatClass, Record<Plan, Limit>>> = {
  1: {
    low: { starter: perMonth(6), professional: perMonth(6), organization: perMonth(6), enterprise: perMonth(6) },
    high: { starter: perMonth(6), professional: perMinute(10), organization: perMinute(15), enterprise: perMinute(20) }
  },
  2: {
    low: { starter: perMinute(5), professional: perMinute(5), organization: perMinute(5), enterprise: perMinute(5) },
    high: {
      starter: perMinute(5),
      professional: perMinute(25),
      organization: perMinute(50),
      enterprise: perMinute(100)
    }
  },
  3: {
    low: {
      starter: perMinute(10),
      professional: perMinute(10),
      organization: perMinute(10),
      enterprise: perMinute(10)
    },
    high: {
      starter: perMinute(10),
      professional: perMinute(50),
      organization: perMinute(100),
      enterprise: perMinute(150)
    }
  }
}

const seatClass = (seat: Seat): SeatClass => (seat === "view" || seat === "collab" ? "low" : "high")

export const limitFor = (tier: Tier, seat: Seat, plan: Plan): Limit => limitTable[tier][seatClass(seat)][plan]

/**
 * Takes one request from the bucket `key` at `now_ms` (the common leaky bucket).
 * Returns null when allowed, or the whole seconds to wait (Retry-After) when not.
 */
export const take = (buckets: Buckets, key: string, limit: Limit, now_ms: number): number | null =>
  takeFromBucket(buckets, key, { count: limit.count, periodMs: limit.per === "minute" ? MINUTE_MS : MONTH_MS }, now_ms)

const planTierHeader: Record<Plan, string> = {
  starter: "starter",
  professional: "pro",
  organization: "org",
  enterprise: "enterprise"
}

export const UPGRADE_LINK = "https://design.example/files?api_paywall=true"

/**
 * The 429 headers exactly as the recorded response carries them. A resource in
 * a Starter context reports `low` even on a Full seat (the recorded 429 did).
 */
export const rateLimitHeaders = (retryAfter: number, seat: Seat, plan: Plan): Record<string, string> => ({
  "Retry-After": String(retryAfter),
  "X-Design-Plan-Tier": planTierHeader[plan],
  "X-Design-Rate-Limit-Type": plan === "starter" ? "low" : seatClass(seat),
  "X-Design-Upgrade-Link": UPGRADE_LINK,
  "Access-Control-Expose-Headers": "Retry-After, X-Design-Plan-Tier, X-Design-Rate-Limit-Type, X-Design-Upgrade-Link"
})

/** One simulator's budgets: the tiers' buckets, and discovery's windows of one second. */
export interface LimitState {
  readonly buckets: Buckets
  readonly discovery: Map<string, { second: number; count: number }>
}

export const makeLimitState = (): LimitState => ({ buckets: new Map(), discovery: new Map() })

/** Discovery's own limit (spec section 7): more than 20 requests in a second answer 429. */
export const DISCOVERY_PER_SECOND = 20

/** Counts one discovery request of `key` at `now_ms`; true when it is over the limit (and not counted). */
export const overDiscoveryLimit = (limits: LimitState, key: string, now_ms: number): boolean => {
  const second = Math.floor(now_ms / 1000)
  const window = limits.discovery.get(key)
  const used = window !== undefined && window.second === second ? window.count : 0
  if (used >= DISCOVERY_PER_SECOND) return true
  limits.discovery.set(key, { second, count: used + 1 })
  return false
}
