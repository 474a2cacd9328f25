/**
 * `task scan-todos [dir] [--create --project P]` (wrapper-only): walks a
 * directory as git would see it (.gitignore at every level, `.git` skipped,
 * binary files skipped, links not followed), finds TODO and FIXME comments
 * (todo-comments.ts) and makes one task draft each: the comment's words as
 * the name, `path:line` and the line as the notes. With `create` each draft
 * becomes a task in the project unless a task there already carries its
 * `path:line` marker, so a second run creates nothing.
 *
 * Speed: only files of a known comment syntax are read, synchronously, each
 * with one open, read and close; a file without TODO or FIXME is not lexed,
 * and no file is decoded whole. All on this thread: on two cores a reader
 * thread made the scan slower (its start-up and its own compiling cost more
 * than its reading saved).
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { closeSync, openSync, readdirSync, readFileSync, readSync, statSync } from "node:fs"
import { isAbsolute, join, relative, resolve, sep } from "node:path"
import { invalidInput } from "../../core/errors.js"
import { localPath } from "../../core/fields.js"
import type { Operation } from "../../core/operation.js"
import { view } from "../../core/view.js"
import type { TaskmgrError } from "../define.js"
import { everyItem } from "../every-item.js"
import type { taskList as TaskList } from "../groups/tasks.js"
import { GidOrUrl } from "../records/records.js"
import { gidOf } from "../refs.js"
import type { TaskmgrClient } from "../service.js"
import { type IgnoreLevel, isIgnored, parseGitignore } from "./gitignore.js"
import { type CommentSyntax, findTodos, syntaxOf, type TodoComment } from "./todo-comments.js"

export type DraftStatus = "draft" | "created" | "exists"

export interface TodoDraft {
  /** Relative to the scanned directory, `/`-separated. */
  readonly path: string
  readonly line: number
  readonly kind: "TODO" | "FIXME"
  readonly name: string
  /** `path:line`, a newline, and the source line. */
  readonly notes: string
  /** A scan's drafts are "draft"; creating them makes each "created" or "exists". */
  readonly status: DraftStatus
}

export interface ScannedTree {
  readonly files: number
  readonly drafts: ReadonlyArray<TodoDraft>
}

const NAME_LIMIT = 200
/** Git and rg call a file binary when a NUL byte is in its first 8,000 bytes. */
const BINARY_PROBE = 8000

/** The marker a task's notes carry, by which a later run knows the comment is done. */
export const markerOf = (draft: Pick<TodoDraft, "path" | "line">) => `${draft.path}:${draft.line}`

const nameOf = (text: string) => (text.length > NAME_LIMIT ? `${text.slice(0, NAME_LIMIT - 1)}…` : text)

const readIgnore = (dir: string, base: string): IgnoreLevel | undefined => {
  try {
    return { base, rules: parseGitignore(readFileSync(join(dir, ".gitignore"), "utf8")) }
  } catch {
    return undefined
  }
}

/** One buffer for every file that fits: a file is opened, read and closed, with no stat or new buffer each. */
const CHUNK = 1 << 16
const chunk = Buffer.allocUnsafe(CHUNK)

/**
 * A file's comments: undefined when it cannot be read; none when it is
 * binary (a NUL byte in its first 8,000 bytes) or holds no TODO or FIXME.
 * Its bytes are searched as Latin-1, which copies them as they are (no
 * UTF-8 decoding of the whole file); what a draft reports is decoded from
 * them as UTF-8 (findTodos).
 */
const todosIn = (path: string, syntax: CommentSyntax): Array<TodoComment> | undefined => {
  let fd: number
  try {
    fd = openSync(path, "r")
  } catch {
    return undefined
  }
  let bytes = chunk
  let length: number
  try {
    length = readSync(fd, chunk, 0, CHUNK, 0)
    // A file that fills the buffer may be longer: it is read whole.
    if (length === CHUNK) {
      bytes = readFileSync(path)
      length = bytes.length
    }
  } catch {
    return undefined
  } finally {
    closeSync(fd)
  }
  // Only [0, length) is this file's: the rest of the shared buffer holds an earlier file's bytes.
  const text = bytes.toString("latin1", 0, length)
  const nul = text.indexOf("\0")
  if (nul >= 0 && nul < BINARY_PROBE) return []
  if (!text.includes("TODO") && !text.includes("FIXME")) return []
  return findTodos(text, syntax, (from, to) => bytes.toString("utf8", from, to))
}

/**
 * The prefix a file's path under `root` is opened by: relative to the
 * working directory when the tree is inside it ("" for the directory
 * itself), so the kernel looks up fewer directories for each of the
 * thousands of opens; else the root itself.
 */
const openPrefix = (root: string) => {
  const fromHere = relative(process.cwd(), root)
  if (fromHere === "") return ""
  return fromHere === ".." || fromHere.startsWith(`..${sep}`) || isAbsolute(fromHere) ? `${root}/` : `${fromHere}/`
}

/**
 * Visits the files git would see whose names say a comment syntax we know:
 * `path` is relative to the root and `/`-separated; the file is opened as
 * `prefix + path`.
 */
const walkTree = (prefix: string, visit: (path: string, syntax: CommentSyntax) => void) => {
  const stack: Array<{ readonly rel: string; readonly levels: ReadonlyArray<IgnoreLevel> }> = [{ rel: "", levels: [] }]
  while (stack.length > 0) {
    const { rel, levels: outer } = stack.pop()!
    const dir = rel === "" ? prefix === "" ? "." : prefix : `${prefix}${rel}`
    let entries
    try {
      entries = readdirSync(dir, { withFileTypes: true })
    } catch {
      continue
    }
    const own = entries.some((e) => e.name === ".gitignore" && e.isFile()) ? readIgnore(dir, rel) : undefined
    const levels = own === undefined ? outer : [...outer, own]
    for (const entry of entries) {
      const name = entry.name
      const path = rel === "" ? name : `${rel}/${name}`
      if (entry.isDirectory()) {
        if (name !== ".git" && !isIgnored(levels, path, true, name)) stack.push({ rel: path, levels })
        continue
      }
      if (!entry.isFile() || isIgnored(levels, path, false, name)) continue
      const syntax = syntaxOf(name)
      if (syntax !== undefined) visit(path, syntax)
    }
  }
}

