/**
 * The one resolver of references: a gid, or any URL of the app that names a
 * record of the kind a field takes, wherever such a field is:
 *   {app}/0/PROJECT/TASK, {app}/0/PROJECT/list (board, timeline),
 *   {app}/1/WORKSPACE/project/PROJECT/task/TASK, {app}/1/WORKSPACE/project/PROJECT/list,
 *   {app}/0/team/GID, {app}/0/tag/GID/list, {app}/0/portfolio/GID/list, {app}/0/goal/GID,
 *   {app}/1/WORKSPACE/portfolio/GID/..., {app}/1/WORKSPACE/goal/GID, ...
 * (what `url parse` reads and `permalink_url` hands out). A URL of another
 * host, one naming no gid of the kind asked, or a gid that is not all digits
 * is refused before anything is sent. A field says which kind it takes with
 * `Ref(kind)` (its Schema carries the kind; define.ts resolves every such
 * field once, before the request is built); registered project names are put
 * in place of project references by the command line first (repo-file.ts).
 */
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import * as AST from "effect/SchemaAST"
import { refusal } from "../core/allowed.js"
import { appLink, isWebAddress } from "../core/app-url.js"
import { invalidInput, type InvalidInputError } from "../core/errors.js"

/** What a reference names; "any" takes the record a URL shows, whatever its kind (a membership's parent). */
export type GidKind = "task" | "project" | "workspace" | "team" | "tag" | "portfolio" | "goal" | "any"

/** The kinds a URL can name, and so a field can take. */
export const REF_KINDS: ReadonlyArray<GidKind> = ["task", "project", "team", "tag", "portfolio", "goal", "any"]

/** Marks a Schema whose values are references of one kind (its value: the GidKind). */
export const RefKindId: unique symbol = Symbol.for("design-taskmgr/RefKind")

const REF = /^(\d+|https?:\/\/\S+)$/

const KIND_WORDS: Readonly<Record<GidKind, string>> = {
  task: "task",
  project: "project",
  workspace: "workspace",
  team: "team",
  tag: "tag",
  portfolio: "portfolio",
  goal: "goal",
  any: "record"
}

/** A field taking a reference of `kind`: a gid or the app's URL of one (resolved to its gid before sending). */
export const Ref = (kind: GidKind, description?: string) =>
  Schema.String.pipe(
    Schema.pattern(REF, { message: () => `must be a gid (all digits) or a ${KIND_WORDS[kind]} URL` })
  ).annotations({
    [RefKindId]: kind,
    // Said in words in tool listings (as Gid and GidOrUrl are): an agent pays for every byte of tools/list.
    jsonSchema: {},
    description: description ?? "Gid or URL"
  })

const kindIn = (ast: AST.AST): GidKind | undefined => {
  const own = AST.getAnnotation<GidKind>(ast, RefKindId)
  if (Option.isSome(own)) return own.value
  switch (ast._tag) {
    case "Union":
      return ast.types.map(kindIn).find((k) => k !== undefined)
    case "TupleType":
      return [...ast.elements.map((e) => e.type), ...ast.rest.map((r) => r.type)].map(kindIn).find((k) =>
        k !== undefined
      )
    case "Refinement":
      return kindIn(ast.from)
    case "Transformation":
      return kindIn(ast.to)
    default:
      return undefined
  }
}

/** The input fields that take references (alone, optional or in an array), and the kind of each. */
export const refFields = (schema: Pick<Schema.Schema.Any, "ast">): Readonly<Record<string, GidKind>> => {
  const fields: Record<string, GidKind> = {}
  for (const p of AST.getPropertySignatures(AST.typeAST(schema.ast))) {
    const kind = kindIn(p.type)
    if (typeof p.name === "string" && kind !== undefined) fields[p.name] = kind
  }
  return fields
}

const DIGITS = /^\d+$/
const VIEWS = new Set(["list", "board", "timeline", "calendar", "overview"])

/** What an app URL's path names: the record it shows, and the records around it. */
export interface AppTarget {
  /** The record the page shows. */
  readonly kind: "task" | "project" | "team" | "tag" | "portfolio" | "goal"
  readonly gid: string
  readonly task?: string | undefined
  readonly project?: string | undefined
  readonly workspace?: string | undefined
  /** How a project is shown (list, board, ...), when the URL says. */
  readonly view?: string | undefined
}

