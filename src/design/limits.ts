/**
 * The design service's rate limits (spec section 8): the per-minute table by
 * tier, seat class and plan, and how a 429's headers reveal the pace when the
 * seat and plan were not configured.
 */
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import { type Answer, retryAfter } from "../core/http/pipeline.js"
import { type Pace, paceOf, type RateLimiterService } from "../core/pacing/rate-limit.js"
import type { DesignSettings, Plan, Seat } from "./options.js"

export type Tier = 1 | 2 | 3
type SeatClass = "low" | "high"

/** Requests per minute, or null where the limit is a monthly quota a process cannot meter. */
const TABLE: Record<Tier, Record<SeatClass, Record<Plan, number | null>>> = {
  1: {
    low: { starter: null, professional: null, organization: null, enterprise: null },
    high: { starter: null, professional: 10, organization: 15, enterprise: 20 }
  },
  2: {
    low: { starter: 5, professional: 5, organization: 5, enterprise: 5 },
    high: { starter: 5, professional: 25, organization: 50, enterprise: 100 }
  },
  3: {
    low: { starter: 10, professional: 10, organization: 10, enterprise: 10 },
    high: { starter: 10, professional: 50, organization: 100, enterprise: 150 }
  }
}

export const seatClass = (seat: Seat): SeatClass => (seat === "view" || seat === "collab" ? "low" : "high")

/** X-Design-Plan-Tier values; a student plan is paced as Professional. */
const PLAN_TIER: Record<string, Plan> = {
  enterprise: "enterprise",
  org: "organization",
  pro: "professional",
  student: "professional",
  starter: "starter"
}

export const perMinute = (tier: Tier, seat: SeatClass, plan: Plan): number | null => TABLE[tier][seat][plan]

/**
 * Pacing for one client: the configured pace, else the one a 429 revealed for
 * this scope. A 429 pauses the tier's scope for its Retry-After (when it is one
 * worth waiting out), so no other request of the scope goes out meanwhile.
 */
export const designPacer = (settings: DesignSettings, limiter: RateLimiterService, scope: string) => {
  const configured = Option.all({ seat: settings.seat, plan: settings.plan })
  const key = (tier: Tier) => `${scope}:tier${tier}`

  /** The configured pace; none when unconfigured (the limiter then uses what it learned) or a monthly quota. */
  const paceFor = (tier: Tier): Option.Option<Pace> =>
    Option.flatMap(
      configured,
      ({ plan, seat }) => Option.map(Option.fromNullable(perMinute(tier, seatClass(seat), plan)), paceOf)
    )

  const pace = (tier: Tier | null) => {
    if (tier === null) return Effect.void
    // Configured with a monthly quota: nothing a process can meter, and nothing to learn.
    if (Option.isSome(configured) && Option.isNone(paceFor(tier))) return Effect.void
    return limiter.acquire(key(tier), Option.getOrUndefined(paceFor(tier)), { maxWait: settings.maxWait })
  }

  const learn = (tier: Tier | null, answer: Answer) => {
    if (tier === null) return Effect.void
    const wait = retryAfter(answer.headers["retry-after"]) ?? Duration.seconds(1)
    // A longer wait is a monthly quota: each request meets it and fails at once, so nothing is paused.
    if (Duration.greaterThan(wait, settings.maxWait)) return Effect.void
    const plan = PLAN_TIER[answer.headers["x-design-plan-tier"]?.toLowerCase() ?? ""]
    const type = answer.headers["x-design-rate-limit-type"]?.toLowerCase()
    const count = Option.isNone(configured) && plan !== undefined && (type === "low" || type === "high")
      ? perMinute(tier, type, plan)
      : null
    return limiter.rateLimited(key(tier), wait, count === null ? undefined : paceOf(count))
  }

  return { pace, learn, paceFor }
}
