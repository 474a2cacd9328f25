/**
 * How a client reaches a Redis rate store: a service in context, so that the
 * library's root never imports the Redis client (ioredis). The entry point
 * "design-taskmgr/redis" provides it (`RedisRateStore.layer`); the command
 * line provides one that loads the Redis bundle on first use.
 */
import * as Context from "effect/Context"
import type { RedisRateStore } from "./rate-store-redis.js"

/** Connects to a store at a redis:// URL. */
export type ConnectRedisStore = (url: string) => Promise<RedisRateStore>

export class RedisStoreConnector
  extends Context.Tag("design-taskmgr/RedisStoreConnector")<RedisStoreConnector, ConnectRedisStore>()
{}
