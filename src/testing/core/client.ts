/**
 * An HttpClient answered in process by a simulator's app: no sockets. The app
 * runs on the calling fiber, so its Clock (a TestClock under it.effect)
 * drives rate-limit buckets, retries and fault delays.
 */
import type * as HttpApp from "@effect/platform/HttpApp"
import * as HttpClient from "@effect/platform/HttpClient"
import * as HttpClientError from "@effect/platform/HttpClientError"
import type * as HttpClientRequest from "@effect/platform/HttpClientRequest"
import * as HttpClientResponse from "@effect/platform/HttpClientResponse"
import * as HttpServerRequest from "@effect/platform/HttpServerRequest"
import * as HttpServerResponse from "@effect/platform/HttpServerResponse"
import * as Effect from "effect/Effect"
import * as Stream from "effect/Stream"
import { CUT_HEADER } from "./faults.js"

/** The request body as a fetch-style body. */
const webBody = (request: HttpClientRequest.HttpClientRequest): Effect.Effect<BodyInit | undefined> => {
  const body = request.body
  switch (body._tag) {
    case "Empty":
      return Effect.succeed(undefined)
    case "Raw":
      return Effect.succeed(body.body as BodyInit)
    case "Uint8Array":
      return Effect.succeed(body.body as BodyInit)
    case "FormData":
      return Effect.succeed(body.formData)
    case "Stream":
      // Passed on as a stream: an upload is never held whole here either.
      return Stream.toReadableStreamEffect(body.stream) as Effect.Effect<BodyInit>
  }
}

const toWebRequest = (request: HttpClientRequest.HttpClientRequest, url: URL, signal: AbortSignal) =>
  Effect.flatMap(webBody(request), (body) =>
    Effect.try({
      try: () => {
        const headers = { ...request.headers }
        delete headers["content-length"]
        // A streamed body needs half duplex (fetch's rule); a buffered one ignores it.
        return new Request(
          url,
          { method: request.method, headers, body: body ?? null, signal, duplex: "half" } as RequestInit
        )
      },
      catch: (cause) => new HttpClientError.RequestError({ request, reason: "Encode", cause })
    }))

/**
 * Which service an in-process client answers for: a request for a path it does not serve ends the program with
 * a defect naming the cause, where it would have answered a misleading 404.
 */
export interface ServedPaths {
  readonly name: string
  readonly serves: (path: string) => boolean
}

/** Any URL reaches the app; only the path, query and Host matter to it. */
export const inProcessHttpClient = (app: HttpApp.Default<never, never>, only?: ServedPaths): HttpClient.HttpClient =>
  HttpClient.make((request, url, signal) =>
    Effect.gen(function*() {
      if (only !== undefined && !only.serves(url.pathname)) {
        return yield* Effect.die(
          new Error(
            `The ${only.name} simulator's HttpClient was asked for ${url.pathname}, which only another service ` +
              "serves: two simulator layers merged into one context leave one HttpClient for both. Give each " +
              "service its own: DesignSimulator.api() and TaskmgrSimulator.api() merge safely."
          )
        )
      }
      const webRequest = yield* toWebRequest(request, url, signal)
      const response = yield* app.pipe(
        Effect.provideService(HttpServerRequest.HttpServerRequest, HttpServerRequest.fromWeb(webRequest))
      )
      // A cut fault: the service acted, and the answer is lost as a reset connection would lose it.
      if (response.headers[CUT_HEADER] !== undefined) {
        return yield* Effect.fail(
          new HttpClientError.RequestError({
            request,
            reason: "Transport",
            cause: Object.assign(new Error("socket hang up"), { code: "ECONNRESET" })
          })
        )
      }
      return HttpClientResponse.fromWeb(request, HttpServerResponse.toWeb(response))
    })
  )
