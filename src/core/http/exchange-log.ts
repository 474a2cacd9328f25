/**
 * Debug mode: each request and its answer told to the observer's onExchange,
 * URL and headers masked, never a body. Every request reports here: the
 * pipeline's (the step below) and the token endpoint's (a refresh is an
 * exchange too).
 */
import type * as HttpClient from "@effect/platform/HttpClient"
import type * as HttpClientRequest from "@effect/platform/HttpClientRequest"
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import { maskHeaders, maskUrl } from "../secrets.js"
import { aroundSend } from "./client-step.js"
import { type SendError, sendErrorDetail } from "./exchange.js"
import { currentObserver, type Observer } from "./observe.js"

export const reportExchange =
  (observer: Option.Option<Observer>, request: HttpClientRequest.HttpClientRequest, url: string, started: number) =>
  (status: number | null, responseHeaders: Readonly<Record<string, string>>, error?: string): Effect.Effect<void> =>
    Option.match(Option.flatMap(observer, (o) => Option.fromNullable(o.onExchange)), {
      onNone: () => Effect.void,
      onSome: (onExchange) =>
        Effect.flatMap(Clock.currentTimeMillis, (now) =>
          onExchange({
            method: request.method,
            url: maskUrl(`${url}${
              request.urlParams.length === 0
                ? ""
                : `?${new URLSearchParams(request.urlParams.map(([k, v]) => [k, v])).toString()}`
            }`),
            headers: maskHeaders(request.headers),
            status,
            responseHeaders: maskHeaders(responseHeaders),
            millis: now - started,
            error
          }))
    })

/** Reports each send to the current observer: the request as sent below `baseUrl`, and its status or failure. */
export const reportingExchanges =
  (baseUrl: string) =>
  <R>(client: HttpClient.HttpClient.With<SendError, R>): HttpClient.HttpClient.With<SendError, R> =>
    aroundSend(client, (request, send) =>
      Effect.gen(function*() {
        const report = reportExchange(
          yield* currentObserver,
          request,
          `${baseUrl}${request.url}`,
          yield* Clock.currentTimeMillis
        )
        return yield* send(request).pipe(
          Effect.tapBoth({
            onFailure: (error) => report(null, {}, sendErrorDetail(error)),
            onSuccess: (response) => report(response.status, response.headers)
          })
        )
      }))
