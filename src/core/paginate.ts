/**
 * Paging: every pagination model as data, pages as a Stream, and the
 * collection rule of every list command and tool (one page, or every page up
 * to a ceiling, resumable by cursor).
 *
 * A model knows one thing: given a page (and the cursor that fetched it), the
 * cursor of the next page, and which request parameter carries it.
 */
import * as Chunk from "effect/Chunk"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Stream from "effect/Stream"
import { invalidInput, type InvalidInputError, InvalidRequestError } from "./errors.js"
import type { RequestSpec } from "./http/pipeline.js"

export interface PaginationModel {
  readonly name: string
  /** The request parameter that carries the cursor. */
  readonly param: string
  /** Whether that parameter goes in the query string or the JSON body. */
  readonly location: "query" | "body"
  readonly next: (page: unknown, current: string | undefined) => Option.Option<string>
  /** Whether a failure means the service forgot the cursor (an offset that expired): the walk starts over once. */
  readonly expired?: ((error: unknown) => boolean) | undefined
  /** Sets the cursor on the request itself, when it is more than one parameter (time-window). */
  readonly apply?: ((spec: RequestSpec, cursor: string) => RequestSpec) | undefined
  /**
   * The page fetched with `cursor`, without what that cursor says was already
   * shown (time-window): applied by the operation's run, next to applyCursor.
   */
  readonly resume?: ((page: unknown, cursor: string | undefined) => unknown) | undefined
  /**
   * What the page says the walk could not list although the service holds it
   * (a tie too large to page through): the walk goes on, but is not complete.
   */
  readonly incomplete?: ((page: unknown) => string | undefined) | undefined
}

const get = (value: unknown, ...path: ReadonlyArray<string>): unknown =>
  path.reduce<unknown>(
    (v, key) => (typeof v === "object" && v !== null ? (v as Record<string, unknown>)[key] : undefined),
    value
  )

const text = (value: unknown): Option.Option<string> =>
  typeof value === "string" && value !== ""
    ? Option.some(value)
    : typeof value === "number"
    ? Option.some(String(value))
    : Option.none()

/** A parameter read out of a full next-page URL. */
const fromUrl = (url: unknown, param: string): Option.Option<string> =>
  Option.flatMap(text(url), (u) => {
    try {
      return Option.fromNullable(new URL(u).searchParams.get(param)).pipe(Option.filter((v) => v !== ""))
    } catch {
      return Option.none()
    }
  })

/** pagination.next_page is a full URL whose `cursor` parameter is the cursor (reactions, webhooks by plan). */
export const urlCursor: PaginationModel = {
  name: "url-cursor",
  param: "cursor",
  location: "query",
  next: (page) => fromUrl(get(page, "pagination", "next_page"), "cursor")
}

/** pagination.next_page is a full URL paging by `before` (file versions). */
export const urlPage: PaginationModel = {
  name: "url-page",
  param: "before",
  location: "query",
  next: (page) => fromUrl(get(page, "pagination", "next_page"), "before")
}

/** meta.cursor.after, an integer, is the next `after` (team components, component sets, styles). */
export const idCursor: PaginationModel = {
  name: "id-cursor",
  param: "after",
  location: "query",
  next: (page) => text(get(page, "meta", "cursor", "after"))
}

/** `next_page: true` with a `cursor` (library analytics). */
export const rowCursor: PaginationModel = {
  name: "row-cursor",
  param: "cursor",
  location: "query",
  next: (page) => (get(page, "next_page") === true ? text(get(page, "cursor")) : Option.none())
}

/** `next_cursor`, empty when exhausted, with `has_next_page` (AI usage). */
export const nextCursor: PaginationModel = {
  name: "next-cursor",
  param: "cursor",
  location: "query",
  next: (page) => (get(page, "has_next_page") === false ? Option.none() : text(get(page, "next_cursor")))
}

