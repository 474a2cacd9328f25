/**
 * File, project and team arguments as ids or as the service's URLs, in one
 * place: `https://{www}/design/KEY/Name?node-id=1-2` (also /file/, /proto/,
 * /board/, and a branch `/design/KEY/branch/BRANCH/Name`),
 * `.../files/team/ID/...` and `.../files/project/ID/...`. The Schemas check
 * that a value is one of these, so library callers, flags and tool arguments
 * are refused alike before sending; the helpers read the key (and node id)
 * out of a checked value when the request is built. A URL must also be on the
 * app URL's host: the Schemas are marked AppLink, and every operation checks
 * its marked fields before sending (define.ts).
 */
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import * as Schema from "effect/Schema"
import { refusal } from "../core/allowed.js"
import { AppLinkId } from "../core/app-url.js"
import { invalidInput, type InvalidInputError } from "../core/errors.js"

/** A node id as the service writes it: 1:2, or an instance's sublayer I5:10;1:2. */
export const NODE_ID = /^I?\d+:\d+(;\d+:\d+)*$/

export const NodeId = Schema.String.pipe(
  Schema.filter((s) =>
    NODE_ID.test(s) ||
    `must be a node id like 1:2${/^\d+-\d+$/.test(s) ? ` (a URL writes ${s}; here it is ${s.replace("-", ":")})` : ""}`
  )
)

/** A comma list on the command line, an array in a tool call; at least one id, each in 1:2 form. */
export const NodeIds = Schema.Array(NodeId).pipe(Schema.filter((ids) => ids.length > 0 || "needs at least one node id"))

export interface FileRef {
  /** The file the URL shows: its branch when it names one, else the main file. Requests use this. */
  readonly key: string
  /** The main file, for the calls that refuse branch keys (file-scoped library lists). */
  readonly main: string
  /** The node the URL points at (its node-id, 1-2 read as 1:2), if it names one. */
  readonly nodeId: string | undefined
}

const KEY = /^[A-Za-z0-9_-]+$/
const FILE_SEGMENTS = new Set(["file", "design", "proto", "board", "slides", "deck", "site", "make"])

