import { describe, expect, it } from "@effect/vitest"
import { Chunk, Effect, Option, Stream } from "effect"
import type { RequestSpec } from "../../src/core/http/pipeline.js"
import { MAX_CURSOR_LENGTH } from "../../src/core/input.js"
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
  TIE_MAX,
  timeBound,
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

describe("a list paged by hand by a time bound (task search by created_at.before), ties included", () => {
  const model = handBound("created_at.before")

  interface Item {
    readonly gid: string
    readonly created_at: string
  }
  const T0 = Date.parse("2026-03-01T12:00:00.000Z")
  const iso = (ms: number) => new Date(ms).toISOString()
  let serial = 0
  /** `size` items made in one millisecond, `ms` before T0. */
  const tie = (ms: number, size: number): Array<Item> =>
    Array.from({ length: size }, () => ({ gid: String(1200000000100000 + serial++), created_at: iso(T0 - ms) }))

  /** Ties of every size from 1 to 10, newest first, with lone items between. */
  const layout = (): Array<Item> =>
    [10, 3, 1, 7, 2, 9, 4, 6, 8, 5].flatMap((size, i) => [...tie(i * 10, size), ...tie(i * 10 + 5, 1)])

  /** A seeded shuffle: a service whose order inside a tie is any, and another at every request. */
  const shuffled = (seed: number) => {
    let state = seed
    return <A>(items: ReadonlyArray<A>): Array<A> => {
      const out = [...items]
      for (let i = out.length - 1; i > 0; i--) {
        state = (state * 1103515245 + 12345) % 2147483648
        const j = state % (i + 1)
        ;[out[i], out[j]] = [out[j]!, out[i]!]
      }
      return out
    }
  }

  /** The service: newest first, strictly before `before`, `limit` at most; inside a tie, in the order given. */
  const service = (items: ReadonlyArray<Item>, order: <A>(tied: ReadonlyArray<A>) => Array<A>, max = 100) => {
    const asked: Array<{ before: string | undefined; limit: number }> = []
    const search = (before: string | undefined, limit: number) =>
      Effect.sync(() => {
        asked.push({ before, limit })
        const bound = before === undefined ? Infinity : Date.parse(before)
        const found = order(items.filter((i) => Date.parse(i.created_at) < bound))
        found.sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at))
        return found.slice(0, Math.min(limit, max))
      })
    return { asked, search }
  }

  const walk = (items: ReadonlyArray<Item>, limit: number, order = <A>(t: ReadonlyArray<A>) => [...t]) => {
    const svc = service(items, order)
    const options = { limit, max: 100, timeOf: (i: Item) => i.created_at, keyOf: (i: Item) => i.gid, noun: "tasks" }
    const fetch = (cursor: string | undefined) => timeBound(cursor, options, svc.search)
    return Effect.map(
      Effect.zip(
        collect(pages(model, fetch), (p) => p.data, { all: true, maxPages: 10_000 }),
        // The pages themselves, repeats not dropped: no item may come twice.
        Stream.runCollect(Stream.flatMap(pages(model, fetch), (p) => Stream.fromIterable(p.body.data)))
      ),
      ([collected, raw]) => ({ collected, raw: Chunk.toReadonlyArray(raw), asked: svc.asked })
    )
  }

  it.effect("lists every item once with a page boundary inside ties of every size from 1 to 10", () =>
    Effect.gen(function*() {
      const items = layout()
      expect(items.length).toBe(65)
      for (const order of [<A>(t: ReadonlyArray<A>) => [...t], shuffled(7)]) {
        for (let limit = 1; limit <= 12; limit++) {
          const { asked, collected, raw } = yield* walk(items, limit, order)
          const label = `limit ${limit}`
          expect(raw.map((i) => i.gid).sort(), label).toEqual(items.map((i) => i.gid).sort())
          expect(collected.items.length, label).toBe(65)
          expect(collected.complete, label).toBe(true)
          expect(collected.incomplete, label).toBeUndefined()
          // Newest first, whatever the order inside a tie.
          const times = raw.map((i) => Date.parse(i.created_at))
          expect(times, label).toEqual([...times].sort((a, b) => b - a))
          // A boundary inside a tie asks for that millisecond again (bound + 1 ms) and as many more as it showed.
          if (limit === 1) expect(asked.some((a) => a.limit > 1)).toBe(true)
        }
      }
    }))

  it.effect("a whole page inside one tie steps through it, and a cursor resumes mid-tie without a repeat", () =>
    Effect.gen(function*() {
      const items = [...tie(0, 1), ...tie(1, 10), ...tie(2, 2)]
      const svc = service(items, shuffled(3))
      const options = {
        limit: 3,
        max: 100,
        timeOf: (i: Item) => i.created_at,
        keyOf: (i: Item) => i.gid,
        noun: "tasks"
      }
      const seen: Array<string> = []
      let cursor: string | undefined = undefined
      for (let n = 0; n < 20; n++) {
        const page: { data: ReadonlyArray<Item>; next_bound: string | null } = yield* timeBound(
          cursor,
          options,
          svc.search
        )
        seen.push(...page.data.map((i) => i.gid))
        if (page.next_bound === null) break
        expect(page.next_bound.length).toBeLessThanOrEqual(MAX_CURSOR_LENGTH)
        cursor = page.next_bound
      }
      expect([...seen].sort()).toEqual(items.map((i) => i.gid).sort())
      expect(new Set(seen).size).toBe(seen.length)
      // Inside the tie the cursor names the millisecond and the gids already shown there.
      // asking for that millisecond again (its time + 1 ms) and as many more as it showed there.
      expect(svc.asked[0]).toEqual({ before: undefined, limit: 3 })
      expect(svc.asked[1]).toEqual({ before: iso(T0 - 1 + 1), limit: 5 })
    }))

  it.effect("a tie larger than a cursor can hold is listed as far as paging reaches, then passed: not complete", () =>
    Effect.gen(function*() {
      const huge = tie(1, TIE_MAX + 70)
      const older = tie(2, 7)
      const { collected, raw } = yield* walk([...tie(0, 4), ...huge, ...older], 10)
      const hugeSeen = raw.filter((i) => i.created_at === huge[0]!.created_at)
      expect(hugeSeen.length).toBeGreaterThanOrEqual(TIE_MAX)
      expect(hugeSeen.length).toBeLessThan(huge.length)
      // The walk goes on past the tie: everything older is listed.
      expect(raw.filter((i) => i.created_at === older[0]!.created_at).length).toBe(7)
      expect(new Set(raw.map((i) => i.gid)).size).toBe(raw.length)
      expect(collected.complete).toBe(false)
      expect(collected.next_cursor).toBeNull()
      expect(collected.incomplete).toEqual([
        `at least ${hugeSeen.length} tasks share the time ${huge[0]!.created_at}, more than paging can step through: ` +
        `the ${hugeSeen.length} listed are all it reaches of them (narrow the search to see any others).`
      ])
    }))

  it.effect("a bare time (the user's bound, or a cursor printed before) is strictly before it; a stranger is refused", () =>
    Effect.gen(function*() {
      const items = [...tie(0, 2), ...tie(1, 3)]
      const svc = service(items, <A>(t: ReadonlyArray<A>) => [...t])
      const options = {
        limit: 5,
        max: 100,
        timeOf: (i: Item) => i.created_at,
        keyOf: (i: Item) => i.gid,
        noun: "tasks"
      }
      const page = yield* timeBound(items[0]!.created_at, options, svc.search)
      expect(page.data.map((i) => i.gid)).toEqual(items.slice(2).map((i) => i.gid))
      expect(svc.asked).toEqual([{ before: items[0]!.created_at, limit: 5 }])
      for (
        const bad of [
          "yesterday",
          "2026-03-01T12:00:00.000Z,not a gid",
          `2026-03-01T12:00:00Z${",1".repeat(TIE_MAX + 1)}`
        ]
      ) {
        const error = yield* Effect.flip(timeBound(bad, options, svc.search))
        expect(error).toMatchObject({ _tag: "InvalidInputError", fields: ["cursor"] })
        expect(error.message).toBe(`cursor: must be one this listing printed (got ${bad}).`)
      }
      expect(svc.asked).toHaveLength(1)
    }))

  it("the model takes the bound the page carries and what it left out, and stops when the bound does not move", () => {
    expect(model.param).toBe("created_at.before")
    expect(model.next({ data: [], next_bound: "2025-01-01T00:00:00.000Z,12" }, undefined)).toEqual(
      Option.some("2025-01-01T00:00:00.000Z,12")
    )
    expect(model.next({ data: [], next_bound: null }, "2025-01-01T00:00:00.000Z")).toEqual(Option.none())
    expect(model.next({ data: [], next_bound: "2025-01-01T00:00:00.000Z" }, "2025-01-01T00:00:00.000Z")).toEqual(
      Option.none()
    )
    expect(model.incomplete?.({ data: [], next_bound: null, incomplete: null })).toBeUndefined()
    expect(model.incomplete?.({ data: [], next_bound: null, incomplete: "some left" })).toBe("some left")
  })
})