/** meta.cursor with meta.has_more, the cursor going back in the JSON body (developer logs). */
export const metaCursor: PaginationModel = {
  name: "meta-cursor",
  param: "cursor",
  location: "body",
  next: (page) => (get(page, "meta", "has_more") === true ? text(get(page, "meta", "cursor")) : Option.none())
}

/**
 * Activity logs return `next_page` but no usable cursor: page by moving the
 * window's edge to the last event shown — its end back (order desc) or its
 * start forward (asc) — to that event's second, inclusive. The cursor is
 * `ORDER:SECOND:IDS`, the ids being the events of that second already shown;
 * `resume` drops them from the next page, and `apply` asks for that many more
 * so the page is still full. So a cursor resumes exactly after the last row
 * shown, with no repeat and no gap, in either order. The page says its order
 * under `meta.order` (the operation adds it from its input).
 */
interface WindowCursor {
  readonly order: "asc" | "desc"
  readonly second: number
  readonly shown: ReadonlyArray<string>
}

const readWindow = (cursor: string | undefined): WindowCursor | undefined => {
  const m = cursor === undefined ? null : /^(asc|desc):(\d{1,11}):([^:]*)$/.exec(cursor)
  return m === null
    ? undefined
    : { order: m[1] as "asc" | "desc", second: Number(m[2]), shown: m[3] === "" ? [] : m[3]!.split(",") }
}

/** Whether `cursor` is one this model printed. */
export const isWindowCursor = (cursor: string): boolean => readWindow(cursor) !== undefined

export const timeWindow: PaginationModel = {
  name: "time-window",
  param: "end_time",
  location: "query",
  next: (page, current) => {
    if (get(page, "meta", "next_page") !== true) return Option.none()
    const events = get(page, "meta", "activity_logs")
    const rows = Array.isArray(events) ? events.filter((e) => Number.isFinite(Number(get(e, "timestamp")))) : []
    const last = rows.at(-1)
    if (last === undefined) return Option.none()
    const order = get(page, "meta", "order") === "asc" ? "asc" : "desc"
    const second = Number(get(last, "timestamp"))
    const before = readWindow(current)
    const earlier = before !== undefined && before.second === second ? before.shown : []
    const shown = [
      ...earlier,
      ...rows.filter((e) => Number(get(e, "timestamp")) === second).map((e) => String(get(e, "id")))
    ]
    return Option.some(`${order}:${second}:${shown.join(",")}`)
  },
  apply: (spec, cursor) => {
    const at = readWindow(cursor)
    if (at === undefined) return { ...spec, query: { ...spec.query, end_time: cursor } }
    const limit = Number(spec.query?.limit ?? 1000)
    return {
      ...spec,
      query: {
        ...spec.query,
        [at.order === "asc" ? "start_time" : "end_time"]: at.second,
        order: at.order,
        limit: Math.min(1000, limit + at.shown.length)
      }
    }
  },
  resume: (page, cursor) => {
    const at = readWindow(cursor)
    const meta = get(page, "meta")
    const events = get(meta, "activity_logs")
    if (at === undefined || at.shown.length === 0 || !Array.isArray(events)) return page
    const shown = new Set(at.shown)
    const kept = events.filter((e) => !(Number(get(e, "timestamp")) === at.second && shown.has(String(get(e, "id")))))
    return { ...(page as object), meta: { ...(meta as object), activity_logs: kept } }
  }
}

/** `next_page.offset`, an opaque token that expires (the task-management service). */
export const offsetCursor: PaginationModel = {
  name: "offset",
  param: "offset",
  location: "query",
  next: (page) => text(get(page, "next_page", "offset")),
  expired: (error) => error instanceof InvalidRequestError && error.cursorExpired === true
}

/**
 * A list the service does not page, paged by hand: the wrapper's page carries
 * the bound of the next request itself under `next_bound` (task search: see
 * `timeBound`), and what it could not list under `incomplete`. A bound that
 * does not move ends the walk.
 */
