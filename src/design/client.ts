/**
 * A design-service client: the checked settings and the pipeline configured
 * for this service (its credential, pacing, classifier). Built once per
 * layer from that layer's options, so two layers never share credentials.
 */
import * as HttpClient from "@effect/platform/HttpClient"
import * as Effect from "effect/Effect"
import * as Ref from "effect/Ref"
import type { InvalidSettingsError, PlanRequiredError } from "../core/errors.js"
import { expiryMillis, notExpired } from "../core/expiry.js"
import { makePipeline, type Pipeline } from "../core/http/pipeline.js"
import { RateLimiter } from "../core/pacing/rate-limit.js"
import { countingScope, credentialHeaders } from "./auth.js"
import { classifyDesign, type DesignRoute, designVerdict } from "./classify.js"
import { designPacer } from "./limits.js"
import { type DesignOptions, type DesignSettings, resolveDesignOptions } from "./options.js"

export interface DesignClient {
  readonly settings: DesignSettings
  readonly pipeline: Pipeline<DesignRoute, PlanRequiredError>
}

export const makeDesignClient = (
  options: DesignOptions
): Effect.Effect<DesignClient, InvalidSettingsError, HttpClient.HttpClient> =>
  Effect.gen(function*() {
    const settings = yield* resolveDesignOptions(options)
    const limiter = yield* RateLimiter.forClient(settings.rateStore)
    const pacer = designPacer(settings, limiter, countingScope(settings))
    // The token in use: a refresh replaces it for every later request of this client.
    const token = yield* Ref.make(settings.token)
    const refresh = options.refresh === undefined ? undefined : yield* Effect.cached(
      options.refresh.pipe(
        Effect.provideService(HttpClient.HttpClient, yield* HttpClient.HttpClient),
        Effect.flatMap((fresh) => Ref.set(token, fresh)),
        Effect.as(true)
      )
    )
    const pipeline = yield* makePipeline<DesignRoute, PlanRequiredError>({
      baseUrl: settings.baseUrl,
      credential: Effect.zipRight(
        notExpired(expiryMillis(options.expiresAt), refresh !== undefined),
        Effect.map(Ref.get(token), (current) => credentialHeaders({ ...settings, token: current }))
      ),
      refresh,
      classify: classifyDesign,
      verdict: designVerdict,
      pace: (route) => pacer.pace(route.tier),
      onRateLimited: (answer, route) => pacer.learn(route.tier, answer),
      maxWait: settings.maxWait,
      timeout: settings.timeout,
      transformClient: options.transformClient
    })
    return { settings, pipeline }
  })
