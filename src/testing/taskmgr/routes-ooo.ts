/**
 * Out-of-office entries: list (one user in one workspace, both required;
 * `start_date`/`end_date` keep the entries overlapping them), get, create
 * (201), update, delete. Only the user away, or whoever recorded the entry,
 * may change it. An entry never ends before it starts.
 */
import { badRequest, created, emptyOk, forbidden, notFound, ok } from "./errors.js"
import type { Data } from "./input.js"
import {
  checkGid,
  date,
  input,
  memberOf,
  pathGid,
  queryValue,
  requiredStr,
  userGid,
  userOf,
  workspaceOf
} from "./input.js"
import type { OooEntry } from "./model-fields.js"
import { newGid } from "./model.js"
import { singleRecord } from "./opt-fields.js"
import { page } from "./paging.js"
import { COMPACT, fullOooEntry } from "./render-fields.js"
import type { Ctx, Route } from "./router.js"
import { route } from "./router.js"

const entryOf = (ctx: Ctx, gid: string): OooEntry => {
  const entry = ctx.state.oooEntries.get(gid) ?? notFound(gid)
  memberOf(ctx, entry.workspace)
  return entry
}

const answer = (ctx: Ctx, entry: OooEntry) => singleRecord(fullOooEntry(ctx.render, entry), ctx.fields, ctx.expand)

const requiredDate = (data: Data, name: string): string => date(data, name) ?? badRequest(`${name}: Missing input`)

const inOrder = (start: string, end: string): void => {
  if (end < start) badRequest(`end_date: Must be on or after start_date (${start}), got ${end}`)
}

const mayChange = (ctx: Ctx, entry: OooEntry): void => {
  const caller = ctx.caller.user.gid
  if (entry.user !== caller && entry.created_by !== caller) forbidden()
}

/** A query parameter that must be there. */
const required = (ctx: Ctx, name: string): string => queryValue(ctx, name) ?? badRequest(`${name}: Missing input`)

export const oooRoutes: ReadonlyArray<Route> = [
  route("GET", "/ooo_entries", "ooo_entries:read", (ctx) => {
    const user = userOf(ctx, userGid(ctx, "user", required(ctx, "user")))
    const workspace = workspaceOf(ctx, checkGid("workspace", required(ctx, "workspace")))
    const query = { start_date: queryValue(ctx, "start_date"), end_date: queryValue(ctx, "end_date") }
    const from = date(query, "start_date")
    const to = date(query, "end_date")
    const found = [...ctx.state.oooEntries.values()].filter((e) =>
      e.user === user.gid && e.workspace === workspace.gid && (from == null || e.end_date >= from) &&
      (to == null || e.start_date <= to)
    ).sort((a, b) => a.start_date.localeCompare(b.start_date))
    return page({ ...ctx, fields: ctx.fields ?? COMPACT.ooo_entry }, found.map((e) => fullOooEntry(ctx.render, e)))
  }),
  route("POST", "/ooo_entries", "ooo_entries:write", (ctx) => {
    const data = input(ctx)
    const start = requiredDate(data, "start_date")
    const end = requiredDate(data, "end_date")
    const user = userOf(ctx, userGid(ctx, "user", requiredStr(data, "user")))
    const workspace = workspaceOf(ctx, checkGid("workspace", requiredStr(data, "workspace")))
    if (!user.workspaces.includes(workspace.gid)) badRequest("user: The user is not in the workspace")
    inOrder(start, end)
    const entry: OooEntry = {
      gid: newGid(ctx.state),
      user: user.gid,
      workspace: workspace.gid,
      start_date: start,
      end_date: end,
      created_by: ctx.caller.user.gid
    }
    ctx.state.oooEntries.set(entry.gid, entry)
    return created(answer(ctx, entry))
  }),
  route(
    "GET",
    "/ooo_entries/:ooo_entry_gid",
    "ooo_entries:read",
    (ctx) => ok(answer(ctx, entryOf(ctx, pathGid(ctx, "ooo_entry_gid"))))
  ),
  route("PUT", "/ooo_entries/:ooo_entry_gid", "ooo_entries:write", (ctx) => {
    const entry = entryOf(ctx, pathGid(ctx, "ooo_entry_gid"))
    mayChange(ctx, entry)
    const data = input(ctx)
    const start = date(data, "start_date") ?? entry.start_date
    const end = date(data, "end_date") ?? entry.end_date
    inOrder(start, end)
    entry.start_date = start
    entry.end_date = end
    return ok(answer(ctx, entry))
  }),
  route("DELETE", "/ooo_entries/:ooo_entry_gid", "ooo_entries:delete", (ctx) => {
    const entry = entryOf(ctx, pathGid(ctx, "ooo_entry_gid"))
    mayChange(ctx, entry)
    ctx.state.oooEntries.delete(entry.gid)
    return emptyOk()
  })
]