/** Pages of one record that are neither a task nor a project: /0/team/GID, /1/WS/portfolio/GID/... */
const OTHER_KINDS: Readonly<Record<string, AppTarget["kind"]>> = {
  team: "team",
  tag: "tag",
  portfolio: "portfolio",
  goal: "goal",
  goals: "goal"
}

const project = (gid: string, view?: string, workspace?: string): AppTarget => ({
  kind: "project",
  gid,
  project: gid,
  workspace,
  view
})
const task = (gid: string, projectGid?: string, workspace?: string): AppTarget => ({
  kind: "task",
  gid,
  task: gid,
  project: projectGid,
  workspace
})

/** The one reading of app URL paths, for gids (gidOf) and for `url parse`. */
export const targetOfPath = (segments: ReadonlyArray<string>): AppTarget | undefined => {
  const [version, ...rest] = segments
  if (version === "0" && rest[0] !== undefined) {
    const [first, second] = rest
    const other = OTHER_KINDS[first!]
    if (other !== undefined) return second === undefined ? undefined : { kind: other, gid: second }
    if (second === undefined || VIEWS.has(second)) return project(first!, second)
    return task(second, first)
  }
  if (version === "1" && rest[0] !== undefined && rest[1] !== undefined && rest[2] !== undefined) {
    const [workspace, kind, gid, next, taskGid] = rest
    if (kind === "project") {
      return next === "task" && taskGid !== undefined
        ? task(taskGid, gid, workspace)
        : project(gid!, next, workspace)
    }
    if (kind === "task") return task(gid!, undefined, workspace)
    const other = OTHER_KINDS[kind!]
    if (other !== undefined) return { kind: other, gid: gid!, workspace }
  }
  return undefined
}

/** The gid of `kind` in `value`, a gid or a URL of the app's host naming one. */
export const gidOf = (
  value: string,
  kind: GidKind,
  field: string,
  appUrl: string
): Effect.Effect<string, InvalidInputError> => {
  const text = value.trim()
  if (DIGITS.test(text)) return Effect.succeed(text)
  if (!isWebAddress(text)) {
    return Effect.fail(
      invalidInput(refusal(field, `a gid (all digits) or a ${KIND_WORDS[kind]} URL`, value), field)
    )
  }
  return Effect.flatMap(appLink(text, field, appUrl), (url) => gidInPath(url, kind, field))
}

const segmentsOf = (url: URL) => url.pathname.split("/").filter((s) => s !== "")

const gidInPath = (url: URL, kind: GidKind, field: string): Effect.Effect<string, InvalidInputError> => {
  const named = targetOfPath(segmentsOf(url))
  const gid = named === undefined
    ? undefined
    : kind === "any"
    ? named.gid
    : kind === "task" || kind === "project" || kind === "workspace"
    ? named[kind]
    : named.kind === kind
    ? named.gid
    : undefined
  if (gid === undefined) {
    return Effect.fail(invalidInput(`${field}: the URL names no ${KIND_WORDS[kind]}.`, field))
  }
  return DIGITS.test(gid)
    ? Effect.succeed(gid)
    : Effect.fail(invalidInput(`${field}: "${gid}" in the URL is not a gid (all digits).`, field))
}

/**
 * The gid a value named, for an answer that sees the input as given (an
 * already-absent delete): its URL was resolved against the app's host before
 * the request went out, so here only its path is read.
 */
export const gidNamed = (value: string, kind: GidKind): string => {
  if (DIGITS.test(value.trim())) return value.trim()
  try {
    return Effect.runSync(Effect.orElseSucceed(gidOf(value, kind, "gid", new URL(value).origin), () => value))
  } catch {
    return value
  }
}

/** What an app URL names (`url parse`): refused, naming `field`, when it is another host's or names no record. */
export const appTargetOf = (
  value: string,
  field: string,
  appUrl: string
): Effect.Effect<AppTarget, InvalidInputError> =>
  Effect.flatMap(appLink(value, field, appUrl), (url) => {
    const target = targetOfPath(segmentsOf(url))
    if (target === undefined) {
      return Effect.fail(invalidInput(`${field}: the URL names no task, project, team, tag, portfolio or goal.`, field))
    }
    const gids = [target.gid, target.task, target.project, target.workspace].filter((g): g is string => g !== undefined)
    const bad = gids.find((g) => !DIGITS.test(g))
    return bad === undefined
      ? Effect.succeed(target)
      : Effect.fail(invalidInput(`${field}: "${bad}" in the URL is not a gid (all digits).`, field))
  })
