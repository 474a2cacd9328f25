/**
 * `task scan-todos [dir] [--create --project P]` (wrapper-only): walks a
 * directory as git would see it (scan-tree.ts), finds TODO and FIXME comments
 * (todo-comments.ts) and makes one task draft each: the comment's words as
 * the name, the marker `path:line` and the line as the notes. With `create`
 * each draft becomes a task in the project unless a task there already
 * carries its marker, so a second run creates nothing; paths are relative to
 * the repository's root, so scanning a subdirectory finds the same markers.
 *
 * What could not be read is named (a notice each, and `skipped` in the
 * result) and makes the result partial (exit 9, as a many-item command whose
 * items partly failed); the drafts are printed all the same.
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { statSync } from "node:fs"
import { resolve } from "node:path"
import { refusal } from "../../core/allowed.js"
import { invalidInput } from "../../core/errors.js"
import { localPath } from "../../core/fields.js"
import { announceNotice, currentObserver } from "../../core/http/observe.js"
import type { Operation } from "../../core/operation.js"
import { view } from "../../core/view.js"
import type { TaskmgrError } from "../define.js"
import { everyItem } from "../every-item.js"
import type { taskList as TaskList } from "../groups/tasks.js"
import { GidOrUrl } from "../records/records.js"
import { gidOf } from "../refs.js"
import type { TaskmgrClient } from "../service.js"
import { markerOf, scanTree, type SkippedEntry, type TodoDraft } from "./scan-tree.js"

export { type DraftStatus, markerOf, type SkippedEntry, type TodoDraft } from "./scan-tree.js"

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
  /** The directory every path is relative to: the repository's root, or the scanned directory outside one. */
  readonly root: string
  /** Files read whole. */
  readonly files_scanned: number
  readonly drafts: ReadonlyArray<TodoDraft & { readonly task_gid?: string | undefined }>
  /** Files and directories not read, or not whole, and why: any makes the scan partial. */
  readonly skipped: ReadonlyArray<SkippedEntry>
}

const directoryOf = (dir: string | undefined) => {
  const path = resolve(dir ?? ".")
  try {
    if (statSync(path).isDirectory()) return Effect.succeed(path)
  } catch {
    return Effect.fail(invalidInput(refusal("dir", "a directory that exists and can be read", dir ?? "."), "dir"))
  }
  return Effect.fail(invalidInput(refusal("dir", "a directory", dir ?? "."), "dir"))
}

/** The task operations, loaded only to create: a scan alone starts without their Schemas. */
const taskOperations = Effect.promise(() => import("../groups/tasks.js"))

/** The markers already in the project's tasks' notes (one a line), each with the task that holds it. */
const markersIn = (client: TaskmgrClient, project: string, taskList: typeof TaskList) =>
  Effect.map(
    everyItem(taskList, client, { project, fields: ["notes"], limit: 100 } as typeof taskList.input.Type),
    (tasks) =>
      new Map(
        tasks.flatMap((t) =>
          typeof t.notes === "string" ? t.notes.split("\n").map((l) => [l.trim(), t.gid] as const) : []
        )
      )
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
      const tree = yield* scanTree(directory)
      // Said by whoever runs the scan (stderr, a tool result's notes); the library stays silent.
      const notice = announceNotice(yield* currentObserver)
      for (const note of tree.notes) yield* notice(note)
      for (const { path, reason } of tree.skipped) yield* notice(`${path}: ${reason}`)
      const scanned = { directory, root: tree.root, files_scanned: tree.files, skipped: tree.skipped }
      if (project === undefined) return { ...scanned, drafts: tree.drafts }
      const { taskCreate, taskList } = yield* taskOperations
      const markers = yield* markersIn(client, project, taskList)
      const drafts: Array<ScanResult["drafts"][number]> = []
      for (const draft of tree.drafts) {
        const existing = markers.get(markerOf(draft))
        if (existing !== undefined) {
          drafts.push({ ...draft, status: "exists", task_gid: existing })
          continue
        }
        const task = yield* taskCreate.run(
          client,
          { name: draft.name, notes: draft.notes, projects: [project] },
          undefined
        )
        drafts.push({ ...draft, status: "created", task_gid: task.gid })
      }
      return { ...scanned, drafts }
    })
}

export const views = [view(taskScanTodos, {
  command: ["task", "scan-todos"],
  help:
    "TODO/FIXME comments of a directory, as git sees it, as task drafts (paths from the repository's root), or created once with --create; each item not read (a file or directory) is named, and the exit code is 9.",
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
        }.`,
        ...(r.skipped.length === 0
          ? []
          : [`The scan is partial: ${r.skipped.length} not read, or not whole (named above).`])
      ]
    }
  },
  // Each entry not read is an item that failed: the exit code says the scan was partial.
  items: (r) => ({ total: r.files_scanned + r.skipped.length, failed: r.skipped.map(() => undefined) }),
  examples: ["taskmgr task scan-todos src", "taskmgr task scan-todos . --create --project 1200000000000301"]
})]
