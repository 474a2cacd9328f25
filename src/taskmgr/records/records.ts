/**
 * Records as the wrapper reads them: a gid (a string end to end), a
 * resource_type, and whatever fields opt_fields asked for, kept as JSON.
 */
import * as Schema from "effect/Schema"

const gid = /^\d+$/

/*
 * Every shape below is checked by the Schema on every front end. Where its
 * expression is long, tool listings say it in words (a description, a JSON
 * Schema format) instead: an agent pays for every byte of tools/list.
 */
const inWords = { jsonSchema: {} }
const gidOrUrl = /^(\d+|https?:\/\/\S+)$/

/** A gid: all digits, kept a string. */
export const Gid = Schema.String.pipe(Schema.pattern(gid, { message: () => "must be a gid (all digits)" })).annotations(
  inWords
)

/** A gid, or a task or project URL (the operation resolves it before sending; declare the field in `gids`). */
export const GidOrUrl = Schema.String.pipe(
  Schema.pattern(gidOrUrl, { message: () => "must be a gid (all digits) or a task or project URL" })
)
  .annotations({ ...inWords, description: "Gid or URL" })

/** A user: a gid, or "me". */
export const UserGid = Schema.String.pipe(
  Schema.pattern(/^(\d+|me)$/, { message: () => "must be a gid (all digits) or me" })
)
  .annotations({ ...inWords, description: "Gid, or me" })

/** Text that is not blank. */
export const NonBlank = Schema.String.pipe(
  Schema.filter((s) => s.trim() !== "" || "must not be blank", { jsonSchema: { minLength: 1 } })
)

/**
 * A record's value in each column (a field name), for table rows: any field
 * it has, whether its Schema names it or not (records have no index
 * signature, so a typo in code does not compile; a column is data).
 */
export const columnsOf = (
  record: object,
  columns: ReadonlyArray<string>
): Readonly<globalThis.Record<string, unknown>> =>
  Object.fromEntries(
    columns.map((column) => [column, (record as Readonly<globalThis.Record<string, unknown>>)[column]])
  )

/**
 * true or false: a boolean for tools, the words true and false on the command
 * line (a bare switch could never say false: `--completed false` reopens a task).
 */
export const Toggle = Schema.Union(
  Schema.Boolean,
  Schema.transform(Schema.Literal("true", "false"), Schema.Boolean, {
    strict: true,
    decode: (word) => word === "true",
    encode: (flag) => (flag ? "true" : "false")
  })
).annotations({ jsonSchema: { type: "boolean" } })
