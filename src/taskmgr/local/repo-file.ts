/**
 * The repository registry (wrapper-only): `.taskmgr.json` at the root of a git
 * repository (the nearest directory up from the working directory that holds
 * `.git`) maps the repository to a default workspace and to projects by gid
 * and name. Commands run inside the repository take the workspace from it when
 * no flag or variable gives one (cli-options.ts), and a registered project's
 * name where a project gid is expected (`projectAliases`). A malformed file is
 * an InvalidSettingsError naming the file and the field (or the line and
 * column of a JSON fault, never its text).
 *
 * The file comes with a repository a stranger may have written, so it is
 * read as `@FILE` is: a regular file (not a link, FIFO or device), opened
 * without blocking, at most 10 MB, nested at most 64 levels. A repository
 * (its `.git`) or a file that belongs to another user (not to us or root) is
 * ignored with a note, as git's safe.directory rule does since CVE-2022-24765:
 * a `.git` in a shared parent directory must not choose our projects. It is
 * changed under a lock (read, change, write whole), so concurrent writers
 * lose nothing.
 */
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import { join } from "node:path"
import { refusal } from "../../core/allowed.js"
import { invalidInput, type InvalidInputError, InvalidSettingsError } from "../../core/errors.js"
import { refusalsOf } from "../../core/input.js"
import { jsonFaultText, parseJsonText, readCappedFile, withFileLock, writeFileAtomic } from "../../core/local-files.js"
import { configDirWarning } from "../../core/oauth/config-dir.js"
import { Gid, NonBlank } from "../records/records.js"
import { currentTrust, foreignRepoNote, locateRepo, ownerOf, type Trust, trusted } from "./repo-root.js"

export const REPO_FILE = ".taskmgr.json"

const RepoProject = Schema.Struct({ gid: Gid, name: NonBlank })
const RepoFileSchema = Schema.Struct({
  workspace_gid: Schema.optional(Gid),
  projects: Schema.optionalWith(Schema.Array(RepoProject), { default: () => [] })
})
export type RepoFile = typeof RepoFileSchema.Type

export interface Repo {
  /** The repository's root directory. */
  readonly root: string
  /** Its `.taskmgr.json`. */
  readonly path: string
  /** The file's content, when there is one. */
  readonly file: Option.Option<RepoFile>
}

const malformed = (path: string, message: string) =>
  new InvalidSettingsError({ setting: REPO_FILE, message: `${path}: ${message}` })

/** The file's content checked: each problem names its field (`projects.1.gid`), or a JSON fault its line and column. */
export const parseRepoFile = (path: string, text: string): Effect.Effect<RepoFile, InvalidSettingsError> =>
  Effect.gen(function*() {
    const json = yield* Either.match(parseJsonText(text), {
      onLeft: (fault) => Effect.fail(malformed(path, `${jsonFaultText(fault)}.`)),
      onRight: Effect.succeed
    })
    const file = yield* Effect.mapError(
      Schema.decodeUnknown(RepoFileSchema, { onExcessProperty: "error" })(json),
      (e) => malformed(path, refusalsOf(e, json).split("\n")[0]!.replace(/^input: /, "the file: "))
    )
    const twice = firstRepeatedName(file.projects)
    if (twice >= 0) {
      return yield* Effect.fail(
        malformed(
          path,
          `field projects.${twice}.name: "${file.projects[twice]!.name}" is registered twice; names must be unique.`
        )
      )
    }
    return file
  })

/** The index of the first project whose name an earlier one has, or -1: one pass, for a registry of any size. */
export const firstRepeatedName = (projects: ReadonlyArray<{ readonly name: string }>): number => {
  const seen = new Set<string>()
  for (let i = 0; i < projects.length; i++) {
    const name = projects[i]!.name
    if (seen.has(name)) return i
    seen.add(name)
  }
  return -1
}

/** Notes said once a process: `loadRepo` runs for the options and again for the aliases of one command. */
const said = new Set<string>()
const noteOnce = (message: string) =>
  said.has(message) ? Effect.void : Effect.flatMap(configDirWarning, (say) =>
    Effect.sync(() => {
      said.add(message)
      say(`Note: ${message}`)
    }))

/** The registry file at `path`: none when missing or not ours (said once), its content, or why it cannot be used. */
const readRepoFile = (path: string, trust: Trust): Effect.Effect<Option.Option<RepoFile>, InvalidSettingsError> =>
  Effect.suspend(() => {
    const owner = ownerOf(path)
    if (owner === undefined) return Effect.succeed(Option.none())
    if (!trusted(trust, owner)) {
      return Effect.as(
        noteOnce(`ignored ${path}: it belongs to another user (uid ${owner}), not to you or root.`),
        Option.none()
      )
    }
    return Either.match(readCappedFile(path, { followLinks: false }), {
      onLeft: (no) =>
        no.code === "ENOENT" ? Effect.succeed(Option.none()) : Effect.fail(malformed(path, `${no.reason}.`)),
      onRight: (text) => Effect.map(parseRepoFile(path, text), Option.some)
    })
  })

/** The repository around `cwd` and where its file goes, unread; none outside a git repository or in one not ours. */
export const repoAround = (
  cwd: string,
  trust: Trust = currentTrust()
): Effect.Effect<Option.Option<Omit<Repo, "file">>> =>
  Effect.suspend(() => {
    const found = locateRepo(cwd, trust)
    if (found._tag === "none") return Effect.succeed(Option.none())
    if (found._tag === "foreign") return Effect.as(noteOnce(foreignRepoNote(found.root, found.owner)), Option.none())
    return Effect.succeed(Option.some({ root: found.root, path: join(found.root, REPO_FILE) }))
  })

