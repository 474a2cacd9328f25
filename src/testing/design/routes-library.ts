/**
 * Published library content (all tier 3): team lists paged by an id cursor
 * (team_library_content:read), file lists without a cursor
 * (library_content:read) and single items by key (library_assets:read).
 * Success bodies are `{status, error, meta}`, and so every error here uses
 * the `{error, status, message, i18n}` form.
 */
import * as HttpRouter from "@effect/platform/HttpRouter"
import * as Either from "effect/Either"
import type { Caller, ContextRef } from "./access.js"
import { accessTo, atLeast, findContext } from "./access.js"
import type { Call } from "./call.js"
import { resolveFile } from "./content-files.js"
import { guardedRoute, renderUrl } from "./content-routing.js"
import type { EndpointRule } from "./guard.js"
import { boundedInt, integerParam } from "./query-params.js"
import { json, notFoundRich, richError } from "./responses.js"
import { publicUser } from "./routes-files.js"
import type { Library, LibraryEntry } from "./seed-documents.js"
import { mainLibrary } from "./seed-documents.js"
import type { SimState } from "./state.js"

export type LibraryKind = keyof Library

const KINDS: ReadonlyArray<LibraryKind> = ["components", "component_sets", "styles"]

const team: EndpointRule = { tier: 3, scope: "team_library_content:read" }
const file: EndpointRule = { tier: 3, scope: "library_content:read" }
const byKey: EndpointRule = { tier: 3, scope: "library_assets:read" }

export const DEFAULT_LIBRARY_PAGE = 30
export const MAX_LIBRARY_PAGE = 1000

/** Every published library: only file_key publishes one. */
const libraries: ReadonlyArray<Library> = [mainLibrary]

const entries = (kind: LibraryKind): ReadonlyArray<LibraryEntry> => libraries.flatMap((library) => library[kind])

const wire = (entry: LibraryEntry, call: Call) => ({
  key: entry.key,
  file_key: entry.file_key,
  node_id: entry.node_id,
  thumbnail_url: renderUrl(call.origin, entry.file_key, entry.node_id, "png", call.now_ms),
  name: entry.name,
  description: entry.description,
  created_at: entry.created_at,
  updated_at: entry.updated_at,
  user: publicUser(entry.user_id),
  ...(entry.containing_frame === undefined ? {} : { containing_frame: entry.containing_frame }),
  ...(entry.style_type === undefined ? {} : { style_type: entry.style_type, sort_position: entry.sort_position })
})

const ok = (meta: Record<string, unknown>) => json(200, { status: 200, error: false, meta })

const teamOf = (entry: LibraryEntry): string | null => findContext("FILE", entry.file_key)?.team.id ?? null

const canView = (caller: Caller, context: ContextRef | null) =>
  context !== null && atLeast(accessTo(caller, context), "view")

/**
 * Items in publishing order. `after=N` starts after position N, `before=N`
 * ends before it; meta.cursor names the positions to continue from, each
 * only while there is more in that direction.
 */
const teamList = (kind: LibraryKind, teamId: string) => (caller: Caller, call: Call) => {
  const parsed = Either.all({
    pageSize: boundedInt(call.search, "page_size", { min: 1, max: MAX_LIBRARY_PAGE }),
    after: integerParam(call.search, "after"),
    before: integerParam(call.search, "before")
  })
  if (Either.isLeft(parsed)) return richError(400, parsed.left)
  const { after, before } = parsed.right
  if (after !== undefined && before !== undefined) return richError(400, `'after' and 'before' cannot be used together`)
  const context = findContext("TEAM", teamId)
  if (context === null) return notFoundRich()
  if (!canView(caller, context)) return richError(403, "You do not have access to this team")
  const pageSize = parsed.right.pageSize ?? DEFAULT_LIBRARY_PAGE
  const all = entries(kind).filter((e) => teamOf(e) === teamId)
  const page = after !== undefined
    ? all.filter((e) => BigInt(e.position) > after).slice(0, pageSize)
    : before !== undefined
    ? all.filter((e) => BigInt(e.position) < before).slice(-pageSize)
    : all.slice(0, pageSize)
  const first = page[0]
  const last = page[page.length - 1]
  const cursor: { before?: number; after?: number } = {}
  if (first !== undefined && all.some((e) => e.position < first.position)) cursor.before = first.position
  if (last !== undefined && all.some((e) => e.position > last.position)) cursor.after = last.position
  return ok({ [kind]: page.map((e) => wire(e, call)), cursor })
}

const fileList = (state: SimState, kind: LibraryKind, key: string) => (caller: Caller, call: Call) => {
  const found = resolveFile(state, key)
  if (found === null) return notFoundRich()
  if (found.branch !== null) {
    return richError(
      400,
      `${key} is a branch; library content is read from the main file (${found.branch.main_file_key})`
    )
  }
  if (!canView(caller, found.context)) return richError(403, "You do not have access to this file")
  return ok({ [kind]: entries(kind).filter((e) => e.file_key === key).map((e) => wire(e, call)) })
}

const one = (kind: LibraryKind, key: string) => (caller: Caller, call: Call) => {
  const entry = entries(kind).find((e) => e.key === key)
  if (entry === undefined) return notFoundRich()
  if (!canView(caller, findContext("FILE", entry.file_key))) {
    return richError(403, "You do not have access to this file")
  }
  return ok(wire(entry, call))
}

const kindRoutes = (state: SimState, kind: LibraryKind) =>
  HttpRouter.empty.pipe(
    HttpRouter.get(`/v1/teams/:team_id/${kind}`, guardedRoute(state, team, (p) => teamList(kind, p.team_id ?? ""))),
    HttpRouter.get(
      `/v1/files/:file_key/${kind}`,
      guardedRoute(state, file, (p) => fileList(state, kind, p.file_key ?? ""))
    ),
    HttpRouter.get(`/v1/${kind}/:key`, guardedRoute(state, byKey, (p) => one(kind, p.key ?? "")))
  )

export const libraryRoutes = (state: SimState) => HttpRouter.concatAll(...KINDS.map((kind) => kindRoutes(state, kind)))
