/**
 * The one rule for a command that acts on many items at once and reports each
 * item's own outcome (task get-many, file images): the result is printed (or
 * returned) whole, and the exit code says how it went.
 *
 * - every item succeeded: 0;
 * - some failed: PARTIAL_EXIT_CODE;
 * - all failed: the items' own code when they share one (12 missing gids: 5,
 *   as one `task get` of a missing gid), else PARTIAL_EXIT_CODE.
 *
 * A tool result is an error (isError) only when every item failed: the call's
 * purpose failed. Whenever any failed, it carries `failed` and `exit_code`.
 */
import { PARTIAL_EXIT_CODE } from "./exit-codes.js"

/** What a many-item result holds: how many items, and for each failed one its exit code (undefined: no error of its own). */
export interface ItemFailures {
  readonly total: number
  readonly failed: ReadonlyArray<number | undefined>
}

/** The exit code of a many-item result (see above). */
export const exitCodeOfItems = (items: ItemFailures): number => {
  if (items.failed.length === 0) return 0
  if (items.failed.length < items.total) return PARTIAL_EXIT_CODE
  const [first] = items.failed
  return first !== undefined && items.failed.every((code) => code === first) ? first : PARTIAL_EXIT_CODE
}

/**
 * A many-item result as JSON carries it, on every surface: whole, and when
 * any item failed, with how many (`failed`) and the exit code (`exit_code`).
 */
export const withItemOutcome = (data: unknown, items: ItemFailures | undefined): unknown => {
  const code = items === undefined ? 0 : exitCodeOfItems(items)
  return code === 0 || items === undefined
    ? data
    : { ...(data as Record<string, unknown>), failed: items.failed.length, exit_code: code }
}

/**
 * The command line's signal that the result was printed and the command
 * still exits non-zero: not an error to render (each item's error is in the
 * output), only a code. The runtime turns it into the exit code and nothing else.
 */
export class ItemsFailed {
  readonly _tag = "ItemsFailed"
  constructor(readonly code: number) {}
}