/** The drafts of a directory tree, in path and line order. Unreadable entries are passed over. */
export const scanTree = (root: string): ScannedTree => {
  const drafts: Array<TodoDraft> = []
  let files = 0
  const prefix = openPrefix(root)
  walkTree(prefix, (path, syntax) => {
    const todos = todosIn(`${prefix}${path}`, syntax)
    if (todos === undefined) return
    files++
    for (const { line, kind, text, source } of todos) {
      drafts.push({
        path,
        line,
        kind,
        name: nameOf(text),
        notes: `${markerOf({ path, line })}\n${source}`,
        status: "draft"
      })
    }
  })
  drafts.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : a.line - b.line))
  return { files, drafts }
}

// ---- the operation ----------------------------------------------------------------

const Input = Schema.Struct({
  dir: Schema.optional(
    Schema.String.annotations({
      ...localPath({ access: "read", kind: "directory", orHere: true }),
      description: "Directory to scan (default: the current one)"
    })
  ),
  create: Schema.optional(
    Schema.Boolean.annotations({ description: "Create the drafts as tasks in project (skips ones already there)" })
  ),
  project: Schema.optional(GidOrUrl.annotations({ description: "Project for create (gid or URL)" }))
})
type Input = typeof Input.Type

export interface ScanResult {
  readonly directory: string
  readonly files_scanned: number
  readonly drafts: ReadonlyArray<TodoDraft & { readonly task_gid?: string | undefined }>
}

const directoryOf = (dir: string | undefined) => {
  const path = resolve(dir ?? ".")
  try {
    if (statSync(path).isDirectory()) return Effect.succeed(path)
  } catch {
    return Effect.fail(invalidInput(`dir: ${dir ?? "."} does not exist or cannot be read.`, "dir"))
  }
  return Effect.fail(invalidInput(`dir: ${dir ?? "."} is not a directory.`, "dir"))
}

/** The task operations, loaded only to create: a scan alone starts without their Schemas. */
const taskOperations = Effect.promise(() => import("../groups/tasks.js"))

/** The markers already in the project's tasks' notes, one a line. */
const markersIn = (client: TaskmgrClient, project: string, taskList: typeof TaskList) =>
  Effect.map(
    everyItem(taskList, client, { project, fields: ["notes"], limit: 100 } as typeof taskList.input.Type),
    (tasks) =>
      new Set(tasks.flatMap((t) => (typeof t.notes === "string" ? t.notes.split("\n").map((l) => l.trim()) : [])))
  )

export const taskScanTodos: Operation<Input, typeof Input.Encoded, ScanResult, TaskmgrError, TaskmgrClient> = {
  name: "taskScanTodos",
  group: "tasks",
  summary: "TODO/FIXME comments of a directory as task drafts, or created once.",
  input: Input,
  impact: "write",
  // A second run finds every marker and creates nothing.
  idempotent: true,
  gids: { project: "project" },
  run: (client, input) =>
    Effect.gen(function*() {
      if (input.create === true && input.project === undefined) {
        return yield* Effect.fail(invalidInput("create needs project: the project to add the tasks to.", "project"))
      }
      if (input.create !== true && input.project !== undefined) {
        return yield* Effect.fail(invalidInput("project only applies with create.", "project"))
      }
      const project = input.project === undefined
        ? undefined
        : yield* gidOf(input.project, "project", "project", client.settings.appUrl)
      const directory = yield* directoryOf(input.dir)
      const tree = scanTree(directory)
      if (project === undefined) {
        return { directory, files_scanned: tree.files, drafts: tree.drafts }
      }
      const { taskCreate, taskList } = yield* taskOperations
      const markers = yield* markersIn(client, project, taskList)
      const drafts: Array<ScanResult["drafts"][number]> = []
      for (const draft of tree.drafts) {
        if (markers.has(markerOf(draft))) {
          drafts.push({ ...draft, status: "exists" })
          continue
        }
        const task = yield* taskCreate.run(
          client,
          { name: draft.name, notes: draft.notes, projects: [project] },
          undefined
        )
        drafts.push({ ...draft, status: "created", task_gid: task.gid })
      }
      return { directory, files_scanned: tree.files, drafts }
    })
}

export const views = [view(taskScanTodos, {
  command: ["task", "scan-todos"],
  positional: ["dir"],
  valueNames: { project: "GID|URL|NAME" },
  text: {
    kind: "table",
    rows: (r) =>
      r.drafts.map((d) => ({
        path: d.path,
        line: d.line,
        kind: d.kind,
        name: d.name,
        status: d.status,
        task_gid: d.task_gid
      })),
    columns: ["path", "line", "kind", "name", "status", "task_gid"],
    noun: "TODO or FIXME comments",
    footer: (r) => {
      const created = r.drafts.filter((d) => d.status === "created").length
      const existing = r.drafts.filter((d) => d.status === "exists").length
      return [
        `${r.drafts.length} comments in ${r.files_scanned} files${
          created + existing > 0 ? `: ${created} created, ${existing} already tasks` : ""
        }.`
      ]
    }
  },
  examples: ["taskmgr task scan-todos src", "taskmgr task scan-todos . --create --project 1200000000000301"]
})]
