/**
 * Library analytics (Enterprise, tier 3): six GET endpoints, group_by
 * required, start_date and end_date on the actions forms, row-cursor pages of
 * ANALYTICS_PAGE_SIZE. The cursor remembers the window it was cut from, so a
 * walk stays on the same rows even if the day changes between pages.
 */
import * as Either from "effect/Either"
import type { Call } from "../core/call.js"
import { dateText, decodeCursor, encodeCursor, oneOf } from "../core/params.js"
import type { Parsed } from "../core/rejection.js"
import { invalid } from "../core/rejection.js"
import { route } from "../core/route.js"
import type { Asset, Kind, Window } from "./analytics.js"
import { actionsWindow, ANALYTICS_PAGE_SIZE, GROUP_BY, rowsFor } from "./analytics.js"
import type { ApiRoute, CallerCtx } from "./gate.js"
import { endpoint } from "./gate.js"
import { checkFile } from "./org-access.js"
import { groupQuery, groupValue, groupWords, requiredGroupQuery } from "./params.js"
import { json } from "./responses.js"
import { enterpriseSeed } from "./seed-enterprise.js"

const rule = endpoint(3, "library_analytics:read", { errors: "rich" })

interface Cursor {
  readonly offset: number
  readonly group: string
  readonly window: Window
}

const cursorOf = (text: string): Parsed<Cursor> => {
  const value = decodeCursor(text)
  const { f, g, l, o } = value ?? {}
  return typeof o === "number" && typeof g === "string" && typeof f === "number" && typeof l === "number"
    ? Either.right({ offset: o, group: g, window: { first: f, last: l } })
    : invalid(`Invalid 'cursor'`)
}

const query = (asset: Asset, kind: Kind, call: Call): Parsed<Cursor> =>
  Either.gen(function*() {
    const group = yield* requiredGroupQuery(call, "group_by", oneOf(GROUP_BY[asset][kind], groupWords))
    const cursorText = yield* groupValue(call, "cursor")
    if (cursorText !== undefined) {
      const cursor = yield* cursorOf(cursorText)
      if (cursor.group !== group) return yield* invalid(`'cursor' belongs to group_by=${cursor.group}`)
      return cursor
    }
    if (kind === "usages") return { offset: 0, group, window: { first: 0, last: 0 } }
    const start = yield* groupQuery(call, "start_date", dateText(groupWords))
    const end = yield* groupQuery(call, "end_date", dateText(groupWords))
    if (start !== undefined && end !== undefined && start > end) {
      return yield* invalid(`'start_date' must not be after 'end_date'`)
    }
    return { offset: 0, group, window: actionsWindow(call.now_ms, start, end) }
  })

const analytics = (asset: Asset, kind: Kind) => ({ call, caller, params }: CallerCtx) =>
  Either.gen(function*() {
    const key = params.file_key ?? ""
    yield* checkFile(caller, key, { enterprise: true, access: "view" })
    const { group, offset, window } = yield* query(asset, kind, call)
    // Only the seeded library has subscribers; other Enterprise files have no rows.
    const rows = key === enterpriseSeed.file_key ? rowsFor(asset, kind, group, window) : []
    const page = rows.slice(offset, offset + ANALYTICS_PAGE_SIZE)
    const next = offset + ANALYTICS_PAGE_SIZE
    if (next >= rows.length) return json(200, { rows: page, next_page: false })
    const cursor = encodeCursor({ o: next, g: group, f: window.first, l: window.last })
    return json(200, { rows: page, next_page: true, cursor })
  })

const ASSETS: ReadonlyArray<Asset> = ["component", "style", "variable"]
const KINDS: ReadonlyArray<Kind> = ["actions", "usages"]

export const analyticsRoutes: ReadonlyArray<ApiRoute> = ASSETS.flatMap((asset) =>
  KINDS.map((kind) => route("GET", `/v1/analytics/libraries/:file_key/${asset}/${kind}`, rule, analytics(asset, kind)))
)
