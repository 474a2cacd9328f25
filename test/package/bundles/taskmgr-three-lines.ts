// The smallest useful program: TaskmgrApi on the platform's fetch, configured from TASKMGR_* variables. It must
// bundle without ioredis or @effect/platform-node installed.
import { FetchHttpClient } from "@effect/platform"
import { TaskmgrApi } from "design-taskmgr"
import { Effect, Layer } from "effect"

const me = Effect.flatMap(TaskmgrApi, (api) => api.userMe({}))
const layer = TaskmgrApi.layerConfig().pipe(Layer.provide(FetchHttpClient.layer))
Effect.runPromise(Effect.provide(me, layer)).then((user) => console.log(JSON.stringify({ name: user.name })))
