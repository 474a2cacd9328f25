/**
 * Rule triggers: `POST /rule_triggers/{gid}/run` with `{resource, action_data}`
 * runs the rule on a task (here: tags it). Rules are above the free plan: a
 * trigger in a free workspace answers 402.
 */
import { badRequest, notFound, ok, reject } from "./errors.js"
import { input, memberOf, pathGid, requiredGid, taskOf } from "./input.js"
import type { Route } from "./router.js"
import { route } from "./router.js"

export const RULES_PLAN_MESSAGE =
  "Payment Required: rules are available only to premium workspaces. Upgrade the workspace's plan to use them."

export const ruleRoutes: ReadonlyArray<Route> = [
  route("POST", "/rule_triggers/:rule_trigger_gid/run", null, (ctx) => {
    const gid = pathGid(ctx, "rule_trigger_gid")
    const trigger = ctx.state.ruleTriggers.get(gid) ?? notFound(gid)
    memberOf(ctx, trigger.workspace)
    if (ctx.state.workspaces.get(trigger.workspace)?.premium !== true) return reject(402, RULES_PLAN_MESSAGE)
    const data = input(ctx)
    const task = taskOf(ctx, requiredGid(ctx, data, "resource"))
    const actionData = data.action_data
    if (actionData === undefined) return badRequest("action_data: Missing input")
    if (typeof actionData !== "object" || actionData === null || Array.isArray(actionData)) {
      return badRequest("action_data: Value is not an object")
    }
    if (task.workspace !== trigger.workspace) return badRequest("resource: The task is in another workspace")
    trigger.runs.push({ resource: task.gid, action_data: actionData, at: ctx.call.now_ms })
    if (!task.tags.includes(trigger.adds_tag)) task.tags.push(trigger.adds_tag)
    task.modified_at = ctx.call.now_ms
    return ok({ message: `Rule "${trigger.name}" ran on task ${task.gid}.` })
  })
]
