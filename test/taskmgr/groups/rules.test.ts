/** Firing a rule's web-request trigger: it runs on a task; a workspace whose plan lacks rules is a plan error, sent once. */
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { exitCodeOf } from "../../../src/core/exit-codes.js"
import { api, apiLayer, seed, sent, SIM } from "../harness.js"

const t = seed.templates

describe("TaskmgrApi: rule triggers", () => {
  it.effect("runs the rule on a task given by URL, sending resource and action_data", () =>
    Effect.gen(function*() {
      const a = yield* api
      const answer = yield* a.ruleTrigger({
        rule_trigger_gid: t.rule_trigger_gid,
        resource: `${SIM}/0/${seed.project_gid}/${seed.task_gid}`,
        action_data: { reason: "blocked" }
      })
      expect(answer.message).toContain(seed.task_gid)
      expect((yield* sent)[0]).toMatchObject({
        method: "POST",
        path: `/api/1.0/rule_triggers/${t.rule_trigger_gid}/run`,
        body: { data: { resource: seed.task_gid, action_data: { reason: "blocked" } } }
      })
      // The seeded rule tags the task "later".
      expect((yield* a.tagTasks({ task_gid: seed.task_gid })).data.map((x) => x.gid)).toContain(seed.tag_gids.later)
      // The service requires action_data: an empty object is sent when none is given.
      yield* a.ruleTrigger({ rule_trigger_gid: t.rule_trigger_gid, resource: seed.task_gid })
      expect((yield* sent).at(-1)?.body).toEqual({ data: { resource: seed.task_gid, action_data: {} } })
    }).pipe(Effect.provide(apiLayer())))

  it.effect("a workspace whose plan lacks rules answers 402: PlanRequiredError (exit 7), not retried", () =>
    Effect.gen(function*() {
      const a = yield* api
      const error = yield* Effect.flip(
        a.ruleTrigger({ rule_trigger_gid: t.free_rule_trigger_gid, resource: seed.task_gids.free })
      )
      expect(error._tag).toBe("PlanRequiredError")
      if (error._tag === "PlanRequiredError") expect(exitCodeOf(error)).toBe(7)
      expect((yield* sent).length).toBe(1)
    }).pipe(Effect.provide(apiLayer({ token: seed.tokens.free, workspace: seed.free_workspace_gid }))))

  it.effect("refuses bad input before sending", () =>
    Effect.gen(function*() {
      const a = yield* api
      const refused = [
        yield* Effect.flip(a.ruleTrigger({ rule_trigger_gid: "rule", resource: seed.task_gid })),
        yield* Effect.flip(a.ruleTrigger({ rule_trigger_gid: t.rule_trigger_gid, resource: "task-1" })),
        yield* Effect.flip(
          a.ruleTrigger({ rule_trigger_gid: t.rule_trigger_gid, resource: "https://elsewhere.example.com/0/1/2" })
        ),
        yield* Effect.flip(
          a.ruleTrigger({ rule_trigger_gid: t.rule_trigger_gid, resource: seed.task_gid, action_data: ["x"] as never })
        )
      ]
      expect(refused.map((e) => e._tag)).toEqual(refused.map(() => "InvalidInputError"))
      expect((yield* sent).length).toBe(0)
    }).pipe(Effect.provide(apiLayer())))
})
