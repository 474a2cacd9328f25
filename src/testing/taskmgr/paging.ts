/**
 * Offset pagination: `limit` (1-100) and an opaque `offset` that expires.
 * `next_page: {offset, path, uri}` (or null on the last page) is answered
 * only when `limit` was sent; a list longer than `UNPAGED_MAX` asked for
 * without `limit` is the service's "too large" 400.
 *
 * The offset is base64url JSON (it reads like the service's `eyJ...`
 * tokens) naming the list's path, the position and when it was issued; it is
 * refused on another path and once `OFFSET_TTL_MS` of simulator time has passed.
 */
import * as Either from "effect/Either"
import { MINUTE_MS } from "../core/clock.js"
import { decodeCursor, encodeCursor, integerIn } from "../core/params.js"
import type { Parsed } from "../core/rejection.js"
import type { Ctx } from "./context.js"
import type { Reply } from "./errors.js"
import { badRequest, TOO_LARGE_MESSAGE } from "./errors.js"
import { taskmgrWords } from "./input.js"
import { listRecord } from "./opt-fields.js"
import type { Wire } from "./refs.js"
import { API_PREFIX } from "./router.js"

export const OFFSET_TTL_MS = 10 * MINUTE_MS
/** The longest list answered without `limit`. */
export const UNPAGED_MAX = 100
export const MAX_LIMIT = 100

interface OffsetToken {
  readonly p: string
  readonly i: number
  readonly t: number
}

const decode = (offset: string): OffsetToken | null => {
  const { i, p, t } = decodeCursor(offset) ?? {}
  return typeof p === "string" && typeof i === "number" && Number.isInteger(i) && i >= 0 && typeof t === "number"
    ? { p, i, t }
    : null
}

/** `limit` as the service checks it: an integer from 1 to `max`. */
export const readLimit = (ctx: Ctx, max = MAX_LIMIT): Parsed<number | undefined> => {
  const raw = ctx.call.search.get("limit")
  return raw === null ? Either.right(undefined) : integerIn({ min: 1, max }, taskmgrWords)("limit", raw)
}

const readOffset = (ctx: Ctx): Parsed<number> => {
  const raw = ctx.call.search.get("offset")
  if (raw === null || raw === "") return Either.right(0)
  const token = decode(raw)
  if (token === null || token.p !== ctx.path) return badRequest(`offset: Not a valid offset for this request: ${raw}`)
  if (ctx.call.now_ms - token.t > OFFSET_TTL_MS) {
    return badRequest("offset: Your pagination token is no longer valid (it has expired). Start again without offset.")
  }
  return Either.right(token.i)
}

/** The path and query of the next page: the request's own query with the new offset. */
const nextPath = (ctx: Ctx, offset: string): string => {
  const query = new URLSearchParams(ctx.call.search)
  query.set("offset", offset)
  return `${ctx.path}?${query.toString()}`
}

/** A list answer over `records` (full renders): one page of list records. */
export const page = (ctx: Ctx, records: ReadonlyArray<Wire>): Parsed<Reply> =>
  Either.gen(function*() {
    const limit = yield* readLimit(ctx)
    const start = yield* readOffset(ctx)
    const shown = (slice: ReadonlyArray<Wire>) => slice.map((record) => listRecord(record, ctx.fields, ctx.expand))
    if (limit === undefined) {
      if (records.length - start > UNPAGED_MAX) return yield* badRequest(TOO_LARGE_MESSAGE)
      return { status: 200, body: { data: shown(records.slice(start)) } }
    }
    const end = start + limit
    if (end >= records.length) return { status: 200, body: { data: shown(records.slice(start)), next_page: null } }
    const offset = encodeCursor({ p: ctx.path, i: end, t: ctx.call.now_ms })
    const path = nextPath(ctx, offset)
    return {
      status: 200,
      body: {
        data: shown(records.slice(start, end)),
        next_page: { offset, path, uri: `${ctx.call.origin}${API_PREFIX}${path}` }
      }
    }
  })

/**
 * A list the description does not page (no limit or offset, no next_page:
 * GET /workspaces/{gid}/users): every record in one answer, whatever
 * limit the caller sent.
 */
export const unpaged = (ctx: Ctx, records: ReadonlyArray<Wire>): Reply => ({
  status: 200,
  body: { data: records.map((record) => listRecord(record, ctx.fields, ctx.expand)) }
})
