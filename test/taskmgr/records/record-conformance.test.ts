/**
 * The simulator answers with the service's records: every record it sends in
 * full is checked against the service's own JSON Schema
 * (reference/taskmgr-records.json: no field it does not document, each of the
 * documented type, enum value and nullability) and decodes with the library's
 * typed Schema. A new group adds its reads to `READS`.
 */
import * as HttpBody from "@effect/platform/HttpBody"
import * as HttpClient from "@effect/platform/HttpClient"
import * as HttpClientRequest from "@effect/platform/HttpClientRequest"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Schema } from "effect"
import { readFileSync } from "node:fs"
import { RECORD_NAMES } from "../../../scripts/taskmgr-record-names.mjs"
import * as Records from "../../../src/taskmgr/records/record-schemas.js"
import { taskmgrSeed as seed, TaskmgrSimulatorClient } from "../../../src/testing/index.js"
import type { JsonSchema } from "../../testing/core/described.js"
import { problemsWith } from "../../testing/core/described.js"

const definitions: Record<string, JsonSchema> =
  JSON.parse(readFileSync("reference/taskmgr-records.json", "utf8")).definitions
const problems = problemsWith(definitions)

/** The library's names for the records the reference names `...Response`. */
const LIBRARY_NAMES = RECORD_NAMES as Readonly<Record<string, keyof typeof Records>>
const schemaOf = (definition: string) =>
  Records[LIBRARY_NAMES[definition] ?? (definition as keyof typeof Records)] as Schema.Schema<unknown, unknown>

/** Reads answering one full record each (or a list of them), and the record they answer (the reference's name). */
const READS: ReadonlyArray<readonly [path: string, record: string]> = [
  ["/users/me", "UserResponse"],
  [`/users/${seed.other_user_gid}`, "UserResponse"],
  [`/workspaces/${seed.workspace_gid}`, "WorkspaceResponse"],
  [`/teams/${seed.team_gid}`, "TeamResponse"],
  [`/projects/${seed.project_gid}`, "ProjectResponse"],
  [`/projects/${seed.project_gid}/task_counts`, "TaskCountResponse"],
  [`/sections/${seed.section_gids.todo}`, "SectionResponse"],
  [`/tags/${seed.tag_gids.urgent}`, "TagResponse"],
  ...Object.values(seed.task_gids).filter((gid) => gid !== seed.task_gids.free).map((gid) =>
    [`/tasks/${gid}`, "TaskResponse"] as const
  ),
  ...Object.values(seed.story_gids).map((gid) => [`/stories/${gid}`, "StoryResponse"] as const),
  [`/users/${seed.user_gid}/user_task_list?workspace=${seed.workspace_gid}`, "UserTaskListResponse"],
  ...Object.values(seed.goal_gids).filter((gid) => gid !== seed.goal_gids.free).map((gid) =>
    [`/goals/${gid}`, "GoalResponse"] as const
  ),
  [`/portfolios/${seed.portfolio_gid}`, "PortfolioResponse"],
  ...Object.values(seed.status_update_gids).map((gid) => [`/status_updates/${gid}`, "StatusUpdateResponse"] as const),
  ...Object.values(seed.custom_field_gids).filter((gid) => gid !== seed.custom_field_gids.effort).map((gid) =>
    [`/custom_fields/${gid}`, "CustomFieldResponse"] as const
  ),
  [`/projects/${seed.project_gid}/custom_field_settings`, "CustomFieldSettingResponse"],
  [`/teams/${seed.team_gid}/custom_field_settings`, "CustomFieldSettingResponse"],
  [`/portfolios/${seed.portfolio_gid}/custom_field_settings`, "CustomFieldSettingResponse"],
  [`/goals/${seed.goal_gid}/custom_field_settings`, "CustomFieldSettingResponse"],
  [`/memberships/${seed.membership_gids.portfolio_other}`, "MembershipResponse"],
  [`/memberships/${seed.membership_gids.goal_other}`, "MembershipResponse"],
  [`/memberships/${seed.membership_gids.owner}`, "MembershipResponse"],
  [`/memberships/${seed.membership_gids.team}`, "MembershipResponse"],
  [`/memberships?parent=${seed.project_gid}`, "MembershipCompact"],
  [`/memberships?member=me`, "MembershipCompact"],
  [`/ooo_entries/${seed.ooo_entry_gids.mine}`, "OooEntryResponse"],
  [`/ooo_entries?user=me&workspace=${seed.workspace_gid}`, "OooEntryResponse"],
  ...Object.values(seed.attachment_gids).map((gid) => [`/attachments/${gid}`, "AttachmentResponse"] as const),
  [`/task_templates/${seed.templates.task_template_gid}`, "TaskTemplateResponse"],
  [`/project_templates/${seed.templates.project_template_gid}`, "ProjectTemplateResponse"],
  [`/project_templates/${seed.templates.plain_project_template_gid}`, "ProjectTemplateResponse"],
  [`/jobs/${seed.templates.job_gid}`, "JobResponse"]
]