export const handBound = (param: string): PaginationModel => ({
  name: "hand-bound",
  param,
  location: "query",
  next: (page, current) => Option.filter(text(get(page, "next_bound")), (bound) => bound !== current),
  incomplete: (page) => Option.getOrUndefined(text(get(page, "incomplete")))
})

/**
 * Hand paging by a time bound, newest first (task search by created_at),
 * without losing a tie. The service's bound is exclusive and items made in
 * the same millisecond share their time, so a bound at the oldest item of a
 * page would skip the rest of that millisecond. The cursor is therefore that
 * time and the keys already shown at it, `TIME,KEY,KEY...`: the next request
 * asks for everything at or before TIME (TIME + 1 ms, exclusive), as many
 * more items as keys shown, and the page drops those keys. A bare `TIME` (the
 * user's own bound, a cursor printed before ties were kept, or the way past a
 * tie too large) means strictly before it.
 *
 * A cursor holds the keys of at most TIE_MAX items of one tie (a cursor is at
 * most 1,000 characters, input.ts): past that, the walk keeps what it saw of
 * the tie, goes on strictly before it, and the page says what it left out.
 */
export const TIE_MAX = 50

interface TimeCursor {
  /** Epoch milliseconds. */
  readonly at: number
  /** The time as it was written: sent as it is when nothing at it was shown. */
  readonly text: string
  /** Keys of the items at `at` already shown; empty: strictly before `at`. */
  readonly shown: ReadonlyArray<string>
}

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/
const KEY = /^[A-Za-z0-9_-]{1,64}$/

/** A time-bound cursor, or undefined when `cursor` is not one. */
const readTimeCursor = (cursor: string): TimeCursor | undefined => {
  const [time = "", ...shown] = cursor.split(",")
  const at = ISO_TIME.test(time) ? Date.parse(time) : Number.NaN
  if (!Number.isFinite(at) || shown.length > TIE_MAX || !shown.every((k) => KEY.test(k))) return undefined
  return { at, text: time, shown }
}

export interface TimeBoundOptions<I> {
  /** Items a page (the user's limit). */
  readonly limit: number
  /** The most items the service answers at once. */
  readonly max: number
  readonly timeOf: (item: I) => unknown
  readonly keyOf: (item: I) => string
  /** What the items are, for `incomplete`: "tasks". */
  readonly noun: string
}

/** The request for the page at `cursor`: the exclusive bound to send and how many items to ask for. */
const timeBoundRequest = (cursor: TimeCursor | undefined, limit: number, max: number) => ({
  before: cursor === undefined
    ? undefined
    : cursor.shown.length === 0
    ? cursor.text
    : new Date(cursor.at + 1).toISOString(),
  limit: Math.min(max, limit + (cursor?.shown.length ?? 0))
})

export interface TimeBoundPage<I> {
  /** The items not shown before. */
  readonly data: ReadonlyArray<I>
  /** The cursor of the next page; null: none left (or none can be reached). */
  readonly next_bound: string | null
  /** What could not be listed, when something could not. */
  readonly incomplete: string | null
}

/**
 * The page the service answered at `cursor` (asked for `asked` items):
 * the new items, the next cursor, and what could not be listed.
 */
