/**
 * Rule triggers: `POST /rule_triggers/{gid}/run` with `{resource, action_data}`
 * runs the rule on a task (here: tags it). Rules are above the free plan: a
 * trigger in a free workspace answers 402.
 */
import * as Either from "effect/Either"
import { reject } from "../core/rejection.js"
import { route } from "../core/route.js"
import type { ApiRoute } from "./context.js"
import { badRequest, notFound, ok } from "./errors.js"
import { input, memberOf, pathGid, requiredGid, taskOf } from "./input.js"

export const RULES_PLAN_MESSAGE =
  "Payment Required: rules are available only to premium workspaces. Upgrade the workspace's plan to use them."

export const ruleRoutes: ReadonlyArray<ApiRoute> = [
  route("POST", "/rule_triggers/:rule_trigger_gid/run", null, (ctx) =>
    Either.gen(function*() {
      const gid = yield* pathGid(ctx, "rule_trigger_gid")
      const trigger = ctx.state.ruleTriggers.get(gid)
      if (trigger === undefined) return yield* notFound(gid)
      yield* memberOf(ctx, trigger.workspace)
      if (ctx.state.workspaces.get(trigger.workspace)?.premium !== true) return yield* reject(402, RULES_PLAN_MESSAGE)
      const data = yield* input(ctx)
      const task = yield* taskOf(ctx, yield* requiredGid(ctx, data, "resource"))
      const actionData = data.action_data
      if (actionData === undefined) return yield* badRequest("action_data: Missing input")
      if (typeof actionData !== "object" || actionData === null || Array.isArray(actionData)) {
        return yield* badRequest("action_data: Value is not an object")
      }
      if (task.workspace !== trigger.workspace) return yield* badRequest("resource: The task is in another workspace")
      trigger.runs.push({ resource: task.gid, action_data: actionData, at: ctx.call.now_ms })
      if (!task.tags.includes(trigger.adds_tag)) task.tags.push(trigger.adds_tag)
      task.modified_at = ctx.call.now_ms
      return ok({ message: `Rule "${trigger.name}" ran on task ${task.gid}.` })
    }))
]
