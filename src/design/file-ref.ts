/**
 * File and team arguments as people paste them: a bare key or id, or the
 * service's URL (`https://{www}/design/KEY/Name?node-id=1-2`, `/file/`,
 * `/proto/`, `/board/`, a branch's `/design/KEY/branch/BRANCH/Name`, a team's
 * `/files/team/ID/...`). Checked by the input Schema, so every front end
 * refuses a bad one before sending, naming the field. (An empty jsonSchema
 * annotation keeps the description in the tools' JSON Schemas.)
 */
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"

export interface FileRef {
  /** The main file's key. */
  readonly key: string
  /** The branch the URL names, if it names one. */
  readonly branch: string | undefined
  /** The URL's node-id in API form (`1-2` becomes `1:2`). */
  readonly nodeId: string | undefined
}

const KEY = /^[A-Za-z0-9_-]+$/
const FILE_SEGMENTS = new Set(["file", "design", "board", "proto", "slides", "site", "make", "deck"])
const isUrl = (value: string) => /^[a-z]+:\/\//i.test(value)

const segmentsOf = (value: string): ReadonlyArray<string> | undefined => {
  try {
    return new URL(value).pathname.split("/").filter((s) => s !== "")
  } catch {
    return undefined
  }
}

/** A file key or file URL; undefined when it is neither. */
export const parseFileRef = (value: string): FileRef | undefined => {
  const trimmed = value.trim()
  if (!isUrl(trimmed)) return KEY.test(trimmed) ? { key: trimmed, branch: undefined, nodeId: undefined } : undefined
  const segments = segmentsOf(trimmed)
  if (segments === undefined) return undefined
  const at = segments.findIndex((s, i) => FILE_SEGMENTS.has(s) && i + 1 < segments.length)
  const key = segments[at + 1]
  if (at < 0 || key === undefined || !KEY.test(key)) return undefined
  const branch = segments[at + 2] === "branch" && segments[at + 3] !== undefined && KEY.test(segments[at + 3]!) ? segments[at + 3] : undefined
  const node = new URL(trimmed).searchParams.get("node-id")
  return { key, branch, nodeId: node === null || node === "" ? undefined : node.replace(/-/g, ":") }
}

/** A team id or team URL; undefined when it is neither. */
export const parseTeamRef = (value: string): string | undefined => {
  const trimmed = value.trim()
  if (!isUrl(trimmed)) return /^\d+$/.test(trimmed) ? trimmed : undefined
  const segments = segmentsOf(trimmed) ?? []
  const at = segments.indexOf("team")
  const id = at < 0 ? undefined : segments[at + 1]
  return id !== undefined && /^\d+$/.test(id) ? id : undefined
}

/** The key a request uses: the branch a URL names (the file being looked at), or the main file. */
export const fileKeyOf = (value: string): string => {
  const ref = parseFileRef(value)
  return ref === undefined ? value : ref.branch ?? ref.key
}

/** The main file's key, for the calls that refuse branch keys (file-scoped library lists). */
export const mainFileKeyOf = (value: string): string => parseFileRef(value)?.key ?? value

export const nodeIdOf = (value: string): Option.Option<string> => Option.fromNullable(parseFileRef(value)?.nodeId)

export const FileArg = Schema.String.pipe(
  Schema.filter((s) => parseFileRef(s) !== undefined || "must be a file key or a file URL (https://…/design/KEY/…)", {
    jsonSchema: {}
  })
).annotations({ description: "File key or URL" })

export const TeamArg = Schema.String.pipe(
  Schema.filter((s) => parseTeamRef(s) !== undefined || "must be a numeric team id or a team URL (https://…/files/team/ID/…)", {
    jsonSchema: {}
  })
).annotations({ description: "Id or URL; default: configured" })
