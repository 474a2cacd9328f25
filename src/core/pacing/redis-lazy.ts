/**
 * The Redis connector of the command line and the tool servers: the Redis
 * client is loaded when a store is first used, so no other command pays for
 * it (scripts/build.mjs bundles it apart).
 */
import type { ConnectRedisStore } from "./redis-connector.js"

export const connectRedisLazily: ConnectRedisStore = (url) =>
  import("./rate-store-redis.js").then((m) => m.connectRedisStore(url))
