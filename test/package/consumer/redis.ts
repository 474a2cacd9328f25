/**
 * One budget on a real Redis, through the packed "design-taskmgr/redis" with
 * the ioredis the project installed: the task manager's layer with a
 * `rateStore` and `RedisRateStore.layer`, against its simulator. Prints the
 * pacing keys Redis holds after two calls, and what a `rateStore` without the
 * Redis layer gives.
 */
import { TaskmgrApi } from "design-taskmgr"
import { RedisRateStore } from "design-taskmgr/redis"
import { TaskmgrSimulator } from "design-taskmgr/testing"
import { Config, Effect, Layer } from "effect"
import { Redis } from "ioredis"

const calls = Effect.gen(function*() {
  const api = yield* TaskmgrApi
  yield* api.userMe({})
  yield* api.userMe({})
})

const main = Effect.gen(function*() {
  const url = `${yield* Config.string("REDIS_URL")}/0`
  const withRedis = TaskmgrSimulator.api({ rateStore: url, plan: "free" }).pipe(Layer.provide(RedisRateStore.layer))
  const without = TaskmgrSimulator.api({ rateStore: url, plan: "free" })
  yield* Effect.provide(calls, withRedis)
  const refused = yield* Effect.flip(Effect.provide(calls, without))
  const redis = new Redis(url)
  const keys = yield* Effect.promise(() => redis.keys("design-taskmgr:pace:*"))
  yield* Effect.promise(() => redis.quit())
  return { keys: keys.length, refused: { tag: refused._tag, service: refused.service, message: refused.message } }
})

Effect.runPromise(main).then((result) => console.log(JSON.stringify(result)), (error) => {
  console.error(error)
  throw error
})
