/**
 * The per-send timeout, on silence rather than on total time: a send fails
 * with a TimeoutException once `limit` passes with nothing sent and no answer.
 * Each chunk of a streamed request body counts as activity when it leaves, so
 * a large upload on a slow link is not cut off while its bytes still flow;
 * once it is all sent, the same limit applies to waiting for the answer.
 */
import * as HttpBody from "@effect/platform/HttpBody"
import type * as HttpClient from "@effect/platform/HttpClient"
import * as HttpClientRequest from "@effect/platform/HttpClientRequest"
import * as Cause from "effect/Cause"
import * as Clock from "effect/Clock"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Stream from "effect/Stream"
import { aroundSend } from "./client-step.js"

/** The request with `touch` run as each chunk of its streamed body leaves (per chunk, keeping multipart's pairs). */
const watchingBody = (request: HttpClientRequest.HttpClientRequest, touch: Effect.Effect<void>) =>
  request.body._tag !== "Stream" ? request : HttpClientRequest.setBody(
    request,
    HttpBody.stream(
      Stream.mapChunksEffect(request.body.stream, (chunk) => Effect.as(touch, chunk)),
      request.body.contentType,
      request.body.contentLength
    )
  )

/** Fails once `limit` has passed since `lastActive()`, looking again whenever activity moved it on. */
const silence = (limit: Duration.Duration, lastActive: () => number) =>
  Effect.gen(function*() {
    const quietMs = Duration.toMillis(limit)
    for (;;) {
      const quiet = (yield* Clock.currentTimeMillis) - lastActive()
      if (quiet >= quietMs) return yield* Effect.fail(new Cause.TimeoutException())
      yield* Effect.sleep(quietMs - quiet)
    }
  })

export const timeoutWhenQuiet = (limit: Duration.Duration) =>
<E, R>(
  client: HttpClient.HttpClient.With<E, R>
): HttpClient.HttpClient.With<E | Cause.TimeoutException, R> =>
  aroundSend(client, (request, send) =>
    Effect.suspend(() => {
      let lastActive = 0
      const touch = Effect.map(Clock.currentTimeMillis, (now) => void (lastActive = now))
      return Effect.zipRight(
        touch,
        Effect.raceFirst(send(watchingBody(request, touch)), silence(limit, () => lastActive))
      )
    }))
