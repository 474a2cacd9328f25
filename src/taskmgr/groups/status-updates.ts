/**
 * Status updates on a project, portfolio or goal: list (newest first), get,
 * create and delete; and the wrapper's roll-up, `status overview`
 * (status-overview.ts).
 */
import * as Schema from "effect/Schema"
import { CalendarDateTime } from "../../core/calendar.js"
import { pathOf } from "../../core/http/pipeline.js"
import { absentIsDone } from "../../core/operation.js"
import { view } from "../../core/view.js"
import { dataBody, listFields, taskmgrList, taskmgrOperation } from "../define.js"
import { notBoth, rules } from "../input-rules.js"
import { overviewRows, statusOverview } from "../local/status-overview.js"
import { Gid, NonBlank } from "../records/records.js"
import { StatusUpdate } from "../records/typed-records.js"
import { Ref } from "../refs.js"
import { HtmlText } from "../rich-text.js"

const Parent = Ref("any", "Project, portfolio or goal (gid or URL)")
const StatusGid = Gid.annotations({ description: "The status update's gid" })

/** Every status type; a project or portfolio takes the first five, a goal on_track, at_risk, off_track and the last four. */
export const STATUS_TYPES = [
  "on_track",
  "at_risk",
  "off_track",
  "on_hold",
  "complete",
  "achieved",
  "partial",
  "missed",
  "dropped"
] as const

export const statusList = taskmgrList({
  name: "statusList",
  group: "status_updates",
  summary: "Status updates of a project, portfolio or goal.",
  input: Schema.Struct({
    parent: Parent,
    created_since: Schema.optional(CalendarDateTime.annotations({ description: "Only those since this date-time" })),
    ...listFields
  }),
  subject: (i) => `status updates of ${i.parent}`,
  request: (i) => ({
    method: "GET",
    path: "/status_updates",
    query: { parent: i.parent, created_since: i.created_since }
  }),
  item: StatusUpdate,
  defaultFields: ["title", "status_type", "author.name", "created_at"],
  itemsKey: "status_updates"
})

export const statusGet = taskmgrOperation({
  name: "statusGet",
  group: "status_updates",
  summary: "One status update.",
  input: Schema.Struct({ status_update_gid: StatusGid }),
  impact: "read",
  idempotent: true,
  subject: (i) => `status update ${i.status_update_gid}`,
  request: (i) => ({ method: "GET", path: `/status_updates/${pathOf(i.status_update_gid)}` }),
  data: StatusUpdate
})

export const statusCreate = taskmgrOperation({
  name: "statusCreate",
  group: "status_updates",
  summary: "Post a status update on a project, portfolio or goal.",
  input: Schema.Struct({
    parent: Parent,
    status_type: Schema.Literal(...STATUS_TYPES).annotations({
      description: "Goal-only: achieved, partial, missed, dropped"
    }),
    text: Schema.optional(NonBlank.annotations({ description: "Plain text; not with html_text" })),
    html_text: Schema.optional(HtmlText),
    title: Schema.optional(Schema.String.annotations({ description: "Headline" }))
  }).pipe(
    Schema.filter(
      rules(
        notBoth("text", "html_text"),
        (i) =>
          (i as { text?: string }).text === undefined && (i as { html_text?: string }).html_text === undefined
            ? { path: ["text"], message: "a status update needs its text: give text or html_text" }
            : undefined
      )
    )
  ),
  impact: "write",
  idempotent: false,
  subject: (i) => `status update on ${i.parent}`,
  request: (i) => ({
    method: "POST",
    path: "/status_updates",
    body: dataBody({
      parent: i.parent,
      status_type: i.status_type,
      text: i.text,
      html_text: i.html_text,
      title: i.title
    })
  }),
  data: StatusUpdate
})

export const statusDelete = absentIsDone(
  taskmgrOperation({
    name: "statusDelete",
    group: "status_updates",
    summary: "Delete a status update.",
    input: Schema.Struct({ status_update_gid: StatusGid }),
    impact: "destroy",
    idempotent: true,
    subject: (i) => `status update ${i.status_update_gid}`,
    request: (i) => ({ method: "DELETE", path: `/status_updates/${pathOf(i.status_update_gid)}` }),
    data: Schema.Struct({})
  }),
  (i) => ({ status_update_gid: i.status_update_gid })
)

const nameOf = (value: unknown) => (typeof value === "object" && value !== null && "name" in value ? value.name : value)

export { statusOverview }

export const views = [
  view(statusList, {
    command: ["status", "list"],
    positional: ["parent"],
    valueNames: { parent: "GID|URL", created_since: "DATE-TIME" },
    text: {
      kind: "table",
      rows: (o) =>
        o.items.map((s) => ({
          gid: s.gid,
          status_type: s.status_type,
          title: s.title,
          author: nameOf(s.author),
          created_at: s.created_at
        })),
      columns: ["gid", "status_type", "title", "author", "created_at"],
      noun: "status updates"
    },
    examples: [
      "taskmgr status list 1200000000000301",
      "taskmgr status list 1200000000001101 --created-since 2024-05-01T00:00:00Z"
    ]
  }),
  view(statusGet, {
    command: ["status", "get"],
    positional: ["status_update_gid"],
    text: { kind: "record" },
    examples: ["taskmgr status get 1200000000001302"]
  }),
  view(statusCreate, {
    command: ["status", "create"],
    positional: ["parent"],
    // The issue spells the command's flag --type; the tool keeps the service's status_type.
    flags: { status_type: "type" },
    valueNames: { parent: "GID|URL", status_type: "TYPE" },
    text: { kind: "record" },
    examples: [
      "taskmgr status create 1200000000000301 --type at_risk --title 'Venue slipping' --text 'The venue moved the date.'",
      "taskmgr status create 1200000000001101 --type achieved --text 'Launched.'"
    ]
  }),
  view(statusDelete, {
    command: ["status", "delete"],
    positional: ["status_update_gid"],
    text: { kind: "record" },
    examples: ["taskmgr status delete 1200000000001301"]
  }),
  view(statusOverview, {
    command: ["status", "overview"],
    positional: ["gid"],
    valueNames: { gid: "GID|URL" },
    text: {
      kind: "table",
      rows: overviewRows,
      // The counts the overview exists for come before the latest status, which a narrow terminal drops first.
      columns: [
        "kind",
        "gid",
        "name",
        "total",
        "completed",
        "incomplete",
        "overdue",
        "status",
        "title",
        "author",
        "date"
      ],
      noun: "items"
    },
    examples: [
      "taskmgr status overview 1200000000000301",
      "taskmgr status overview 1200000000001201 --kind portfolio --json"
    ]
  })
] as const

/** Help's line for each command group of this module (`taskmgr --help`). */
export const commandGroups: { readonly [words: string]: string } = {
  status: "Status updates of projects, portfolios and goals, and the roll-up overview"
}
