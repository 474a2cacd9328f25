/**
 * Out-of-office entries: list (one user in one workspace, both required;
 * `start_date`/`end_date` keep the entries overlapping them), get, create
 * (201), update, delete. Only the user away, or whoever recorded the entry,
 * may change it. An entry never ends before it starts.
 */
import * as Either from "effect/Either"
import type { Parsed } from "../core/rejection.js"
import { route } from "../core/route.js"
import type { ApiRoute, Ctx } from "./context.js"
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

const entryOf = (ctx: Ctx, gid: string): Parsed<OooEntry> => {
  const entry = ctx.state.oooEntries.get(gid)
  return entry === undefined ? notFound(gid) : Either.map(memberOf(ctx, entry.workspace), () => entry)
}

const pathEntry = (ctx: Ctx) => Either.flatMap(pathGid(ctx, "ooo_entry_gid"), (gid) => entryOf(ctx, gid))

const answer = (ctx: Ctx, entry: OooEntry) => singleRecord(fullOooEntry(ctx.render, entry), ctx.fields, ctx.expand)

const requiredDate = (data: Data, name: string): Parsed<string> =>
  Either.flatMap(
    date(data, name),
    (value) => value == null ? badRequest(`${name}: Missing input`) : Either.right(value)
  )

const inOrder = (start: string, end: string): Parsed<void> =>
  end < start ? badRequest(`end_date: Must be on or after start_date (${start}), got ${end}`) : Either.void

const mayChange = (ctx: Ctx, entry: OooEntry): Parsed<void> => {
  const caller = ctx.caller.user.gid
  return entry.user !== caller && entry.created_by !== caller ? forbidden() : Either.void
}

/** A query parameter that must be there. */
const required = (ctx: Ctx, name: string): Parsed<string> => {
  const value = queryValue(ctx, name)
  return value === undefined ? badRequest(`${name}: Missing input`) : Either.right(value)
}

export const oooRoutes: ReadonlyArray<ApiRoute> = [
  route("GET", "/ooo_entries", "ooo_entries:read", (ctx) =>
    Either.gen(function*() {
      const user = yield* userOf(ctx, yield* userGid(ctx, "user", yield* required(ctx, "user")))
      const workspace = yield* workspaceOf(ctx, yield* checkGid("workspace", yield* required(ctx, "workspace")))
      const query = { start_date: queryValue(ctx, "start_date"), end_date: queryValue(ctx, "end_date") }
      const from = yield* date(query, "start_date")
      const to = yield* date(query, "end_date")
      const found = [...ctx.state.oooEntries.values()].filter((e) =>
        e.user === user.gid && e.workspace === workspace.gid && (from == null || e.end_date >= from) &&
        (to == null || e.start_date <= to)
      ).sort((a, b) => a.start_date.localeCompare(b.start_date))
      return yield* page(
        { ...ctx, fields: ctx.fields ?? COMPACT.ooo_entry },
        found.map((e) => fullOooEntry(ctx.render, e))
      )
    })),
  route("POST", "/ooo_entries", "ooo_entries:write", (ctx) =>
    Either.gen(function*() {
      const data = yield* input(ctx)
      const start = yield* requiredDate(data, "start_date")
      const end = yield* requiredDate(data, "end_date")
      const user = yield* userOf(ctx, yield* userGid(ctx, "user", yield* requiredStr(data, "user")))
      const workspace = yield* workspaceOf(ctx, yield* checkGid("workspace", yield* requiredStr(data, "workspace")))
      if (!user.workspaces.includes(workspace.gid)) return yield* badRequest("user: The user is not in the workspace")
      yield* inOrder(start, end)
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
    })),
  route(
    "GET",
    "/ooo_entries/:ooo_entry_gid",
    "ooo_entries:read",
    (ctx) => Either.map(pathEntry(ctx), (entry) => ok(answer(ctx, entry)))
  ),
  route("PUT", "/ooo_entries/:ooo_entry_gid", "ooo_entries:write", (ctx) =>
    Either.gen(function*() {
      const entry = yield* pathEntry(ctx)
      yield* mayChange(ctx, entry)
      const data = yield* input(ctx)
      const start = (yield* date(data, "start_date")) ?? entry.start_date
      const end = (yield* date(data, "end_date")) ?? entry.end_date
      yield* inOrder(start, end)
      entry.start_date = start
      entry.end_date = end
      return ok(answer(ctx, entry))
    })),
  route("DELETE", "/ooo_entries/:ooo_entry_gid", "ooo_entries:delete", (ctx) =>
    Either.gen(function*() {
      const entry = yield* pathEntry(ctx)
      yield* mayChange(ctx, entry)
      ctx.state.oooEntries.delete(entry.gid)
      return emptyOk()
    }))
]
