/**
 * How a task-management endpoint is declared: what its handler sees (the
 * request, its parameters, the authenticated caller and the render context)
 * and its rule, the OAuth scope a scoped token needs and whether search's
 * own limit counts it too. The router (router.ts) matches and checks; the
 * routes-*.ts tables declare.
 */
import type { Call } from "../core/call.js"
import type { PathParams, Route } from "../core/route.js"
import type { Caller } from "./auth.js"
import type { Reply } from "./errors.js"
import type { TaskmgrState } from "./model.js"
import type { Expand } from "./opt-fields.js"
import type { RenderContext } from "./refs.js"

export interface Ctx {
  readonly state: TaskmgrState
  readonly call: Call
  /** The path below /api/1.0, e.g. /tasks/123. */
  readonly path: string
  readonly params: PathParams
  readonly caller: Caller
  readonly render: RenderContext
  readonly fields: ReadonlyArray<string> | null
  readonly expand: Expand
}

/** A route counted against the 60-a-minute search limit too. */
export interface Searched {
  readonly scope: string
  readonly search: true
}

/** The OAuth scope a scoped token needs (null: any token), or that and the search limit. */
export type ApiRule = string | null | Searched

export const searched = (scope: string): Searched => ({ scope, search: true })

export type ApiRoute = Route<Ctx, ApiRule, Reply>
