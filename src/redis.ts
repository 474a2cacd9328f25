/**
 * "design-taskmgr/redis": one rate budget shared through Redis by every
 * process that uses the same credential (CLI runs in parallel, several tool
 * servers, programs on several machines). Needs `ioredis` (an optional peer
 * dependency); the services themselves never load it.
 *
 *   // the `rateStore` option of either service connects with it:
 *   DesignApi.layer({ token, rateStore: "redis://127.0.0.1:6379/0" }).pipe(Layer.provide(RedisRateStore.layer))
 *   // or one RateLimiter on Redis for every client in scope:
 *   Layer.provide(RedisRateStore.rateLimiter("redis://127.0.0.1:6379/0"))
 */
import * as Layer from "effect/Layer"
import type { InvalidSettingsError } from "./core/errors.js"
import { RateLimiter } from "./core/pacing/rate-limit.js"
import { connectRedisStore } from "./core/pacing/rate-store-redis.js"
import { RedisStoreConnector } from "./core/pacing/redis-connector.js"

export const RedisRateStore = {
  /** The Redis client behind the `rateStore` option of `DesignApi` and `TaskmgrApi`. */
  layer: Layer.succeed(RedisStoreConnector, connectRedisStore) as Layer.Layer<RedisStoreConnector>,
  /**
   * A RateLimiter on the Redis at `url` (redis://HOST:PORT/DB), for every
   * client in scope without a `rateStore` of its own. When the store cannot
   * be reached, each process says so once and paces within itself.
   */
  rateLimiter: (url: string): Layer.Layer<RateLimiter, InvalidSettingsError> =>
    RateLimiter.layerStore(url, connectRedisStore)
}

export { RedisStoreConnector } from "./core/pacing/redis-connector.js"