const fetchData = (path: string) =>
  Effect.gen(function*() {
    const client = yield* HttpClient.HttpClient
    const response = yield* client.get(`http://127.0.0.1/api/1.0${path}`, {
      headers: { authorization: `Bearer ${seed.tokens.personal}` }
    })
    expect(response.status, path).toBe(200)
    return ((yield* response.json) as { data: unknown }).data
  })

describe("simulator records conform to the service's record schemas", () => {
  for (const [path, record] of READS) {
    it.effect(`${path} answers a ${record}`, () =>
      Effect.gen(function*() {
        const data = yield* fetchData(path)
        const schema = schemaOf(record)
        const items = Array.isArray(data) ? data : [data]
        expect(items.length, path).toBeGreaterThan(0)
        for (const item of items) {
          expect(problems({ $ref: `#/definitions/${record}` }, item, record)).toEqual([])
          expect(Schema.decodeUnknownEither(schema)(item)._tag).toBe("Right")
        }
      }).pipe(Effect.provide(TaskmgrSimulatorClient.layer)))
  }

  it.effect("an event feed answers EventResponse records", () =>
    Effect.gen(function*() {
      const client = yield* HttpClient.HttpClient
      const headers = { authorization: `Bearer ${seed.tokens.personal}` }
      const reset = yield* client.get(`http://127.0.0.1/api/1.0/events?resource=${seed.task_gid}`, { headers })
      expect(reset.status).toBe(412)
      const { sync } = (yield* reset.json) as { sync: string }
      yield* client.execute(
        HttpClientRequest.put(`http://127.0.0.1/api/1.0/tasks/${seed.task_gid}`, { headers }).pipe(
          HttpClientRequest.bodyUnsafeJson({ data: { name: "Changed" } })
        )
      )
      yield* client.post(`http://127.0.0.1/api/1.0/tasks/${seed.task_gid}/stories`, {
        headers,
        body: HttpBody.unsafeJson({ data: { text: "Hi" } })
      })
      const events = (yield* fetchData(`/events?resource=${seed.task_gid}&sync=${sync}`)) as ReadonlyArray<unknown>
      expect(events).toHaveLength(2)
      for (const event of events) {
        expect(problems({ $ref: "#/definitions/EventResponse" }, event, "EventResponse")).toEqual([])
        expect(Schema.decodeUnknownEither(Records.Event)(event)._tag).toBe("Right")
      }
    }).pipe(Effect.provide(TaskmgrSimulatorClient.layer)))

  it("the checker itself finds an undocumented field, a wrong type and a bad enum", () => {
    const found = problems({ $ref: "#/definitions/TaskResponse" }, {
      gid: "1",
      completed: "yes",
      resource_subtype: "chore",
      colour: 1
    }, "t")
    expect(found).toEqual([
      "t.completed: string, documented boolean",
      "t.resource_subtype: \"chore\" is not one of default_task, milestone, approval, custom",
      "t.colour: not a documented field"
    ])
  })
})
