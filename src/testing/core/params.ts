/**
 * Reading a request's query and body the way both services do. A `Check`
 * turns one named value into what it stands for, or a 400 in the service's
 * own words: the checks are shared, the words (`ParamWords`) are each
 * service's, since they are part of its wire (`'limit' must be a valid
 * number, received type String` on one, `limit: Must be between 1 and 100,
 * got 0` on the other).
 *
 * Integers are strict: `30.0`, `1e3` and ` 5` are not integers.
 */
import * as Either from "effect/Either"
import { isCalendarDateTime } from "../../core/calendar.js"
import type { Call } from "./call.js"
import type { Parsed } from "./rejection.js"
import { invalid } from "./rejection.js"

export interface Range {
  readonly min: number
  readonly max: number
}

/** A service's words for each kind of bad value; a check takes the ones it may need. */
export interface ParamWords {
  /** Absent or empty where required. */
  readonly missing: (name: string) => string
  /** A query parameter given more than once where once is allowed. */
  readonly repeated: (name: string) => string
  readonly notAnInteger: (name: string, text: string, range: Range) => string
  readonly outOfRange: (name: string, text: string, range: Range) => string
  /** Not a number at all, where fractions are allowed. */
  readonly notANumber: (name: string, text: string) => string
  readonly numberOutOfRange: (name: string, text: string, range: Range) => string
  readonly notOneOf: (name: string, text: string, allowed: ReadonlyArray<string>) => string
  readonly notABoolean: (name: string, value: unknown) => string
  readonly notAString: (name: string, value: unknown) => string
  readonly notADate: (name: string, text: string) => string
  readonly notADateTime: (name: string, text: string) => string
  /** A body that is not JSON. */
  readonly invalidJson: string
  /** A JSON body that is not an object. */
  readonly notAnObject: string
}

export type Words<K extends keyof ParamWords> = Pick<ParamWords, K>

/** One named value in, what it stands for (or why not) out. */
export type Check<A> = (name: string, text: string) => Parsed<A>

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value)

// ---- checks of a value given as text --------------------------------------------

const INTEGER = /^-?\d+$/
const WHOLE_RANGE: Range = { min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }

/** Any integer, kept whole as a bigint (ids that do not fit a double). */
export const integer = (words: Words<"notAnInteger">): Check<bigint> => (name, text) =>
  INTEGER.test(text) ? Either.right(BigInt(text)) : invalid(words.notAnInteger(name, text, WHOLE_RANGE))

export const integerIn = (range: Range, words: Words<"notAnInteger" | "outOfRange">): Check<number> => (name, text) => {
  if (!INTEGER.test(text)) return invalid(words.notAnInteger(name, text, range))
  const value = BigInt(text)
  return value < BigInt(range.min) || value > BigInt(range.max)
    ? invalid(words.outOfRange(name, text, range))
    : Either.right(Number(value))
}

/** A number, fractions allowed. */
export const numberIn =
  (range: Range, words: Words<"notANumber" | "numberOutOfRange">): Check<number> => (name, text) => {
    const value = text.trim() === "" ? Number.NaN : Number(text)
    if (!Number.isFinite(value)) return invalid(words.notANumber(name, text))
    return value < range.min || value > range.max
      ? invalid(words.numberOutOfRange(name, text, range))
      : Either.right(value)
  }

export const oneOf =
  <const A extends string>(allowed: ReadonlyArray<A>, words: Words<"notOneOf">): Check<A> => (name, text) => {
    const found = allowed.find((a) => a === text)
    return found === undefined ? invalid(words.notOneOf(name, text, allowed)) : Either.right(found)
  }

/** `true` or `false`. */
export const booleanText = (words: Words<"notABoolean">): Check<boolean> => (name, text) =>
  text === "true" ? Either.right(true) : text === "false" ? Either.right(false) : invalid(words.notABoolean(name, text))

