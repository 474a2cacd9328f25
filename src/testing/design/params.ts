/**
 * The design service's words for bad parameters, in its two generations:
 * the file endpoints (files, nodes, images, versions, comments, projects,
 * library) and the newer groups (variables, dev resources, analytics, org,
 * payments, oEmbed), which also refuse a repeated parameter and name the
 * value they got. Every check itself is the core's (../core/params.ts).
 */
import * as Either from "effect/Either"
import type { Call } from "../core/call.js"
import type { Check, ParamWords, Range } from "../core/params.js"
import { booleanText, given, queryOnce, queryValue, required } from "../core/params.js"
import type { Parsed } from "../core/rejection.js"
import { invalid } from "../core/rejection.js"

/** The service's words for a non-integer parameter, in both generations. */
export const notANumber = (name: string) => `'${name}' must be a valid number, received type String`

export const fileWords = {
  missing: (name) => `Missing required parameter '${name}'`,
  notAnInteger: notANumber,
  outOfRange: (name, _text, range) =>
    range.max === Number.MAX_SAFE_INTEGER
      ? `'${name}' must be an integer of at least ${range.min}`
      : `'${name}' must be an integer between ${range.min} and ${range.max}`,
  notANumber,
  numberOutOfRange: (name, _text, range) => `'${name}' must be a number between ${range.min} and ${range.max}`,
  notOneOf: (name, _text, allowed) => `'${name}' must be one of ${allowed.join(", ")}`,
  notABoolean: (name) => `'${name}' must be true or false`
} satisfies Partial<ParamWords>

export const groupWords = {
  ...fileWords,
  missing: (name) => `'${name}' is required`,
  repeated: (name) => `'${name}' must be given at most once`,
  notOneOf: (name, text, allowed) => `'${name}' must be one of ${allowed.join(", ")} (got "${text}")`,
  notADate: (name, text) => `'${name}' must be a date in YYYY-MM-DD format (got "${text}")`,
  notADateTime: (name, text) =>
    `'${name}' must be an ISO 8601 UTC timestamp such as 2026-01-01T00:00:00Z (got "${text}")`
} satisfies Partial<ParamWords>

/** From 1 up, as far as an integer goes. */
export const AT_LEAST_1: Range = { min: 1, max: Number.MAX_SAFE_INTEGER }

/** A query parameter of the file endpoints, checked when given (the first of a repeat counts). */
export const fileQuery = <A>(call: Call, name: string, check: Check<A>): Parsed<A | undefined> =>
  given(name, queryValue(call, name), check)

/** A true-or-false query parameter of the file endpoints; absent is false. */
export const fileFlag = (call: Call, name: string): Parsed<boolean> =>
  Either.map(fileQuery(call, name, booleanText(fileWords)), (value) => value ?? false)

/** A query value of the newer groups: given at most once. */
export const groupValue = (call: Call, name: string): Parsed<string | undefined> => queryOnce(call, name, groupWords)

/** A query parameter of the newer groups: at most once, checked when given. */
export const groupQuery = <A, F = undefined>(call: Call, name: string, check: Check<A>, fallback?: F): Parsed<A | F> =>
  Either.flatMap(groupValue(call, name), (text) => given(name, text, check, fallback))

/** A query parameter of the newer groups that must be given (once), checked. */
export const requiredGroupQuery = <A>(call: Call, name: string, check: Check<A>): Parsed<A> =>
  Either.flatMap(
    groupValue(call, name),
    (text) => Either.flatMap(required(name, text, groupWords), (t) => check(name, t))
  )

/** Node ids such as `1:2`, and instance sublayers such as `I2:3;3:5`. */
const NODE_ID = /^I?\d+:\d+(;\d+:\d+)*$/

const isNodeId = (value: string): boolean => NODE_ID.test(value)

/** A comma list of node ids, in order, without repeats. */
export const nodeIds: Check<ReadonlyArray<string>> = (name, text) => {
  const ids = text.split(",").map((id) => id.trim())
  const bad = ids.find((id) => !isNodeId(id))
  return bad !== undefined
    ? invalid(`'${name}' must be a comma-separated list of node ids such as 1:2; got ${JSON.stringify(bad)}`)
    : Either.right([...new Set(ids)])
}

export const dayText = (ms: number): string => new Date(ms).toISOString().slice(0, 10)
