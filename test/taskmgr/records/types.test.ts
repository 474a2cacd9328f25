/**
 * The task manager's public types are exact, checked by tsc (a line marked
 * @ts-expect-error fails the build if it compiles): PlanRequiredError only
 * where a plan gate is declared, and taskList's one-of-four input as a union.
 */
import { describe, expect, expectTypeOf, it } from "@effect/vitest"
import type { Effect } from "effect"
import type { Undocumented } from "../../../src/core/open-record.js"
import type { Webhook } from "../../../src/design/index.js"
import type { PlanRequiredError, RateLimitError, TaskmgrApiService } from "../../../src/index.js"

type ErrorOfMethod<K extends keyof TaskmgrApiService> = TaskmgrApiService[K] extends
  (...args: never) => Effect.Effect<unknown, infer E> ? E : never

describe("task-manager public types", () => {
  it("declares PlanRequiredError only on plan-gated operations", () => {
    expectTypeOf<Extract<ErrorOfMethod<"userMe">, PlanRequiredError>>().toBeNever()
    expectTypeOf<Extract<ErrorOfMethod<"taskList">, PlanRequiredError>>().toBeNever()
    expectTypeOf<PlanRequiredError>().toMatchTypeOf<ErrorOfMethod<"taskSearch">>()
    expectTypeOf<PlanRequiredError>().toMatchTypeOf<ErrorOfMethod<"projectSearch">>()
    expectTypeOf<RateLimitError>().toMatchTypeOf<ErrorOfMethod<"userMe">>()
    expect(true).toBe(true)
  })

  it("takes exactly one of project, section, tag or assignee in taskList", () => {
    const check = (api: TaskmgrApiService) => {
      void api.taskList({ project: "1" })
      void api.taskList({ assignee: "me", workspace_gid: "2" })
      // @ts-expect-error: none given.
      void api.taskList({})
      // @ts-expect-error: two given.
      void api.taskList({ section: "1", tag: "2" })
    }
    expect(typeof check).toBe("function")
  })

  it("types fixed values as literal unions, admitting the values the service adds", () => {
    expectTypeOf<Webhook["status"]>().toEqualTypeOf<"ACTIVE" | "PAUSED" | Undocumented>()
    expectTypeOf<Webhook["context"]>().toEqualTypeOf<"TEAM" | "PROJECT" | "FILE" | Undocumented>()
    expect(true).toBe(true)
  })
})
