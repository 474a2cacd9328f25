/**
 * Checking an operation's input, shared by the library, the CLI and the tool
 * server, so every constraint is checked once and before anything is sent. A
 * failure names the fields by their library names; each front end renames
 * them its own way (flags, tool parameters).
 *
 * A secret field (fields.ts) is described by what was wrong with it, never by
 * its value; the secrets of an accepted input are remembered so that a
 * service repeating them is masked (secrets.ts).
 */
import * as Effect from "effect/Effect"
import * as ParseResult from "effect/ParseResult"
import * as Schema from "effect/Schema"
import { InvalidInputError } from "./errors.js"
import { type Field, fieldsOf } from "./fields.js"
import { rememberSecret, rememberSecretsIn, rememberUrlSecrets } from "./secrets.js"

/** What a value is, without saying what it holds. */
const kindOfValue = (value: unknown): string =>
  value === null
    ? "null"
    : Array.isArray(value)
    ? "an array"
    : typeof value === "object"
    ? "an object"
    : typeof value === "string"
    ? "a string"
    : typeof value === "number"
    ? "a number"
    : typeof value === "boolean"
    ? "a boolean"
    : typeof value

const ARTICLE: Readonly<Record<string, string>> = {
  string: "a string",
  number: "a number",
  boolean: "a boolean",
  object: "an object"
}

/** Every string inside a value, for a last sweep of a message about it. */
const stringsIn = (value: unknown, depth = 0): Array<string> =>
  typeof value === "string"
    ? [value]
    : typeof value === "number" || typeof value === "boolean"
    ? [String(value)]
    : depth > 8 || typeof value !== "object" || value === null
    ? []
    : (Array.isArray(value) ? value : [...Object.keys(value), ...Object.values(value)]).flatMap((v) =>
      stringsIn(v, depth + 1)
    )

/** Sweeps each of the values' strings out of a text (longest first). */
const sweep = (text: string, values: ReadonlyArray<unknown>): string =>
  values.flatMap((v) => stringsIn(v)).filter((s) => s.length >= 3).sort((a, b) => b.length - a.length)
    .reduce((t, s) => t.split(s).join("***"), text)

/**
 * A formatter message about a secret (or about a whole input that holds one),
 * without the value: Effect's default messages end in `actual <value>`, which
 * is cut, keeping what the Schema expected; a custom message that quoted the
 * value anyway is swept of it.
 */
const secretMessage = (message: string, value: unknown, whole: boolean): string => {
  const expected = /^Expected ([\s\S]+?)(?:, actual [\s\S]*)?$/.exec(message)?.[1]
  if (expected === undefined) return message.replace(/,?\s*actual [\s\S]*$/, "")
  return whole
    ? `must be ${expected}`
    : `must be ${ARTICLE[expected] ?? expected} (got ${kindOfValue(value)}; a secret's value is never shown)`
}

/** A path in words: `followers.0` is item 1 of followers (a flag or parameter, never `followers.0`). */
const labelOf = (path: ReadonlyArray<PropertyKey>): string =>
  path.length === 0
    ? "input"
    : path.length === 2 && typeof path[1] === "number"
    ? `${String(path[0])} (item ${path[1] + 1})`
    : path.map(String).join(".")

/**
 * What a refused value should have been, from the field's Schema (allowed.ts):
 * said once for a union (true or false), never a Schema's name or a
 * description used as a title ("Expected Depth, actual -1").
 */
const allowedAt = (fields: ReadonlyArray<Field>, path: ReadonlyArray<PropertyKey>): string | undefined => {
  const field = fields.find((f) => f.name === String(path[0]))
  if (field === undefined) return undefined
  if (path.length === 1) return field.allowed
  return path.length === 2 && typeof path[1] === "number" ? field.itemAllowed : undefined
}

/** The refused value, shown when it is short plain data and not a secret. */
const shown = (value: unknown): string =>
  typeof value === "number" || typeof value === "boolean"
    ? ` (got ${value})`
    : typeof value === "string" && value.length <= 40 && !/[\n\r]/.test(value)
    ? ` (got "${value}")`
    : ""

