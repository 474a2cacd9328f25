/**
 * The core pipeline's service-agnostic parts, against a small HTTP app served
 * in process (the same HttpClient path the simulators use): refresh-and-resend
 * on an auth failure, the concurrency cap per method class, and a success body
 * handed over as a stream.
 */
import * as HttpClient from "@effect/platform/HttpClient"
import * as HttpRouter from "@effect/platform/HttpRouter"
import * as HttpServerRequest from "@effect/platform/HttpServerRequest"
import * as HttpServerResponse from "@effect/platform/HttpServerResponse"
import { describe, expect, it } from "@effect/vitest"
import { Chunk, Deferred, Duration, Effect, Fiber, Redacted, Ref, Stream, TestClock } from "effect"
import { mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { AuthError, InvalidRequestError, ServiceError } from "../../../src/core/errors.js"
import { makePipeline, type PipelineConfig } from "../../../src/core/http/pipeline.js"
import { inProcessHttpClient } from "../../../src/testing/core/client.js"

type Route = { readonly subject: string }

const classify: PipelineConfig<Route, never>["classify"] = (answer, _route, attempts) =>
  answer.status === 401
    ? new AuthError({ reason: "rejected", status: 401, message: "rejected" })
    : answer.status >= 500
    ? new ServiceError({ status: answer.status, attempts, message: "failed" })
    : new InvalidRequestError({ status: answer.status, message: "bad" })

const bearer = (token: string) => ({ token: Redacted.make(token), headers: { authorization: `Bearer ${token}` } })

const config = (overrides: Partial<PipelineConfig<Route, never>> = {}): PipelineConfig<Route, never> => ({
  baseUrl: "http://127.0.0.1:1",
  credential: Effect.succeed(bearer("old")),
  classify,
  verdict: (
    answer
  ) => (answer.status >= 500 ? { kind: "transient", reason: String(answer.status) } : { kind: "final" }),
  maxWait: Duration.seconds(60),
  timeout: Duration.seconds(30),
  ...overrides
})

/** A router is an HttpApp: answer unknown routes with 404 and serve it in process. */
const withApp = (router: HttpRouter.HttpRouter<never, never>) =>
  Effect.provideService(
    HttpClient.HttpClient,
    inProcessHttpClient(Effect.catchAll(router, () => Effect.succeed(HttpServerResponse.empty({ status: 404 }))))
  )

describe("the core pipeline", () => {
  it.effect("refreshes the credential once after an auth failure and resends; a second failure is the error", () =>
    Effect.gen(function*() {
      const token = yield* Ref.make("old")
      const seen: Array<string> = []
      const app = HttpRouter.empty.pipe(
        HttpRouter.get(
          "/me",
          Effect.map(HttpServerRequest.HttpServerRequest, (req) => {
            seen.push(req.headers.authorization ?? "")
            return req.headers.authorization === "Bearer new"
              ? HttpServerResponse.unsafeJson({ ok: true })
              : HttpServerResponse.empty({ status: 401 })
          })
        )
      )
      const refreshes = yield* Ref.make(0)
      const pipeline = yield* makePipeline(config({
        credential: Effect.map(Ref.get(token), bearer),
        refresh: (rejected) => {
          expect(Redacted.value(rejected)).toBe("old")
          return Effect.zipRight(Ref.update(refreshes, (n) => n + 1), Effect.as(Ref.set(token, "new"), true))
        }
      })).pipe(withApp(app))
      const answer = yield* pipeline.send({ method: "GET", path: "/me" }, { subject: "me" }).pipe(withApp(app))
      expect(answer.body).toEqual({ ok: true })
      expect(seen).toEqual(["Bearer old", "Bearer new"])
      expect(yield* Ref.get(refreshes)).toBe(1)

      // A refresh that does not help ends in the auth error, after exactly one resend.
      yield* Ref.set(token, "old")
      seen.length = 0
      const stuck = yield* makePipeline(config({
        credential: Effect.succeed(bearer("old")),
        refresh: () => Effect.succeed(true)
      })).pipe(withApp(app))
      const error = yield* Effect.flip(stuck.send({ method: "GET", path: "/me" }, { subject: "me" }))
      expect(error._tag).toBe("AuthError")
      expect(seen).toEqual(["Bearer old", "Bearer old"])
    }))

  it.effect("keeps at most N writes in flight, whatever the caller asks", () =>
    Effect.gen(function*() {
      const inFlight = yield* Ref.make(0)
      const peak = yield* Ref.make(0)
      const release = yield* Deferred.make<void>()
      const app = HttpRouter.empty.pipe(
        HttpRouter.post(
          "/items",
          Effect.gen(function*() {
            const now = yield* Ref.updateAndGet(inFlight, (n) => n + 1)
            yield* Ref.update(peak, (p) => Math.max(p, now))
            yield* Deferred.await(release)
            yield* Ref.update(inFlight, (n) => n - 1)
            return HttpServerResponse.unsafeJson({ ok: true })
          })
        )
      )
      const pipeline = yield* makePipeline(config({ concurrency: { read: 50, write: 2 } })).pipe(withApp(app))
      const send = pipeline.send({ method: "POST", path: "/items", body: { _tag: "json", value: {} } }, {
        subject: "item"
      })
      const fiber = yield* Effect.fork(Effect.all(Array.from({ length: 6 }, () => send), { concurrency: "unbounded" }))
      yield* TestClock.adjust("1 millis")
      expect(yield* Ref.get(inFlight)).toBe(2)
      yield* Deferred.succeed(release, undefined)
      yield* Fiber.join(fiber)
      expect(yield* Ref.get(peak)).toBe(2)
    }))

  it.effect("hands a success body over as a stream of bytes", () =>
    Effect.gen(function*() {
      const body = "x".repeat(100_000)
      const app = HttpRouter.empty.pipe(
        HttpRouter.get(
          "/big",
          Effect.succeed(
            HttpServerResponse.stream(
              Stream.make(new TextEncoder().encode(body.slice(0, 50_000)), new TextEncoder().encode(body.slice(50_000)))
            )
          )
        )
      )
      const pipeline = yield* makePipeline(config()).pipe(withApp(app))
      const download = yield* pipeline.download({ method: "GET", path: "/big" }, { subject: "big" })
      const chunks = Chunk.toReadonlyArray(yield* Stream.runCollect(download.body))
      expect(chunks.length).toBeGreaterThanOrEqual(1)
      expect(chunks.reduce((n, c) => n + c.length, 0)).toBe(100_000)
    }))

  it.live("times a request out on silence, not on upload time: a slow upload that keeps flowing completes", () =>
    Effect.gen(function*() {
      const dir = mkdtempSync(join(tmpdir(), "quiet-timeout-"))
      const path = join(dir, "upload.bin")
      const size = 16 * 64 * 1024
      writeFileSync(path, Buffer.alloc(size, 1))
      const file = { field: "file", path, name: "upload.bin", size, contentType: "application/octet-stream" }
      /** Reads the body a chunk every 40 ms (about 0.6 s in all), then waits `before` to answer. */
      const app = (before: Duration.DurationInput) =>
        HttpRouter.empty.pipe(
          HttpRouter.post(
            "/upload",
            Effect.gen(function*() {
              const request = yield* HttpServerRequest.HttpServerRequest
              let received = 0
              yield* Stream.runForEach(request.stream, (chunk) =>
                Effect.zipRight(Effect.sleep("40 millis"), Effect.sync(() => void (received += chunk.length))))
              yield* Effect.sleep(before)
              return HttpServerResponse.unsafeJson({ received })
            }).pipe(Effect.orDie)
          )
        )
      const upload = {
        method: "POST" as const,
        path: "/upload",
        body: { _tag: "multipart" as const, fields: {}, file }
      }
      // A limit far above one chunk's gap (40 ms) and far below the upload's time (about 0.6 s), so a loaded
      // machine's scheduling cannot fail the first case: what is tested is that flowing chunks keep it alive.
      const slow = yield* makePipeline(config({ timeout: Duration.millis(400) })).pipe(withApp(app(0)))
      const answer = yield* slow.send(upload, { subject: "upload" })
      expect((answer.body as { received: number }).received).toBeGreaterThan(size)
      // Everything sent, then no answer: the same limit applies to the silence.
      const silent = yield* makePipeline(config({ timeout: Duration.millis(400) })).pipe(withApp(app("3 seconds")))
      const error = yield* Effect.flip(silent.send(upload, { subject: "upload" }))
      expect(error).toBeInstanceOf(ServiceError)
      expect(error.message).toMatch(/No answer from .* within 400ms/)
    }))
})
