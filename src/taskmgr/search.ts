/**
 * The one shape of the service's searches (tasks, projects): at most 100
 * results an answer and no offset, so a search is paged by hand, newest
 * first, each page bounded by `created_at.before` at the oldest creation time
 * of the page before, ties kept (core/paginate.ts `timeBound`). A paged operation, so every front end gives it the shape
 * of every list: `{tasks|projects, next_cursor, complete, pages}`.
 */
import * as Effect from "effect/Effect"
import type * as Schema from "effect/Schema"
import type { InvalidInputError } from "../core/errors.js"
import { type Operation, operationInfo } from "../core/operation.js"
import { handBound, timeBound, type TimeBoundPage } from "../core/paginate.js"

/** The most a search answers at once (the service's ceiling). */
export const SEARCH_MAX = 100

/** A page of search results: the new items, the cursor of the next page (null: none left), what was left out. */
export type SearchPage<A> = TimeBoundPage<A>

const searchModel = handBound("created_at.before")

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
): Operation<I, IE, SearchPage<A>, E | InvalidInputError, C, A> => ({
  ...operationInfo({ ...def, impact: "read", idempotent: true, deprecated: undefined }),
  gids: page.gids,
  paging: { model: searchModel, items: (p) => p.data, itemsKey: def.itemsKey, key: (item) => item.gid },
  run: (client, input, cursor) =>
    def.newestFirst?.(input) === false
      ? Effect.map(
        page.run(client, { ...input, before: cursor }, undefined),
        (data): SearchPage<A> => ({ data, next_bound: null, incomplete: null })
      )
      // Newest first: paged by creation time without losing a tie (core/paginate.ts).
      : timeBound(cursor, {
        limit: input.limit ?? SEARCH_MAX,
        max: SEARCH_MAX,
        timeOf: (item) => item.created_at,
        keyOf: (item) => item.gid,
        noun: def.itemsKey
      }, (before, limit) => page.run(client, { ...input, limit, before }, undefined))
})
