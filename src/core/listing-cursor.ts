/**
 * The cursors the front ends hand out name the listing they belong to. A
 * service's own cursor (an offset, an id) says nothing of the query it came
 * from, so a cursor pasted into another listing was sent and answered an
 * empty or foreign page as if it were the end. Here a printed cursor is the
 * listing's tag, a colon, and the service's cursor; one given back is checked
 * against the listing it is given to. The tag is a digest of the operation
 * and its input, leaving out what only shapes a page (its size, the fields
 * shown). A cursor without a tag (printed before tags, or the service's own)
 * is taken as it is. The library's streams and methods take the service's
 * cursors unchanged.
 */
import { refusal } from "./allowed.js"
import { invalidInput, type InvalidInputError } from "./errors.js"
import type { AnyOperation } from "./operation.js"
import { sha256Hex } from "./sha256.js"

/** Input that shapes a page but not which listing it is. */
const SHAPE_ONLY = new Set(["limit", "fields"])

const TAGGED = /^([0-9a-f]{8}):([\s\S]+)$/

/** Key-sorted JSON, so the same input gives the same tag however it was built. */
const stable = (value: unknown): string =>
  Array.isArray(value)
    ? `[${value.map(stable).join(",")}]`
    : typeof value === "object" && value !== null
    ? `{${
      Object.keys(value).sort().filter((k) => (value as Record<string, unknown>)[k] !== undefined).map((k) =>
        `${JSON.stringify(k)}:${stable((value as Record<string, unknown>)[k])}`
      ).join(",")
    }}`
    : JSON.stringify(value) ?? "null"

const tagOf = <C>(op: AnyOperation<C>, input: unknown): string => {
  const given = typeof input === "object" && input !== null ? (input as Record<string, unknown>) : {}
  const listing = Object.fromEntries(Object.entries(given).filter(([key]) => !SHAPE_ONLY.has(key)))
  return sha256Hex(`${op.name}\n${stable(listing)}`).slice(0, 8)
}

/** The cursor to print for the next page of this listing. */
export const sealCursor = <C>(op: AnyOperation<C>, input: unknown, cursor: string | null): string | null =>
  cursor === null ? null : `${tagOf(op, input)}:${cursor}`

/** The service's cursor from one given back (`name` is how the front end calls it), or why it is not this listing's. */
export const openCursor = <C>(
  op: AnyOperation<C>,
  input: unknown,
  cursor: string | undefined,
  name: string
): InvalidInputError | string | undefined => {
  const tagged = cursor === undefined ? null : TAGGED.exec(cursor)
  if (tagged === null) return cursor
  if (tagged[1] === tagOf(op, input)) return tagged[2]
  return invalidInput(
    refusal(name, "a cursor this listing printed, not one of another listing or other filters", cursor),
    "cursor"
  )
}
