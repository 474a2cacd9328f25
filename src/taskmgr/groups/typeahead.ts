/**
 * Typeahead: objects of one type whose names match what was typed so far,
 * in a workspace. One capped page (`count`, 1-100, default 20), never paged.
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { pathOf } from "../../core/http/pipeline.js"
import { view } from "../../core/view.js"
import { taskmgrOperation } from "../define.js"
import { NamedResource } from "../records/record-schemas.js"
import { Gid } from "../records/records.js"
import { workspaceOf } from "./people.js"

/** The types the service searches, one a call. */
export const TYPEAHEAD_TYPES = [
  "actor",
  "agent",
  "custom_field",
  "goal",
  "project",
  "project_template",
  "portfolio",
  "tag",
  "task",
  "team",
  "user"
] as const

export const searchObjects = taskmgrOperation({
  name: "searchObjects",
  group: "typeahead",
  summary: "Objects of one type by name, as typed so far (one capped page).",
  input: Schema.Struct({
    resource_type: Schema.Literal(...TYPEAHEAD_TYPES).annotations({ description: "What to find" }),
    query: Schema.optional(Schema.String.annotations({ description: "Name or its start (empty: any)" })),
    count: Schema.optional(
      Schema.Int.pipe(Schema.between(1, 100)).annotations({ description: "Most results (default 20)" })
    ),
    workspace_gid: Schema.optional(Gid.annotations({ description: "The workspace (default: the configured one)" }))
  }),
  impact: "read",
  idempotent: true,
  subject: (i) => `${i.resource_type} objects`,
  request: (i, client) =>
    Effect.map(workspaceOf(client, i.workspace_gid), (workspace) => ({
      method: "GET" as const,
      path: `/workspaces/${pathOf(workspace)}/typeahead`,
      query: { resource_type: i.resource_type, query: i.query, count: i.count }
    })),
  data: Schema.Array(NamedResource)
})

export const views = [
  view(searchObjects, {
    command: ["search", "objects"],
    positional: ["resource_type", "query"],
    text: {
      kind: "table",
      rows: (found) => found.map((o) => ({ gid: o.gid, name: o.name, resource_type: o.resource_type })),
      columns: ["gid", "name", "resource_type"],
      noun: "matches"
    },
    examples: ["taskmgr search objects project launch", "taskmgr search objects user --count 5"]
  })
] as const
