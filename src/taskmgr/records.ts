/**
 * Records as the wrapper reads them: a gid (a string end to end), a
 * resource_type, and whatever fields opt_fields asked for, kept as JSON.
 */
import * as Schema from "effect/Schema"

const gid = /^\d+$/
const gidOrUrl = /^(\d+|https?:\/\/\S+)$/

/** A gid: all digits, kept a string. */
export const Gid = Schema.String.pipe(Schema.pattern(gid, { message: () => "must be a gid (all digits)" }))

/** A gid, or a task or project URL (the operation resolves it before sending; declare the field in `gids`). */
export const GidOrUrl = Schema.String.pipe(Schema.pattern(gidOrUrl, { message: () => "must be a gid (all digits) or a task or project URL" }))
  .annotations({ description: "Gid or URL" })

/** A user: a gid, or "me". */
export const UserGid = Schema.String.pipe(Schema.pattern(/^(\d+|me)$/, { message: () => "must be a gid (all digits) or me" }))
  .annotations({ description: "Gid, or me" })

export const Record = Schema.Struct(
  { gid: Schema.String, resource_type: Schema.optional(Schema.String) },
  Schema.Record({ key: Schema.String, value: Schema.Unknown })
)
export type Record = typeof Record.Type
