/**
 * The two error bodies the service uses side by side (wire reference section 3)
 * and a JSON response helper that sends the recorded content type.
 */
import type * as HttpServerResponse from "@effect/platform/HttpServerResponse"
import * as CoreResponses from "../core/responses.js"

export const JSON_CONTENT_TYPE = CoreResponses.JSON_CONTENT_TYPE

export const json = (
  status: number,
  body: unknown,
  headers: Record<string, string> = {}
): HttpServerResponse.HttpServerResponse => CoreResponses.jsonResponse(status, body, headers)

/** `{"status":403,"err":"Invalid token"}`: older endpoints, webhook 403/429, every 429. */
export const plainError = (status: number, err: string, headers: Record<string, string> = {}) =>
  json(status, { status, err }, headers)

/** `{"error":true,"status":400,"message":"...","i18n":null}`: webhook 400/404 and scope errors. */
export const richError = (status: number, message: string) => json(status, { error: true, status, message, i18n: null })

/**
 * A refusal built in the `{error, status, message}` form (the shared parameter checks answer so), said in the
 * `{status, err}` form instead, for an endpoint whose description names that one (oEmbed).
 */
export const inPlainForm = (response: HttpServerResponse.HttpServerResponse): HttpServerResponse.HttpServerResponse => {
  if (response.status < 400 || response.body._tag !== "Uint8Array") return response
  let body: unknown
  try {
    body = JSON.parse(new TextDecoder().decode(response.body.body))
  } catch {
    return response
  }
  const rich = body as { error?: unknown; message?: unknown }
  return rich.error === true && typeof rich.message === "string" ? plainError(response.status, rich.message) : response
}

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
