/**
 * `project export <gid> [--section S] [--no-notes] [--max-tasks N] [--out FILE]`
 * (wrapper-only): a project as one Markdown document (project-markdown.ts),
 * read with the existing operations: the project, its sections in order, its
 * tasks (placed in sections by their membership), and each task's subtasks,
 * asked for only where `num_subtasks` says there are some.
 *
 * What the service answers decides what is fetched next, so the walk is
 * bounded whatever it answers: each task (by gid) is read and shown once, at
 * its first place (a subtask that is also in the project shows in its
 * section; a task that is its own subtask, once); an empty page, or one
 * naming itself as the next, ends its listing; and the export stops at
 * `max_tasks` tasks (subtasks included) or twice that many requests and ten
 * more, saying so at the end of the document and in `complete`.
 */
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import * as Stream from "effect/Stream"
import { invalidInput } from "../../core/errors.js"
import type { Operation } from "../../core/operation.js"
import { pages } from "../../core/paginate.js"
import { view } from "../../core/view.js"
import type { ListPage, TaskmgrError } from "../define.js"
import { projectGet } from "../groups/projects.js"
import { sectionList } from "../groups/sections.js"
import { taskSubtaskList } from "../groups/task-links.js"
import { taskList } from "../groups/tasks.js"
import { Gid, GidOrUrl } from "../records/records.js"
import { type Task } from "../records/typed-records.js"
import { gidOf } from "../refs.js"
import type { TaskmgrClient } from "../service.js"
import { type ExportTask, projectMarkdown } from "./project-markdown.js"

const FIELDS = [
  "name",
  "completed",
  "assignee.name",
  "due_on",
  "num_subtasks",
  "memberships.project.gid",
  "memberships.section.gid"
]

/** Subtasks nest; deeper ones are left out (and said), so the document's indentation stays bounded. */
export const MAX_DEPTH = 8
export const DEFAULT_MAX_TASKS = 1_000
export const MAX_MAX_TASKS = 100_000
/** Requests an export may make: each task costs at most one subtask listing, plus the pages that list them. */
export const requestLimit = (maxTasks: number) => 2 * maxTasks + 10

const Input = Schema.Struct({
  project_gid: GidOrUrl.annotations({ description: "Gid or URL" }),
  section: Schema.optional(Gid.annotations({ description: "Only this section of the project (its gid)" })),
  notes: Schema.optional(Schema.Boolean.annotations({ description: "Include notes (default true)" })),
  max_tasks: Schema.optional(
    Schema.Int.pipe(Schema.between(1, MAX_MAX_TASKS)).annotations({
      description: `Stop after this many tasks, subtasks included (default ${DEFAULT_MAX_TASKS})`
    })
  )
})

export interface ProjectExport {
  readonly project_gid: string
  readonly markdown: string
  /** Tasks in the document, subtasks included. */
  readonly tasks: number
  /** Requests the export made. */
  readonly requests: number
  /** False when a limit stopped the export before the project's end; the document's last line says which. */
  readonly complete: boolean
}

const nameOf = (value: unknown): string | null =>
  typeof value === "object" && value !== null && "name" in value && typeof value.name === "string" ? value.name : null

/** The export's bounds and what it has spent of them. */
class Walk {
  readonly seen = new Set<string>()
  requests = 0
  /** Which bound stopped the walk, if one did. */
  stopped: "tasks" | "requests" | undefined
  deeper = false
  constructor(readonly maxTasks: number, readonly fields: ReadonlyArray<string>) {}

  /** Whether one more request may be made; counts it when it may. */
  request(): boolean {
    if (this.seen.size >= this.maxTasks) this.stopped ??= "tasks"
    else if (this.requests >= requestLimit(this.maxTasks)) this.stopped ??= "requests"
    else {
      this.requests++
      return true
    }
    return false
  }

  /** Whether a task is new and within the bound; counts it when it is. */
  take = (task: Task): boolean => {
    if (this.seen.has(task.gid)) return false
    if (this.seen.size >= this.maxTasks) {
      this.stopped ??= "tasks"
      return false
    }
    this.seen.add(task.gid)
    return true
  }
}

const OUT_OF_BUDGET = Symbol("out of budget")

/**
 * A list's items, page by page while the walk allows another request, kept
 * by `take`. An empty page, or one that names itself as the next, ends the
 * listing: a service that pages on with nothing, or in place. (A page of
 * tasks already seen does not: a walk that starts over after an expired
 * offset repeats pages before it reaches new ones.)
 */
const listed = <I, IE, A, E>(
  list: Operation<I, IE, ListPage<A>, E, TaskmgrClient, A>,
  client: TaskmgrClient,
  input: I,
  walk: Walk,
  take: (item: A) => boolean
): Effect.Effect<ReadonlyArray<A>, E> =>
  pages<ListPage<A>, E | typeof OUT_OF_BUDGET, never>(
    list.paging!.model,
    (cursor) => (walk.request() ? list.run(client, input, cursor) : Effect.fail(OUT_OF_BUDGET))
  ).pipe(
    Stream.takeUntil((page) =>
      page.body.data.length === 0 || (page.cursor !== undefined && Option.contains(page.next, page.cursor))
    ),
    Stream.map((page) => page.body.data.filter(take)),
    Stream.catchAll((e) => (e === OUT_OF_BUDGET ? Stream.empty : Stream.fail(e))),
    Stream.runCollect,
    Effect.map((chunks) => [...chunks].flat())
  )

