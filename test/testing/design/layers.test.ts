/**
 * The typed testing helpers: DesignSimulator.layer gives a test the HttpClient
 * and the controls over one fresh simulator, so no test writes /_sandbox calls.
 */
import * as HttpClient from "@effect/platform/HttpClient"
import * as HttpClientRequest from "@effect/platform/HttpClientRequest"
import { describe, expect, it } from "@effect/vitest"
import * as Cause from "effect/Cause"
import * as Clock from "effect/Clock"
import * as ConfigProvider from "effect/ConfigProvider"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Fiber from "effect/Fiber"
import * as Layer from "effect/Layer"
import * as Redacted from "effect/Redacted"
import * as TestClock from "effect/TestClock"
import { DesignApi } from "../../../src/design/api.js"
import { TaskmgrApi } from "../../../src/taskmgr/api.js"
import type { LoggedRequest } from "../../../src/testing/index.js"
import { designSeed, DesignSimulator, taskmgrSeed, TaskmgrSimulator } from "../../../src/testing/index.js"
import { BASE, createHook, personal, send } from "./helpers.js"

const withSimulator = <A, E>(effect: Effect.Effect<A, E, HttpClient.HttpClient | DesignSimulator>) =>
  Effect.provide(effect, DesignSimulator.layer)

/** Sends a request with exactly these headers and body; returns the status, content type and text. */
const raw = (request: HttpClientRequest.HttpClientRequest) =>
  Effect.flatMap(HttpClient.HttpClient, (client) => client.execute(request)).pipe(
    Effect.flatMap((response) =>
      Effect.map(response.text, (text) => ({
        status: response.status,
        contentType: response.headers["content-type"],
        text
      }))
    ),
    Effect.scoped,
    Effect.orDie
  )

describe("DesignSimulator.layer", () => {
  it.effect("builds a fresh simulator each time, shared by its HttpClient and its controls", () =>
    Effect.gen(function*() {
      const first = yield* withSimulator(Effect.gen(function*() {
        yield* createHook()
        const sim = yield* DesignSimulator
        return (yield* sim.requests).map((r) => `${r.method} ${r.path}`)
      }))
      expect(first).toEqual(["POST /v2/webhooks"])
      const second = yield* withSimulator(Effect.gen(function*() {
        const sim = yield* DesignSimulator
        const before = yield* sim.requests
        const missing = yield* send("GET", "/v2/webhooks/1", personal)
        return { before, status: missing.status }
      }))
      expect(second).toEqual({ before: [], status: 404 })
    }))
})

describe("injectFault", () => {
  it.effect("forces a status with headers a number of times, in the service's error body by default", () =>
    withSimulator(Effect.gen(function*() {
      const sim = yield* DesignSimulator
      yield* sim.injectFault({ method: "GET", path: "/v1/me", status: 429, headers: { "Retry-After": "7" }, times: 2 })
      for (let i = 0; i < 2; i++) {
        const r = yield* send("GET", "/v1/me", personal)
        expect(r.status).toBe(429)
        expect(r.headers["retry-after"]).toBe("7")
        // The recorded 429 body, not a generic phrase.
        expect(r.body).toEqual({ status: 429, err: "Rate limit exceeded" })
      }
      expect((yield* send("GET", "/v1/me", personal)).status).toBe(200)

      yield* sim.injectFault({
        method: "*",
        path: "/v2/webhooks*",
        status: 502,
        body: "<html>bad gateway</html>",
        headers: { "Content-Type": "text/html" }
      })
      const proxy = yield* raw(HttpClientRequest.del(`${BASE}/v2/webhooks/3`))
      expect(proxy).toEqual({ status: 502, contentType: "text/html", text: "<html>bad gateway</html>" })
      expect((yield* sim.requests).map((r) => `${r.method} ${r.path}`)).toEqual([
        "GET /v1/me",
        "GET /v1/me",
        "GET /v1/me",
        "DELETE /v2/webhooks/3"
      ])
    })))

  it.effect("waits the fault's delay on the test's Clock", () =>
    withSimulator(Effect.gen(function*() {
      const sim = yield* DesignSimulator
      yield* sim.injectFault({ method: "GET", path: "/v1/me", status: 503, delay: "10 seconds" })
      const fiber = yield* Effect.fork(send("GET", "/v1/me", personal))
      yield* TestClock.adjust("9 seconds")
      expect(fiber.unsafePoll()).toBeNull()
      yield* TestClock.adjust("1 second")
      const r = yield* Fiber.join(fiber)
      expect(r.status).toBe(503)
      expect(r.body).toEqual({ status: 503, err: "Service unavailable" })
    })))

  it.effect("treats an impossible fault as a bug in the test", () =>
    withSimulator(Effect.gen(function*() {
      const sim = yield* DesignSimulator
      const bad = [
        { method: "GET", path: "v1/me", status: 500 },
        { method: "GET", path: "/v1/me", status: 5000 },
        { method: "GET", path: "/v1/me", status: 500, times: 0 }
      ] as const
      for (const spec of bad) {
        const exit = yield* Effect.exit(sim.injectFault(spec))
        expect(Exit.isFailure(exit) && Cause.isDie(exit.cause)).toBe(true)
      }
      expect((yield* send("GET", "/v1/me", personal)).status).toBe(200)
    })))
})

