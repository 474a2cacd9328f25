/** JSON answers with the content type the services send. */
import * as HttpServerResponse from "@effect/platform/HttpServerResponse"

export const JSON_CONTENT_TYPE = "application/json; charset=utf-8"

export const jsonResponse = (
  status: number,
  body: unknown,
  headers: Record<string, string> = {}
): HttpServerResponse.HttpServerResponse =>
  HttpServerResponse.text(JSON.stringify(body), { status, contentType: JSON_CONTENT_TYPE, headers })