const timeBoundPage = <I>(
  answer: ReadonlyArray<I>,
  cursor: TimeCursor | undefined,
  asked: number,
  options: TimeBoundOptions<I>
): TimeBoundPage<I> => {
  const { keyOf, noun } = options
  const before = new Set(cursor?.shown ?? [])
  const data = answer.filter((item) => !before.has(keyOf(item)))
  // Fewer than asked: nothing more at or before the bound.
  if (answer.length < asked) return { data, next_bound: null, incomplete: null }
  const times = answer.map((item) => {
    const time = options.timeOf(item)
    return { text: typeof time === "string" ? time : "", at: typeof time === "string" ? Date.parse(time) : Number.NaN }
  })
  if (times.some((t) => Number.isNaN(t.at))) {
    return { data, next_bound: null, incomplete: `the service answered ${noun} without a time to page by.` }
  }
  if (data.length === 0) {
    return { data, next_bound: null, incomplete: `the service answered only ${noun} already shown.` }
  }
  const oldest = times.reduce((a, b) => (b.at < a.at ? b : a))
  const carried = cursor !== undefined && cursor.at === oldest.at ? cursor.shown : []
  const keys = [...new Set([...carried, ...answer.filter((_, i) => times[i]!.at === oldest.at).map(keyOf)])]
  // A whole answer of the service's most inside one tie: more of it may exist than any request can show.
  const wholeAnswerTied = asked >= options.max && times.every((t) => t.at === oldest.at)
  if (keys.length > TIE_MAX || wholeAnswerTied) {
    return {
      data,
      next_bound: oldest.text,
      incomplete: `at least ${keys.length} ${noun} share the time ${oldest.text}, more than paging can step ` +
        `through: the ${keys.length} listed are all it reaches of them (narrow the search to see any others).`
    }
  }
  return { data, next_bound: [oldest.text, ...keys].join(","), incomplete: null }
}

/**
 * One page of a list paged by a time bound, from a cursor it printed (or none):
 * `fetch` asks the service for `limit` items strictly before `before`, newest first.
 */
export const timeBound = <I, E, R>(
  cursor: string | undefined,
  options: TimeBoundOptions<I>,
  fetch: (before: string | undefined, limit: number) => Effect.Effect<ReadonlyArray<I>, E, R>
): Effect.Effect<TimeBoundPage<I>, E | InvalidInputError, R> => {
  const at = cursor === undefined ? undefined : readTimeCursor(cursor)
  if (cursor !== undefined && at === undefined) {
    return Effect.fail(invalidInput(`cursor: must be one this listing printed (got ${cursor}).`, "cursor"))
  }
  const ask = timeBoundRequest(at, options.limit, options.max)
  return Effect.map(fetch(ask.before, ask.limit), (answer) => timeBoundPage(answer, at, ask.limit, options))
}

/** Everything in one response. */
export const noPaging: PaginationModel = {
  name: "none",
  param: "",
  location: "query",
  next: () => Option.none()
}

export const paginationModels = {
  noPaging,
  urlCursor,
  urlPage,
  idCursor,
  rowCursor,
  nextCursor,
  metaCursor,
  timeWindow,
  offsetCursor
} as const

/** The request with the model's cursor parameter set, in the query or the JSON body. */
export const applyCursor = (model: PaginationModel, spec: RequestSpec, cursor: string | undefined): RequestSpec => {
  if (cursor === undefined || model.param === "") return spec
  if (model.apply !== undefined) return model.apply(spec, cursor)
  if (model.location === "query") return { ...spec, query: { ...spec.query, [model.param]: cursor } }
  const body = spec.body?._tag === "json" && typeof spec.body.value === "object" && spec.body.value !== null
    ? spec.body.value
    : {}
  return { ...spec, body: { _tag: "json", value: { ...body, [model.param]: cursor } } }
}

/** A fetched page with the cursor that fetched it and the cursor of the page after it. */
export interface Page<P> {
  readonly body: P
  readonly cursor: string | undefined
  readonly next: Option.Option<string>
  /** What the page says could not be listed (the model's `incomplete`). */
  readonly incomplete?: string | undefined
}

export interface Collected<I, E = never> {
  readonly items: ReadonlyArray<I>
  readonly pages: number
  /** The cursor to resume from; null when nothing is left (or nothing can be resumed). */
  readonly next_cursor: string | null
  /** False when the walk stopped at the page ceiling (or after one page) with more to fetch, or failed. */
  readonly complete: boolean
  /** Why the walk stopped before its end, when a page after the first failed: the items fetched are kept. */
  readonly failure?: E | undefined
  /** What the pages said could not be listed (the model's `incomplete`); the list is then not complete. */
  readonly incomplete?: ReadonlyArray<string> | undefined
}

