/** The per-token rate limits, with Retry-After. */
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as TestClock from "effect/TestClock"
import { FREE_PER_MINUTE, TaskmgrSimulator } from "../../../src/testing/index.js"
import { FREE, get, run } from "./helpers.js"

describe("taskmgr simulator: rate limits", () => {
  it.effect("a free workspace's token gets 150 a minute, then 429 with Retry-After and the service's message", () =>
    run(Effect.gen(function*() {
      for (let i = 0; i < FREE_PER_MINUTE; i++) expect((yield* get("/users/me", { token: FREE })).status).toBe(200)
      const limited = yield* get("/users/me", { token: FREE })
      expect(limited.status).toBe(429)
      expect(limited.body).toEqual({
        errors: [{
          message: "You've made too many requests and hit a rate limit. Please retry after the given amount of time."
        }]
      })
      const wait = Number(limited.headers["retry-after"])
      expect(wait).toBeGreaterThanOrEqual(1)
      // The paid token is counted apart and has far more room.
      for (let i = 0; i < FREE_PER_MINUTE + 10; i++) expect((yield* get("/users/me")).status).toBe(200)
      // Rejected requests count: hammering pushes the wait out.
      for (let i = 0; i < 5; i++) yield* get("/users/me", { token: FREE })
      const later = yield* get("/users/me", { token: FREE })
      expect(Number(later.headers["retry-after"])).toBeGreaterThan(wait)
      yield* TestClock.adjust(`${Number(later.headers["retry-after"])} seconds`)
      expect((yield* get("/users/me", { token: FREE })).status).toBe(200)
    })))

  it.effect("a forced fault answers in the service's error body", () =>
    run(Effect.gen(function*() {
      const sim = yield* TaskmgrSimulator
      yield* sim.injectFault({ method: "GET", path: "/api/1.0/users/me", status: 500 })
      const answer = yield* get("/users/me")
      expect(answer.status).toBe(500)
      expect(answer.body.errors[0]).toMatchObject({ message: "Internal Server Error", phrase: expect.any(String) })
    })))
})
