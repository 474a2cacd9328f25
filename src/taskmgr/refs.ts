/**
 * Task and project URLs accepted wherever a gid is expected:
 *   {app}/0/PROJECT/TASK, {app}/0/PROJECT/list (board, timeline),
 *   {app}/1/WORKSPACE/project/PROJECT/task/TASK, {app}/1/WORKSPACE/project/PROJECT/list.
 * A URL of another host, one naming no gid of the kind asked, or a gid that is
 * not all digits is refused before anything is sent.
 */
import * as Effect from "effect/Effect"
import { appLink, isWebAddress } from "../core/app-url.js"
import { type InvalidInputError, invalidInput } from "../core/errors.js"

export type GidKind = "task" | "project" | "workspace" | "any"

const DIGITS = /^\d+$/
const VIEWS = new Set(["list", "board", "timeline", "calendar", "overview"])

interface Named {
  readonly task?: string | undefined
  readonly project?: string | undefined
  readonly workspace?: string | undefined
}

const fromPath = (segments: ReadonlyArray<string>): Named | undefined => {
  const [version, ...rest] = segments
  if (version === "0" && rest[0] !== undefined) {
    const [project, next] = rest
    if (next === undefined || VIEWS.has(next)) return { project }
    return { project, task: next }
  }
  if (version === "1" && rest[0] !== undefined && rest[1] === "project" && rest[2] !== undefined) {
    const named: Named = { workspace: rest[0], project: rest[2] }
    return rest[3] === "task" && rest[4] !== undefined ? { ...named, task: rest[4] } : named
  }
  return undefined
}

/** The gid of `kind` in `value`, a gid or a task or project URL of the app's host. */
export const gidOf = (value: string, kind: GidKind, field: string, appUrl: string): Effect.Effect<string, InvalidInputError> => {
  const text = value.trim()
  if (DIGITS.test(text)) return Effect.succeed(text)
  if (!isWebAddress(text)) return Effect.fail(invalidInput(`${field}: "${value}" is neither a gid (all digits) nor a task or project URL.`, field))
  return Effect.flatMap(appLink(text, field, appUrl), (url) => gidInPath(url, kind, field))
}

const gidInPath = (url: URL, kind: GidKind, field: string): Effect.Effect<string, InvalidInputError> => {
  const named = fromPath(url.pathname.split("/").filter((s) => s !== ""))
  const gid = named === undefined ? undefined : kind === "any" ? named.task ?? named.project : named[kind]
  if (gid === undefined) return Effect.fail(invalidInput(`${field}: the URL names no ${kind === "any" ? "task or project" : kind}.`, field))
  return DIGITS.test(gid) ? Effect.succeed(gid) : Effect.fail(invalidInput(`${field}: "${gid}" in the URL is not a gid (all digits).`, field))
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
