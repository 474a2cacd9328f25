import { describe, expect, it } from "@effect/vitest"
import { Effect, Option } from "effect"
import type { RequestSpec } from "../../src/core/http/pipeline.js"
import {
  applyCursor,
  collect,
  handBound,
  idCursor,
  metaCursor,
  nextCursor,
  pages,
  type PaginationModel,
  rowCursor,
  timeWindow,
  urlCursor,
  urlPage
} from "../../src/core/paginate.js"

/** A fake service over 7 items, 3 a page, answering in one model's own shape. */
interface Fixture {
  readonly model: PaginationModel
  readonly page: (items: Array<number>, next: string | undefined) => unknown
  readonly items: (page: any) => ReadonlyArray<number>
}
const ITEMS = [1, 2, 3, 4, 5, 6, 7]
const SIZE = 3
const url = (param: string, value: string) => `https://api.example/v?x=1&${param}=${value}`

const fixtures: Array<Fixture> = [
  {
    model: urlCursor,
    page: (items, next) => ({
      webhooks: items,
      pagination: next === undefined ? {} : { next_page: url("cursor", next), prev_page: url("cursor", "p") }
    }),
    items: (p) => p.webhooks
  },
  {
    model: urlPage,
    page: (items, next) => ({
      versions: items,
      pagination: next === undefined ? {} : { next_page: url("before", next) }
    }),
    items: (p) => p.versions
  },
  {
    model: idCursor,
    page: (items, next) => ({ meta: { components: items, cursor: next === undefined ? {} : { after: Number(next) } } }),
    items: (p) => p.meta.components
  },
  {
    model: rowCursor,
    page: (items, next) => ({
      rows: items,
      next_page: next !== undefined,
      ...(next === undefined ? {} : { cursor: next })
    }),
    items: (p) => p.rows
  },
  {
    model: nextCursor,
    page: (items, next) => ({ rows: items, next_cursor: next ?? "", has_next_page: next !== undefined }),
    items: (p) => p.rows
  },
  {
    model: metaCursor,
    page: (items, next) => ({ meta: { items, cursor: next ?? null, has_more: next !== undefined } }),
    items: (p) => p.meta.items
  }
]

/** Serves pages by offset; the cursor is the offset of the next page as text. */
const serve = (fx: Fixture, seen: Array<RequestSpec>) => (request: RequestSpec) =>
  Effect.sync(() => {
    seen.push(request)
    const raw = fx.model.location === "query"
      ? request.query?.[fx.model.param]
      : (request.body?._tag === "json" ? (request.body.value as Record<string, unknown>) : undefined)?.[fx.model.param]
    const offset = raw === undefined ? 0 : Number(raw)
    const end = offset + SIZE
    return fx.page(ITEMS.slice(offset, end), end < ITEMS.length ? String(end) : undefined)
  })

describe.each(fixtures)("pagination model $model.name", (fx) => {
  const run = (options: { all: boolean; maxPages: number }, cursor?: string) =>
    Effect.gen(function*() {
      const seen: Array<RequestSpec> = []
      const start: RequestSpec = fx.model.location === "body"
        ? { method: "POST", path: "/", body: { _tag: "json", value: { limit: SIZE } } }
        : { method: "GET", path: "/", query: { page_size: SIZE } }
      const result = yield* collect(
        pages(fx.model, (c) => serve(fx, seen)(applyCursor(fx.model, start, c)), cursor),
        fx.items,
        options
      )
      return { result, seen }
    })

  it.effect("fetches one page by default and says where to resume", () =>
    Effect.gen(function*() {
      const { result, seen } = yield* run({ all: false, maxPages: 10 })
      expect(result).toEqual({ items: [1, 2, 3], pages: 1, next_cursor: "3", complete: false })
      expect(seen.length).toBe(1)
    }))

  it.effect("follows every page with all", () =>
    Effect.gen(function*() {
      const { result, seen } = yield* run({ all: true, maxPages: 10 })
      expect(result).toEqual({ items: ITEMS, pages: 3, next_cursor: null, complete: true })
      expect(seen.length).toBe(3)
      // The cursor travels where the model says, and the other parameters stay.
      const last = seen[2]!
      if (fx.model.location === "body") {
        expect(last.body).toEqual({ _tag: "json", value: { limit: SIZE, [fx.model.param]: "6" } })
      } else expect(last.query).toEqual({ page_size: SIZE, [fx.model.param]: "6" })
    }))

  it.effect("stops at the page ceiling and reports it", () =>
    Effect.gen(function*() {
      const { result, seen } = yield* run({ all: true, maxPages: 2 })
      expect(result).toEqual({ items: [1, 2, 3, 4, 5, 6], pages: 2, next_cursor: "6", complete: false })
      expect(seen.length).toBe(2)
    }))

  it.effect("resumes from a cursor", () =>
    Effect.gen(function*() {
      const { result } = yield* run({ all: true, maxPages: 10 }, "3")
      expect(result.items).toEqual([4, 5, 6, 7])
      expect(result.complete).toBe(true)
    }))
})

