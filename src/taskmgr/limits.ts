/**
 * The task-management service's limits (taskmgr-wire.md): per token, 150
 * requests a minute on a free workspace and 1,500 on a paid one; search 60 a
 * minute; at most 50 reads and 15 writes in flight. Without a configured plan
 * the pace starts open and becomes the free one after the first 429.
 */
import { createHash } from "node:crypto"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Redacted from "effect/Redacted"
import type { Pace, RateLimiterService } from "../core/rate-limit.js"
import type { TaskmgrRoute } from "./classify.js"
import type { TaskmgrSettings } from "./options.js"

const PER_MINUTE = { free: 150, paid: 1_500 } as const
const SEARCH_PER_MINUTE = 60

export const CONCURRENCY = { read: 50, write: 15 } as const

const pace = (perMinute: number): Pace => ({ perMinute, burst: perMinute })

export const taskmgrPacer = (settings: TaskmgrSettings, limiter: RateLimiterService) => {
  const who = createHash("sha256").update(Redacted.value(settings.token)).digest("hex").slice(0, 16)
  const key = `taskmgr:${who}`
  const general = (): Effect.Effect<Option.Option<Pace>> =>
    Option.match(settings.plan, {
      onSome: (plan) => Effect.succeed(Option.some(pace(PER_MINUTE[plan]))),
      onNone: () => limiter.learned(key)
    })
  return {
    pace: (route: TaskmgrRoute) =>
      Effect.gen(function*() {
        const p = yield* general()
        if (Option.isSome(p)) yield* limiter.acquire(key, p.value)
        if (route.search) yield* limiter.acquire(`${key}:search`, pace(SEARCH_PER_MINUTE))
      }),
    // A 429 below the paid pace means the free one; go one at a time from the full bucket.
    learn: Option.isSome(settings.plan) ? Effect.void : limiter.learn(key, { perMinute: PER_MINUTE.free, burst: 1 })
  }
}