describe("requests", () => {
  it.effect("records headers with secrets masked, keeping the authorization scheme", () =>
    withSimulator(Effect.gen(function*() {
      const sim = yield* DesignSimulator
      yield* send("GET", "/v1/me", { bearer: designSeed.tokens.oauth })
      yield* raw(
        HttpClientRequest.get(`${BASE}/v1/me`).pipe(
          HttpClientRequest.setHeaders({
            "X-Design-Token": designSeed.tokens.personal,
            Cookie: "session=abc123",
            "X-Api-Key": "key-123",
            "X-Client-Secret": "shh-secret",
            "X-Webhook-Passcode": "pass-9",
            "X-Request-Id": "req-1",
            Accept: "application/json"
          })
        )
      )
      const [bearer, many] = yield* sim.requests
      expect(bearer?.headers.authorization).toBe("Bearer ***")
      expect(bearer?.headers["x-design-token"]).toBeUndefined()
      expect(many?.headers).toMatchObject({
        "x-design-token": "***",
        cookie: "***",
        "x-api-key": "***",
        "x-client-secret": "***",
        "x-webhook-passcode": "***",
        "x-request-id": "req-1",
        accept: "application/json"
      })
      const text = JSON.stringify(yield* sim.requests)
      const secrets = [designSeed.tokens.oauth, designSeed.tokens.personal, "session=", "key-123", "shh-", "pass-9"]
      for (const secret of secrets) {
        expect(text).not.toContain(secret)
      }
    })))

  it.effect("masks secret fields at any depth in JSON bodies and parses form-encoded bodies", () =>
    withSimulator(Effect.gen(function*() {
      const sim = yield* DesignSimulator
      yield* raw(
        HttpClientRequest.post(`${BASE}/v1/developer_logs`).pipe(
          HttpClientRequest.bodyUnsafeJson({
            token: "secret-token",
            token_name: "ci",
            nested: {
              password: "secret-password",
              items: [{ access_token: "secret-access", keep: 1 }, { client_secret: "secret-client" }]
            }
          })
        )
      )
      yield* raw(
        HttpClientRequest.post(`${BASE}/v1/oauth/token`).pipe(
          HttpClientRequest.basicAuth("client-id", "client-secret-value"),
          HttpClientRequest.bodyUrlParams({
            redirect_uri: "https://app.example/callback",
            code: "secret-code",
            grant_type: "authorization_code",
            code_verifier: "secret-verifier"
          })
        )
      )
      yield* raw(
        HttpClientRequest.post(`${BASE}/v1/oauth/refresh`).pipe(
          HttpClientRequest.basicAuth("client-id", "client-secret-value"),
          HttpClientRequest.bodyUrlParams({ refresh_token: "secret-refresh" })
        )
      )
      const log: ReadonlyArray<LoggedRequest> = yield* sim.requests
      expect(log.map((r) => r.body)).toEqual([
        {
          token: "***",
          token_name: "ci",
          nested: { password: "***", items: [{ access_token: "***", keep: 1 }, { client_secret: "***" }] }
        },
        {
          redirect_uri: "https://app.example/callback",
          code: "***",
          grant_type: "authorization_code",
          code_verifier: "***"
        },
        { refresh_token: "***" }
      ])
      expect(log[1]?.headers.authorization).toBe("Basic ***")
      expect(log[1]?.headers["content-type"]).toBe("application/x-www-form-urlencoded")
      const text = JSON.stringify(log)
      const basic = Buffer.from("client-id:client-secret-value").toString("base64")
      for (const secret of ["secret-", basic]) {
        expect(text).not.toContain(secret)
      }
    })))

  it.effect("shows which auth header DesignApi sent in each mode", () =>
    Effect.gen(function*() {
      const headersSent = (authMode: string, token: string) =>
        Effect.gen(function*() {
          const api = yield* DesignApi
          const sim = yield* DesignSimulator
          yield* api.userMe({})
          return (yield* sim.requests).map((r) => r.headers)
        }).pipe(
          // One build: DesignApi's HttpClient and the controls reach the same simulator.
          Effect.provide(
            DesignApi.layer({
              baseUrl: "http://127.0.0.1",
              token: Redacted.make(token),
              authMode: authMode as "personal"
            }).pipe(
              Layer.provideMerge(DesignSimulator.layer)
            )
          )
        )
      const [personalHeaders] = yield* headersSent("personal", designSeed.tokens.personal)
      expect(personalHeaders?.["x-design-token"]).toBe("***")
      expect(personalHeaders?.authorization).toBeUndefined()
      const [oauthHeaders] = yield* headersSent("oauth", designSeed.tokens.oauth)
      expect(oauthHeaders?.authorization).toBe("Bearer ***")
      expect(oauthHeaders?.["x-design-token"]).toBeUndefined()
    }))
})

