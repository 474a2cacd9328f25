/**
 * `project export <gid> [--out FILE]` (wrapper-only): a project as one
 * Markdown document (project-markdown.ts), read with the existing operations,
 * every list paged to its end: the project, its sections in order, its tasks
 * (placed in sections by their membership), and each task's subtasks, asked
 * for only where `num_subtasks` says there are some.
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import type { Operation } from "../../core/operation.js"
import { view } from "../../core/view.js"
import type { TaskmgrError } from "../define.js"
import { everyItem } from "../every-item.js"
import { projectGet } from "../groups/projects.js"
import { sectionList } from "../groups/sections.js"
import { taskSubtaskList } from "../groups/task-links.js"
import { taskList } from "../groups/tasks.js"
import { GidOrUrl } from "../records/records.js"
import { type Task } from "../records/typed-records.js"
import { gidOf } from "../refs.js"
import type { TaskmgrClient } from "../service.js"
import { type ExportTask, projectMarkdown } from "./project-markdown.js"

const FIELDS = [
  "name",
  "completed",
  "assignee.name",
  "due_on",
  "notes",
  "num_subtasks",
  "memberships.project.gid",
  "memberships.section.gid"
]

/** Subtasks nest; a cycle the service should never answer stops here rather than looping. */
const MAX_DEPTH = 8

const Input = Schema.Struct({ project_gid: GidOrUrl.annotations({ description: "Gid or URL" }) })

export interface ProjectExport {
  readonly project_gid: string
  readonly markdown: string
}

const nameOf = (value: unknown): string | null =>
  typeof value === "object" && value !== null && "name" in value && typeof value.name === "string" ? value.name : null

const exported = (client: TaskmgrClient, task: Task, depth: number): Effect.Effect<ExportTask, TaskmgrError> =>
  Effect.map(
    (task.num_subtasks ?? 0) > 0 && depth < MAX_DEPTH
      ? Effect.flatMap(
        everyItem(taskSubtaskList, client, { task_gid: task.gid, fields: FIELDS, limit: 100 }),
        (subtasks) => Effect.forEach(subtasks, (s) => exported(client, s, depth + 1))
      )
      : Effect.succeed([]),
    (subtasks) => ({
      name: task.name ?? "",
      completed: task.completed === true,
      assignee: nameOf(task.assignee),
      due_on: task.due_on ?? null,
      notes: task.notes ?? "",
      subtasks
    })
  )

const sectionOf = (task: Task, project: string): string | undefined =>
  task.memberships?.find((m) => m.project?.gid === project)?.section?.gid

export const projectExport: Operation<
  typeof Input.Type,
  typeof Input.Encoded,
  ProjectExport,
  TaskmgrError,
  TaskmgrClient
> = {
  name: "projectExport",
  group: "projects",
  summary: "A project as Markdown: sections, tasks as a checklist, notes, subtasks.",
  input: Input,
  impact: "read",
  idempotent: true,
  gids: { project_gid: "project" },
  run: (client, input) =>
    Effect.gen(function*() {
      const gid = yield* gidOf(input.project_gid, "project", "project_gid", client.settings.appUrl)
      const project = yield* projectGet.run(client, { project_gid: gid }, undefined)
      const sections = yield* everyItem(sectionList, client, { project_gid: gid, fields: ["name"], limit: 100 })
      const tasks = yield* everyItem(
        taskList,
        client,
        { project: gid, fields: FIELDS, limit: 100 } as typeof taskList.input.Type
      )
      const full = yield* Effect.forEach(tasks, (t) =>
        Effect.map(exported(client, t, 0), (e) => [sectionOf(t, gid), e] as const))
      const known = new Set(sections.map((s) =>
        s.gid
      ))
      const unplaced = full.filter(([section]) => section === undefined || !known.has(section)).map(([, t]) => t)
      const markdown = projectMarkdown({
        name: project.name ?? "",
        owner: nameOf(project.owner),
        due_on: project.due_on ?? null,
        notes: project.notes ?? "",
        sections: [
          ...sections.map((s) => ({
            name: s.name ?? "",
            tasks: full.filter(([section]) => section === s.gid).map(([, t]) => t)
          })),
          ...(unplaced.length === 0 ? [] : [{ name: "No section", tasks: unplaced }])
        ]
      })
      return { project_gid: gid, markdown }
    })
}

export const views = [view(projectExport, {
  command: ["project", "export"],
  positional: ["project_gid"],
  valueNames: { project_gid: "GID|URL|NAME" },
  text: { kind: "document", text: (o) => o.markdown },
  document: { flag: "--out", valueName: "FILE", description: "Write the Markdown to FILE instead of standard output" },
  examples: ["taskmgr project export 1200000000000301", "taskmgr project export 1200000000000301 --out plan.md"]
})]
