// Both services in a browser (or an edge runtime, or Node with nothing but fetch): FetchHttpClient, options from
// DESIGN_* and TASKMGR_* through Effect's Config. Bundled for the browser platform, so no node: module may be in
// it. Prints what each service answered, and which service an error came from.
import { FetchHttpClient } from "@effect/platform"
import { DesignApi, TaskmgrApi } from "design-taskmgr"
import { Config, Effect, Layer } from "effect"

const program = Effect.gen(function*() {
  const design = yield* DesignApi
  const taskmgr = yield* TaskmgrApi
  const me = yield* design.userMe({})
  const you = yield* taskmgr.userMe({})
  // A task of the simulator's seed, named by the test.
  const TASK = yield* Config.string("SEED_TASK")
  const task = yield* taskmgr.taskGet({ task_gid: TASK, fields: ["name", "assignee.name"] })
  const missing = yield* Effect.flip(taskmgr.taskGet({ task_gid: "1999999999999999" }))
  return {
    design: me.handle,
    taskmgr: you.name,
    task: { name: task.name, assignee: task.assignee?.name ?? null },
    missing: { tag: missing._tag, service: missing.service, message: missing.message }
  }
})

const layer = Layer.mergeAll(DesignApi.layerConfig(), TaskmgrApi.layerConfig()).pipe(
  Layer.provide(FetchHttpClient.layer)
)
Effect.runPromise(Effect.provide(program, layer)).then(
  (result) => console.log(JSON.stringify(result)),
  (error) => {
    console.error(String(error))
    throw error
  }
)
