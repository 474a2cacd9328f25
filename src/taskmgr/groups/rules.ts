/**
 * Rules: firing a rule whose trigger is an incoming web request, on a task
 * (the service's trigger endpoint, beta). A workspace whose plan lacks rules
 * answers 402: PlanRequiredError, never retried.
 */
import * as Schema from "effect/Schema"
import { pathOf } from "../../core/http/pipeline.js"
import { view } from "../../core/view.js"
import { PREMIUM } from "../classify.js"
import { dataBody, taskmgrOperation } from "../define.js"
import { RuleTriggerResponse } from "../records/record-schemas.js"
import { Gid, GidOrUrl } from "../records/records.js"

export const ruleTrigger = taskmgrOperation({
  name: "ruleTrigger",
  group: "rules",
  summary: "Fire a rule's web-request trigger on a task (beta).",
  input: Schema.Struct({
    rule_trigger_gid: Gid.annotations({ description: "From the rule, in the app" }),
    resource: GidOrUrl.annotations({ description: "The task: gid or URL" }),
    action_data: Schema.optional(
      Schema.Record({ key: Schema.String, value: Schema.Unknown }).annotations({
        jsonSchema: { type: "object" },
        description: "{name: value} the rule's actions read (default {})"
      })
    )
  }),
  impact: "write",
  idempotent: false,
  planGate: PREMIUM,
  gids: { resource: "task" },
  subject: (i) => `rule trigger ${i.rule_trigger_gid}`,
  // The service requires action_data, also when the rule reads none.
  request: (i) => ({
    method: "POST",
    path: `/rule_triggers/${pathOf(i.rule_trigger_gid)}/run`,
    body: dataBody({ resource: i.resource, action_data: i.action_data ?? {} })
  }),
  data: RuleTriggerResponse
})

export const views = [
  view(ruleTrigger, {
    command: ["rule", "trigger"],
    positional: ["rule_trigger_gid"],
    valueNames: { resource: "GID|URL" },
    text: { kind: "record" },
    examples: [
      "taskmgr rule trigger 1200000000030201 --resource 1200000000000601 --action-data '{\"reason\": \"blocked\"}'"
    ]
  })
] as const

/** Help's line for each command group of this module (`taskmgr --help`). */
export const commandGroups: { readonly [words: string]: string } = {
  rule: "Rules: fire a rule's web-request trigger"
}
