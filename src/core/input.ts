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
import { eitherOf, gotOf, refusal } from "./allowed.js"
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

/** A path the refusal names as one thing: a field, or one item of a list field. */
const isNamed = (path: ReadonlyArray<PropertyKey>) =>
  path.length <= 1 || (path.length === 2 && typeof path[1] === "number")

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

/**
 * A structured (JSON) field's shape in words, with its description: "a JSON
 * object ({custom field gid: value} …)"; a default the description mentions is
 * not part of the shape.
 */
export const jsonShapeOf = (field: Field): string => {
  const said = field.description?.replace(/\s*\(default [^()]*\)\s*$/, "").trim()
  if (said === undefined || said === "") return "a JSON object"
  return `a JSON object (${said.startsWith("{") ? said : `${said.charAt(0).toLowerCase()}${said.slice(1)}`})`
}

/**
 * Effect's default message ("Expected string, actual 5") in words, for a type
 * allowed.ts cannot describe: its base type, a literal word, an object or a
 * list; never the Schema's name or a description standing in for one.
 */
const plainExpected = (expected: string): string | undefined =>
  expected === "string" || expected.startsWith("a string")
    ? "text"
    : expected === "number" || expected.startsWith("a number") || expected === "finite"
    ? "a number"
    : expected === "int" || expected.startsWith("an integer")
    ? "a whole number"
    : expected === "boolean"
    ? "true or false"
    : /^"[^"]*"$/.test(expected)
    ? JSON.parse(expected) as string
    : expected.startsWith("{")
    ? "an object"
    : /^(ReadonlyArray|Array|readonly \[)/.test(expected)
    ? "a list"
    : undefined

const valueAt = (raw: unknown, path: ReadonlyArray<PropertyKey>): unknown =>
  path.reduce<unknown>(
    (v, key) => (typeof v === "object" && v !== null ? (v as Record<PropertyKey, unknown>)[key] : undefined),
    raw
  )

type Issue = ParseResult.ArrayFormatterIssue

/**
 * What one issue says the value must be: the field's range or words for a
 * value of the wrong type, a Schema's own "must be …" (its got part dropped:
 * the line says it once), or the type in words; a sentence of another form
 * (a rule across fields) is kept whole.
 */
const phraseOf = (issue: Issue, field: Field | undefined, allowed: string | undefined) => {
  const expected = /^Expected ([\s\S]+?)(?:, actual [\s\S]*)?$/.exec(issue.message)?.[1]
  if (expected !== undefined) {
    if (allowed !== undefined) return { phrase: allowed }
    if (field?.kind._tag === "json" && issue.path.length === 1) return { phrase: jsonShapeOf(field) }
    return { phrase: plainExpected(expected) }
  }
  const own = /^must be ([\s\S]+?)(?:\s*\(got [\s\S]*\))?$/.exec(issue.message)?.[1]
  return own === undefined ? { sentence: issue.message } : { phrase: own }
}

/**
 * One line for each thing refused (a field, an item, a key inside a JSON
 * value), however many members of a union refused it: `name: must be
 * WHAT (got VALUE).`, the value never shown for a secret.
 */
const lineOf = (
  group: ReadonlyArray<Issue>,
  fields: ReadonlyArray<Field>,
  raw: unknown,
  secrets: ReadonlySet<string>,
  secretValues: ReadonlyArray<unknown>
): string => {
  const [first] = group
  const path = first!.path
  const fieldName = path[0] === undefined ? undefined : String(path[0])
  const field = fields.find((f) => f.name === fieldName)
  const secret = fieldName !== undefined && secrets.has(fieldName)
  if (first!._tag === "Missing") {
    return first!.message === "is missing"
      ? `${labelOf(path)} is required.`
      : first!.message
  }
  if (first!._tag === "Unexpected") {
    if (path.length <= 1) return `${labelOf(path)} is not a parameter of this operation.`
    // A key a JSON value does not take (a record's key that is not a gid).
    return `${fieldName}: must be ${field === undefined ? "an object" : jsonShapeOf(field)} (got the key ${
      JSON.stringify(String(path.at(-1)))
    }).`
  }
  // A rule across the input ("nothing to update: give name or notes"), said as a sentence of its own.
  if (path.length === 0) {
    return group.map((i) => `${i.message.charAt(0).toUpperCase()}${i.message.slice(1)}.`).join(" ")
  }
  const allowed = allowedAt(fields, path)
  const said = group.map((issue) => phraseOf(issue, field, allowed))
  const sentences = said.flatMap((s) => (s.sentence === undefined ? [] : [s.sentence]))
  const named = [...new Set(said.flatMap((s) => (s.phrase === undefined ? [] : [s.phrase])))]
  // A type with no words of its own (a Schema's name) is at least said to be wrong.
  const phrases = named.length === 0 && sentences.length === 0 ? ["a valid value"] : named
  // Inside a field's value: the field (and its item), then the key within it: `items (item 1): key must be …`.
  const item = typeof path[1] === "number" ? 1 : 0
  const label = isNamed(path) ? labelOf(path) : labelOf(path.slice(0, 1 + item))
  const inside = isNamed(path) ? "" : `${path.slice(1 + item).map(String).join(".")} `
  if (secret) {
    // A secret's value is described by its kind alone, and nothing the Schema said may quote it.
    const message = phrases.length > 0
      ? `must be ${eitherOf(phrases)} (got ${kindOfValue(valueOf(raw, fieldName!))}; a secret's value is never shown)`
      : secretMessage(sentences.join("; "), valueOf(raw, fieldName!), false)
    return `${label}: ${inside}${sweep(message, secretValues)}`
  }
  const sentence = sentences.join("; ")
  if (phrases.length === 0) {
    return `${label}: ${inside === "" ? "" : /^is /.test(sentence) ? inside : `${inside.trim()}: `}${sentence}`
  }
  const value = valueAt(raw, path)
  return inside === ""
    ? refusal(label, eitherOf(phrases), value)
    : `${label}: ${inside}must be ${eitherOf(phrases)}${gotOf(value)}.`
}

const valueOf = (raw: unknown, field: string) =>
  typeof raw === "object" && raw !== null ? (raw as Record<string, unknown>)[field] : undefined

/** Issues about the same thing, in the order first met. */
const groupIssues = (issues: ReadonlyArray<Issue>): Array<Array<Issue>> => {
  const groups = new Map<string, Array<Issue>>()
  for (const issue of issues) {
    const key = `${issue._tag === "Missing" || issue._tag === "Unexpected" ? issue._tag : "Value"}:${
      issue.path.map(String).join(".")
    }`
    groups.set(key, [...(groups.get(key) ?? []), issue])
  }
  return [...groups.values()]
}

const describe = (error: ParseResult.ParseError, fields: ReadonlyArray<Field>, raw: unknown): InvalidInputError => {
  const secrets = new Set(fields.filter((f) => f.secret).map((f) => f.name))
  const issues = ParseResult.ArrayFormatter.formatErrorSync(error)
    // An optional field is `X | undefined`: its "Expected undefined" half says nothing useful.
    .filter((issue) => !issue.message.startsWith("Expected undefined"))
  const secretValues = [...secrets].map((f) => valueOf(raw, f)).filter((v) => v !== undefined)
  const lines = groupIssues(issues).map((group) => lineOf(group, fields, raw, secrets, secretValues))
  const named = [...new Set(issues.flatMap((issue) => (issue.path[0] === undefined ? [] : [String(issue.path[0])])))]
  return new InvalidInputError({ message: [...new Set(lines)].join("\n"), fields: named })
}

/**
 * A value checked by a Schema that is no operation's input (a settings
 * file's content), refused in the same words: `workspace_gid: must be text
 * (got 123).`, one line for each thing refused.
 */
export const refusalsOf = (error: ParseResult.ParseError, raw: unknown): string => describe(error, [], raw).message

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

/** What a page ceiling (--max-pages, maxPages) may be. */
export const MAX_PAGES_ALLOWED = "a whole number of at least 1"

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
