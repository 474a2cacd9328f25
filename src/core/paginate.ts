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
import type { RequestSpec } from "./http.js"

export interface PaginationModel {
  readonly name: string
  /** The request parameter that carries the cursor. */
  readonly param: string
  /** Whether that parameter goes in the query string or the JSON body. */
  readonly location: "query" | "body"
  readonly next: (page: unknown, current: string | undefined) => Option.Option<string>
}

const get = (value: unknown, ...path: ReadonlyArray<string>): unknown =>
  path.reduce<unknown>((v, key) => (typeof v === "object" && v !== null ? (v as Record<string, unknown>)[key] : undefined), value)

const text = (value: unknown): Option.Option<string> =>
  typeof value === "string" && value !== "" ? Option.some(value) : typeof value === "number" ? Option.some(String(value)) : Option.none()

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
 * window's end back to the oldest event seen (newest first). Events at that
 * boundary second come again and are dropped by id when collecting; a page
 * whose events all share the current boundary steps one second back so the
 * walk always ends.
 */
export const timeWindow: PaginationModel = {
  name: "time-window",
  param: "end_time",
  location: "query",
  next: (page, current) => {
    if (get(page, "meta", "next_page") !== true) return Option.none()
    const events = get(page, "meta", "activity_logs")
    const stamps = Array.isArray(events) ? events.map((e) => Number(get(e, "timestamp"))).filter(Number.isFinite) : []
    if (stamps.length === 0) return Option.none()
    const oldest = Math.min(...stamps)
    return Option.some(String(current !== undefined && Number(current) <= oldest ? oldest - 1 : oldest))
  }
}

/** `next_page.offset`, an opaque token that expires (the task-management service). */
export const offsetCursor: PaginationModel = {
  name: "offset",
  param: "offset",
  location: "query",
  next: (page) => text(get(page, "next_page", "offset"))
}

/**
 * A list the service does not page, paged by hand: the wrapper's page carries
 * the bound of the next request itself under `next_bound` (task search: the
 * oldest created_at of a full page, sent as created_at.before). A bound that
 * does not move ends the walk.
 */
export const handBound = (param: string): PaginationModel => ({
  name: "hand-bound",
  param,
  location: "query",
  next: (page, current) => Option.filter(text(get(page, "next_bound")), (bound) => bound !== current)
})

/** Everything in one response. */
export const noPaging: PaginationModel = {
  name: "none",
  param: "",
  location: "query",
  next: () => Option.none()
}

export const paginationModels = { noPaging, urlCursor, urlPage, idCursor, rowCursor, nextCursor, metaCursor, timeWindow, offsetCursor } as const

/** The request with the model's cursor parameter set, in the query or the JSON body. */
export const applyCursor = (model: PaginationModel, spec: RequestSpec, cursor: string | undefined): RequestSpec => {
  if (cursor === undefined || model.param === "") return spec
  if (model.location === "query") return { ...spec, query: { ...spec.query, [model.param]: cursor } }
  const body = spec.body?._tag === "json" && typeof spec.body.value === "object" && spec.body.value !== null ? spec.body.value : {}
  return { ...spec, body: { _tag: "json", value: { ...body, [model.param]: cursor } } }
}

/** A fetched page with the cursor that fetched it and the cursor of the page after it. */
export interface Page<P> {
  readonly body: P
  readonly cursor: string | undefined
  readonly next: Option.Option<string>
}

export interface Collected<I> {
  readonly items: ReadonlyArray<I>
  readonly pages: number
  /** The cursor to resume from; null when nothing is left. */
  readonly next_cursor: string | null
  /** False when the walk stopped at the page ceiling (or after one page) with more to fetch. */
  readonly complete: boolean
}

export interface CollectOptions {
  /** Follow pages; otherwise one page. */
  readonly all: boolean
  /** The ceiling when following pages. */
  readonly maxPages: number
}

export const DEFAULT_MAX_PAGES = 10

/** Every page from `cursor` on, fetched as the stream is pulled. */
export const pages = <P, E, R>(
  model: PaginationModel,
  fetch: (cursor: string | undefined) => Effect.Effect<P, E, R>,
  cursor?: string | undefined
): Stream.Stream<Page<P>, E, R> =>
  Stream.paginateEffect(cursor, (current: string | undefined) =>
    Effect.map(fetch(current), (body) => {
      const next = model.next(body, current)
      return [{ body, cursor: current, next }, next] as const
    }))

/** The collection rule of every list command and tool: one page, or up to the ceiling; repeats dropped by key. */
export const collect = <P, I, E, R>(
  stream: Stream.Stream<Page<P>, E, R>,
  items: (page: P) => ReadonlyArray<I>,
  options: CollectOptions,
  key?: ((item: I) => string) | undefined
): Effect.Effect<Collected<I>, E, R> =>
  Effect.map(Stream.runCollect(Stream.take(stream, options.all ? Math.max(1, options.maxPages) : 1)), (chunk) => {
    const fetched = Chunk.toReadonlyArray(chunk)
    const seen = new Set<string>()
    const all = fetched.flatMap((page) => items(page.body)).filter((item) => {
      if (key === undefined) return true
      const k = key(item)
      if (seen.has(k)) return false
      seen.add(k)
      return true
    })
    const next = fetched.at(-1)?.next ?? Option.none()
    return { items: all, pages: fetched.length, next_cursor: Option.getOrNull(next), complete: Option.isNone(next) }
  })