const urlOf = (value: string): URL | undefined => {
  if (!/^https?:\/\//i.test(value)) return undefined
  try {
    return new URL(value)
  } catch {
    return undefined
  }
}

/** A malformed escape (%zz) stays as written, and is then refused as not a key, instead of throwing. */
const decodeSegment = (s: string) => {
  try {
    return decodeURIComponent(s)
  } catch {
    return s
  }
}

const segmentsOf = (url: URL) => url.pathname.split("/").filter((s) => s !== "").map(decodeSegment)

/** A file key, or a file URL's key, branch and node-id; Left says why not. */
export const parseFileRef = (raw: string): Either.Either<FileRef, string> => {
  const value = raw.trim()
  if (KEY.test(value)) return Either.right({ key: value, main: value, nodeId: undefined })
  const url = urlOf(value)
  if (url === undefined) return Either.left("must be a file key or a file URL")
  const segments = segmentsOf(url)
  const at = segments.findIndex((s) => FILE_SEGMENTS.has(s))
  const main = at < 0 ? undefined : segments[at + 1]
  if (main === undefined || !KEY.test(main)) {
    return Either.left("must be a file URL such as https://…/design/KEY/… (or /file/, /proto/, /board/)")
  }
  const branch = segments[at + 2] === "branch" ? segments[at + 3] : undefined
  const key = branch !== undefined && KEY.test(branch) ? branch : main
  const node = url.searchParams.get("node-id")
  if (node === null || node === "") return Either.right({ key, main, nodeId: undefined })
  const nodeId = node.replace(/-/g, ":")
  return NODE_ID.test(nodeId)
    ? Either.right({ key, main, nodeId })
    : Either.left(`must be a file URL whose node-id is like 1-2, not "${node}"`)
}

/** The id a team or project argument names: the id itself, or the one after /team/ or /project/ in a URL. */
export const parseIdRef = (kind: "team" | "project", raw: string): Either.Either<string, string> => {
  const value = raw.trim()
  if (/^\d+$/.test(value)) return Either.right(value)
  const url = urlOf(value)
  if (url === undefined) return Either.left(`must be a ${kind} id or a ${kind} URL`)
  const segments = segmentsOf(url)
  const at = segments.indexOf(kind)
  const id = at < 0 ? undefined : segments[at + 1]
  return id !== undefined && /^\d+$/.test(id)
    ? Either.right(id)
    : Either.left(`must be a ${kind} URL such as https://…/files/${kind}/ID/…`)
}

export type ContextKind = "team" | "project" | "file"

export interface ContextRef {
  /** What the URL says it is; undefined for a bare id. */
  readonly context: ContextKind | undefined
  readonly id: string
}

/** A webhook context: a bare id, or a team, project or file URL (a file by its main key). */
export const parseContextRef = (value: string, field: string): Effect.Effect<ContextRef, InvalidInputError> => {
  const url = urlOf(value.trim())
  if (url === undefined) {
    return KEY.test(value.trim())
      ? Effect.succeed({ context: undefined, id: value.trim() })
      : Effect.fail(invalidInput(refusal(field, "an id, or a team, project or file URL", value), field))
  }
  const segments = segmentsOf(url)
  for (const kind of ["team", "project"] as const) {
    if (segments.includes(kind)) {
      return Either.match(parseIdRef(kind, value), {
        onLeft: (why) => Effect.fail(refused(field, why, value)),
        onRight: (id) => Effect.succeed({ context: kind, id })
      })
    }
  }
  return Either.match(parseFileRef(value), {
    onLeft: () =>
      Effect.fail(
        invalidInput(refusal(field, "a URL with /team/ID, /project/ID or /file/KEY in it", value), field)
      ),
    onRight: (ref) => Effect.succeed({ context: "file", id: ref.main })
  })
}

const checked = (parse: (s: string) => Either.Either<unknown, string>) => (s: string) =>
  Either.match(parse(s), { onLeft: (why) => why, onRight: () => true })

// An empty jsonSchema annotation keeps the refinement (and its description) in a tool's JSON Schema.
// AppLink: a URL given here must be on the app's host (checked when the operation runs, with the client's app URL).
export const FileKeyOrUrl = Schema.String.pipe(Schema.filter(checked(parseFileRef), { jsonSchema: {} }))
  .annotations({ description: "File key or URL", [AppLinkId]: true })
export const TeamIdOrUrl = Schema.String.pipe(Schema.filter(checked((s) => parseIdRef("team", s)), { jsonSchema: {} }))
  .annotations({ description: "Id or URL; default: configured", [AppLinkId]: true })
export const ProjectIdOrUrl = Schema.String.pipe(
  Schema.filter(checked((s) => parseIdRef("project", s)), { jsonSchema: {} })
)
  .annotations({ [AppLinkId]: true })
/** A webhook context: an id, or a team, project or file URL (parseContextRef reads it when the request is built). */
export const ContextIdOrUrl = Schema.String.annotations({ description: "Id or URL", [AppLinkId]: true })

/** The key (and node id) of a file argument. */
export const fileRefOf = (value: string, field: string): Effect.Effect<FileRef, InvalidInputError> =>
  Either.match(parseFileRef(value), {
    onLeft: (why) => Effect.fail(refused(field, why, value)),
    onRight: Effect.succeed
  })

/** A parse's "must be …" as the refusal of the value. */
const refused = (field: string, why: string, value: string) =>
  invalidInput(refusal(field, why.replace(/^must be /, ""), value), field)

/** The id of a team or project argument. */
export const idOf = (
  kind: "team" | "project",
  value: string,
  field: string
): Effect.Effect<string, InvalidInputError> =>
  Either.match(parseIdRef(kind, value), {
    onLeft: (why) => Effect.fail(refused(field, why, value)),
    onRight: Effect.succeed
  })

/** For values the input Schema has already checked: the key requests use, the main key, the node id. */
export const fileKeyOf = (value: string): string =>
  Either.match(parseFileRef(value), { onLeft: () => value, onRight: (r) => r.key })
export const mainFileKeyOf = (value: string): string =>
  Either.match(parseFileRef(value), { onLeft: () => value, onRight: (r) => r.main })
export const nodeIdOf = (value: string): string | undefined =>
  Either.getOrUndefined(Either.map(parseFileRef(value), (r) => r.nodeId))
export const teamIdOf = (value: string): string => Either.getOrElse(parseIdRef("team", value), () => value)
