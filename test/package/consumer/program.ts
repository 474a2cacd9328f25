/**
 * A consumer's program, type-checked with --strict against the packed
 * package and run with its peers at the bottom of their ranges: both
 * services in one Effect, both simulator layers merged, an in-memory tracer,
 * a transformClient that sees finished requests. Prints what it saw as JSON.
 */
import * as HttpClient from "@effect/platform/HttpClient"
import { AuthError, DesignApi, PlanRequiredError, TaskmgrApi, type TaskmgrApiService } from "design-taskmgr"
import type { Undocumented, Webhook } from "design-taskmgr/design"
import type { Task } from "design-taskmgr/taskmgr"
import { designSeed, DesignSimulator, taskmgrSeed, TaskmgrSimulator } from "design-taskmgr/testing"
import * as Testing from "design-taskmgr/testing"
import { Effect, Inspectable, Layer, Logger, TestClock, TestContext, Tracer } from "effect"

// Exact types, checked by the compiler (an unused @ts-expect-error fails the check).
const typeChecks = (taskmgr: TaskmgrApiService) => {
  // @ts-expect-error: taskList takes exactly one of project, section, tag or assignee.
  void taskmgr.taskList({})
  // @ts-expect-error: not two of them either.
  void taskmgr.taskList({ project: "1", tag: "2" })
  // @ts-expect-error: userMe has no plan gate, so PlanRequiredError is not in its error channel.
  void Effect.catchTag(taskmgr.userMe({}), "PlanRequiredError", () => Effect.void)
  // Search has one: catching it compiles.
  void Effect.catchTag(taskmgr.taskSearch({ text: "x" }), "PlanRequiredError", (e: PlanRequiredError) => Effect.succeed(e.plan))
  // A status the service adds after this version still reads, as Undocumented.
  const status: "ACTIVE" | "PAUSED" | Undocumented = ({} as Webhook).status
  // Records are typed from the service's schemas: a task's completed is a boolean (or left out by opt_fields).
  const completed: Effect.Effect<boolean | undefined, unknown> = Effect.map(taskmgr.taskGet({ task_gid: "1" }), (task: Task) => task.completed)
  // @ts-expect-error: not unknown any more, so not a string.
  const wrong: Effect.Effect<string | undefined, unknown> = Effect.map(taskmgr.taskGet({ task_gid: "1" }), (task) => task.completed)
  void [completed, wrong]
  return status
}
void typeChecks

const spans: Array<Tracer.Span> = []
const recording = Effect.map(Effect.tracer, (base) =>
  Tracer.make({
    span: (...args) => {
      const span = base.span(...args)
      spans.push(span)
      return span
    },
    context: base.context
  }))

const seen: Array<string> = []
const logged: Array<string> = []
const layer = Layer.mergeAll(
  DesignSimulator.api({
    transformClient: HttpClient.tapRequest((request) =>
      Effect.zipRight(Effect.sync(() => seen.push(`${request.method} ${request.url}`)), Effect.log(request.headers))
    )
  }),
  TaskmgrSimulator.api()
)

const program = Effect.gen(function*() {
  const design = yield* DesignApi
  const taskmgr = yield* TaskmgrApi
  const designSim = yield* DesignSimulator
  const taskmgrSim = yield* TaskmgrSimulator
  const me = yield* design.userMe({})
  const tasks = yield* taskmgr.taskList({ project: taskmgrSeed.project_gid })
  // A 503 retried on the TestClock: the span counts two attempts.
  yield* taskmgrSim.injectFault({ method: "GET", path: `/api/1.0/projects/${taskmgrSeed.project_gid}`, status: 503, times: 1 })
  const fiber = yield* Effect.fork(taskmgr.projectGet({ project_gid: taskmgrSeed.project_gid }))
  yield* TestClock.adjust("1 minute")
  const project = yield* fiber.await
  const expired = yield* Effect.flip(
    Effect.flatMap(TaskmgrApi, (t) => t.userMe({})).pipe(
      Effect.provide(TaskmgrSimulator.api({ token: taskmgrSeed.tokens.expired, expiresAt: new Date(0) }))
    )
  )
  return {
    me: me.handle,
    tasks: tasks.data.length,
    project: project._tag,
    expired: expired instanceof AuthError ? expired.reason : expired._tag,
    expiredService: expired.service,
    designRequests: (yield* designSim.requests).length,
    taskmgrRequests: (yield* taskmgrSim.requests).length
  }
})

const main = Effect.flatMap(recording, (tracer) => Effect.withTracer(program, tracer)).pipe(
  Effect.provide(layer),
  Effect.provide(TestContext.TestContext),
  // A user's logger: what the middleware logs is redacted by Effect's Redactable (secret header names included).
  Effect.provide(Logger.replace(Logger.defaultLogger, Logger.make(({ message }) => logged.push(Inspectable.toStringUnknown(message)))))
)

Effect.runPromise(main).then((result) => {
  console.log(JSON.stringify({
    result,
    seen,
    logged,
    testingExports: Object.keys(Testing).sort(),
    tokens: [designSeed.tokens.personal, taskmgrSeed.tokens.personal],
    spans: spans.map((s) => ({ name: s.name, attributes: Object.fromEntries(s.attributes) }))
  }))
}, (error) => {
  console.error(error)
  throw error
})