/**
 * Effect's default message ("Expected string, actual 5") in words, for a type
 * allowed.ts cannot describe: its base type, or an object or a list; never the
 * Schema's name or a description standing in for one.
 */
const plainExpected = (message: string): string => {
  const expected = /^Expected ([\s\S]+?)(?:, actual [\s\S]*)?$/.exec(message)?.[1] ?? ""
  return expected === "string" || expected.startsWith("a string")
    ? "text"
    : expected === "number" || expected.startsWith("a number")
    ? "a number"
    : expected === "boolean"
    ? "true or false"
    : expected.startsWith("{")
    ? "an object"
    : /^(ReadonlyArray|Array|readonly \[)/.test(expected)
    ? "a list"
    : "a valid value"
}

const valueAt = (raw: unknown, path: ReadonlyArray<PropertyKey>): unknown =>
  path.reduce<unknown>(
    (v, key) => (typeof v === "object" && v !== null ? (v as Record<PropertyKey, unknown>)[key] : undefined),
    raw
  )

const describe = (error: ParseResult.ParseError, fields: ReadonlyArray<Field>, raw: unknown): InvalidInputError => {
  const secrets = new Set(fields.filter((f) => f.secret).map((f) => f.name))
  const issues = ParseResult.ArrayFormatter.formatErrorSync(error)
    // An optional field is `X | undefined`: its "Expected undefined" half says nothing useful.
    .filter((issue) => !issue.message.startsWith("Expected undefined"))
  const valueOf = (
    field: string
  ) => (typeof raw === "object" && raw !== null ? (raw as Record<string, unknown>)[field] : undefined)
  const secretValues = [...secrets].map(valueOf).filter((v) => v !== undefined)
  const lines = issues.map((issue) => {
    const label = labelOf(issue.path)
    if (issue._tag === "Missing") return issue.message === "is missing" ? `${label} is required.` : issue.message
    if (issue._tag === "Unexpected") return `${label} is not a parameter of this operation.`
    const field = issue.path[0] === undefined ? undefined : String(issue.path[0])
    const allowed = allowedAt(fields, issue.path)
    // A Schema's own message (a pattern's "a gid is digits") already says it in words; Effect's default ones do not.
    if (allowed !== undefined && issue.message.startsWith("Expected ")) {
      return `${label}: must be ${allowed}${
        field !== undefined && secrets.has(field) ? "" : shown(valueAt(raw, issue.path))
      }.`
    }
    if (field !== undefined && !secrets.has(field) && issue.message.startsWith("Expected ")) {
      return `${label}: must be ${plainExpected(issue.message)}${shown(valueAt(raw, issue.path))}.`
    }
    if (secrets.size === 0) return `${label}: ${issue.message}`
    // A message about the whole input may quote all of it, secrets included.
    const message = field === undefined
      ? secretMessage(issue.message, raw, true)
      : secrets.has(field)
      ? secretMessage(issue.message, valueOf(field), false)
      : issue.message
    return `${label}: ${sweep(message, secretValues)}`
  })
  const named = [...new Set(issues.flatMap((issue) => (issue.path[0] === undefined ? [] : [String(issue.path[0])])))]
  return new InvalidInputError({ message: [...new Set(lines)].join("\n"), fields: named })
}

const secretFields = <I, IE>(schema: Schema.Schema<I, IE>): ReadonlySet<string> =>
  new Set(fieldsOf(schema).filter((f) => f.secret).map((f) => f.name))

/** A URL with userinfo or a query: where a password or secret query value may be (secrets.ts picks them out). */
const CREDENTIALED_URL = /^[a-z][a-z0-9+.-]*:\/\/([^/?#]*@|[^#]*\?)/i

/**
 * The values of an accepted input's secret fields (Redacted, or text marked SECRET), and the credentials of any
 * URL given (a webhook endpoint's password, which the service's answer echoes), for masking.
 */
const rememberSecrets = <I, IE>(schema: Schema.Schema<I, IE>, input: I): void => {
  for (const field of secretFields(schema)) {
    const value = (input as Record<string, unknown>)[field]
    if (typeof value === "string") rememberSecret(value)
    else rememberSecretsIn(value)
  }
  if (typeof input !== "object" || input === null) return
  for (const value of Object.values(input)) {
    for (const text of Array.isArray(value) ? value : [value]) {
      if (typeof text === "string" && CREDENTIALED_URL.test(text)) rememberUrlSecrets(text)
    }
  }
}

/** Keys the input has no field for. (An empty Struct admits any object, so excess keys are found here.) */
const unknownKeys = <I, IE>(schema: Schema.Schema<I, IE>, raw: unknown): InvalidInputError | undefined => {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return undefined
  const known = new Set(fieldsOf(schema).map((f) => f.name))
  const extra = Object.keys(raw).filter((key) => !known.has(key))
  return extra.length === 0
    ? undefined
    : new InvalidInputError({
      message: extra.map((key) => `${key} is not a parameter of this operation.`).join("\n"),
      fields: extra
    })
}

/**
 * How deeply a value may nest (arrays and objects within each other). No
 * operation takes anything near this deep; far deeper input (100,000 levels
 * fit in 200 KB of JSON) would overflow the stack of the decoder and of
 * JSON.stringify, so it is refused by name instead.
 */
export const MAX_INPUT_DEPTH = 64

/** Whether a value nests deeper than the limit, found without recursion. */
export const nestsTooDeep = (value: unknown, limit: number = MAX_INPUT_DEPTH): boolean => {
  const stack: Array<[unknown, number]> = [[value, 1]]
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    const [v, depth] = next
    if (typeof v !== "object" || v === null) continue
    if (depth > limit) return true
    for (const child of Array.isArray(v) ? v : Object.values(v)) stack.push([child, depth + 1])
  }
  return false
}

const tooDeep = (raw: unknown): InvalidInputError | undefined => {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) {
    return nestsTooDeep(raw)
      ? new InvalidInputError({ message: `input: nested more than ${MAX_INPUT_DEPTH} levels deep.`, fields: [] })
      : undefined
  }
  const deep = Object.entries(raw).filter(([, value]) => nestsTooDeep(value)).map(([key]) => key)
  return deep.length === 0
    ? undefined
    : new InvalidInputError({
      message: deep.map((key) => `${key}: nested more than ${MAX_INPUT_DEPTH} levels deep.`).join("\n"),
      fields: deep
    })
}

/** Raw input (command-line values, tool arguments) to the operation's typed input. */
export const decodeInput = <I, IE>(schema: Schema.Schema<I, IE>, raw: unknown): Effect.Effect<I, InvalidInputError> => {
  const refused = unknownKeys(schema, raw) ?? tooDeep(raw)
  return refused !== undefined
    ? Effect.fail(refused)
    : Schema.decodeUnknown(schema, { errors: "all", onExcessProperty: "error" })(raw).pipe(
      Effect.mapError((e) => describe(e, fieldsOf(schema), raw)),
      Effect.tap((input) => rememberSecrets(schema, input))
    )
}

/** Typed input from a library caller: the same constraints, checked again. */
export const validateInput = <I, IE>(schema: Schema.Schema<I, IE>, input: I): Effect.Effect<I, InvalidInputError> =>
  Schema.validate(schema, { errors: "all", onExcessProperty: "error" })(input).pipe(
    Effect.mapError((e) => describe(e, fieldsOf(schema), input)),
    Effect.tap((valid) => rememberSecrets(schema, valid))
  )

/** Cursors a listing prints are short; a longer one (pasted output, a file) is not one, and would only make the URL too long. */
export const MAX_CURSOR_LENGTH = 1_000

/** What is wrong with a resume cursor, if anything; `name` is how the front end calls it. */
export const cursorProblem = (cursor: string, name: string): InvalidInputError | undefined =>
  cursor.trim() === ""
    ? new InvalidInputError({ message: `${name}: is empty; give the cursor a listing printed.`, fields: ["cursor"] })
    : cursor.length > MAX_CURSOR_LENGTH
    ? new InvalidInputError({
      message:
        `${name}: is ${cursor.length} characters long; a cursor a listing prints is at most ${MAX_CURSOR_LENGTH}.`,
      fields: ["cursor"]
    })
    : undefined