/** The repository around `cwd` and its file, if any; none outside a git repository or in one that is not ours. */
export const loadRepo = (
  cwd: string,
  trust: Trust = currentTrust()
): Effect.Effect<Option.Option<Repo>, InvalidSettingsError> =>
  Effect.flatMap(repoAround(cwd, trust), (around) =>
    Option.match(around, {
      onNone: () => Effect.succeed(Option.none()),
      onSome: (repo) => Effect.map(readRepoFile(repo.path, trust), (file) => Option.some({ ...repo, file }))
    }))

/**
 * Replaces a malformed file by an empty registry (under its lock) and says why
 * it was malformed: what `repo init`, which rewrites the file, does rather
 * than be stopped by it. A file that reads well, or none, is left as it is.
 */
export const replaceMalformed = (
  repo: Omit<Repo, "file">,
  trust: Trust = currentTrust()
): Effect.Effect<Option.Option<string>, InvalidInputError | InvalidSettingsError> =>
  withFileLock(
    repo.path,
    who,
    Effect.flatMap(Effect.either(readRepoFile(repo.path, trust)), (read) =>
      Either.isRight(read)
        ? Effect.succeed(Option.none())
        : Effect.as(writeRepoFile(repo, { projects: [] }), Option.some(read.left.message)))
  )

const who = { label: REPO_FILE, field: "repo" }

export const writeRepoFile = (repo: Pick<Repo, "path">, file: RepoFile): Effect.Effect<void, InvalidInputError> =>
  writeFileAtomic(repo.path, `${JSON.stringify(file, null, 2)}\n`, who)

/**
 * Reads the file afresh, applies `change` and writes the result whole, all
 * under the file's lock, so two commands changing it at once both count.
 * `change` gives the new content, or undefined to leave the file as it is.
 */
export const updateRepoFile = <E, R>(
  repo: Repo,
  change: (file: RepoFile) => Effect.Effect<RepoFile | undefined, E, R>,
  trust: Trust = currentTrust()
): Effect.Effect<RepoFile | undefined, E | InvalidInputError | InvalidSettingsError, R> =>
  withFileLock(
    repo.path,
    who,
    Effect.gen(function*() {
      const owner = ownerOf(repo.path)
      if (owner !== undefined && !trusted(trust, owner)) {
        return yield* Effect.fail(
          invalidInput(`${repo.path} belongs to another user (uid ${owner}); it was left as it is.`, "repo")
        )
      }
      const current = Option.getOrElse(yield* readRepoFile(repo.path, trust), (): RepoFile => ({ projects: [] }))
      const next = yield* change(current)
      if (next !== undefined) yield* writeRepoFile(repo, next)
      return next
    })
  )

const DIGITS = /^\d+$/
const isReference = (value: string) => DIGITS.test(value.trim()) || /^https?:\/\//.test(value.trim())

/**
 * A registered project by name: the one of exactly that name, else the one that matches ignoring case. Names
 * differing only in case (`Alpha`, `ALPHA`) make a name that is neither ambiguous: `ambiguous` lists them.
 */
export const projectNamed = (
  file: RepoFile,
  name: string
): { readonly project?: RepoFile["projects"][number]; readonly ambiguous?: ReadonlyArray<string> } => {
  const exact = file.projects.find((p) => p.name === name)
  if (exact !== undefined) return { project: exact }
  const folded = file.projects.filter((p) => p.name.toLowerCase() === name.toLowerCase())
  return folded.length === 1
    ? { project: folded[0]! }
    : folded.length > 1
    ? { ambiguous: folded.map((p) => p.name) }
    : {}
}

/** Why `name` names no single registered project, for a refusal under `field`. */
export const notRegistered = (file: RepoFile, path: string, field: string, name: string): InvalidInputError => {
  const { ambiguous } = projectNamed(file, name)
  const quoted = (names: ReadonlyArray<string>) => names.map((n) => `"${n}"`).join(", ")
  if (ambiguous !== undefined) {
    return invalidInput(
      `${field}: "${name}" matches ${quoted(ambiguous)} in ${path}, which differ only in case; give one exactly.`,
      field
    )
  }
  const known = quoted(file.projects.map((p) => p.name))
  return invalidInput(
    refusal(field, `a gid, a URL or a project registered in ${path}${known === "" ? "" : ` (${known})`}`, name),
    field
  )
}

/** The kinds of reference a registered project's name can stand for: a project, or a record of any kind. */
const TAKES_PROJECT = new Set(["project", "any"])

/**
 * The raw input with registered project names in place of gids, in every
 * field that takes a project (`gids` kind "project", or "any" record: a
 * status overview's, an attachment's or an event's parent). A value that is
 * neither a gid, a URL nor a registered name is refused here, naming what is
 * registered.
 */
export const projectAliases = (
  file: RepoFile,
  path: string,
  gids: Readonly<Record<string, string>>,
  raw: Record<string, unknown>
): Effect.Effect<Record<string, unknown>, InvalidInputError> =>
  Effect.gen(function*() {
    const out = { ...raw }
    const resolve = (field: string, value: string) => {
      if (isReference(value)) return Effect.succeed(value)
      const { project } = projectNamed(file, value)
      return project !== undefined ? Effect.succeed(project.gid) : Effect.fail(notRegistered(file, path, field, value))
    }
    for (const [field, kind] of Object.entries(gids)) {
      if (!TAKES_PROJECT.has(kind)) continue
      const value = out[field]
      if (typeof value === "string") out[field] = yield* resolve(field, value)
      else if (Array.isArray(value)) {
        out[field] = yield* Effect.forEach(
          value,
          (v) => (typeof v === "string" ? resolve(field, v) : Effect.succeed(v))
        )
      }
    }
    return out
  })
