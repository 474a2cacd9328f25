/**
 * Injected faults: the next `times` API requests matching a method and path
 * answer with a chosen status, headers and body, optionally after a delay.
 * A fault without a body answers with the service's own error body.
 */
import type * as HttpMethod from "@effect/platform/HttpMethod"
import * as HttpServerResponse from "@effect/platform/HttpServerResponse"
import * as Duration from "effect/Duration"
import * as Either from "effect/Either"
import { isRecord } from "./params.js"
import type { Parsed } from "./rejection.js"
import { invalid } from "./rejection.js"
import { JSON_CONTENT_TYPE, jsonResponse } from "./responses.js"

/** What a test asks for: the typed form of a POST /_sandbox/faults body. */
export interface FaultSpec {
  /** The method to match, or "*" for any. */
  readonly method: HttpMethod.HttpMethod | "*"
  /** An exact path (no query string), or a prefix ending in "*". */
  readonly path: string
  /** The answer's status; unused (and optional) with `cut`. */
  readonly status?: number
  /**
   * The service acts on the request, then the connection is cut before its
   * answer arrives (a lost answer): the client sees a reset, not a status.
   */
  readonly cut?: boolean
  readonly headers?: Readonly<Record<string, string>>
  /**
   * The answer's body, sent as JSON. Omitted: the service's error body for the
   * status. With a content-type among `headers`, a string body is sent as is
   * (an HTML page from a proxy, say).
   */
  readonly body?: unknown
  /** Wait this long (on the Clock) before answering. */
  readonly delay?: Duration.DurationInput
  /** How many matching requests it answers; default 1. */
  readonly times?: number
  /** How many matching requests pass untouched first (a fault on a list's second page: 1); default 0. */
  readonly skip?: number
}

/** A fault as the simulator holds it. */
export interface Fault {
  readonly method: string
  readonly path: string
  readonly status: number
  readonly headers: Readonly<Record<string, string>>
  readonly body: unknown
  readonly delay_ms: number
  readonly cut: boolean
  times: number
  skip: number
}

const isStringRecord = (value: unknown): value is Record<string, string> =>
  isRecord(value) && Object.values(value).every((v) => typeof v === "string")

interface FaultFields {
  readonly method: unknown
  readonly path: unknown
  readonly status: unknown
  readonly headers: unknown
  readonly hasBody: boolean
  readonly body: unknown
  readonly delay_ms: unknown
  readonly times: unknown
  readonly cut: unknown
  readonly skip: unknown
}

/** One validation for both forms, so the route and the typed helper agree. */
const validate = (fields: FaultFields, defaultBody: (status: number) => unknown): Parsed<Fault> => {
  const { cut = false, delay_ms, headers, method, path, skip = 0, times } = fields
  const status = cut === true && fields.status === undefined ? 200 : fields.status
  if (typeof cut !== "boolean") return invalid(`"cut" must be a boolean`)
  if (typeof skip !== "number" || !Number.isInteger(skip) || skip < 0) {
    return invalid(`"skip" must be a non-negative integer`)
  }
  if (typeof method !== "string" || method === "") return invalid(`"method" must be a method name or "*"`)
  if (typeof path !== "string" || !path.startsWith("/")) return invalid(`"path" must start with "/"`)
  if (typeof status !== "number" || !Number.isInteger(status) || status < 100 || status > 599) {
    return invalid(`"status" must be an integer HTTP status`)
  }
  if (!isStringRecord(headers)) return invalid(`"headers" must be an object of strings`)
  if (typeof delay_ms !== "number" || !(delay_ms >= 0) || !Number.isFinite(delay_ms)) {
    return invalid(`"delay_ms" must be a non-negative number`)
  }
  if (typeof times !== "number" || !Number.isInteger(times) || times < 1) {
    return invalid(`"times" must be a positive integer`)
  }
  return Either.right({
    method: method.toUpperCase(),
    path,
    status,
    headers: { ...headers },
    body: fields.hasBody ? fields.body : defaultBody(status),
    delay_ms,
    cut,
    times,
    skip
  })
}

/** Validates a POST /_sandbox/faults body `{method, path, status, headers?, body?, delay_ms?, times?}`. */
export const parseFault = (body: unknown, defaultBody: (status: number) => unknown): Parsed<Fault> => {
  if (!isRecord(body)) return invalid("body must be a JSON object")
  const { cut, delay_ms = 0, headers = {}, method, path, skip, status, times = 1 } = body
  const hasBody = "body" in body
  return validate({ method, path, status, headers, hasBody, body: body.body, delay_ms, times, cut, skip }, defaultBody)
}

/** Validates a typed spec the same way. */
export const faultFromSpec = (
  spec: FaultSpec,
  defaultBody: (status: number) => unknown
): Parsed<Fault> =>
  validate({
    method: spec.method,
    path: spec.path,
    status: spec.status,
    headers: spec.headers ?? {},
    hasBody: spec.body !== undefined,
    body: spec.body,
    delay_ms: spec.delay === undefined ? 0 : Duration.toMillis(spec.delay),
    times: spec.times ?? 1,
    cut: spec.cut,
    skip: spec.skip
  }, defaultBody)

/** A trailing `*` makes the path a prefix; otherwise it must match exactly. */
const pathMatches = (pattern: string, path: string): boolean =>
  pattern.endsWith("*") ? path.startsWith(pattern.slice(0, -1)) : pattern === path

/** Finds the oldest matching fault and uses up one of its answers. */
export const takeFault = (faults: Array<Fault>, method: string, path: string): Fault | null => {
  const index = faults.findIndex((f) =>
    (f.method === "*" || f.method === method.toUpperCase()) && pathMatches(f.path, path)
  )
  const fault = faults[index]
  if (fault === undefined) return null
  if (fault.skip > 0) {
    fault.skip -= 1
    return null
  }
  fault.times -= 1
  if (fault.times <= 0) faults.splice(index, 1)
  return fault
}

/**
 * The faulted answer: JSON by default. A content-type among the fault's
 * headers replaces JSON's, and then a string body is sent as is.
 */
export const faultResponse = (fault: Fault): HttpServerResponse.HttpServerResponse => {
  const contentTypeKey = Object.keys(fault.headers).find((k) => k.toLowerCase() === "content-type")
  if (contentTypeKey === undefined) return jsonResponse(fault.status, fault.body, { ...fault.headers })
  const { [contentTypeKey]: contentType, ...headers } = fault.headers
  const text = typeof fault.body === "string" ? fault.body : JSON.stringify(fault.body)
  return HttpServerResponse.text(text, { status: fault.status, headers, contentType: contentType ?? JSON_CONTENT_TYPE })
}

/** The header by which an in-process answer asks its client to act as if the connection were cut. */
export const CUT_HEADER = "x-sandbox-cut"
