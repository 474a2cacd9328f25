/**
 * The core as a second service would use it: a toy simulator under /api/1.0
 * with the `{"errors": [{message, help}]}` error body gets the control routes,
 * the fault and log machinery and the typed helpers without any design code.
 */
import * as HttpClient from "@effect/platform/HttpClient"
import * as HttpClientRequest from "@effect/platform/HttpClientRequest"
import { describe, expect, it } from "@effect/vitest"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import type { Call, ControlRoute, Rejection, Route, SimulatorControl } from "../../../src/testing/core/index.js"
import {
  controlOk,
  jsonResponse,
  makeSimulator,
  matchRoute,
  rejection,
  rejectionResponse,
  route,
  serveSimulator,
  simulatorLayer
} from "../../../src/testing/core/index.js"

const errorBody = (_status: number, message: string) => ({ errors: [{ message, help: "https://help.example/api" }] })
const renderError = (refused: Rejection) => errorBody(refused.status, refused.message)

interface ToyState {
  readonly tasks: Array<{ gid: string; name: string; due_on: string }>
  hooks: number
}

type ToyRoute = Route<{ readonly call: Call; readonly state: ToyState }>

const toyRoutes: ReadonlyArray<ToyRoute> = [
  route("GET", "/api/1.0/tasks", null, ({ state }) => Either.right(jsonResponse(200, { data: state.tasks }))),
  route("POST", "/api/1.0/tasks", null, ({ call, state }) => {
    const name = (call.body as { data?: { name?: string } } | null)?.data?.name ?? ""
    const task = { gid: String(state.tasks.length + 1), name, due_on: new Date(call.now_ms).toISOString() }
    state.tasks.push(task)
    return Either.right(jsonResponse(201, { data: task }))
  }),
  route("GET", "/api/1.0/broken", null, () => {
    throw new Error("a bug in the toy")
  })
]

const toyControls: ReadonlyArray<ControlRoute<ToyState>> = [
  route("GET", "/_sandbox/hooks", null, ({ state }) => Either.right(controlOk({ hooks: state.hooks })))
]

/** A stand-in service: tasks in memory, one service-only control route, a route that fails. */
const makeToySimulator = Effect.sync(() =>
  makeSimulator<ToyState>({
    name: "toy",
    state: { tasks: [], hooks: 0 },
    paths: ["/api/1.0/"],
    api: (state, call) => {
      const match = matchRoute(toyRoutes, call.method, call.path)
      if (match._tag !== "Matched") return rejectionResponse(rejection(404, "Not found"), renderError)
      return Either.getOrElse(
        match.route.handler({ call, state }),
        (refused) => rejectionResponse(refused, renderError)
      )
    },
    controlRoutes: toyControls,
    errorBody: renderError,
    reset: (state) => {
      state.tasks.length = 0
    },
    onRequest: (state) => {
      state.hooks += 1
    }
  })
)

class ToySimulator extends Context.Tag("test/ToySimulator")<ToySimulator, SimulatorControl>() {
  static readonly layer = simulatorLayer(ToySimulator, makeToySimulator)
}

const BASE = "http://toy.test"

const call = (method: "GET" | "POST", path: string, body?: unknown) =>
  Effect.gen(function*() {
    const client = yield* HttpClient.HttpClient
    let request = HttpClientRequest.make(method)(`${BASE}${path}`)
    if (body !== undefined) request = HttpClientRequest.bodyUnsafeJson(request, body)
    const response = yield* client.execute(request)
    return { status: response.status, body: (yield* response.json) as any }
  }).pipe(Effect.scoped, Effect.orDie)

describe("makeSimulator for another service", () => {
  it.effect("answers unknown routes, faults and its own failures in the service's error body", () =>
    Effect.gen(function*() {
      const sim = yield* ToySimulator
      expect(yield* call("GET", "/api/1.0/nothing")).toEqual({ status: 404, body: errorBody(404, "Not found") })
      expect(yield* call("GET", "/api/1.0/broken")).toEqual({ status: 500, body: errorBody(500, "Simulator error") })
      yield* sim.injectFault({ method: "POST", path: "/api/1.0/*", status: 503 })
      expect(yield* call("POST", "/api/1.0/tasks", { data: { name: "x" } })).toEqual({
        status: 503,
        body: errorBody(503, "Service Unavailable")
      })
      // The faulted POST reached the service's front door and was logged, but created nothing.
      expect((yield* call("GET", "/api/1.0/tasks")).body).toEqual({ data: [] })
      expect((yield* sim.requests).map((r) => `${r.method} ${r.path}`)).toEqual([
        "GET /api/1.0/nothing",
        "GET /api/1.0/broken",
        "POST /api/1.0/tasks",
        "GET /api/1.0/tasks"
      ])
    }).pipe(Effect.provide(ToySimulator.layer)))

  it.effect("serves the common control routes beside its own, and its time moves with the clock control", () =>
    Effect.gen(function*() {
      const sim = yield* ToySimulator
      const added = yield* call("POST", "/_sandbox/faults", { method: "GET", path: "/api/1.0/tasks", status: 429 })
      expect(added).toEqual({ status: 200, body: { ok: true } })
      expect((yield* call("GET", "/api/1.0/tasks")).body).toEqual(errorBody(429, "Too Many Requests"))
      expect((yield* call("POST", "/_sandbox/clock", { advance_ms: 60_000 })).body).toEqual({
        ok: true,
        now: "1970-01-01T00:01:00.000Z"
      })
      const created = yield* call("POST", "/api/1.0/tasks", { data: { name: "later" } })
      expect(created.body.data.due_on).toBe("1970-01-01T00:01:00.000Z")
      // onRequest ran for every request so far, control ones included (this one too).
      expect((yield* call("GET", "/_sandbox/hooks")).body).toEqual({ ok: true, hooks: 5 })
      expect((yield* call("GET", "/_sandbox/requests")).body).toHaveLength(2)
      expect((yield* call("POST", "/_sandbox/reset")).body).toEqual({ ok: true })
      expect(yield* sim.requests).toEqual([])
      expect((yield* call("GET", "/api/1.0/tasks")).body).toEqual({ data: [] })
      expect((yield* call("POST", "/_sandbox/faults", { path: "/x", status: 500 })).status).toBe(400)
    }).pipe(Effect.provide(ToySimulator.layer)))

  it.scopedLive("serves on a loopback port", () =>
    Effect.gen(function*() {
      const { base_url } = yield* serveSimulator(yield* makeToySimulator, 0)
      expect(base_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
      const response = yield* Effect.promise(() => fetch(`${base_url}/api/1.0/missing`))
      expect(response.status).toBe(404)
      expect(yield* Effect.promise(() => response.json())).toEqual(errorBody(404, "Not found"))
    }))
})
