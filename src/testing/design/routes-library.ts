/**
 * Published library content (all tier 3): team lists paged by an id cursor
 * (team_library_content:read), file lists without a cursor
 * (library_content:read) and single items by key (library_assets:read).
 * Success bodies are `{status, error, meta}`, and so every error here uses
 * the `{error, status, message, i18n}` form.
 */
import * as Either from "effect/Either"
import type { Call } from "../core/call.js"
import { integer, integerIn } from "../core/params.js"
import { invalid } from "../core/rejection.js"
import { route } from "../core/route.js"
import type { Caller, ContextRef } from "./access.js"
import { accessTo, atLeast, findContext, publicUser } from "./access.js"
import { resolveFile } from "./files.js"
import type { ApiRoute, CallerCtx } from "./gate.js"
import { endpoint } from "./gate.js"
import { fileQuery, fileWords } from "./params.js"
import { renderUrl } from "./render.js"
import { json, notFoundRich, richError } from "./responses.js"
import type { Library, LibraryEntry } from "./seed-documents.js"
import { mainLibrary } from "./seed-documents.js"

export type LibraryKind = keyof Library

const KINDS: ReadonlyArray<LibraryKind> = ["components", "component_sets", "styles"]

const team = endpoint(3, "team_library_content:read", { errors: "rich" })
const file = endpoint(3, "library_content:read", { errors: "rich" })
const byKey = endpoint(3, "library_assets:read", { errors: "rich" })

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
const teamList = (kind: LibraryKind) => ({ call, caller, params }: CallerCtx) =>
  Either.gen(function*() {
    const teamId = params.team_id ?? ""
    const pageSize = (yield* fileQuery(call, "page_size", integerIn({ min: 1, max: MAX_LIBRARY_PAGE }, fileWords))) ??
      DEFAULT_LIBRARY_PAGE
    const after = yield* fileQuery(call, "after", integer(fileWords))
    const before = yield* fileQuery(call, "before", integer(fileWords))
    if (after !== undefined && before !== undefined) {
      return yield* invalid(`'after' and 'before' cannot be used together`)
    }
    const context = findContext("TEAM", teamId)
    if (context === null) return yield* notFoundRich()
    if (!canView(caller, context)) return yield* richError(403, "You do not have access to this team")
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
  })

const fileList = (kind: LibraryKind) => ({ call, caller, params, state }: CallerCtx) => {
  const key = params.file_key ?? ""
  const found = resolveFile(state.files, key)
  if (found === null) return notFoundRich()
  if (found.branch !== null) {
    return richError(
      400,
      `${key} is a branch; library content is read from the main file (${found.branch.main_file_key})`
    )
  }
  if (!canView(caller, found.context)) return richError(403, "You do not have access to this file")
  return Either.right(ok({ [kind]: entries(kind).filter((e) => e.file_key === key).map((e) => wire(e, call)) }))
}

const one = (kind: LibraryKind) => ({ call, caller, params }: CallerCtx) => {
  const entry = entries(kind).find((e) => e.key === (params.key ?? ""))
  if (entry === undefined) return notFoundRich()
  if (!canView(caller, findContext("FILE", entry.file_key))) {
    return richError(403, "You do not have access to this file")
  }
  return Either.right(ok(wire(entry, call)))
}

export const libraryRoutes: ReadonlyArray<ApiRoute> = KINDS.flatMap((kind) => [
  route("GET", `/v1/teams/:team_id/${kind}`, team, teamList(kind)),
  route("GET", `/v1/files/:file_key/${kind}`, file, fileList(kind)),
  route("GET", `/v1/${kind}/:key`, byKey, one(kind))
])
