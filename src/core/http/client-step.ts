/**
 * A step of the pipeline around each send, `client => client` as HttpClient's
 * own transforms are. Unlike `HttpClient.transform`, the step sees the request
 * as the caller hands it over, before the inner client's own request mapping
 * runs: a request waits for its permit and its pace, and has its credential
 * put on, before the user's middleware (`transformClient`) sees it, so that
 * middleware sees requests finished and as they leave.
 */
import * as HttpClient from "@effect/platform/HttpClient"
import type * as HttpClientRequest from "@effect/platform/HttpClientRequest"
import type * as HttpClientResponse from "@effect/platform/HttpClientResponse"
import * as Effect from "effect/Effect"

export type Send<E, R> = (
  request: HttpClientRequest.HttpClientRequest
) => Effect.Effect<HttpClientResponse.HttpClientResponse, E, R>

/** A step that keeps the client's error and context types. */
export type ClientStep = <E, R>(client: HttpClient.HttpClient.With<E, R>) => HttpClient.HttpClient.With<E, R>

export const aroundSend = <E, R, E2, R2>(
  client: HttpClient.HttpClient.With<E, R>,
  step: (request: HttpClientRequest.HttpClientRequest, send: Send<E, R>) => Effect.Effect<
    HttpClientResponse.HttpClientResponse,
    E2,
    R2
  >
): HttpClient.HttpClient.With<E2, R2> =>
  HttpClient.makeWith<never, never, E2, R2>(
    (request) => Effect.flatMap(request, (r) => step(r, client.execute)),
    Effect.succeed
  )