describe("the activity-log time window", () => {
  const event = (id: string, timestamp: number) => ({ id, timestamp })
  // Newest first, 3 a page, two events share the boundary second 200.
  const log = [event("a", 500), event("b", 400), event("c", 200), event("d", 200), event("e", 100)]
  const fetch = (seen: Array<RequestSpec>) => (request: RequestSpec) =>
    Effect.sync(() => {
      seen.push(request)
      const end = request.query?.end_time === undefined ? Infinity : Number(request.query.end_time)
      const limit = Number(request.query?.limit)
      const window = log.filter((e) => e.timestamp <= end)
      return { meta: { activity_logs: window.slice(0, limit), next_page: window.length > limit } }
    })

  it.effect("moves the window back to the last row shown, asking for as many more as it drops", () =>
    Effect.gen(function*() {
      const seen: Array<RequestSpec> = []
      const start: RequestSpec = { method: "GET", path: "/", query: { limit: 3, order: "desc" } }
      const result = yield* collect(
        pages(timeWindow, (c) => fetch(seen)(applyCursor(timeWindow, start, c))),
        (p) => p.meta.activity_logs as Array<{ id: string }>,
        { all: true, maxPages: 10 },
        (e) => e.id
      )
      expect(result.items.map((e) => e.id)).toEqual(["a", "b", "c", "d", "e"])
      expect(result.complete).toBe(true)
      expect(seen.map((r) => [r.query?.end_time, r.query?.limit])).toEqual([[undefined, 3], [200, 4]])
    }))

  it("a cursor names the events of its second already shown, so a page all in one second does not repeat", () => {
    const page = { meta: { activity_logs: [event("x", 300), event("y", 300)], next_page: true, order: "desc" } }
    expect(timeWindow.next(page, undefined)).toEqual(Option.some("desc:300:x,y"))
    expect(timeWindow.next(page, "desc:300:w")).toEqual(Option.some("desc:300:w,x,y"))
    expect(timeWindow.next({ meta: { ...page.meta, order: "asc" } }, "desc:400:v")).toEqual(Option.some("asc:300:x,y"))
    const again = { meta: { activity_logs: [event("w", 300), event("x", 300), event("z", 300)], next_page: false } }
    expect(timeWindow.resume!(again, "desc:300:w,x")).toEqual({
      meta: { activity_logs: [event("z", 300)], next_page: false }
    })
    const start: RequestSpec = { method: "GET", path: "/", query: { limit: 2, order: "asc" } }
    expect(applyCursor(timeWindow, start, "asc:300:w,x").query).toEqual({ limit: 4, order: "asc", start_time: 300 })
  })

  it("ends when next_page is false", () => {
    expect(timeWindow.next({ meta: { activity_logs: [event("x", 1)], next_page: false } }, undefined)).toEqual(
      Option.none()
    )
  })
})

describe("a list paged by hand (task search by created_at.before)", () => {
  const model = handBound("created_at.before")
  it("takes the bound the page carries, and stops when there is none or it does not move", () => {
    expect(model.param).toBe("created_at.before")
    expect(model.next({ data: [], next_bound: "2025-01-01T00:00:00.000Z" }, undefined)).toEqual(
      Option.some("2025-01-01T00:00:00.000Z")
    )
    expect(model.next({ data: [], next_bound: null }, "2025-01-01T00:00:00.000Z")).toEqual(Option.none())
    expect(model.next({ data: [], next_bound: "2025-01-01T00:00:00.000Z" }, "2025-01-01T00:00:00.000Z")).toEqual(
      Option.none()
    )
  })
})
