/**
 * `POST /batch`: up to 10 actions, each sent through the same front door as
 * a request from outside (authenticated and counted against the token's
 * limit like one). Every action is checked before any runs: none, more than
 * 10, a query string in `relative_path` or an unknown method fails the whole
 * batch with a 400. The service runs actions in no guaranteed order; the
 * simulator runs them last to first so a client relying on order is caught,
 * and answers `{data: [{status_code, headers, body}]}` in the order asked.
 */
import * as Either from "effect/Either"
import type { Call } from "../core/call.js"
import { queryObject } from "../core/call.js"
import { isRecord } from "../core/params.js"
import type { Parsed } from "../core/rejection.js"
import type { Method } from "../core/route.js"
import { route } from "../core/route.js"
import type { ApiRoute, Ctx } from "./context.js"
import type { Reply } from "./errors.js"
import { badRequest, ok } from "./errors.js"
import { input } from "./input.js"
import { API_PREFIX, dispatch } from "./router.js"

export const MAX_BATCH_ACTIONS = 10
export const BATCH_PATH_QUERY_MESSAGE = "Parameters are not accepted in a batch action path"

interface Action {
  readonly method: Method
  readonly path: string
  readonly query: URLSearchParams
  readonly data: unknown
}

const METHODS: ReadonlyArray<Method> = ["GET", "POST", "PUT", "DELETE"]

const readAction = (value: unknown, index: number): Parsed<Action> => {
  if (!isRecord(value)) return badRequest(`actions[${index}]: Value is not an object`)
  const path = value.relative_path
  if (typeof path !== "string" || !path.startsWith("/")) {
    return badRequest(`actions[${index}].relative_path: Missing input`)
  }
  if (path.includes("?")) return badRequest(BATCH_PATH_QUERY_MESSAGE)
  if (path === "/batch" || path.startsWith("/batch/")) {
    return badRequest(`actions[${index}].relative_path: A batch cannot contain a batch`)
  }
  const method = typeof value.method === "string" ? value.method.toUpperCase() : ""
  if (!(METHODS as ReadonlyArray<string>).includes(method)) {
    return badRequest(`actions[${index}].method: Unknown value: ${String(value.method)}`)
  }
  const query = new URLSearchParams()
  const options = value.options
  if (options !== undefined) {
    if (!isRecord(options)) return badRequest(`actions[${index}].options: Value is not an object`)
    if (options.limit !== undefined) query.set("limit", String(options.limit))
    if (options.offset !== undefined) query.set("offset", String(options.offset))
    if (options.fields !== undefined) {
      const fields = options.fields
      if (!Array.isArray(fields) || !fields.every((f): f is string => typeof f === "string")) {
        return badRequest(`actions[${index}].options.fields: Value is not an array of strings`)
      }
      query.set("opt_fields", fields.join(","))
    }
  }
  return Either.right({ method: method as Method, path, query, data: value.data })
}

const actionCall = (outer: Call, action: Action): Call => ({
  method: action.method,
  path: `${API_PREFIX}${action.path}`,
  query: queryObject(action.query),
  search: action.query,
  body: action.data === undefined ? null : { data: action.data },
  bodyInvalid: false,
  form: null,
  multipart: null,
  headers: outer.headers,
  origin: outer.origin,
  now_ms: outer.now_ms
})

const result = (reply: Reply) => ({ status_code: reply.status, headers: reply.headers ?? {}, body: reply.body })

/** The batch route over the other routes (which it must not include). */
export const batchRoute = (routes: () => ReadonlyArray<ApiRoute>): ApiRoute =>
  route("POST", "/batch", null, (ctx: Ctx) =>
    Either.gen(function*() {
      const actions = (yield* input(ctx)).actions
      if (!Array.isArray(actions)) return yield* badRequest("actions: Missing input")
      if (actions.length === 0) return yield* badRequest("actions: At least one action is required")
      if (actions.length > MAX_BATCH_ACTIONS) {
        return yield* badRequest(
          `actions: At most ${MAX_BATCH_ACTIONS} actions are allowed in a batch, got ${actions.length}`
        )
      }
      const parsed = yield* Either.all(actions.map(readAction))
      const replies: Array<Reply | undefined> = parsed.map(() => undefined)
      for (let i = parsed.length - 1; i >= 0; i--) {
        replies[i] = dispatch(ctx.state, routes(), actionCall(ctx.call, parsed[i]!))
      }
      return ok(replies.map((reply) => result(reply!)))
    }))
