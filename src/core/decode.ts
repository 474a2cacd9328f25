/**
 * Reading a service's answer into its Schema, for both services. An answer
 * that does not have the documented shape is an UnexpectedError that says
 * where in a line: the operation, the record (its gid), the JSON path, the
 * value found (credentials masked, long values cut) and what was expected.
 * The whole Schema issue stays on the error as `issue`, for a debugger.
 */
import * as Effect from "effect/Effect"
import * as ParseResult from "effect/ParseResult"
import * as Schema from "effect/Schema"
import { UnexpectedError } from "./errors.js"
import { scrubSecrets } from "./secrets.js"

/** What the answer is, for messages: the operation (library name) and its subject ("task 12"). */
export interface AnswerOf {
  readonly operation: string
  readonly subject: string
}

/** Values longer than this are cut in a message. */
const SHOWN_LENGTH = 60

/** A field whose name says it holds a secret: its value is never shown. */
const SECRET_FIELD = /token|secret|passcode|password|api[-_]?key|credential/i

/** `data[3].assignee.gid` */
export const jsonPath = (path: ReadonlyArray<PropertyKey>): string =>
  path.reduce<string>(
    (text, key) =>
      typeof key === "number"
        ? `${text}[${key}]`
        : typeof key === "string" && /^[A-Za-z_$][\w$]*$/.test(key)
        ? text === "" ? key : `${text}.${key}`
        : `${text}[${JSON.stringify(String(key))}]`,
    ""
  )

const childOf = (value: unknown, key: PropertyKey): unknown =>
  typeof value === "object" && value !== null ? (value as Record<PropertyKey, unknown>)[key] : undefined

/** The gid of the innermost record on the path that has one (the path ends inside it). */
const recordOn = (body: unknown, path: ReadonlyArray<PropertyKey>): string | undefined => {
  let found: string | undefined
  let value = body
  for (const key of [undefined, ...path]) {
    if (key !== undefined) value = childOf(value, key)
    const gid = childOf(value, "gid")
    if (typeof gid === "string" || typeof gid === "number") found = String(gid)
  }
  return found
}

/** The value found, as JSON, credentials masked and cut to a line. */
const shownValue = (value: unknown, path: ReadonlyArray<PropertyKey>): string => {
  if (value === undefined) return "nothing"
  if (path.some((key) => typeof key === "string" && SECRET_FIELD.test(key))) {
    return `${kindOf(value)} (not shown: the field holds a secret)`
  }
  const json = scrubSecrets(JSON.stringify(value) ?? String(value)).replace(/\s+/g, " ")
  return json.length <= SHOWN_LENGTH ? json : `${json.slice(0, SHOWN_LENGTH - 1)}… (${json.length} characters)`
}

const kindOf = (value: unknown): string =>
  value === null
    ? "null"
    : Array.isArray(value)
    ? "a list"
    : typeof value === "object"
    ? "an object"
    : `a ${typeof value}`

/** What the Schema expected, in words: Effect's "Expected string, actual 5" gives "a string". */
const expectedOf = (issue: ParseResult.ArrayFormatterIssue): string => {
  if (issue._tag === "Missing") return "a value (the field is missing)"
  const expected = /^Expected ([\s\S]+?)(?:, actual [\s\S]*)?$/.exec(issue.message)?.[1]
  if (expected === undefined) return issue.message
  return expected === "string"
    ? "a string"
    : expected === "number"
    ? "a number"
    : expected === "boolean"
    ? "true or false"
    : expected.startsWith("{")
    ? "an object"
    : /^(ReadonlyArray|Array|readonly \[)/.test(expected)
    ? "a list"
    : expected.length <= SHOWN_LENGTH
    ? expected
    : `${expected.slice(0, SHOWN_LENGTH - 1)}…`
}

/** The issue to tell: the deepest (a union's members each report one; the one that got furthest says most). */
const deepest = (issues: ReadonlyArray<ParseResult.ArrayFormatterIssue>) =>
  issues.reduce((best, issue) => (issue.path.length > best.path.length ? issue : best))

/** An answer that did not decode, in a line, with the whole issue kept for a debugger. */
export const unreadableAnswer = (error: ParseResult.ParseError, body: unknown, answer: AnswerOf): UnexpectedError => {
  const issues = ParseResult.ArrayFormatter.formatErrorSync(error)
  const issue = deepest(issues.length === 0 ? [{ _tag: "Type", path: [], message: error.message }] : issues)
  const path = jsonPath(issue.path)
  const record = recordOn(body, issue.path)
  const where = `${path === "" ? "the answer" : path}${record === undefined ? "" : ` (record ${record})`}`
  const found = shownValue(issue.path.reduce(childOf, body), issue.path)
  const made = new UnexpectedError({
    message: `The answer for ${answer.subject} (${answer.operation}) did not have the documented shape: ${where}` +
      ` should be ${expectedOf(issue)}, found ${found}.`,
    operation: answer.operation,
    ...(record === undefined ? {} : { record }),
    ...(path === "" ? {} : { path })
  })
  Object.defineProperty(made, "issue", { value: error.issue, enumerable: false })
  return made
}

/** Decodes an answer's body, or says where it is not as documented. */
export const readAnswer = <A, I>(schema: Schema.Schema<A, I>, answer: AnswerOf) => {
  const decode = Schema.decodeUnknown(schema)
  return (body: unknown): Effect.Effect<A, UnexpectedError> =>
    Effect.mapError(decode(body), (error) => unreadableAnswer(error, body, answer))
}
