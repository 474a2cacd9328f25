/**
 * The one shape of the service's searches (tasks, projects): at most 100
 * results an answer and no offset, so a search is paged by hand, newest
 * first, each page bounded by `created_at.before` the oldest creation time of
 * the page before. A paged operation, so every front end gives it the shape
 * of every list: `{tasks|projects, next_cursor, complete, pages}`.
 */
import * as Effect from "effect/Effect"
import type * as Schema from "effect/Schema"
import { type Operation, operationInfo } from "../core/operation.js"
import { handBound } from "../core/paginate.js"

/** The most a search answers at once (the service's ceiling). */
export const SEARCH_MAX = 100

/** A page of search results; `next_bound` is the created_at.before of the next page (null: none left). */
export interface SearchPage<A> {
  readonly data: ReadonlyArray<A>
  readonly next_bound: string | null
}

const searchModel = handBound("created_at.before")

/** The oldest created_at of a full page: the bound of the next. */
const nextBound = (data: ReadonlyArray<{ readonly created_at?: unknown }>, limit: number): string | null => {
  if (data.length < limit) return null
  let oldest: { readonly at: number; readonly text: string } | null = null
  for (const item of data) {
    const text = item.created_at
    const at = typeof text === "string" ? Date.parse(text) : Number.NaN
    if (Number.isNaN(at)) return null
    if (oldest === null || at < oldest.at) oldest = { at, text: text as string }
  }
  return oldest?.text ?? null
}

/**
 * A search paged from its one-page operation, which takes the bound as
 * `before`. `newestFirst` says whether this input's answer is in creation
 * order, newest first (a search sorted otherwise is one page: no bound orders
 * what follows).
 */
export const pagedSearch = <
  I extends { readonly limit?: number | undefined },
  IE,
  A extends { readonly gid: string; readonly created_at?: unknown },
  E,
  C,
  PE
>(
  def: {
    readonly name: string
    readonly group: string
    readonly summary: string
    readonly input: Schema.Schema<I, IE>
    /** The key results are collected under: "tasks". */
    readonly itemsKey: string
    readonly newestFirst?: (input: I) => boolean
  },
  page: Operation<I & { readonly before?: string | undefined }, PE, ReadonlyArray<A>, E, C>
): Operation<I, IE, SearchPage<A>, E, C, A> => ({
  ...operationInfo({ ...def, impact: "read", idempotent: true, deprecated: undefined }),
  gids: page.gids,
  paging: { model: searchModel, items: (p) => p.data, itemsKey: def.itemsKey, key: (item) => item.gid },
  run: (client, input, cursor) =>
    Effect.map(page.run(client, { ...input, before: cursor }, undefined), (data) => ({
      data,
      next_bound: def.newestFirst?.(input) === false ? null : nextBound(data, input.limit ?? SEARCH_MAX)
    }))
})