/** A calendar date YYYY-MM-DD, as the UTC midnight it starts. */
export const dateText = (words: Words<"notADate">): Check<number> => (name, text) => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text)
  const ms = match ? Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : NaN
  return !match || Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== text
    ? invalid(words.notADate(name, text))
    : Either.right(ms)
}

/** A date-time with its zone naming a real moment, as given; `utc`: Z or a zero offset only. */
export const dateTimeText = (
  words: Words<"notADateTime">,
  form: { readonly utc?: boolean; readonly fractionDigits?: number } = {}
): Check<string> =>
(name, text) => {
  const zoned = form.utc !== true || /(Z|[+-]00:?00)$/.test(text)
  const real = isCalendarDateTime(
    text,
    form.fractionDigits === undefined ? {} : { fractionDigits: form.fractionDigits }
  )
  return zoned && real ? Either.right(text) : invalid(words.notADateTime(name, text))
}

/** A comma list, items trimmed, empty ones dropped. */
export const commaList = (text: string | undefined): ReadonlyArray<string> =>
  text === undefined ? [] : text.split(",").map((s) => s.trim()).filter((s) => s !== "")

// ---- the query ----------------------------------------------------------------

/** A query parameter's value; the first when repeated, as both services read most of theirs. */
export const queryValue = (call: Call, name: string): string | undefined => call.search.get(name) ?? undefined

/** A parameter that may be given once: a repeat is a 400. */
export const queryOnce = (call: Call, name: string, words: Words<"repeated">): Parsed<string | undefined> => {
  const values = call.search.getAll(name)
  return values.length > 1 ? invalid(words.repeated(name)) : Either.right(values[0])
}

/** A value checked when given; absent, the fallback. */
export const given = <A, F = undefined>(
  name: string,
  value: string | undefined,
  check: Check<A>,
  fallback?: F
): Parsed<A | F> => value === undefined ? Either.right(fallback as F) : check(name, value)

/** A value that must be given and not be empty. */
export const required = (name: string, value: string | undefined, words: Words<"missing">): Parsed<string> =>
  value === undefined || value === "" ? invalid(words.missing(name)) : Either.right(value)

// ---- the body -----------------------------------------------------------------

/** The JSON body, which must be an object (no body at all is not one). */
export const jsonObject = (
  call: Call,
  words: Words<"invalidJson" | "notAnObject">
): Parsed<Record<string, unknown>> => {
  if (call.bodyInvalid) return invalid(words.invalidJson)
  return isRecord(call.body) ? Either.right(call.body) : invalid(words.notAnObject)
}

/** A string field; absent is undefined. */
export const stringField = (
  data: Readonly<Record<string, unknown>>,
  name: string,
  words: Words<"notAString">
): Parsed<string | undefined> => {
  const value = data[name]
  if (value === undefined) return Either.right(undefined)
  return typeof value === "string" ? Either.right(value) : invalid(words.notAString(name, value))
}

/** A boolean field; absent is undefined. */
export const booleanField = (
  data: Readonly<Record<string, unknown>>,
  name: string,
  words: Words<"notABoolean">
): Parsed<boolean | undefined> => {
  const value = data[name]
  if (value === undefined) return Either.right(undefined)
  return typeof value === "boolean" ? Either.right(value) : invalid(words.notABoolean(name, value))
}

// ---- cursors ------------------------------------------------------------------

/** Opaque cursors and offsets: base64url JSON, so they read like the services' own. */
export const encodeCursor = (value: Readonly<Record<string, string | number>>): string =>
  Buffer.from(JSON.stringify(value)).toString("base64url")

/** The cursor's fields, or null when it is not one of ours. */
export const decodeCursor = (text: string): Record<string, unknown> | null => {
  try {
    const value: unknown = JSON.parse(Buffer.from(text, "base64url").toString("utf8"))
    return isRecord(value) ? value : null
  } catch {
    return null
  }
}
