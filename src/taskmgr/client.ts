/**
 * A task-management client: the checked settings and the pipeline configured
 * for this service (Bearer credential with refresh, pacing, concurrency caps,
 * classifier). Built once per layer, from that layer's options.
 */
import * as HttpClient from "@effect/platform/HttpClient"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Redacted from "effect/Redacted"
import * as Ref from "effect/Ref"
import type { InvalidSettingsError, PlanRequiredError } from "../core/errors.js"
import { expiryMillis, notExpired } from "../core/expiry.js"
import { makePipeline, type Pipeline } from "../core/http/pipeline.js"
import { RateLimiter } from "../core/pacing/rate-limit.js"
import { classifyTaskmgr, type TaskmgrRoute, taskmgrVerdict } from "./classify.js"
import { CONCURRENCY, taskmgrPacer } from "./limits.js"
import { resolveTaskmgrOptions, type TaskmgrOptions, type TaskmgrSettings } from "./options.js"

export interface TaskmgrClient {
  readonly settings: TaskmgrSettings
  readonly pipeline: Pipeline<TaskmgrRoute, PlanRequiredError>
}

export const makeTaskmgrClient = (
  options: TaskmgrOptions
): Effect.Effect<TaskmgrClient, InvalidSettingsError, HttpClient.HttpClient> =>
  Effect.gen(function*() {
    const settings = yield* resolveTaskmgrOptions(options)
    const http = yield* HttpClient.HttpClient
    const pacer = taskmgrPacer(settings, yield* RateLimiter.forClient(settings.rateStore))
    const token = yield* Ref.make(settings.token)
    // One refresh per client: requests rejected together share it, and a token rejected after it is the auth error.
    const refresh = yield* Option.match(settings.refresh, {
      onNone: () => Effect.succeed(undefined),
      onSome: (renew) =>
        Effect.cached(renew.pipe(
          Effect.provideService(HttpClient.HttpClient, http),
          Effect.flatMap((fresh) => Ref.set(token, fresh)),
          Effect.as(true)
        ))
    })
    const pipeline = yield* makePipeline<TaskmgrRoute, PlanRequiredError>({
      baseUrl: settings.baseUrl,
      credential: Effect.zipRight(
        notExpired(expiryMillis(options.expiresAt), refresh !== undefined),
        Effect.map(Ref.get(token), (t) => ({ authorization: `Bearer ${Redacted.value(t)}` }))
      ),
      refresh,
      classify: classifyTaskmgr,
      verdict: taskmgrVerdict,
      pace: pacer.pace,
      onRateLimited: (answer, route) => pacer.learn(route, answer),
      concurrency: CONCURRENCY,
      maxWait: settings.maxWait,
      timeout: settings.timeout,
      transformClient: options.transformClient
    })
    return { settings, pipeline }
  })
