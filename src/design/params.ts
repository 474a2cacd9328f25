/**
 * Input pieces the newer design groups share: file keys, node ids, calendar
 * dates and timestamps, each checked before anything is sent.
 *
 * What shapes a call (enums, integer ranges, lengths, date formats) is in the
 * tools' JSON Schema too. The spelling of ids an agent copies from earlier
 * results (file keys, node ids, numeric ids) is checked here only (`idLike`):
 * its regular expressions would cost every agent bytes in tools/list and
 * tell it nothing it can act on.
 */
import * as Schema from "effect/Schema"

/** A string matching `pattern`, checked before sending but not spelled out in the tool's JSON Schema. */
export const idLike = (pattern: RegExp, message: string) =>
  Schema.String.pipe(Schema.filter((s) => pattern.test(s) || message))

/** A file key or file URL, and a node id (refs.ts: the one place that reads them). */
export { FileKeyOrUrl as FileKey, NodeId } from "./refs.js"

/** A numeric id, kept as a string. */
export const NumericId = idLike(/^\d+$/, "must be a numeric id")

/** A Struct check that `from` is not after `to` when both are given. */
export const ordered =
  <K extends string>(from: K, to: K) => (input: Partial<Record<K, string | number | undefined>>) => {
    const a = input[from]
    const b = input[to]
    if (a === undefined || b === undefined) return true
    return a <= b || { path: [to], message: `must not be before ${from} (${String(a)})` }
  }

export const json = (value: unknown) => ({ _tag: "json" as const, value })

/** Ids the service sends as numbers or strings, kept as strings. */
export const WireId = Schema.Union(Schema.String, Schema.Number).pipe(
  Schema.transform(Schema.String, { decode: String, encode: (s) => s })
)