const exported = (
  client: TaskmgrClient,
  walk: Walk,
  task: Task,
  depth: number
): Effect.Effect<ExportTask, TaskmgrError> =>
  Effect.gen(function*() {
    const has = (task.num_subtasks ?? 0) > 0
    if (has && depth >= MAX_DEPTH) walk.deeper = true
    const children = has && depth < MAX_DEPTH
      ? yield* listed(
        taskSubtaskList,
        client,
        { task_gid: task.gid, fields: [...walk.fields], limit: 100 },
        walk,
        walk.take
      )
      : []
    const subtasks = yield* Effect.forEach(children, (s) => exported(client, walk, s, depth + 1))
    return {
      name: task.name ?? "",
      completed: task.completed === true,
      assignee: nameOf(task.assignee),
      due_on: task.due_on ?? null,
      notes: task.notes ?? "",
      subtasks
    }
  })

const sectionOf = (task: Task, project: string): string | undefined =>
  task.memberships?.find((m) => m.project?.gid === project)?.section?.gid

/** The document's last line when it is not the whole project: ours, in words of neither front end. */
const stoppedNote = (walk: Walk): string | undefined =>
  walk.stopped === "tasks"
    ? `This export is incomplete: it stopped at its limit of ${walk.maxTasks} tasks.`
    : walk.stopped === "requests"
    ? `This export is incomplete: it stopped at its limit of ${requestLimit(walk.maxTasks)} requests.`
    : walk.deeper
    ? `This export is incomplete: subtasks nested more than ${MAX_DEPTH} levels deep are left out.`
    : undefined

export const projectExport: Operation<
  typeof Input.Type,
  typeof Input.Encoded,
  ProjectExport,
  TaskmgrError,
  TaskmgrClient
> = {
  name: "projectExport",
  group: "projects",
  summary: "A project as Markdown: sections, a task checklist, notes, subtasks.",
  input: Input,
  impact: "read",
  idempotent: true,
  gids: { project_gid: "project" },
  run: (client, input) =>
    Effect.gen(function*() {
      const gid = yield* gidOf(input.project_gid, "project", "project_gid", client.settings.appUrl)
      const notes = input.notes !== false
      const walk = new Walk(input.max_tasks ?? DEFAULT_MAX_TASKS, notes ? [...FIELDS, "notes"] : FIELDS)
      walk.request()
      const project = yield* projectGet.run(client, { project_gid: gid }, undefined)
      const seenSections = new Set<string>()
      const allSections = yield* listed(
        sectionList,
        client,
        { project_gid: gid, fields: ["name"], limit: 100 },
        walk,
        (s) => !seenSections.has(s.gid) && Boolean(seenSections.add(s.gid))
      )
      const only = input.section
      const sections = only === undefined ? allSections : allSections.filter((s) => s.gid === only)
      if (only !== undefined && sections.length === 0 && walk.stopped === undefined) {
        return yield* Effect.fail(invalidInput(`section: ${only} is not a section of project ${gid}.`, "section"))
      }
      const tasks = yield* listed(
        taskList,
        client,
        (only === undefined
          ? { project: gid, fields: [...walk.fields], limit: 100 }
          : { section: only, fields: [...walk.fields], limit: 100 }) as typeof taskList.input.Type,
        walk,
        walk.take
      )
      const full = yield* Effect.forEach(tasks, (t) =>
        Effect.map(exported(client, walk, t, 0), (e) => [only ?? sectionOf(t, gid), e] as const))
      const known = new Set(sections.map((s) =>
        s.gid
      ))
      const unplaced = full.filter(([section]) => section === undefined || !known.has(section)).map(([, t]) => t)
      const note = stoppedNote(walk)
      const markdown = projectMarkdown({
        name: project.name ?? "",
        owner: nameOf(project.owner),
        due_on: project.due_on ?? null,
        notes: notes ? project.notes ?? "" : "",
        sections: [
          ...sections.map((s) => ({
            name: s.name ?? "",
            tasks: full.filter(([section]) => section === s.gid).map(([, t]) => t)
          })),
          ...(unplaced.length === 0 ? [] : [{ name: "No section", tasks: unplaced }])
        ],
        ...(note === undefined ? {} : { note })
      })
      return {
        project_gid: gid,
        markdown,
        tasks: walk.seen.size,
        requests: walk.requests,
        complete: note === undefined
      }
    })
}

export const views = [view(projectExport, {
  command: ["project", "export"],
  positional: ["project_gid"],
  valueNames: { project_gid: "GID|URL|NAME", section: "GID", max_tasks: "N" },
  negated: { notes: "Leave out the notes of the project and its tasks" },
  text: {
    kind: "document",
    text: (o) => o.markdown,
    footer: (o) =>
      o.complete
        ? []
        : [
          `Note: the export stopped after ${o.tasks} tasks and ${o.requests} requests (its last line says why); export less with --section GID or --no-notes, or raise --max-tasks.`
        ]
  },
  document: { flag: "--out", valueName: "FILE", description: "Write the Markdown to FILE instead of standard output" },
  narrow: [
    "pass section (one section's tasks)",
    "pass notes: false (no notes)",
    "pass a smaller max_tasks"
  ],
  examples: [
    "taskmgr project export 1200000000000301",
    "taskmgr project export 1200000000000301 --out plan.md",
    "taskmgr project export 1200000000000301 --section 1200000000000401 --no-notes --max-tasks 200"
  ]
})]
