/**
 * The task-management service's limits (taskmgr-wire.md): per token, 150
 * requests a minute on a free workspace and 1,500 on a paid one; search 60 a
 * minute; at most 50 reads and 15 writes in flight. Without a configured plan
 * the pace starts open and becomes the free one after the first 429. A batch
 * is paced as the requests the service counts it for (TaskmgrRoute.cost).
 */
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import { type Answer, retryAfter } from "../core/http/pipeline.js"
import { paceOf, type RateLimiterService } from "../core/pacing/rate-limit.js"
import { tokenFingerprint } from "../core/secrets.js"
import type { TaskmgrRoute } from "./classify.js"
import type { TaskmgrSettings } from "./options.js"

const PER_MINUTE = { free: 150, paid: 1_500 } as const
const SEARCH_PER_MINUTE = 60

export const CONCURRENCY = { read: 50, write: 15 } as const

/**
 * A 429 pauses the scope it came from for its Retry-After: the token's budget,
 * or for a search only the search budget (search exists on paid workspaces
 * alone, so it reveals nothing about the plan). Unconfigured, a 429 of the
 * general budget means the free pace (the paid one is ten times as high).
 */
export const taskmgrPacer = (settings: TaskmgrSettings, limiter: RateLimiterService) => {
  const key = `taskmgr:${tokenFingerprint(settings.token)}`
  const general = Option.getOrUndefined(Option.map(settings.plan, (plan) => paceOf(PER_MINUTE[plan])))
  return {
    pace: (route: TaskmgrRoute) =>
      Effect.zipRight(
        limiter.acquire(key, general, { cost: route.cost, maxWait: settings.maxWait }),
        route.search
          ? limiter.acquire(`${key}:search`, paceOf(SEARCH_PER_MINUTE), { maxWait: settings.maxWait })
          : Effect.void
      ),
    learn: (answer: Answer, route: TaskmgrRoute) => {
      const wait = retryAfter(answer.headers["retry-after"]) ?? Duration.seconds(1)
      if (Duration.greaterThan(wait, settings.maxWait)) return Effect.void
      if (route.search) return limiter.rateLimited(`${key}:search`, wait)
      return limiter.rateLimited(key, wait, Option.isSome(settings.plan) ? undefined : paceOf(PER_MINUTE.free))
    }
  }
}
