/**
 * `task scan-todos [dir] [--create --project P]` (wrapper-only): walks a
 * directory as git would see it (.gitignore at every level, `.git` skipped,
 * binary files skipped, links not followed), finds TODO and FIXME comments
 * (todo-comments.ts) and makes one task draft each: the comment's words as
 * the name, `path:line` and the line as the notes. With `create` each draft
 * becomes a task in the project unless a task there already carries its
 * `path:line` marker, so a second run creates nothing.
 *
 * Speed: only files of a known comment syntax are read, synchronously, on
 * this thread and (for large trees) a worker; a file without the bytes TODO
 * or FIXME is not decoded or lexed.
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { closeSync, openSync, readdirSync, readFileSync, readSync, statSync } from "node:fs"
import { join, resolve } from "node:path"
import { Worker } from "node:worker_threads"
import { invalidInput } from "../core/errors.js"
import type { Operation } from "../core/operation.js"
import { view } from "../core/view.js"
import type { TaskmgrClient } from "./client.js"
import type { TaskmgrError } from "./define.js"
import { everyItem } from "./every-item.js"
import { type IgnoreLevel, isIgnored, parseGitignore } from "./gitignore.js"
import { GidOrUrl } from "./records.js"
import { gidOf } from "./refs.js"
import type { taskList as TaskList } from "./tasks.js"
import { findTodos, syntaxOf } from "./todo-comments.js"

export interface TodoDraft {
  /** Relative to the scanned directory, `/`-separated. */
  readonly path: string
  readonly line: number
  readonly kind: "TODO" | "FIXME"
  readonly name: string
  /** `path:line`, a newline, and the source line. */
  readonly notes: string
}

export interface ScannedTree {
  readonly files: number
  readonly drafts: ReadonlyArray<TodoDraft>
}

/** Git and rg call a file binary when a NUL byte is in its first 8,000 bytes. */
const BINARY_PROBE = 8000
const NAME_LIMIT = 200
const TODO = Buffer.from("TODO")
const FIXME = Buffer.from("FIXME")

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

/** One buffer for every file that fits: open, read and close, without a stat or an allocation each. */
const CHUNK = 1 << 16
const chunk = Buffer.allocUnsafe(CHUNK)

/** A file's bytes (a view of the shared buffer when it fits: use before the next read); undefined when unreadable. */
const readSmall = (path: string): Buffer | undefined => {
  let fd: number
  try {
    fd = openSync(path, "r")
  } catch {
    return undefined
  }
  try {
    const read = readSync(fd, chunk, 0, CHUNK, 0)
    return read < CHUNK ? chunk.subarray(0, read) : readFileSync(path)
  } catch {
    return undefined
  } finally {
    closeSync(fd)
  }
}

interface Candidate {
  /** Relative to the scanned directory, `/`-separated. */
  readonly path: string
  readonly syntax: NonNullable<ReturnType<typeof syntaxOf>>
}

/** The files git would see whose names say a comment syntax we know, in walk order. */
const candidatesOf = (root: string): Array<Candidate> => {
  const found: Array<Candidate> = []
  const stack: Array<{ readonly rel: string; readonly levels: ReadonlyArray<IgnoreLevel> }> = [{ rel: "", levels: [] }]
  while (stack.length > 0) {
    const { rel, levels: outer } = stack.pop()!
    const abs = rel === "" ? root : `${root}/${rel}`
    let entries
    try {
      entries = readdirSync(abs, { withFileTypes: true })
    } catch {
      continue
    }
    const own = entries.some((e) => e.name === ".gitignore" && e.isFile()) ? readIgnore(abs, rel) : undefined
    const levels = own === undefined ? outer : [...outer, own]
    for (const entry of entries) {
      const path = rel === "" ? entry.name : `${rel}/${entry.name}`
      if (entry.isDirectory()) {
        if (entry.name !== ".git" && !isIgnored(levels, path, true)) stack.push({ rel: path, levels })
        continue
      }
      if (!entry.isFile() || isIgnored(levels, path, false)) continue
      const syntax = syntaxOf(entry.name)
      if (syntax !== undefined) found.push({ path, syntax })
    }
  }
  return found
}

