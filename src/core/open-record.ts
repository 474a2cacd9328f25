/**
 * Records as the services send them, read so that what a service adds after
 * our Schemas were written never fails a call and is never lost:
 *
 * - a value outside a documented enum decodes, typed `Undocumented` (a string
 *   branded as unknown to us) next to the known literals;
 * - a field no Schema names is kept on the record as it came (JSON output
 *   and tool results carry it), but the record's type has no index
 *   signature, so a typo (`task.compleetd`) does not compile: read such
 *   fields with `unknownFields(record)`.
 */
import type * as Brand from "effect/Brand"
import * as Schema from "effect/Schema"

/** A value the service sent that its documentation does not list (yet): compare it as a string. */
export type Undocumented = string & Brand.Brand<"design-taskmgr/Undocumented">

export const Undocumented: Schema.Schema<Undocumented, string> = Schema.String.pipe(
  Schema.brand("design-taskmgr/Undocumented")
)

/** A documented enum that admits what the service adds: the known literals, or any other string. */
export const oneOf = <const L extends readonly [string, ...Array<string>]>(
  ...literals: L
): Schema.Schema<L[number] | Undocumented, string> => Schema.Union(Schema.Literal(...literals), Undocumented)

/** A record as JSON on the wire. */
export interface RecordJson {
  readonly [field: string]: unknown
}

/** Where a decoded record keeps the names its Schema knows (not enumerable: JSON and equality never see it). */
const KNOWN = Symbol.for("design-taskmgr/KnownFields")

const Extra = Schema.Record({ key: Schema.String, value: Schema.Unknown })

/**
 * A record Schema: the fields named, and any other field kept as it came.
 * `A` is the record's interface (no index signature); the generator of the
 * task manager's records writes both from the same reference.
 */
export const record = <A = unknown>(fields: Schema.Struct.Fields): Schema.Schema<A, RecordJson> => {
  const known: ReadonlySet<string> = new Set(Object.keys(fields))
  const open = Schema.Struct(fields, Extra)
  return Schema.transform(open, Schema.Unknown, {
    strict: false,
    decode: (value) => {
      Object.defineProperty(value, KNOWN, { value: known, enumerable: false })
      return value
    },
    encode: (value) => value
  }) as unknown as Schema.Schema<A, RecordJson>
}

/**
 * The fields of a decoded record that its Schema does not name (the service
 * added them after this version of the library), as they came. Empty for a
 * record with none, and for a value that was not decoded by the library (a
 * copy made with a spread carries the fields, but not what was known).
 */
export const unknownFields = (record: object): Readonly<Record<string, unknown>> => {
  const known = (record as { readonly [KNOWN]?: ReadonlySet<string> })[KNOWN]
  return known === undefined ? {} : Object.fromEntries(Object.entries(record).filter(([field]) => !known.has(field)))
}
