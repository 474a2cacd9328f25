/**
 * The API front door under /api/1.0: a table of routes matched by hand, so
 * the batch endpoint can send its actions through exactly the same path as
 * requests from outside. Every request is authenticated (401), counted
 * against the token's limit (429 with Retry-After), matched (404), checked
 * for an OAuth scope (403) and, for search, counted against the search limit.
 */
import type { Call } from "../core/call.js"
import type { Caller } from "./auth.js"
import { authenticate } from "./auth.js"
import type { Reply } from "./errors.js"
import { errorBody, NOT_AUTHORIZED, RATE_LIMIT_MESSAGE, Rejection } from "./errors.js"
import { watchChange } from "./event-feeds.js"
import type { TaskmgrState } from "./model.js"
import type { Expand } from "./opt-fields.js"
import { expander, optFields } from "./opt-fields.js"
import { FREE_PER_MINUTE, PAID_PER_MINUTE, SEARCH_PER_MINUTE, takeCounting } from "./ratelimit.js"
import type { RenderContext } from "./render.js"

export const API_PREFIX = "/api/1.0"

/** What a handler sees. */
export interface Ctx {
  readonly state: TaskmgrState
  readonly call: Call
  /** The path below /api/1.0, e.g. /tasks/123. */
  readonly path: string
  readonly params: Readonly<Record<string, string>>
  readonly caller: Caller
  readonly render: RenderContext
  readonly fields: ReadonlyArray<string> | null
  readonly expand: Expand
}

export type Method = "GET" | "POST" | "PUT" | "DELETE"

export interface Route {
  readonly method: Method
  /** Below /api/1.0, with `:name` segments, e.g. /tasks/:task_gid/subtasks. */
  readonly pattern: string
  /** The OAuth scope a scoped token needs; routes without one take any token. */
  readonly scope?: string
  /** Counted against the 60-a-minute search limit too. */
  readonly search?: boolean
  readonly handler: (ctx: Ctx) => Reply
}

export const route = (
  method: Method,
  pattern: string,
  scope: string | null,
  handler: (ctx: Ctx) => Reply,
  options: { readonly search?: boolean } = {}
): Route => ({
  method,
  pattern,
  handler,
  ...(scope === null ? {} : { scope }),
  ...(options.search === true ? { search: true } : {})
})

const segments = (path: string): Array<string> => path.split("/").filter((part) => part !== "")

const matchPattern = (pattern: string, path: string): Record<string, string> | null => {
  const want = segments(pattern)
  const got = segments(path)
  if (want.length !== got.length) return null
  const params: Record<string, string> = {}
  for (let i = 0; i < want.length; i++) {
    const expected = want[i]!
    const actual = decodeURIComponent(got[i]!)
    if (expected.startsWith(":")) params[expected.slice(1)] = actual
    else if (expected !== actual) return null
  }
  return params
}

const rateLimited = (retryAfter: number): Reply => ({
  status: 429,
  body: { errors: [{ message: RATE_LIMIT_MESSAGE }] },
  headers: { "Retry-After": String(retryAfter) }
})

/** Answers one API request (from outside, or one batch action). */
export const dispatch = (state: TaskmgrState, routes: ReadonlyArray<Route>, call: Call): Reply => {
  const caller = authenticate(state, call)
  if (caller === null) return { status: 401, body: errorBody(401, NOT_AUTHORIZED) }
  const perMinute = caller.paid ? PAID_PER_MINUTE : FREE_PER_MINUTE
  const wait = takeCounting(state.buckets, `token:${caller.token}`, perMinute, call.now_ms)
  if (wait !== null) return rateLimited(wait)

  const path = call.path.slice(API_PREFIX.length) || "/"
  let pathMatched = false
  for (const candidate of routes) {
    const params = matchPattern(candidate.pattern, path)
    if (params === null) continue
    pathMatched = true
    if (candidate.method !== call.method.toUpperCase()) continue
    const scopes = caller.record.scopes
    if (candidate.scope !== undefined && scopes !== null && !scopes.includes(candidate.scope)) {
      return { status: 403, body: errorBody(403, `Forbidden: this token does not have the scope ${candidate.scope}`) }
    }
    if (candidate.search === true) {
      const searchWait = takeCounting(state.buckets, `search:${caller.token}`, SEARCH_PER_MINUTE, call.now_ms)
      if (searchWait !== null) return rateLimited(searchWait)
    }
    const render: RenderContext = { state, app_url: call.origin }
    const ctx: Ctx = {
      state,
      call,
      path,
      params,
      caller,
      render,
      fields: optFields(call),
      expand: expander(render, caller.user.gid)
    }
    try {
      // A write that succeeds shows in the event feeds of what it touched.
      const changed = watchChange(ctx)
      const reply = candidate.handler(ctx)
      changed(reply)
      return reply
    } catch (error) {
      if (error instanceof Rejection) return error.reply()
      throw error
    }
  }
  return { status: 404, body: errorBody(404, pathMatched ? "No matching route for request" : "Not found") }
}