/** A file's text when it may hold a comment to find: readable, not binary, with the bytes TODO or FIXME. */
const markedText = (bytes: Uint8Array): string | undefined => {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  if (buffer.subarray(0, BINARY_PROBE).includes(0)) return undefined
  if (!buffer.includes(TODO) && !buffer.includes(FIXME)) return undefined
  return buffer.toString("utf8")
}

/*
 * Reading is most of a scan, and the system calls of one thread leave the
 * other core idle (rg uses both): past PARALLEL_FROM files a worker thread
 * reads too (a smaller tree stops it unused). Its code is a string, not a function of ours, so
 * no bundler can rename what it refers to.
 */
const PARALLEL_FROM = 2_000
const READER = `
const { parentPort } = require("node:worker_threads")
const fs = require("node:fs")
parentPort.once("message", ({ paths, next }) => {
const chunk = Buffer.allocUnsafe(${CHUNK})
const marks = [Buffer.from("TODO"), Buffer.from("FIXME")]
const kept = []
const taken = []
let size = 0
for (let i = Atomics.add(next, 0, 1); i < paths.length; i = Atomics.add(next, 0, 1)) {
  let end = -2
  let fd
  try { fd = fs.openSync(paths[i], "r") } catch { taken.push(i, end); continue }
  try {
    const read = fs.readSync(fd, chunk, 0, ${CHUNK}, 0)
    const bytes = read < ${CHUNK} ? chunk.subarray(0, read) : fs.readFileSync(paths[i])
    end = -1
    if (!bytes.subarray(0, ${BINARY_PROBE}).includes(0) && marks.some((m) => bytes.includes(m))) {
      kept.push(Buffer.from(bytes))
      size += bytes.length
      end = size
    }
  } catch {} finally { fs.closeSync(fd) }
  taken.push(i, end)
}
const all = Buffer.concat(kept, size)
const pairs = Int32Array.from(taken)
parentPort.postMessage({ bytes: new Uint8Array(all.buffer, all.byteOffset, all.length), taken: pairs }, [pairs.buffer])
})
`

/**
 * What the worker read: the files it took, as (index, end) pairs in the
 * order it took them, and their bytes as one block (end: where the file's
 * bytes end in it; -1: nothing to find; -2: unreadable), so the answer
 * crosses threads as two transfers, not thousands.
 */
interface WorkerAnswer {
  readonly bytes: Uint8Array
  readonly taken: Int32Array
}

/**
 * A reader thread, started before the walk so that it is ready when the
 * paths are: both threads then take the next file from one shared counter,
 * so the one that reads slowly takes fewer.
 */
const startReader = () => {
  const worker = new Worker(READER, { eval: true })
  const answer = new Promise<WorkerAnswer>((resolve, reject) => {
    worker.once("message", (answer: WorkerAnswer) => {
      resolve(answer)
      void worker.terminate()
    })
    worker.once("error", reject)
  })
  return {
    read: (paths: ReadonlyArray<string>, next: Int32Array) => {
      worker.postMessage({ paths, next })
      return answer
    },
    stop: () => void worker.terminate()
  }
}

/** The drafts of a directory tree, in path and line order. Unreadable entries are passed over. */
export const scanTree = async (root: string): Promise<ScannedTree> => {
  const reader = startReader()
  const candidates = candidatesOf(root)
  const drafts: Array<TodoDraft> = []
  let files = 0
  const scan = (candidate: Candidate, text: string | undefined) => {
    if (text === undefined) return
    for (const todo of findTodos(text, candidate.syntax)) {
      const { path } = candidate
      drafts.push({ path, line: todo.line, kind: todo.kind, name: nameOf(todo.text), notes: `${markerOf({ path, line: todo.line })}\n${todo.source}` })
    }
  }
  const next = new Int32Array(new SharedArrayBuffer(4))
  const parallel = candidates.length >= PARALLEL_FROM
  if (!parallel) reader.stop()
  const theirs = parallel ? reader.read(candidates.map((c) => `${root}/${c.path}`), next) : undefined
  for (let i = Atomics.add(next, 0, 1); i < candidates.length; i = Atomics.add(next, 0, 1)) {
    const bytes = readSmall(`${root}/${candidates[i]!.path}`)
    if (bytes === undefined) continue
    files++
    scan(candidates[i]!, markedText(bytes))
  }
  if (theirs !== undefined) {
    const { bytes, taken } = await theirs
    let start = 0
    for (let k = 0; k < taken.length; k += 2) {
      const end = taken[k + 1]!
      if (end === -2) continue
      files++
      if (end === -1) continue
      scan(candidates[taken[k]!]!, Buffer.from(bytes.buffer, bytes.byteOffset + start, end - start).toString("utf8"))
      start = end
    }
  }
  drafts.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : a.line - b.line))
  return { files, drafts }
}