describe("advanceClock and setReceiver", () => {
  it.effect("moves simulator time, runs the retries due by then, and leaves the test's Clock alone", () =>
    withSimulator(Effect.gen(function*() {
      const sim = yield* DesignSimulator
      const endpoint = "https://hooks.example.com/flaky"
      yield* sim.setReceiver({ endpoint, status: 500, error: "receiver down" })
      const hook = yield* createHook({ endpoint })
      yield* sim.advanceClock("5 minutes")
      // The retry ran when the clock moved, so a later change of receiver does not rewrite it.
      yield* sim.setReceiver({ endpoint, status: 200 })
      yield* sim.advanceClock("30 minutes")
      expect(yield* Clock.currentTimeMillis).toBe(0)
      const r = yield* send("GET", `/v2/webhooks/${hook.id}/requests`, personal)
      expect(r.body.requests.map((a: any) => [a.request_info.sent_at, a.response_info?.status, a.error_msg])).toEqual([
        ["1970-01-01T00:00:00.000Z", "500", "receiver down"],
        ["1970-01-01T00:05:00.000Z", "500", "receiver down"],
        ["1970-01-01T00:35:00.000Z", "200", null]
      ])
      // The route and the helper move the same clock.
      const now = yield* send("POST", "/_sandbox/clock", { body: { advance_ms: 0 } })
      expect(now.body).toEqual({ ok: true, now: "1970-01-01T00:35:00.000Z" })
    })))

  it.effect("sets a receiver that times out a number of times, and refuses an impossible one", () =>
    withSimulator(Effect.gen(function*() {
      const sim = yield* DesignSimulator
      const endpoint = "https://hooks.example.com/slow"
      yield* sim.setReceiver({ endpoint, timeout: true, times: 1 })
      const hook = yield* createHook({ endpoint })
      yield* sim.advanceClock("5 minutes")
      const r = yield* send("GET", `/v2/webhooks/${hook.id}/requests`, personal)
      expect(r.body.requests.map((a: any) => a.response_info?.status ?? "timeout")).toEqual(["timeout", "200"])
      const exit = yield* Effect.exit(sim.setReceiver({ endpoint: "", status: 200 }))
      expect(Exit.isFailure(exit) && Cause.isDie(exit.cause)).toBe(true)
    })))
})

