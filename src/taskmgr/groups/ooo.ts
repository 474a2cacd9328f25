/**
 * Out-of-office entries: a user's days away in a workspace. The user defaults
 * to the signed-in one ("me") and the workspace to the configured one; the
 * days are calendar dates, and an entry never ends before it starts.
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { CalendarDate } from "../../core/calendar.js"
import { invalidInput } from "../../core/errors.js"
import { pathOf } from "../../core/http/pipeline.js"
import { absentIsDone } from "../../core/operation.js"
import { view } from "../../core/view.js"
import { dataBody, listFields, taskmgrList, taskmgrOperation } from "../define.js"
import { Gid, UserGid } from "../records/records.js"
import { OutOfOffice } from "../records/typed-records.js"
import { workspaceOf } from "./people.js"

const EntryGid = Gid.annotations({ description: "The entry's gid" })
const User = Schema.optional(UserGid.annotations({ description: "Gid, or me (default)" }))
const Workspace = Schema.optional(Gid.annotations({ description: "The workspace (default: the configured one)" }))
const Start = CalendarDate.annotations({ description: "First day away (YYYY-MM-DD)" })
const End = CalendarDate.annotations({ description: "Last day away (YYYY-MM-DD)" })

/** Refuses an end before the start, when both are known, before anything is sent. */
const inOrder = <A>(
  dates: { readonly start_date?: string | undefined; readonly end_date?: string | undefined },
  then: () => A
) =>
  dates.start_date !== undefined && dates.end_date !== undefined && dates.end_date < dates.start_date
    ? Effect.fail(invalidInput(`end_date ${dates.end_date} is before start_date ${dates.start_date}.`, "end_date"))
    : Effect.sync(then)

export const oooList = taskmgrList({
  name: "oooList",
  group: "ooo",
  summary: "A user's out-of-office entries in a workspace.",
  input: Schema.Struct({
    user: User,
    workspace_gid: Workspace,
    start_date: Schema.optional(CalendarDate.annotations({ description: "Ending on or after" })),
    end_date: Schema.optional(CalendarDate.annotations({ description: "Starting on or before" })),
    ...listFields
  }),
  subject: (i) => `out-of-office entries of user ${i.user ?? "me"}`,
  request: (i, client) =>
    Effect.flatMap(workspaceOf(client, i.workspace_gid), (workspace) =>
      inOrder(i, () => ({
        method: "GET" as const,
        path: "/ooo_entries",
        query: { user: i.user ?? "me", workspace, start_date: i.start_date, end_date: i.end_date }
      }))),
  item: OutOfOffice,
  defaultFields: ["start_date", "end_date", "user.name"],
  itemsKey: "ooo_entries"
})

export const oooGet = taskmgrOperation({
  name: "oooGet",
  group: "ooo",
  summary: "One out-of-office entry.",
  input: Schema.Struct({ ooo_entry_gid: EntryGid }),
  impact: "read",
  idempotent: true,
  subject: (i) => `out-of-office entry ${i.ooo_entry_gid}`,
  request: (i) => ({ method: "GET", path: `/ooo_entries/${pathOf(i.ooo_entry_gid)}` }),
  data: OutOfOffice
})

export const oooCreate = taskmgrOperation({
  name: "oooCreate",
  group: "ooo",
  summary: "Record days out of office.",
  input: Schema.Struct({ start_date: Start, end_date: End, user: User, workspace_gid: Workspace }),
  impact: "write",
  idempotent: false,
  subject: (i) => `out-of-office entry ${i.start_date} to ${i.end_date}`,
  request: (i, client) =>
    Effect.flatMap(workspaceOf(client, i.workspace_gid), (workspace) =>
      inOrder(i, () => ({
        method: "POST" as const,
        path: "/ooo_entries",
        body: dataBody({ start_date: i.start_date, end_date: i.end_date, user: i.user ?? "me", workspace })
      }))),
  data: OutOfOffice
})

export const oooUpdate = taskmgrOperation({
  name: "oooUpdate",
  group: "ooo",
  summary: "Change an out-of-office entry's days.",
  input: Schema.Struct({ ooo_entry_gid: EntryGid, start_date: Schema.optional(Start), end_date: Schema.optional(End) }),
  impact: "write",
  idempotent: true,
  subject: (i) => `out-of-office entry ${i.ooo_entry_gid}`,
  request: (i) =>
    i.start_date === undefined && i.end_date === undefined
      ? Effect.fail(invalidInput("Nothing to change: give a start_date or end_date.", "start_date", "end_date"))
      : inOrder(i, () => ({
        method: "PUT" as const,
        path: `/ooo_entries/${pathOf(i.ooo_entry_gid)}`,
        body: dataBody({ start_date: i.start_date, end_date: i.end_date })
      })),
  data: OutOfOffice
})

export const oooDelete = absentIsDone(
  taskmgrOperation({
    name: "oooDelete",
    group: "ooo",
    summary: "Delete an out-of-office entry.",
    input: Schema.Struct({ ooo_entry_gid: EntryGid }),
    impact: "destroy",
    idempotent: true,
    subject: (i) => `out-of-office entry ${i.ooo_entry_gid}`,
    request: (i) => ({ method: "DELETE", path: `/ooo_entries/${pathOf(i.ooo_entry_gid)}` }),
    data: Schema.Struct({})
  }),
  (i) => ({ ooo_entry_gid: i.ooo_entry_gid })
)

const COLUMNS = ["gid", "start_date", "end_date", "user"]
const rows = (o: { readonly items: ReadonlyArray<OutOfOffice> }) =>
  o.items.map((e) => ({ gid: e.gid, start_date: e.start_date, end_date: e.end_date, user: e.user?.name }))

export const views = [
  view(oooList, {
    command: ["ooo", "list"],
    valueNames: { user: "GID|me" },
    text: { kind: "table", rows, columns: COLUMNS, noun: "out-of-office entries" },
    examples: ["taskmgr ooo list", "taskmgr ooo list --user 1200000000000002 --start-date 2024-06-01"]
  }),
  view(oooGet, {
    command: ["ooo", "get"],
    positional: ["ooo_entry_gid"],
    text: { kind: "record" },
    examples: ["taskmgr ooo get 1200000000003401"]
  }),
  view(oooCreate, {
    command: ["ooo", "create"],
    valueNames: { user: "GID|me" },
    text: { kind: "record" },
    examples: ["taskmgr ooo create --start-date 2024-07-01 --end-date 2024-07-14"]
  }),
  view(oooUpdate, {
    command: ["ooo", "update"],
    positional: ["ooo_entry_gid"],
    text: { kind: "record" },
    examples: ["taskmgr ooo update 1200000000003401 --end-date 2024-07-21"]
  }),
  view(oooDelete, {
    command: ["ooo", "delete"],
    positional: ["ooo_entry_gid"],
    text: { kind: "record" },
    examples: ["taskmgr ooo delete 1200000000003401"]
  })
] as const
