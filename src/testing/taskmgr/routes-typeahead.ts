/**
 * Typeahead: `GET /workspaces/{gid}/typeahead?resource_type&query&count`,
 * objects of one type in the workspace whose name (or a word of it) starts
 * with the query, at most `count` (1-100, default 20), one page, never paged.
 * A type the simulator keeps no records of (actor, agent) answers an empty list.
 */
import * as Either from "effect/Either"
import { given, integerIn } from "../core/params.js"
import { route } from "../core/route.js"
import type { ApiRoute } from "./context.js"
import { badRequest, ok } from "./errors.js"
import { pathGid, queryValue, taskmgrWords, workspaceOf } from "./input.js"
import type { TaskmgrState } from "./model.js"
import type { Wire } from "./refs.js"

export const TYPEAHEAD_TYPES = [
  "actor",
  "agent",
  "custom_field",
  "goal",
  "project",
  "project_template",
  "portfolio",
  "tag",
  "task",
  "team",
  "user"
] as const
const DEFAULT_COUNT = 20

type Named = { readonly gid: string; readonly name: string }

/** The named records of each type in a workspace; a group that keeps records of another type adds it here. */
export const typeaheadSources: Partial<
  Record<(typeof TYPEAHEAD_TYPES)[number], (state: TaskmgrState, workspace: string) => ReadonlyArray<Named>>
> = {
  custom_field: (state, ws) => [...state.customFields.values()].filter((f) => f.workspace === ws),
  goal: (state, ws) => [...state.goals.values()].filter((g) => g.workspace === ws),
  portfolio: (state, ws) => [...state.portfolios.values()].filter((p) => p.workspace === ws),
  project: (state, ws) => [...state.projects.values()].filter((p) => p.workspace === ws),
  project_template: (state, ws) => [...state.projectTemplates.values()].filter((t) => t.workspace === ws),
  tag: (state, ws) => [...state.tags.values()].filter((t) => t.workspace === ws),
  task: (state, ws) => [...state.tasks.values()].filter((t) => t.workspace === ws),
  team: (state, ws) => [...state.teams.values()].filter((t) => t.workspace === ws),
  user: (state, ws) => [...state.users.values()].filter((u) => u.workspaces.includes(ws))
}

const matches = (name: string, query: string) =>
  query === "" || name.toLowerCase().split(/\s+/).some((word) => word.startsWith(query)) ||
  name.toLowerCase().startsWith(query)

export const typeaheadRoutes: ReadonlyArray<ApiRoute> = [
  route("GET", "/workspaces/:workspace_gid/typeahead", "workspaces.typeahead:read", (ctx) =>
    Either.gen(function*() {
      const workspace = yield* workspaceOf(ctx, yield* pathGid(ctx, "workspace_gid"))
      const type = queryValue(ctx, "resource_type") ?? queryValue(ctx, "type")
      if (type === undefined || type === "") return yield* badRequest("resource_type: Missing input")
      if (!(TYPEAHEAD_TYPES as ReadonlyArray<string>).includes(type)) {
        return yield* badRequest(`resource_type: Unknown value: ${type}`)
      }
      const count = yield* given(
        "count",
        queryValue(ctx, "count"),
        integerIn({ min: 1, max: 100 }, taskmgrWords),
        DEFAULT_COUNT
      )
      const query = (queryValue(ctx, "query") ?? "").trim().toLowerCase()
      const source = typeaheadSources[type as (typeof TYPEAHEAD_TYPES)[number]]
      const found = (source?.(ctx.state, workspace.gid) ?? [])
        .filter((record) => matches(record.name, query))
        .sort((a, b) => a.name.localeCompare(b.name) || a.gid.localeCompare(b.gid))
        .slice(0, count)
      return ok(found.map((record): Wire => ({ gid: record.gid, resource_type: type, name: record.name })))
    }))
]
