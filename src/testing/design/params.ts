/**
 * Query and body parameters of the newer groups, checked the way the service
 * checks them: every failure is a 400 in the rich body naming the parameter.
 * Integers are strict: `30.0` or `1e3` is not an integer, and the message is
 * the service's own (`'limit' must be a valid number, received type String`).
 *
 * Each parser returns an Either whose left is the finished 400 response, so
 * handlers read their parameters in one `Either.gen` and merge at the end.
 */
import type * as HttpServerResponse from "@effect/platform/HttpServerResponse"
import * as Either from "effect/Either"
import { isCalendarDateTime } from "../../core/calendar.js"
import type { Call } from "./call.js"
import { notANumber } from "./query-params.js"
import { badRequest } from "./responses.js"

type Response = HttpServerResponse.HttpServerResponse
export type Parsed<A> = Either.Either<A, Response>

const fail = (message: string): Parsed<never> => Either.left(badRequest(message))

/** One value of a query parameter; a repeated parameter is a 400. */
export const optional = (call: Call, name: string): Parsed<string | undefined> => {
  const values = call.search.getAll(name)
  if (values.length > 1) return fail(`'${name}' must be given at most once`)
  return Either.right(values[0])
}

export const required = (call: Call, name: string): Parsed<string> =>
  Either.flatMap(
    optional(call, name),
    (value) => value === undefined || value === "" ? fail(`'${name}' is required`) : Either.right(value)
  )

const INTEGER = /^-?\d+$/

export interface IntegerRange {
  readonly min: number
  readonly max: number
}

/** Checks an integer given as text (a query value). */
export const integerText = (name: string, text: string, range: IntegerRange): Parsed<number> => {
  if (!INTEGER.test(text)) return fail(notANumber(name))
  const value = Number(text)
  if (!Number.isSafeInteger(value) || value < range.min || value > range.max) {
    return fail(`'${name}' must be an integer between ${range.min} and ${range.max}`)
  }
  return Either.right(value)
}

export const integerQuery = (
  call: Call,
  name: string,
  range: IntegerRange,
  fallback: number
): Parsed<number> =>
  Either.flatMap(
    optional(call, name),
    (text) => text === undefined ? Either.right(fallback) : integerText(name, text, range)
  )

/** The same check for a value from a JSON body, where a string is the wrong type. */
export const integerBody = (name: string, value: unknown, range: IntegerRange): Parsed<number> => {
  if (typeof value === "string") return fail(notANumber(name))
  if (typeof value !== "number" || !Number.isInteger(value)) return fail(`'${name}' must be an integer`)
  return integerText(name, String(value), range)
}

export const oneOf = <const A extends string>(name: string, value: string, allowed: ReadonlyArray<A>): Parsed<A> =>
  (allowed as ReadonlyArray<string>).includes(value)
    ? Either.right(value as A)
    : fail(`'${name}' must be one of ${allowed.join(", ")} (got "${value}")`)

/** A calendar date YYYY-MM-DD as the UTC midnight it starts. */
export const dateText = (name: string, text: string): Parsed<number> => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text)
  const ms = match ? Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : NaN
  if (!match || Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== text) {
    return fail(`'${name}' must be a date in YYYY-MM-DD format (got "${text}")`)
  }
  return Either.right(ms)
}

/** An ISO 8601 UTC timestamp such as 2026-01-01T00:00:00Z. */
export const timestampText = (name: string, text: string): Parsed<number> => {
  const ok = /(Z|[+-]00:?00)$/.test(text) && isCalendarDateTime(text, { fractionDigits: 3 })
  const ms = ok ? Date.parse(text) : NaN
  return Number.isNaN(ms)
    ? fail(`'${name}' must be an ISO 8601 UTC timestamp such as 2026-01-01T00:00:00Z (got "${text}")`)
    : Either.right(ms)
}

/** A comma list with empty items dropped. */
export const commaList = (text: string | undefined): ReadonlyArray<string> =>
  text === undefined ? [] : text.split(",").map((s) => s.trim()).filter((s) => s !== "")

export const dayText = (ms: number): string => new Date(ms).toISOString().slice(0, 10)

/** Opaque cursors: base64url JSON, rejected as a 400 when they do not decode to the expected shape. */
export const encodeCursor = (value: Record<string, string | number>): string =>
  Buffer.from(JSON.stringify(value)).toString("base64url")

export const decodeCursor = <A>(
  name: string,
  text: string,
  check: (value: Record<string, unknown>) => A | null
): Parsed<A> => {
  try {
    const value: unknown = JSON.parse(Buffer.from(text, "base64url").toString("utf8"))
    const decoded = typeof value === "object" && value !== null && !Array.isArray(value)
      ? check(value as Record<string, unknown>)
      : null
    return decoded === null ? fail(`Invalid '${name}'`) : Either.right(decoded)
  } catch {
    return fail(`Invalid '${name}'`)
  }
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value)
