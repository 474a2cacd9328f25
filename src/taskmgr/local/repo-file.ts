/**
 * The repository registry (wrapper-only): `.taskmgr.json` at the root of a git
 * repository (the nearest directory up from the working directory that holds
 * `.git`) maps the repository to a default workspace and to projects by gid
 * and name. Commands run inside the repository take the workspace from it when
 * no flag or variable gives one (cli-options.ts), and a registered project's
 * name where a project gid is expected (`projectAliases`). A malformed file is
 * an InvalidSettingsError naming the file and the field; it is written whole
 * (temp file and rename).
 */
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import { existsSync, readFileSync } from "node:fs"
import { dirname, join } from "node:path"
import { refusal } from "../../core/allowed.js"
import { invalidInput, type InvalidInputError, InvalidSettingsError } from "../../core/errors.js"
import { refusalsOf } from "../../core/input.js"
import { writeFileAtomic } from "../../core/local-files.js"
import { Gid, NonBlank } from "../records/records.js"

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

/** The nearest directory from `cwd` up that holds `.git` (a directory, or a worktree's file). */
export const findRepoRoot = (cwd: string): string | undefined => {
  for (let dir = cwd;; dir = dirname(dir)) {
    if (existsSync(join(dir, ".git"))) return dir
    if (dirname(dir) === dir) return undefined
  }
}

const malformed = (path: string, message: string) =>
  new InvalidSettingsError({ setting: REPO_FILE, message: `${path}: ${message}` })

/** The file's content checked: each problem names its field (`projects.1.gid`). */
export const parseRepoFile = (path: string, text: string): Effect.Effect<RepoFile, InvalidSettingsError> =>
  Effect.gen(function*() {
    const json = yield* Effect.try({
      try: () => JSON.parse(text) as unknown,
      catch: (e) => malformed(path, `not valid JSON (${e instanceof Error ? e.message : String(e)}).`)
    })
    const file = yield* Effect.mapError(
      Schema.decodeUnknown(RepoFileSchema, { onExcessProperty: "error" })(json),
      (e) => malformed(path, refusalsOf(e, json).split("\n")[0]!.replace(/^input: /, "the file: "))
    )
    const names = file.projects.map((p) => p.name)
    const twice = names.findIndex((name, i) => names.indexOf(name) !== i)
    if (twice >= 0) {
      return yield* Effect.fail(
        malformed(path, `field projects.${twice}.name: "${names[twice]}" is registered twice; names must be unique.`)
      )
    }
    return file
  })

/** The repository around `cwd` and its file, if any; none outside a git repository. */
export const loadRepo = (cwd: string): Effect.Effect<Option.Option<Repo>, InvalidSettingsError> =>
  Effect.suspend(() => {
    const root = findRepoRoot(cwd)
    if (root === undefined) return Effect.succeed(Option.none())
    const path = join(root, REPO_FILE)
    let text: string
    try {
      text = readFileSync(path, "utf8")
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code
      return code === "ENOENT"
        ? Effect.succeed(Option.some({ root, path, file: Option.none() }))
        : Effect.fail(malformed(path, `cannot be read (${code ?? String(e)}).`))
    }
    return Effect.map(parseRepoFile(path, text), (file) => Option.some({ root, path, file: Option.some(file) }))
  })

export const writeRepoFile = (repo: Repo, file: RepoFile): Effect.Effect<void, InvalidInputError> =>
  writeFileAtomic(repo.path, `${JSON.stringify(file, null, 2)}\n`, { label: REPO_FILE, field: "repo" })

const DIGITS = /^\d+$/
const isReference = (value: string) => DIGITS.test(value.trim()) || /^https?:\/\//.test(value.trim())

/** A registered project by name: exact, else the one that matches ignoring case. */
export const projectNamed = (file: RepoFile, name: string) =>
  file.projects.find((p) => p.name === name) ?? (() => {
    const folded = file.projects.filter((p) => p.name.toLowerCase() === name.toLowerCase())
    return folded.length === 1 ? folded[0] : undefined
  })()

/**
 * The raw input with registered project names in place of gids, in the
 * fields that take a project (`gids` kind "project"). A value that is neither
 * a gid, a URL nor a registered name is refused here, naming what is registered.
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
      const project = projectNamed(file, value)
      if (project !== undefined) return Effect.succeed(project.gid)
      const known = file.projects.map((p) => `"${p.name}"`).join(", ")
      return Effect.fail(
        invalidInput(
          refusal(field, `a gid, a URL or a project registered in ${path}${known === "" ? "" : ` (${known})`}`, value),
          field
        )
      )
    }
    for (const [field, kind] of Object.entries(gids)) {
      if (kind !== "project") continue
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