describe("reset", () => {
  it.effect("goes back to the seed: webhooks, faults, the log and the clock offset", () =>
    withSimulator(Effect.gen(function*() {
      const sim = yield* DesignSimulator
      yield* createHook()
      yield* sim.injectFault({ method: "GET", path: "/v1/me", status: 500 })
      yield* sim.advanceClock("1 hour")
      yield* sim.reset
      expect(yield* sim.requests).toEqual([])
      expect((yield* send("GET", "/v1/me", personal)).status).toBe(200)
      expect((yield* send("GET", "/v2/webhooks/1", personal)).status).toBe(404)
      const hook = yield* createHook({ event_type: "PING" })
      expect(hook.id).toBe("1")
      const r = yield* send("GET", `/v2/webhooks/${hook.id}/requests`, personal)
      expect(r.body.requests[0].request_info.sent_at).toBe("1970-01-01T00:00:00.000Z")
    })))
})

describe("the README's DesignSimulator example", () => {
  it.effect("runs: DesignApi and the controls over one simulator", () =>
    Effect.gen(function*() {
      const layer = DesignApi.layer({
        baseUrl: "http://127.0.0.1",
        token: Redacted.make(designSeed.tokens.personal),
        teamId: designSeed.team_id
      })
        .pipe(Layer.provideMerge(DesignSimulator.layer))
      const result = yield* Effect.gen(function*() {
        const api = yield* DesignApi
        const sim = yield* DesignSimulator
        yield* sim.injectFault({ method: "GET", path: "/v1/me", status: 404 })
        const error = yield* Effect.flip(api.userMe({}))
        const sent = yield* sim.requests
        yield* sim.setReceiver({ endpoint: "https://hooks.example.com/x", status: 500, times: 3 })
        yield* sim.advanceClock("5 minutes")
        yield* sim.reset
        return { error: error._tag, sent, after: yield* sim.requests }
      }).pipe(Effect.provide(layer), Effect.withConfigProvider(ConfigProvider.fromMap(new Map())))
      expect(result.error).toBe("NotFoundError")
      expect(result.sent).toEqual([
        {
          method: "GET",
          path: "/v1/me",
          query: {},
          headers: expect.objectContaining({ "x-design-token": "***" }),
          body: null
        }
      ])
      expect(result.after).toEqual([])
    }))
})

describe("two simulators' layers together", () => {
  it.effect("merged as .layer, the one HttpClient left says so when asked for the other service (was a 404)", () =>
    Effect.gen(function*() {
      const merged = Layer.merge(DesignSimulator.layer, TaskmgrSimulator.layer)
      const design = DesignApi.layer({ token: designSeed.tokens.personal, baseUrl: "http://127.0.0.1" })
      const exit = yield* Effect.exit(
        Effect.flatMap(DesignApi, (api) => api.userMe({})).pipe(Effect.provide(Layer.provide(design, merged)))
      )
      expect(Exit.isFailure(exit) && Cause.isDie(exit.cause)).toBe(true)
      expect(Cause.pretty((exit as Exit.Failure<unknown, unknown>).cause)).toContain(
        "The taskmgr simulator's HttpClient was asked for /v1/me"
      )
    }))

  it.effect("as .api(), each keeps its own HttpClient and both answer", () =>
    Effect.gen(function*() {
      const [me, tasks] = yield* Effect.all([
        Effect.flatMap(DesignApi, (api) => api.userMe({})),
        Effect.flatMap(TaskmgrApi, (api) => api.userGet({ user_gid: "me" }))
      ]).pipe(Effect.provide(Layer.merge(DesignSimulator.api(), TaskmgrSimulator.api())))
      expect(me.id).toBe(designSeed.users.admin.id)
      expect(tasks.gid).toBe(taskmgrSeed.user_gid)
    }))
})
