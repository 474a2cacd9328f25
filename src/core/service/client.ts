/**
 * A service client: the checked settings and the pipeline configured from the
 * service's descriptor. Built once per layer from that layer's options, so two
 * layers never share a credential.
 */
import * as HttpClient from "@effect/platform/HttpClient"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Redacted from "effect/Redacted"
import * as SynchronizedRef from "effect/SynchronizedRef"
import { InvalidSettingsError, type RequestError } from "../errors.js"
import { expiryMillis, notExpired } from "../expiry.js"
import { makePipeline, type Pipeline } from "../http/pipeline.js"
import { RateLimiter } from "../pacing/rate-limit.js"
import { type ConnectRedisStore, RedisStoreConnector } from "../pacing/redis-connector.js"
import type { Pacer, ServiceDescriptor } from "./descriptor.js"
import { type ClientOptions, type ClientSettings, resolveClientOptions } from "./options.js"

export interface ServiceClient<S, Route, E> {
  readonly settings: S
  readonly pipeline: Pipeline<Route, E>
  /** The pipeline's pacing, for a 429 the pipeline cannot see (one action of a batch). */
  readonly pacer: Pacer<Route>
}

/** The options checked into the service's settings. */
export const resolveOptions = <O extends ClientOptions, S extends ClientSettings, Route, E>(
  service: ServiceDescriptor<O, S, Route, E>,
  options: O
): Effect.Effect<S, InvalidSettingsError> =>
  Effect.flatMap(resolveClientOptions(options, service.hosts), (common) => service.settings(options, common))

const sameToken = Redacted.getEquivalence<string>((a, b) => a === b)

/**
 * The token in use, and its renewal: one renewal at a time, run again at
 * every rejection. A request rejected while another renewal ran finds the
 * token already changed and is resent with it; a failed renewal leaves the
 * token as it was and is not remembered, so the next rejection tries again.
 */
const renewableToken = (
  initial: Redacted.Redacted<string>,
  renew: Effect.Effect<Redacted.Redacted<string>, RequestError> | undefined
) =>
  Effect.map(SynchronizedRef.make(initial), (token) => ({
    current: SynchronizedRef.get(token),
    renew: renew === undefined ? undefined : (rejected: Redacted.Redacted<string>) =>
      SynchronizedRef.modifyEffect(
        token,
        (current) =>
          sameToken(current, rejected)
            ? Effect.map(renew, (fresh) => [true, fresh] as const)
            : Effect.succeed([true, current] as const)
      )
  }))

/**
 * The Redis client for a `rateStore`, from context: the library's root does
 * not carry one, so a store named without "design-taskmgr/redis" provided is a
 * setting that cannot work, said when the layer is built.
 */
const redisConnector = (settings: ClientSettings): Effect.Effect<ConnectRedisStore, InvalidSettingsError> =>
  Effect.flatMap(Effect.serviceOption(RedisStoreConnector), (connector) =>
    Option.match(connector, {
      onSome: Effect.succeed,
      onNone: () =>
        Option.isNone(settings.rateStore)
          ? Effect.succeed(noRedis)
          : Effect.fail(
            new InvalidSettingsError({
              setting: "rateStore",
              message:
                "rateStore needs the Redis client: provide RedisRateStore.layer from \"design-taskmgr/redis\" (with ioredis installed)."
            })
          )
    }))

/** Never called: without a rateStore there is nothing to connect to. */
const noRedis: ConnectRedisStore = () => Promise.reject(new Error("no rate store is configured"))

export const makeClient = <O extends ClientOptions, S extends ClientSettings, Route, E>(
  service: ServiceDescriptor<O, S, Route, E>,
  options: O
): Effect.Effect<ServiceClient<S, Route, E>, InvalidSettingsError, HttpClient.HttpClient> =>
  Effect.gen(function*() {
    const settings = yield* resolveOptions(service, options)
    const http = yield* HttpClient.HttpClient
    const pacer = service.pacer(
      settings,
      yield* RateLimiter.forClient(settings.rateStore, yield* redisConnector(settings))
    )
    const token = yield* renewableToken(
      settings.token,
      options.refresh === undefined ? undefined : Effect.provideService(options.refresh, HttpClient.HttpClient, http)
    )
    const expiry = notExpired(expiryMillis(options.expiresAt), token.renew !== undefined)
    const pipeline = yield* makePipeline<Route, E>({
      baseUrl: settings.baseUrl,
      credential: Effect.zipRight(
        expiry,
        Effect.map(token.current, (current) => ({ token: current, headers: service.credential(settings, current) }))
      ),
      refresh: token.renew,
      classify: service.classify,
      verdict: service.verdict,
      pace: pacer.pace,
      onRateLimited: pacer.learn,
      concurrency: service.concurrency,
      maxWait: settings.maxWait,
      timeout: settings.timeout,
      transformClient: options.transformClient
    })
    return { settings, pipeline, pacer }
  })
