/**
 * RateLimiter: paces requests so that a script stays inside its budget instead
 * of collecting 429s. One bucket per counting scope (from Auth) and tier, paced
 * from the spec's per-minute table for the configured seat and plan. Without a
 * configured seat and plan it starts unpaced and adopts the pace that a 429's
 * X-Design-Plan-Tier and X-Design-Rate-Limit-Type headers reveal.
 */
import * as Clock from "effect/Clock"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Ref from "effect/Ref"
import { type BucketState, type Pace, take } from "../core/leaky-bucket.js"
import { Auth } from "./auth.js"
import { DesignConfig, type Plan, type Seat } from "./settings.js"

export type Tier = 1 | 2 | 3

interface Limit {
  readonly count: number
  readonly per: "minute" | "month"
}

const perMinute = (count: number): Limit => ({ count, per: "minute" })
const monthly: Limit = { count: 6, per: "month" }

/** Spec section 8. View and Collab share a column, as do Dev and Full. */
const TABLE: Record<Tier, Record<"low" | "high", Record<Plan, Limit>>> = {
  1: {
    low: { starter: monthly, professional: monthly, organization: monthly, enterprise: monthly },
    high: { starter: monthly, professional: perMinute(10), organization: perMinute(15), enterprise: perMinute(20) }
  },
  2: {
    low: { starter: perMinute(5), professional: perMinute(5), organization: perMinute(5), enterprise: perMinute(5) },
    high: { starter: perMinute(5), professional: perMinute(25), organization: perMinute(50), enterprise: perMinute(100) }
  },
  3: {
    low: { starter: perMinute(10), professional: perMinute(10), organization: perMinute(10), enterprise: perMinute(10) },
    high: { starter: perMinute(10), professional: perMinute(50), organization: perMinute(100), enterprise: perMinute(150) }
  }
}

export const seatClass = (seat: Seat): "low" | "high" => (seat === "view" || seat === "collab" ? "low" : "high")

/** X-Design-Plan-Tier values; a student plan is paced as Professional. */
const PLAN_TIER: Record<string, Plan> = {
  enterprise: "enterprise",
  org: "organization",
  pro: "professional",
  student: "professional",
  starter: "starter"
}

/** The published limit, or undefined where it is a monthly quota that a process cannot meter. */
export const limitFor = (tier: Tier, seat: "low" | "high", plan: Plan): Limit => TABLE[tier][seat][plan]

const paceOf = (limit: Limit): Option.Option<Pace> =>
  limit.per === "minute" ? Option.some({ perMinute: limit.count, burst: limit.count }) : Option.none()

export interface RateLimiterService {
  /** Waits until a request of this tier may go (no wait for untiered endpoints). */
  readonly acquire: (tier: Tier | null) => Effect.Effect<void>
  /** Learns the pace from a 429's headers when the seat or plan was not configured. */
  readonly observe429: (tier: Tier | null, headers: Readonly<Record<string, string | undefined>>) => Effect.Effect<void>
  /** The pace in force for a tier (for `auth status` and tests). */
  readonly paceFor: (tier: Tier) => Effect.Effect<Option.Option<Pace>>
}

export class RateLimiter extends Context.Tag("design/RateLimiter")<RateLimiter, RateLimiterService>() {
  static readonly layer = Layer.effect(
    RateLimiter,
    Effect.gen(function*() {
      const settings = yield* DesignConfig
      const auth = yield* Auth
      const configured = Option.all({ seat: settings.seat, plan: settings.plan })
      const learned = yield* Ref.make(new Map<Tier, Pace>())
      const buckets = yield* Ref.make(new Map<string, BucketState>())

      const paceFor = (tier: Tier) =>
        Option.match(configured, {
          onSome: ({ plan, seat }) => Effect.succeed(paceOf(limitFor(tier, seatClass(seat), plan))),
          onNone: () => Effect.map(Ref.get(learned), (m) => Option.fromNullable(m.get(tier)))
        })

      const acquire = (tier: Tier | null) =>
        tier === null ? Effect.void : Effect.gen(function*() {
          const pace = yield* paceFor(tier)
          if (Option.isNone(pace)) return
          const now = yield* Clock.currentTimeMillis
          const key = `${auth.scope}:tier${tier}`
          const waitMs = yield* Ref.modify(buckets, (m) => {
            const [wait, next] = take(pace.value, m.get(key), now)
            return [wait, new Map(m).set(key, next)]
          })
          if (waitMs > 0) yield* Effect.sleep(waitMs)
        })

      const observe429 = (tier: Tier | null, headers: Readonly<Record<string, string | undefined>>) => {
        const plan = PLAN_TIER[headers["x-design-plan-tier"]?.toLowerCase() ?? ""]
        const type = headers["x-design-rate-limit-type"]?.toLowerCase()
        if (tier === null || Option.isSome(configured) || plan === undefined || (type !== "low" && type !== "high")) {
          return Effect.void
        }
        const pace = paceOf(limitFor(tier, type, plan))
        return Option.match(pace, {
          onNone: () => Effect.void,
          // Adopted after a 429: the bucket is full, so pace one at a time.
          onSome: (p) => Ref.update(learned, (m) => new Map(m).set(tier, { perMinute: p.perMinute, burst: 1 }))
        })
      }

      return RateLimiter.of({ acquire, observe429, paceFor })
    })
  )

  /** No pacing at all: for tests of other layers and for callers that pace themselves. */
  static readonly unpaced = Layer.succeed(
    RateLimiter,
    RateLimiter.of({ acquire: () => Effect.void, observe429: () => Effect.void, paceFor: () => Effect.succeed(Option.none()) })
  )
}
