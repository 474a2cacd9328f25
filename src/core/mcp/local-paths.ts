/**
 * Local paths in tool arguments, held to what the user allows: an agent can
 * be led by text it reads (a task's notes) to name any file, so a tool reads
 * or writes only inside the client's roots (MCP roots/list), or the server's
 * working directory when the client offers none, plus the directories the
 * server was started with (--allow-path, <PREFIX>_ALLOW_PATHS); never in a
 * program's config directory, where its credentials are, whatever is
 * allowed; and a link is judged by where it leads. A refusal names the path,
 * the rule and how to widen it; nothing is sent.
 */
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import { statSync } from "node:fs"
import { delimiter, resolve } from "node:path"
import { invalidInput, type InvalidInputError } from "../errors.js"
import type { Field } from "../fields.js"
import { judgePath, type PathVerdict } from "../local-files.js"
import type { ConfigDir } from "../protected-paths.js"
import type { ClientRoots } from "./types.js"

export interface ToolPaths {
  /** The server's working directory: allowed when the client offers no roots. */
  readonly cwd: string
  /** Directories the server was started with, allowed whatever the client's roots. */
  readonly allowed: ReadonlyArray<string>
  /** Never used, whatever is allowed. */
  readonly protectedDirs: ReadonlyArray<ConfigDir>
  /** TASKMGR: names the variable that allows more. */
  readonly prefix: string
}

export const PATH_NOT_ALLOWED = "PathNotAllowed"

/**
 * The directories from --allow-path and <PREFIX>_ALLOW_PATHS (separated as
 * PATH is), each an existing directory, made absolute; a bad one is a usage
 * error at start.
 */
export const allowedPaths = (
  flags: ReadonlyArray<string>,
  variable: string,
  value: string | undefined
): Effect.Effect<ReadonlyArray<string>, InvalidInputError> =>
  Effect.suspend(() => {
    const given = [...flags, ...(value ?? "").split(delimiter)].map((p) => p.trim()).filter((p) => p !== "")
    for (const path of given) {
      let directory = false
      try {
        directory = statSync(path).isDirectory()
      } catch {
        // Said below.
      }
      if (!directory) {
        return Effect.fail(
          invalidInput(`--allow-path (or ${variable}): ${path} is not an existing directory.`, "allow-path")
        )
      }
    }
    return Effect.succeed(given.map((p) => resolve(p)))
  })

const list = (paths: ReadonlyArray<string>) => paths.join(", ")

/** What a refusal says: the path, the rule it broke and how to widen what is allowed. */
const refusal = (
  field: Field,
  given: string,
  verdict: Exclude<PathVerdict, { _tag: "Allowed" }>,
  inside: ReadonlyArray<string>,
  roots: ClientRoots,
  paths: ToolPaths
): Record<string, unknown> => {
  if (verdict._tag === "Protected") {
    const dir = paths.protectedDirs.find((d) => verdict.protectedPath === d.path)
    return {
      type: PATH_NOT_ALLOWED,
      exit_code: 2,
      message: `${field.name}: ${given} is in ${
        dir === undefined ? "a" : `${dir.program}'s`
      } configuration directory (${verdict.protectedPath}), which holds credentials: no tool reads or writes there, whatever is allowed.`,
      remedy: "Use a path elsewhere; this directory cannot be allowed to tools.",
      field: field.name,
      path: verdict.path,
      rule: "protected"
    }
  }
  const where = roots.declared
    ? roots.paths.length === 0 ? "the client offers no roots" : `the client's roots: ${list(roots.paths)}`
    : `the server's working directory, ${paths.cwd} (the client offers no roots)`
  const allowed = paths.allowed.length === 0 ? "" : `; and the allowed paths: ${list(paths.allowed)}`
  const leads = verdict.real === verdict.path ? "" : ` (it leads to ${verdict.real})`
  const widen = roots.declared
    ? "add a root in the client"
    : "start the server in a directory that holds it"
  return {
    type: PATH_NOT_ALLOWED,
    exit_code: 2,
    message: `${field.name}: ${given}${leads} is outside what this server may use: ${where}${allowed}.`,
    remedy: `Use a path inside ${inside.length === 1 ? "that directory" : "those directories"}. To allow another, ` +
      `the user can ${widen}, or name it in ${paths.prefix}_ALLOW_PATHS (or the allow-path option) where the ` +
      `server is configured.`,
    field: field.name,
    path: verdict.path,
    rule: "outside_roots"
  }
}

/**
 * The arguments with each local path checked and made absolute (an omitted
 * directory that means "here" becomes the first allowed directory), or the
 * refusal (a tool error) of the first that may not be used. The client's
 * roots are asked for only when a path is there to check.
 */
export const guardToolPaths = (
  fields: ReadonlyArray<Field>,
  args: Record<string, unknown>,
  paths: ToolPaths,
  roots: Effect.Effect<ClientRoots>
): Effect.Effect<Either.Either<Record<string, unknown>, Record<string, unknown>>> => {
  const named = fields.filter((f) =>
    f.localPath !== undefined &&
    (typeof args[f.name] === "string" || (args[f.name] === undefined && f.localPath.orHere))
  )
  if (named.length === 0) return Effect.succeed(Either.right(args))
  return Effect.map(roots, (found) => {
    const inside = [...(found.declared ? found.paths : [paths.cwd]), ...paths.allowed]
    const base = inside[0] ?? paths.cwd
    const policy = { base, inside, never: paths.protectedDirs.map((d) => d.path) }
    const checked: Record<string, unknown> = { ...args }
    for (const field of named) {
      const given = typeof args[field.name] === "string" ? (args[field.name] as string) : "."
      // A blank path is the operation's to refuse, in its own words.
      if (given.trim() === "") continue
      const verdict = judgePath(given, policy)
      if (verdict._tag !== "Allowed") return Either.left(refusal(field, given, verdict, inside, found, paths))
      checked[field.name] = verdict.path
    }
    return Either.right(checked)
  })
}
