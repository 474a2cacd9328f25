/**
 * The design service's rate limits (spec section 8): the per-minute table by
 * tier, seat class and plan, and how a 429's headers reveal the pace when the
 * seat and plan were not configured.
 */
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import type { Pace, RateLimiterService } from "../core/rate-limit.js"
import type { Answer } from "../core/http.js"
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

/** Pacing for one client: the configured pace, else the one a 429 revealed for this scope. */
export const designPacer = (settings: DesignSettings, limiter: RateLimiterService, scope: string) => {
  const configured = Option.all({ seat: settings.seat, plan: settings.plan })
  const key = (tier: Tier) => `${scope}:tier${tier}`

  const paceFor = (tier: Tier): Effect.Effect<Option.Option<Pace>> =>
    Option.match(configured, {
      onSome: ({ plan, seat }) => {
        const count = perMinute(tier, seatClass(seat), plan)
        return Effect.succeed(count === null ? Option.none() : Option.some({ perMinute: count, burst: count }))
      },
      onNone: () => limiter.learned(key(tier))
    })

  const pace = (tier: Tier | null) =>
    tier === null ? Effect.void : Effect.flatMap(paceFor(tier), Option.match({
      onNone: () => Effect.void,
      onSome: (p) => limiter.acquire(key(tier), p)
    }))

  const learn = (tier: Tier | null, answer: Answer) => {
    const plan = PLAN_TIER[answer.headers["x-design-plan-tier"]?.toLowerCase() ?? ""]
    const type = answer.headers["x-design-rate-limit-type"]?.toLowerCase()
    if (tier === null || Option.isSome(configured) || plan === undefined || (type !== "low" && type !== "high")) return Effect.void
    const count = perMinute(tier, type, plan)
    // Adopted after a 429: the bucket is full, so go one at a time.
    return count === null ? Effect.void : limiter.learn(key(tier), { perMinute: count, burst: 1 })
  }

  return { pace, learn, paceFor }
}