export interface CollectOptions {
  /** Follow pages; otherwise one page. */
  readonly all: boolean
  /** The ceiling when following pages. */
  readonly maxPages: number
}

export const DEFAULT_MAX_PAGES = 10

/**
 * Every page from `cursor` on, fetched as the stream is pulled. When the
 * service forgets the cursor mid-walk (the model says it expired), the walk
 * starts over from the first page, once; the pages then repeat items, which
 * their consumers drop by key. A cursor expired twice, or the caller's own
 * expired cursor, fails as the service said.
 */
export const pages = <P, E, R>(
  model: PaginationModel,
  fetch: (cursor: string | undefined) => Effect.Effect<P, E, R>,
  cursor?: string | undefined
): Stream.Stream<Page<P>, E, R> =>
  Stream.paginateEffect({ current: cursor, restarted: false, first: true }, (state) => {
    const fetched = Effect.map(fetch(state.current), (body) => ({ body, cursor: state.current }))
    const walk = state.first || state.restarted || model.expired === undefined
      ? fetched
      : Effect.catchIf(
        fetched,
        (e) => model.expired!(e),
        () => Effect.map(fetch(undefined), (body) => ({ body, cursor: undefined as string | undefined }))
      )
    return Effect.map(walk, ({ body, cursor: used }) => {
      const next = model.next(body, used)
      const restarted = state.restarted || used !== state.current
      const incomplete = model.incomplete?.(body)
      return [
        { body, cursor: used, next, ...(incomplete === undefined ? {} : { incomplete }) },
        Option.map(next, (c) => ({ current: c as string | undefined, restarted, first: false }))
      ] as const
    })
  })

/** Drops the items whose key was seen before (a restarted or time-window walk repeats some). */
export const uniqueBy = <I>(key: ((item: I) => string) | undefined) => {
  const seen = new Set<string>()
  return (item: I): boolean => {
    if (key === undefined) return true
    const k = key(item)
    if (seen.has(k)) return false
    seen.add(k)
    return true
  }
}

/**
 * The collection rule of every list command and tool: one page, or up to the
 * ceiling; repeats dropped by key. A failure after the first page keeps what
 * was fetched: it comes back as `failure`, with the cursor of the page that
 * failed to resume from (none when the cursor itself expired). A failure of
 * the first page fails.
 */
export const collect = <P, I, E, R>(
  stream: Stream.Stream<Page<P>, E, R>,
  items: (page: P) => ReadonlyArray<I>,
  options: CollectOptions,
  key?: ((item: I) => string) | undefined,
  expired?: ((error: unknown) => boolean) | undefined
): Effect.Effect<Collected<I, E>, E, R> =>
  Effect.flatMap(
    Stream.runCollect(Stream.either(Stream.take(stream, options.all ? Math.max(1, options.maxPages) : 1))),
    (chunk) => {
      const results = Chunk.toReadonlyArray(chunk)
      const fetched = results.flatMap((r) => (r._tag === "Right" ? [r.right] : []))
      const failed = results.find((r) => r._tag === "Left")
      const failure = failed?._tag === "Left" ? failed.left : undefined
      if (failure !== undefined && fetched.length === 0) return Effect.fail(failure)
      const all = fetched.flatMap((page) => items(page.body)).filter(uniqueBy(key))
      const next = fetched.at(-1)?.next ?? Option.none()
      const resumable = failure === undefined || expired === undefined || !expired(failure)
      const left = fetched.flatMap((page) => page.incomplete ?? [])
      return Effect.succeed({
        items: all,
        pages: fetched.length,
        next_cursor: resumable ? Option.getOrNull(next) : null,
        complete: failure === undefined && Option.isNone(next) && left.length === 0,
        ...(failure === undefined ? {} : { failure }),
        ...(left.length === 0 ? {} : { incomplete: left })
      })
    }
  )
