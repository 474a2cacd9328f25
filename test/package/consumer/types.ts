/**
 * What the packed declarations promise, checked by tsc in a consumer's
 * project (an unused @ts-expect-error fails the check): records are named
 * and closed, so a misspelt field does not compile; `fields` takes the
 * record's paths and the answer has only those; enums admit values the
 * service adds; errors name their service; each entry point has its types.
 */
import type * as HttpClient from "@effect/platform/HttpClient"
import {
  AuthError,
  type DesignApiService,
  type InvalidSettingsError,
  RateLimitError,
  type ServiceName,
  TaskmgrApi,
  type TaskmgrApiService
} from "design-taskmgr"
import type * as Design from "design-taskmgr/design"
import { layerDesignApi, layerTaskmgrApi } from "design-taskmgr/node"
import { RedisRateStore } from "design-taskmgr/redis"
import { type Task, type Undocumented, unknownFields, type User } from "design-taskmgr/taskmgr"
import { Effect, type Layer, Stream } from "effect"

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends (<T>() => T extends B ? 1 : 2) ? true : false
const same = <A, B>(_: Equal<A, B>) => undefined

export const records = (taskmgr: TaskmgrApiService, design: DesignApiService) => {
  // Named: a task is a Task, a design user a Design.User.
  same<Effect.Effect.Success<ReturnType<typeof taskmgr.taskGet<never>>>, Task>(true)
  same<Effect.Effect.Success<ReturnType<typeof design.userMe>>, Design.User>(true)
  const task = Effect.map(taskmgr.taskGet({ task_gid: "1" }), (t) => {
    // @ts-expect-error: a misspelt field does not compile.
    void t.compleetd
    const done: boolean | undefined = t.completed
    // What the service added after this version is kept, and read apart.
    const added: Readonly<Record<string, unknown>> = unknownFields(t)
    // An enum value the service adds reads as Undocumented, next to the documented ones.
    same<NonNullable<Task["resource_subtype"]>, "default_task" | "milestone" | "approval" | "custom" | Undocumented>(true)
    return [done, added]
  })
  // @ts-expect-error: fields takes the record's field names and paths only.
  void taskmgr.taskGet({ task_gid: "1", fields: ["compleetd"] })
  const chosen = Effect.map(taskmgr.taskGet({ task_gid: "1", fields: ["name", "assignee.name"] }), (t) => {
    const name: string | undefined = t.name
    const assignee: string | undefined = t.assignee?.name
    // @ts-expect-error: not asked for, so not in the answer.
    void t.completed
    // @ts-expect-error: nor is the assignee's email.
    void t.assignee?.email
    return [name, assignee]
  })
  const listed = Effect.map(taskmgr.taskList({ project: "1", fields: ["due_on"] }), (page) => page.data.map((t) => t.due_on))
  const streamed = Stream.map(taskmgr.streams.taskList({ project: "1", fields: ["name"] }), (t) => t.name)
  // @ts-expect-error: a record's name is not another record's: a user has no completed.
  void Effect.map(taskmgr.userGet({ user_gid: "me" }), (u: User) => u.completed)
  return [task, chosen, listed, streamed]
}

export const errors = (taskmgr: TaskmgrApiService) =>
  Effect.catchTags(taskmgr.userMe({}), {
    AuthError: (e: AuthError) => Effect.succeed<ServiceName | undefined>(e.service),
    RateLimitError: (e: RateLimitError) => Effect.succeed(e.service)
  })

export const layers = () => {
  // Node's layers need no HttpClient; the service's own need one (FetchHttpClient anywhere).
  same<typeof layerDesignApi extends (...args: never) => Layer.Layer<infer _A, infer _E, infer R> ? R : "no", never>(true)
  const anyClient: Layer.Layer<TaskmgrApi, InvalidSettingsError, HttpClient.HttpClient> = TaskmgrApi.layer({ token: "t" })
  return [anyClient, layerTaskmgrApi(), RedisRateStore.layer, RedisRateStore.rateLimiter("redis://127.0.0.1:6379/0")]
}