// ---- the operation ----------------------------------------------------------------

const Input = Schema.Struct({
  dir: Schema.optional(Schema.String.annotations({ description: "Directory to scan (default: the current one)" })),
  create: Schema.optional(Schema.Boolean.annotations({ description: "Create the drafts as tasks in project (skips ones already there)" })),
  project: Schema.optional(GidOrUrl.annotations({ description: "Project for create (gid or URL)" }))
})
type Input = typeof Input.Type

export type DraftStatus = "draft" | "created" | "exists"

export interface ScanResult {
  readonly directory: string
  readonly files_scanned: number
  readonly drafts: ReadonlyArray<TodoDraft & { readonly status: DraftStatus; readonly task_gid?: string | undefined }>
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
const taskOperations = Effect.promise(() => import("./tasks.js"))

/** The markers already in the project's tasks' notes, one a line. */
const markersIn = (client: TaskmgrClient, project: string, taskList: typeof TaskList) =>
  Effect.map(
    everyItem(taskList, client, { project, fields: ["notes"], limit: 100 } as typeof taskList.input.Type),
    (tasks) => new Set(tasks.flatMap((t) => (typeof t.notes === "string" ? t.notes.split("\n").map((l) => l.trim()) : [])))
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
      if (input.create === true && input.project === undefined) return yield* Effect.fail(invalidInput("create needs project: the project to add the tasks to.", "project"))
      if (input.create !== true && input.project !== undefined) return yield* Effect.fail(invalidInput("project only applies with create.", "project"))
      const project = input.project === undefined ? undefined : yield* gidOf(input.project, "project", "project", client.settings.appUrl)
      const directory = yield* directoryOf(input.dir)
      const tree = yield* Effect.promise(() => scanTree(directory))
      if (project === undefined) {
        return { directory, files_scanned: tree.files, drafts: tree.drafts.map((d) => ({ ...d, status: "draft" as const })) }
      }
      const { taskCreate, taskList } = yield* taskOperations
      const markers = yield* markersIn(client, project, taskList)
      const drafts: Array<ScanResult["drafts"][number]> = []
      for (const draft of tree.drafts) {
        if (markers.has(markerOf(draft))) {
          drafts.push({ ...draft, status: "exists" })
          continue
        }
        const task = yield* taskCreate.run(client, { name: draft.name, notes: draft.notes, projects: [project] }, undefined)
        drafts.push({ ...draft, status: "created", task_gid: task.gid })
      }
      return { directory, files_scanned: tree.files, drafts }
    })
}

export const scanTodosView = view(taskScanTodos, {
  command: ["task", "scan-todos"],
  tool: "taskmgr_task_scan_todos",
  positional: ["dir"],
  valueNames: { project: "GID|URL|NAME" },
  text: {
    kind: "table",
    rows: (r) => r.drafts.map((d) => ({ path: d.path, line: d.line, kind: d.kind, name: d.name, status: d.status, task_gid: d.task_gid })),
    columns: ["path", "line", "kind", "name", "status", "task_gid"],
    noun: "TODO or FIXME comments",
    footer: (r) => {
      const created = r.drafts.filter((d) => d.status === "created").length
      const existing = r.drafts.filter((d) => d.status === "exists").length
      return [`${r.drafts.length} comments in ${r.files_scanned} files${created + existing > 0 ? `: ${created} created, ${existing} already tasks` : ""}.`]
    }
  },
  examples: ["taskmgr task scan-todos src", "taskmgr task scan-todos . --create --project 1200000000000301"]
})
