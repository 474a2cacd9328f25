/**
 * Injected faults: the next `times` API requests matching a method and path
 * answer with a chosen status, headers and body, optionally after a delay.
 */
import * as HttpServerResponse from "@effect/platform/HttpServerResponse"
import * as Either from "effect/Either"
import { json, JSON_CONTENT_TYPE, reasonPhrase } from "./responses.js"
import type { Fault, SimState } from "./state.js"

type Body = Record<string, unknown>

const isRecord = (value: unknown): value is Body =>
  typeof value === "object" && value !== null && !Array.isArray(value)

const isStringRecord = (value: unknown): value is Record<string, string> =>
  isRecord(value) && Object.values(value).every((v) => typeof v === "string")

/** Validates a POST /_sandbox/faults body. */
export const parseFault = (body: unknown): Either.Either<Fault, string> => {
  if (!isRecord(body)) return Either.left("body must be a JSON object")
  const { delay_ms = 0, headers = {}, method, path, status, times = 1 } = body
  if (typeof method !== "string" || method === "") return Either.left(`"method" must be a method name or "*"`)
  if (typeof path !== "string" || !path.startsWith("/")) return Either.left(`"path" must start with "/"`)
  if (typeof status !== "number" || !Number.isInteger(status) || status < 100 || status > 599) {
    return Either.left(`"status" must be an integer HTTP status`)
  }
  if (!isStringRecord(headers)) return Either.left(`"headers" must be an object of strings`)
  if (typeof delay_ms !== "number" || delay_ms < 0) return Either.left(`"delay_ms" must be a non-negative number`)
  if (typeof times !== "number" || !Number.isInteger(times) || times < 1) {
    return Either.left(`"times" must be a positive integer`)
  }
  const faultBody = "body" in body ? body.body : { status, err: reasonPhrase(status) }
  return Either.right({ method: method.toUpperCase(), path, status, headers, body: faultBody, delay_ms, times })
}

/** A trailing `*` makes the path a prefix; otherwise it must match exactly. */
const pathMatches = (pattern: string, path: string): boolean =>
  pattern.endsWith("*") ? path.startsWith(pattern.slice(0, -1)) : pattern === path

/** Finds the oldest matching fault and uses up one of its answers. */
export const takeFault = (state: SimState, method: string, path: string): Fault | null => {
  const fault = state.faults.find((f) =>
    (f.method === "*" || f.method === method.toUpperCase()) && pathMatches(f.path, path)
  )
  if (fault === undefined) return null
  fault.times -= 1
  if (fault.times <= 0) state.faults = state.faults.filter((f) => f !== fault)
  return fault
}

/**
 * The faulted answer: JSON by default. A content-type among the fault's
 * headers replaces JSON's, and then a string body is sent as is (for example
 * an HTML error page from a proxy).
 */
export const faultResponse = (fault: Fault): HttpServerResponse.HttpServerResponse => {
  const contentTypeKey = Object.keys(fault.headers).find((k) => k.toLowerCase() === "content-type")
  if (contentTypeKey === undefined) return json(fault.status, fault.body, fault.headers)
  const { [contentTypeKey]: contentType, ...headers } = fault.headers
  const text = typeof fault.body === "string" ? fault.body : JSON.stringify(fault.body)
  return HttpServerResponse.text(text, { status: fault.status, headers, contentType: contentType ?? JSON_CONTENT_TYPE })
}
