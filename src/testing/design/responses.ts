/**
 * The design service's answers: JSON with the recorded content type, and its
 * two error bodies used side by side (wire reference section 3):
 *
 * - plain, `{"status": 403, "err": "Invalid token"}`: the older endpoints,
 *   unknown paths, Invalid token and every 429;
 * - rich, `{"error": true, "status": 400, "message": "...", "i18n": null}`:
 *   webhook 400/404, scope errors and the newer endpoint groups.
 *
 * A rejection names its form, or takes the usual form of the endpoint that
 * answers it.
 */
import type * as HttpServerResponse from "@effect/platform/HttpServerResponse"
import type { ErrorBody, Parsed } from "../core/rejection.js"
import { reject } from "../core/rejection.js"
import { jsonResponse } from "../core/responses.js"

export type Form = "plain" | "rich"

export const json = (
  status: number,
  body: unknown,
  headers: Record<string, string> = {}
): HttpServerResponse.HttpServerResponse => jsonResponse(status, body, headers)

/** The body of a rejection: plain unless it (or its endpoint) says rich. */
export const errorBody: ErrorBody = (rejection) =>
  rejection.form === "rich"
    ? { error: true, status: rejection.status, message: rejection.message, i18n: null }
    : { status: rejection.status, err: rejection.message }

export const plainError = (status: number, err: string, headers: Record<string, string> = {}): Parsed<never> =>
  reject(status, err, { form: "plain", headers })

export const richError = (status: number, message: string, headers: Record<string, string> = {}): Parsed<never> =>
  reject(status, message, { form: "rich", headers })

export const invalidToken = () => plainError(403, "Invalid token")
export const notFoundPlain = () => plainError(404, "Not found")
export const notFoundRich = () => richError(404, "Not found")
export const badRequest = (message: string) => richError(400, message)

export const scopeError = (held: ReadonlyArray<string>, required: string) =>
  richError(403, `Invalid scope: [${held.join(", ")}]. This endpoint requires the ${required} scope.`)

/** A default `err` text for a status, used by faults that give no body. */
export const reasonPhrase = (status: number): string => {
  switch (status) {
    case 400:
      return "Bad request"
    case 403:
      return "Forbidden"
    case 404:
      return "Not found"
    case 429:
      return "Rate limit exceeded"
    case 500:
      return "Internal server error"
    case 502:
      return "Bad gateway"
    case 503:
      return "Service unavailable"
    case 504:
      return "Gateway timeout"
    default:
      return status >= 500 ? "Server error" : "Error"
  }
}
