/**
 * One process of the pacing benchmark (bench/pacing.mjs bundles and spawns it):
 * `calls` userMe calls at `concurrency` in flight through the library, counting
 * every answer's status through the observer. Prints one JSON line.
 */
import * as NodeHttpClient from "@effect/platform-node/NodeHttpClient"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { DesignApi, HttpObserver } from "../src/index.js"
import { RedisRateStore } from "../src/redis.js"
import { TaskmgrApi } from "../src/taskmgr/api.js"

interface Job {
  readonly service: "design" | "taskmgr"
  readonly baseUrl: string
  readonly token: string
  readonly plan?: string
  readonly seat?: string
  readonly rateStore?: string
  readonly calls: number
  readonly concurrency: number
}

const job = JSON.parse(process.argv[2] ?? "{}") as Job
const statuses = new Map<number, number>()
const observer = {
  onWait: () => Effect.void,
  onExchange: (event: { readonly status: number | null }) =>
    Effect.sync(() => void statuses.set(event.status ?? 0, (statuses.get(event.status ?? 0) ?? 0) + 1))
}
const common = {
  token: job.token,
  baseUrl: job.baseUrl,
  maxWait: "120 seconds",
  ...(job.rateStore === undefined ? {} : { rateStore: job.rateStore })
}

const call: Effect.Effect<unknown, unknown, DesignApi | TaskmgrApi> = job.service === "design"
  ? Effect.flatMap(DesignApi, (api) => api.userMe({}))
  : Effect.flatMap(TaskmgrApi, (api) => api.userMe({}))

const layer = job.service === "design"
  ? DesignApi.layer(
    { ...common, ...(job.plan === undefined ? {} : { plan: job.plan, seat: job.seat ?? "full" }) } as never
  )
  : TaskmgrApi.layer({ ...common, ...(job.plan === undefined ? {} : { plan: job.plan }) } as never)

const program = Effect.gen(function*() {
  const started = Date.now()
  const results = yield* Effect.forEach(Array.from({ length: job.calls }), () => Effect.either(call), {
    concurrency: job.concurrency
  })
  const ended = Date.now()
  const failures = results.filter((r) => r._tag === "Left").length
  process.stdout.write(JSON.stringify({ started, ended, failures, statuses: Object.fromEntries(statuses) }) + "\n")
}).pipe(
  Effect.provideService(HttpObserver, observer),
  Effect.provide(
    Layer.provide(
      layer as Layer.Layer<DesignApi | TaskmgrApi, unknown, never>,
      Layer.merge(NodeHttpClient.layerUndici, RedisRateStore.layer)
    )
  ),
  Effect.orDie
)

Effect.runPromise(program as Effect.Effect<void>).then(() => process.exit(0), (e) => {
  process.stderr.write(`${String(e)}\n`)
  process.exit(1)
})
