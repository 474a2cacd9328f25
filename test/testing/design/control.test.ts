/** The design simulator's /_sandbox control routes: faults, the request log, time, receivers and reset. */
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as TestClock from "effect/TestClock"
import { designSeed } from "../../../src/testing/design/index.js"
import { createHook, hookBody, personal, run, send } from "./helpers.js"

const { tokens } = designSeed

describe("control routes", () => {
  it.effect("injects faults with status, headers and a limited number of times", () =>
    run(Effect.gen(function*() {
      const added = yield* send("POST", "/_sandbox/faults", {
        body: { method: "get", path: "/v1/me", status: 503, headers: { "Retry-After": "2" }, times: 2 }
      })
      expect(added.body).toEqual({ ok: true })
      for (let i = 0; i < 2; i++) {
        const r = yield* send("GET", "/v1/me", personal)
        expect(r.status).toBe(503)
        expect(r.headers["retry-after"]).toBe("2")
        expect(r.body).toEqual({ status: 503, err: expect.any(String) })
      }
      expect((yield* send("GET", "/v1/me", personal)).status).toBe(200)

      yield* send("POST", "/_sandbox/faults", {
        body: { method: "*", path: "/v2/webhooks*", status: 500, body: { custom: true } }
      })
      const custom = yield* send("GET", "/v2/webhooks/7", personal)
      expect(custom.status).toBe(500)
      expect(custom.body).toEqual({ custom: true })
      // Faulted requests reached the service, so they are logged.
      const log = yield* send("GET", "/_sandbox/requests")
      expect(log.body.map((e: any) => e.path)).toEqual(["/v1/me", "/v1/me", "/v1/me", "/v2/webhooks/7"])
    })))

  it.effect("delays a faulted answer on the Clock", () =>
    run(Effect.gen(function*() {
      yield* send("POST", "/_sandbox/faults", {
        body: { method: "GET", path: "/v1/me", status: 500, delay_ms: 10_000 }
      })
      const fiber = yield* Effect.fork(send("GET", "/v1/me", personal))
      yield* TestClock.adjust("9 seconds")
      expect(fiber.unsafePoll()).toBeNull()
      yield* TestClock.adjust("1 second")
      const r = yield* Fiber.join(fiber)
      expect(r.status).toBe(500)
    })))

  it.effect("logs API requests with passcodes and tokens masked", () =>
    run(Effect.gen(function*() {
      yield* createHook({ passcode: "hide-me" })
      yield* send("GET", `/v2/webhooks?context=file&context_id=${designSeed.file_key}`, personal)
      const log = yield* send("GET", "/_sandbox/requests")
      const masked = expect.objectContaining({ "x-design-token": "***" })
      expect(log.body).toEqual([
        {
          method: "POST",
          path: "/v2/webhooks",
          query: {},
          headers: expect.objectContaining({ "x-design-token": "***", "content-type": "application/json" }),
          body: { ...hookBody(), passcode: "***" }
        },
        {
          method: "GET",
          path: "/v2/webhooks",
          query: { context: "file", context_id: designSeed.file_key },
          headers: masked,
          body: null
        }
      ])
      expect(log.text).not.toContain(tokens.personal)
      expect(log.text).not.toContain("hide-me")
    })))

  it.effect("resets to the seed: webhooks, ids, log, faults and buckets", () =>
    run(Effect.gen(function*() {
      yield* createHook()
      yield* send("POST", "/_sandbox/faults", { body: { method: "GET", path: "/v1/me", status: 500 } })
      for (let i = 0; i < 10; i++) yield* send("GET", "/v1/me", { token: tokens.viewer })
      expect((yield* send("POST", "/_sandbox/reset")).body).toEqual({ ok: true })
      expect((yield* send("GET", "/_sandbox/requests")).body).toEqual([])
      expect((yield* send("GET", "/v1/me", { token: tokens.viewer })).status).toBe(200)
      expect((yield* send("GET", "/v1/me", personal)).status).toBe(200)
      expect((yield* send("GET", "/v2/webhooks/1", personal)).status).toBe(404)
      expect((yield* createHook()).id).toBe("1")
    })))

  it.effect("rejects malformed control bodies with 400", () =>
    run(Effect.gen(function*() {
      const r = yield* send("POST", "/_sandbox/faults", { body: { path: "/v1/me", status: 500 } })
      expect(r.status).toBe(400)
      expect(r.body.ok).toBe(false)
      expect((yield* send("POST", "/_sandbox/clock", { body: { advance_ms: -1 } })).status).toBe(400)
    })))
})
