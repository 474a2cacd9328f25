/**
 * One task-management simulator on the shared core: the API under /api/1.0
 * (router.ts over the route tables), the OAuth endpoints on the same origin
 * (the app host), the common /_sandbox controls, and the `{"errors": [...]}`
 * body for unknown routes and injected faults.
 */
import type { ServeError } from "@effect/platform/HttpServerError"
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import type * as Scope from "effect/Scope"
import type { Call } from "../core/call.js"
import type { SimulatorControl } from "../core/control.js"
import type { ErrorBody } from "../core/rejection.js"
import { rejection } from "../core/rejection.js"
import { jsonResponse } from "../core/responses.js"
import { matchRoute } from "../core/route.js"
import { serveSimulator } from "../core/serve.js"
import type { Simulator } from "../core/simulator.js"
import { makeSimulator, rejectionResponse } from "../core/simulator.js"
import { errorBody } from "./errors.js"
import type { TaskmgrState } from "./model.js"
import { clearState, makeEmptyState } from "./model.js"
import { oauthErrorBody, oauthRoutes } from "./oauth.js"
import { API_PREFIX, dispatch } from "./router.js"
import { apiRoutes } from "./routes.js"
import { seedWorld, taskmgrSeed } from "./seed.js"

export type TaskmgrSimulatorControl = SimulatorControl

const serviceErrorBody: ErrorBody = (refused) => errorBody(refused.status, refused.message)

/** Every request outside /_sandbox: the API, an OAuth endpoint, or the service's 404. */
const frontDoor = (state: TaskmgrState, call: Call) => {
  if (call.path.toLowerCase().startsWith(`${API_PREFIX}/`)) {
    const reply = dispatch(state, apiRoutes, call)
    return jsonResponse(reply.status, reply.body, { ...reply.headers })
  }
  const oauth = matchRoute(oauthRoutes, call.method, call.path)
  if (oauth._tag === "Matched") {
    return Either.getOrElse(
      oauth.route.handler({ call, state }),
      (refused) => rejectionResponse(refused, oauthErrorBody)
    )
  }
  return rejectionResponse(rejection(404, "Not found"), serviceErrorBody)
}

const seeded = (): TaskmgrState => {
  const state = makeEmptyState()
  seedWorld(state)
  return state
}

export const makeTaskmgrSimulator: Effect.Effect<Simulator<TaskmgrSimulatorControl>> = Effect.sync(() =>
  makeSimulator({
    name: "taskmgr",
    state: seeded(),
    paths: [`${API_PREFIX}/`, "/-/"],
    api: frontDoor,
    errorBody: serviceErrorBody,
    reset: (state) => {
      clearState(state)
      seedWorld(state)
    }
  })
)

/** The one JSON line `taskmgr sandbox` prints. */
export interface TaskmgrSandboxInfo {
  readonly base_url: string
  readonly app_url: string
  readonly tokens: { readonly personal: string; readonly free: string; readonly expired: string }
  readonly client: { readonly id: string; readonly secret: string; readonly wrong_kind_id: string }
  readonly workspace_gid: string
  readonly user_gid: string
  readonly project_gid: string
  readonly task_gid: string
  readonly team_gid: string
  readonly goal_gid: string
  readonly portfolio_gid: string
  readonly task_template_gid: string
  readonly project_template_gid: string
  readonly rule_trigger_gid: string
  readonly custom_field_gid: string
}

export const sandboxInfo = (origin: string): TaskmgrSandboxInfo => ({
  base_url: `${origin}${API_PREFIX}`,
  app_url: origin,
  tokens: {
    personal: taskmgrSeed.tokens.personal,
    free: taskmgrSeed.tokens.free,
    expired: taskmgrSeed.tokens.expired
  },
  client: {
    id: taskmgrSeed.client.id,
    secret: taskmgrSeed.client.secret,
    wrong_kind_id: taskmgrSeed.client.wrong_kind_id
  },
  workspace_gid: taskmgrSeed.workspace_gid,
  user_gid: taskmgrSeed.user_gid,
  project_gid: taskmgrSeed.project_gid,
  task_gid: taskmgrSeed.task_gid,
  team_gid: taskmgrSeed.team_gid,
  goal_gid: taskmgrSeed.goal_gid,
  portfolio_gid: taskmgrSeed.portfolio_gid,
  task_template_gid: taskmgrSeed.templates.task_template_gid,
  project_template_gid: taskmgrSeed.templates.project_template_gid,
  rule_trigger_gid: taskmgrSeed.templates.rule_trigger_gid,
  custom_field_gid: taskmgrSeed.custom_field_gids.priority
})

/** Serves a fresh simulator on 127.0.0.1 (port 0 = any free port) until the Scope closes. */
export const serveTaskmgrSandbox = (port: number): Effect.Effect<TaskmgrSandboxInfo, ServeError, Scope.Scope> =>
  Effect.flatMap(
    makeTaskmgrSimulator,
    (simulator) => Effect.map(serveSimulator(simulator, port), ({ base_url }) => sandboxInfo(base_url))
  )
