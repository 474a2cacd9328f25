/**
 * A task-management service that answers whatever a test decides, for the
 * answers no honest service (and so no simulator) gives: subtasks that never
 * end, a task that is its own subtask, pages that never run out. It is an
 * HttpClient answering in this process, counting the requests it is sent.
 */
import * as HttpClient from "@effect/platform/HttpClient"
import * as HttpClientResponse from "@effect/platform/HttpClientResponse"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Redacted from "effect/Redacted"
import { TaskmgrApi } from "../../src/taskmgr/api.js"

export interface HostileRequest {
  readonly method: string
  /** Below /api/1.0. */
  readonly path: string
  readonly query: URLSearchParams
}

/** An answer with a status other than 200. */
export class WithStatus {
  constructor(readonly status: number, readonly body: unknown) {}
}

/** What the service answers a request: a body sent as JSON with 200, or `WithStatus`. */
export type Answer = (request: HostileRequest) => unknown

export interface HostileService {
  readonly layer: Layer.Layer<TaskmgrApi>
  /** Requests sent so far. */
  readonly requests: () => ReadonlyArray<HostileRequest>
}

export const hostileTaskmgr = (answer: Answer): HostileService => {
  const sent: Array<HostileRequest> = []
  const client = HttpClient.make((request, url) =>
    Effect.sync(() => {
      const seen = { method: request.method, path: url.pathname.replace(/^\/api\/1\.0/, ""), query: url.searchParams }
      sent.push(seen)
      const answered = answer(seen)
      const [status, body] = answered instanceof WithStatus ? [answered.status, answered.body] : [200, answered]
      return HttpClientResponse.fromWeb(
        request,
        new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } })
      )
    })
  )
  return {
    layer: TaskmgrApi.layer({
      token: Redacted.make("hostile-service-token"),
      baseUrl: "https://hostile.example/api/1.0",
      appUrl: "https://hostile.example"
    }).pipe(Layer.provide(Layer.succeed(HttpClient.HttpClient, client)), Layer.orDie),
    requests: () => sent
  }
}

/** A task as a list answers it. */
export const task = (gid: string, more: Record<string, unknown> = {}) => ({
  gid,
  name: `Task ${gid}`,
  completed: false,
  num_subtasks: 0,
  memberships: [{ project: { gid: "1" }, section: { gid: "2" } }],
  ...more
})

/** The project and its one section, as every hostile answer below has them. */
export const projectAnswers = (request: HostileRequest): unknown =>
  request.path === "/projects/1"
    ? { data: { gid: "1", name: "Hostile project" } }
    : request.path === "/projects/1/sections"
    ? { data: [{ gid: "2", name: "Only section" }], next_page: null }
    : undefined
