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

/**
 * A file's text when it may hold a comment to find, read into the shared
 * buffer when it fits (no allocation but the text); undefined when it has no
 * TODO or FIXME, is binary (a NUL byte in its first 8,000), or cannot be read.
 * `read` counts the files read.
 */
const readMarked = (path: string, read: { files: number }): string | undefined => {
  let fd: number
  try {
    fd = openSync(path, "r")
  } catch {
    return undefined
  }
  let bytes: Buffer
  let length: number
  try {
    length = readSync(fd, chunk, 0, CHUNK, 0)
    bytes = length < CHUNK ? chunk : readFileSync(path)
    if (bytes !== chunk) length = bytes.length
  } catch {
    return undefined
  } finally {
    closeSync(fd)
  }
  read.files++
  // The first match is the one that counts: the buffer past `length` holds an earlier file's bytes.
  const within = (at: number, size: number) => at >= 0 && at + size <= length
  const nul = bytes.indexOf(0)
  if (within(nul, 1) && nul < BINARY_PROBE) return undefined
  if (!within(bytes.indexOf(TODO), TODO.length) && !within(bytes.indexOf(FIXME), FIXME.length)) return undefined
  return bytes.toString("utf8", 0, length)
}

interface Candidate {
  /** Relative to the scanned directory, `/`-separated. */
  readonly path: string
  readonly syntax: NonNullable<ReturnType<typeof syntaxOf>>
}

/** The files git would see whose names say a comment syntax we know, in walk order; `walked` is told after each directory. */
const candidatesOf = (root: string, walked: (found: ReadonlyArray<Candidate>) => void): Array<Candidate> => {
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
    walked(found)
  }
  return found
}

/*
 * Reading is most of a scan, and the system calls of one thread leave the
 * other core idle (rg uses both). So a worker thread reads too: once the walk
 * has found PARALLEL_FROM files, they are handed to it as the walk goes on,
 * and both threads take the next unread file from one shared counter (the
 * worker only among the paths it has been given), so the walk and the reading
 * overlap and the thread that reads slowly takes fewer. Its code is a string
 * (no module of ours), so no bundler can rename what it refers to.
 */
const PARALLEL_FROM = 2_000
/** The fewest new paths worth a message to the worker. */
const BATCH = 128

/**
 * The next unread file, or -1 when every one of the first `known` is taken.
 * It refers to nothing but its arguments and Atomics, so its source text is
 * also the worker's copy.
 */
const claim = (next: Int32Array, known: number): number => {
  for (;;) {
    const i = Atomics.load(next, 0)
    if (i >= known) return -1
    if (Atomics.compareExchange(next, 0, i, i + 1) === i) return i
  }
}

const READER = `
const { parentPort } = require("node:worker_threads")
const fs = require("node:fs")
const claim = ${claim.toString()}
const chunk = Buffer.allocUnsafe(${CHUNK})
const marks = [Buffer.from("TODO"), Buffer.from("FIXME")]
const paths = []
const kept = []
const taken = []
let size = 0
let next
const readOne = (i) => {
  let end = -2
  let fd
  try { fd = fs.openSync(paths[i], "r") } catch { taken.push(i, end); return }
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
parentPort.on("message", (message) => {
  next ??= message.next
  for (const path of message.paths) paths.push(path)
  for (let i = claim(next, paths.length); i >= 0; i = claim(next, paths.length)) readOne(i)
  if (!message.done) return
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

/** The reader thread, started before the walk so that it is ready when the first paths are. */
const startReader = (next: Int32Array) => {
  const worker = new Worker(READER, { eval: true })
  const answer = new Promise<WorkerAnswer>((resolve, reject) => {
    worker.once("message", (answer: WorkerAnswer) => {
      resolve(answer)
      void worker.terminate()
    })
    worker.once("error", reject)
  })
  let given = 0
  return {
    /** Hands over the paths found since the last call; `done`: there are no more, answer. */
    give: (paths: ReadonlyArray<string>, done: boolean) => {
      worker.postMessage({ next, paths, done })
      given += paths.length
    },
    get given() {
      return given
    },
    answer,
    stop: () => void worker.terminate()
  }
}

/** The drafts of a directory tree, in path and line order. Unreadable entries are passed over. */
export const scanTree = async (root: string): Promise<ScannedTree> => {
  const next = new Int32Array(new SharedArrayBuffer(4))
  const reader = startReader(next)
  const handOver = (found: ReadonlyArray<Candidate>, done: boolean) =>
    reader.give(found.slice(reader.given).map((c) => `${root}/${c.path}`), done)
  const candidates = candidatesOf(root, (found) => {
    if (found.length >= PARALLEL_FROM && found.length - reader.given >= BATCH) handOver(found, false)
  })
  const parallel = reader.given > 0
  if (parallel) handOver(candidates, true)
  else reader.stop()
  const drafts: Array<TodoDraft> = []
  const read = { files: 0 }
  const scan = (candidate: Candidate, text: string | undefined) => {
    if (text === undefined) return
    for (const todo of findTodos(text, candidate.syntax)) {
      const { path } = candidate
      drafts.push({ path, line: todo.line, kind: todo.kind, name: nameOf(todo.text), notes: `${markerOf({ path, line: todo.line })}\n${todo.source}` })
    }
  }
  for (let i = claim(next, candidates.length); i >= 0; i = claim(next, candidates.length)) {
    scan(candidates[i]!, readMarked(`${root}/${candidates[i]!.path}`, read))
  }
  if (parallel) {
    const { bytes, taken } = await reader.answer
    let start = 0
    for (let k = 0; k < taken.length; k += 2) {
      const end = taken[k + 1]!
      if (end === -2) continue
      read.files++
      if (end === -1) continue
      scan(candidates[taken[k]!]!, Buffer.from(bytes.buffer, bytes.byteOffset + start, end - start).toString("utf8"))
      start = end
    }
  }
  drafts.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : a.line - b.line))
  return { files: read.files, drafts }
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
