/**
 * Library analytics (Enterprise, tier 3): six GET endpoints, group_by
 * required, start_date and end_date on the actions forms, row-cursor pages of
 * ANALYTICS_PAGE_SIZE. The cursor remembers the window it was cut from, so a
 * walk stays on the same rows even if the day changes between pages.
 */
import * as HttpRouter from "@effect/platform/HttpRouter"
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import type { Caller } from "./access.js"
import type { Asset, Kind, Window } from "./analytics.js"
import { actionsWindow, ANALYTICS_PAGE_SIZE, GROUP_BY, rowsFor } from "./analytics.js"
import type { Call } from "./call.js"
import { ANY_CALLER, gated, pathParam } from "./gate.js"
import type { GateRule } from "./gate.js"
import { resolveFile } from "./org-access.js"
import type { Parsed } from "./params.js"
import { dateText, decodeCursor, encodeCursor, oneOf, optional, required } from "./params.js"
import { badRequest, json } from "./responses.js"
import { enterpriseSeed } from "./seed-enterprise.js"
import type { SimState } from "./state.js"

const rule: GateRule = { tier: 3, scope: "library_analytics:read", accepts: ANY_CALLER }

interface Cursor {
  readonly offset: number
  readonly group: string
  readonly window: Window
}

const cursorOf = (text: string): Parsed<Cursor> =>
  decodeCursor("cursor", text, (value) => {
    const { o, g, f, l } = value
    return typeof o === "number" && typeof g === "string" && typeof f === "number" && typeof l === "number"
      ? { offset: o, group: g, window: { first: f, last: l } }
      : null
  })

const optionalDate = (call: Call, name: string): Parsed<number | undefined> =>
  Either.flatMap(optional(call, name), (text) => text === undefined ? Either.right(undefined) : dateText(name, text))

const query = (asset: Asset, kind: Kind, call: Call): Parsed<Cursor> =>
  Either.gen(function*() {
    const group = yield* Either.flatMap(required(call, "group_by"), (g) => oneOf("group_by", g, GROUP_BY[asset][kind]))
    const cursorText = yield* optional(call, "cursor")
    if (cursorText !== undefined) {
      const cursor = yield* cursorOf(cursorText)
      if (cursor.group !== group) return yield* Either.left(badRequest(`'cursor' belongs to group_by=${cursor.group}`))
      return cursor
    }
    if (kind === "usages") return { offset: 0, group, window: { first: 0, last: 0 } }
    const start = yield* optionalDate(call, "start_date")
    const end = yield* optionalDate(call, "end_date")
    if (start !== undefined && end !== undefined && start > end) {
      return yield* Either.left(badRequest(`'start_date' must not be after 'end_date'`))
    }
    return { offset: 0, group, window: actionsWindow(call.now_ms, start, end) }
  })

const analytics = (asset: Asset, kind: Kind, fileKey: string) => (caller: Caller, call: Call) =>
  Either.merge(Either.gen(function*() {
    yield* resolveFile(caller, fileKey, { enterprise: true, access: "view" })
    const { offset, group, window } = yield* query(asset, kind, call)
    // Only the seeded library has subscribers; other Enterprise files have no rows.
    const rows = fileKey === enterpriseSeed.file_key ? rowsFor(asset, kind, group, window) : []
    const page = rows.slice(offset, offset + ANALYTICS_PAGE_SIZE)
    const next = offset + ANALYTICS_PAGE_SIZE
    if (next >= rows.length) return json(200, { rows: page, next_page: false })
    const cursor = encodeCursor({ o: next, g: group, f: window.first, l: window.last })
    return json(200, { rows: page, next_page: true, cursor })
  }))

const route = (state: SimState, asset: Asset, kind: Kind) =>
  HttpRouter.get(
    `/v1/analytics/libraries/:file_key/${asset}/${kind}`,
    Effect.flatMap(pathParam("file_key"), (key) => gated(state, rule, analytics(asset, kind, key)))
  )

export const analyticsRoutes = (state: SimState) =>
  HttpRouter.empty.pipe(
    route(state, "component", "actions"),
    route(state, "component", "usages"),
    route(state, "style", "actions"),
    route(state, "style", "usages"),
    route(state, "variable", "actions"),
    route(state, "variable", "usages")
  )
