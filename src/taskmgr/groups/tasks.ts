/**
 * Tasks: list (by project, section, tag, or assignee in a workspace), get,
 * get-many (the batch endpoint), search (premium, paged by hand), My Tasks,
 * create, update (with reparenting) and delete. Subtasks and the links of a
 * task to projects, followers and other tasks are in task-links.ts.
 */
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import { CalendarDate, CalendarDateTime } from "../../core/calendar.js"
import { readAnswer } from "../../core/decode.js"
import { invalidInput, type InvalidInputError, type RequestError } from "../../core/errors.js"
import { exitCodeOfTag } from "../../core/exit-codes.js"
import { type Answer, pathOf, type QueryValue, type RequestSpec, retryAfter } from "../../core/http/pipeline.js"
import { routeTemplate } from "../../core/http/route.js"
import { absentIsDone, type Operation } from "../../core/operation.js"
import { view } from "../../core/view.js"
import { classifyTaskmgr, PREMIUM } from "../classify.js"
import { dataBody, listFields, type ListPage, type TaskmgrError, taskmgrList, taskmgrOperation } from "../define.js"
import { CONCURRENCY } from "../limits.js"
import { Gid, GidOrUrl, NonBlank, Toggle, UserGid } from "../records/records.js"
import { Task, UserTaskList } from "../records/typed-records.js"
import { gidNamed, gidOf } from "../refs.js"
import { HtmlNotes } from "../rich-text.js"
import { pagedSearch, SEARCH_MAX } from "../search.js"
import type { TaskmgrClient } from "../service.js"
import { workspaceOf } from "./people.js"

// ---- shared fields ------------------------------------------------------------

export const TaskRef = GidOrUrl.annotations({ description: "Gid or URL" })
export const ProjectRef = GidOrUrl.annotations({ description: "Gid or URL" })

const Fields = listFields.fields

/** Fields a create and an update both write (taskmgr-operations.tsv). */
export const writableFields = {
  resource_subtype: Schema.optional(
    Schema.Literal("default_task", "milestone", "approval").annotations({ description: "Kind of task" })
  ),
  approval_status: Schema.optional(
    Schema.Literal("pending", "approved", "rejected", "changes_requested").annotations({
      description: "For approval tasks"
    })
  ),
  assignee: Schema.optional(UserGid.annotations({ description: "Assignee: user gid, or me" })),
  assignee_section: Schema.optional(Gid.annotations({ description: "Section of My Tasks" })),
  completed: Schema.optional(Toggle.annotations({ description: "true: mark it complete; false: reopen it" })),
  due_on: Schema.optional(CalendarDate.annotations({ description: "Not with due_at" })),
  due_at: Schema.optional(CalendarDateTime.annotations({ description: "Not with due_on" })),
  start_on: Schema.optional(CalendarDate.annotations({ description: "Start date" })),
  start_at: Schema.optional(CalendarDateTime.annotations({ description: "Start date-time" })),
  notes: Schema.optional(Schema.String.annotations({ description: "Plain text; not with html_notes" })),
  html_notes: Schema.optional(HtmlNotes),
  liked: Schema.optional(Toggle.annotations({ description: "true: like it as you; false: unlike it" })),
  custom_fields: Schema.optional(
    Schema.Record({ key: Gid, value: Schema.Unknown }).annotations({
      jsonSchema: { type: "object" },
      description: "{custom field gid: value}: text, a number, an enum option gid or a list of them; null clears"
    })
  )
}

interface Writable {
  readonly notes?: string | undefined
  readonly html_notes?: string | undefined
  readonly due_on?: string | undefined
  readonly due_at?: string | undefined
  readonly start_on?: string | undefined
  readonly start_at?: string | undefined
}

/** What the service would refuse with a 400, said before sending. */
export const writableProblem = (input: Writable): InvalidInputError | undefined =>
  input.notes !== undefined && input.html_notes !== undefined
    ? invalidInput("Give notes or html_notes, not both.", "notes", "html_notes")
    : input.due_on !== undefined && input.due_at !== undefined
    ? invalidInput("Give due_on or due_at, not both.", "due_on", "due_at")
    : input.start_on !== undefined && input.start_at !== undefined
    ? invalidInput("Give start_on or start_at, not both.", "start_on", "start_at")
    : undefined

export const checked = <I extends Writable>(input: I): Effect.Effect<I, InvalidInputError> => {
  const problem = writableProblem(input)
  return problem === undefined ? Effect.succeed(input) : Effect.fail(problem)
}

/** The default columns of task lists. */
export const TASK_FIELDS = ["name", "completed", "due_on", "assignee.name"] as const

const DataTask = Schema.Struct({ data: Task })

/** One request whose `{data}` is a record; for operations that need more than one. */
export const sendForRecord = (client: TaskmgrClient, spec: RequestSpec, subject: string, operation: string) =>
  // No plan gate declared, so the classifier gives no PlanRequiredError.
  Effect.flatMap(
    client.pipeline.send({ ...spec, route: routeTemplate(spec.path, {}) }, { subject, search: false }) as Effect.Effect<
      Answer,
      RequestError
    >,
    (answer) => Effect.map(readAnswer(DataTask, { operation, subject })(answer.body), (body) => body.data)
  )

// ---- list ---------------------------------------------------------------------

const Since = Schema.Union(Schema.Literal("now"), CalendarDateTime)

const TaskListFields = Schema.Struct({
  project: Schema.optional(ProjectRef),
  section: Schema.optional(Gid.annotations({ description: "Only the tasks of this section" })),
  tag: Schema.optional(Gid.annotations({ description: "Only the tasks with this tag" })),
  assignee: Schema.optional(UserGid.annotations({ description: "Assignee: user gid, or me (with the workspace)" })),
  workspace_gid: Schema.optional(
    Gid.annotations({ description: "Workspace of the assignee's tasks (default: the configured one)" })
  ),
  completed_since: Schema.optional(
    Since.annotations({ description: "Incomplete, plus completed since: now or a date-time" })
  ),
  modified_since: Schema.optional(
    CalendarDateTime.annotations({ description: "Only tasks modified since this date-time" })
  ),
  ...listFields
})

type ListTarget = "project" | "section" | "tag" | "assignee"
type Fields = typeof TaskListFields.Type
/** Exactly one of the targets present, the others absent. */
type OneOf<T, K extends keyof T> = {
  [P in K]: { readonly [Q in P]-?: Exclude<T[Q], undefined> } & { readonly [Q in Exclude<K, P>]?: never }
}[K]
/**
 * taskList's input: exactly one of project, section, tag or assignee, as a union the compiler checks. The
 * command line and the tool server cannot say it in their types, so `request` checks it again before sending.
 */
export type TaskListInput = Omit<Fields, ListTarget> & OneOf<Fields, ListTarget>

export const taskList = taskmgrList({
  name: "taskList",
  group: "tasks",
  summary: "Tasks of one project, section, tag, or assignee in a workspace.",
  // The runtime Schema is the struct (its fields become flags and tool parameters); its type is the union.
  input: TaskListFields as unknown as Schema.Schema<TaskListInput, typeof TaskListFields.Encoded>,
  gids: { project: "project" },
  subject: (i) =>
    i.project !== undefined
      ? `tasks of project ${i.project}`
      : i.section !== undefined
      ? `tasks of section ${i.section}`
      : i.tag !== undefined
      ? `tasks of tag ${i.tag}`
      : `tasks of user ${i.assignee ?? ""}`.trim(),
  request: (given_, client) =>
    Effect.gen(function*() {
      // Given none, the default project (the one a repository registers) is the one.
      const none = [given_.project, given_.section, given_.tag, given_.assignee].every((v) => v === undefined)
      const i = none && Option.isSome(client.settings.project)
        ? { ...given_, project: client.settings.project.value } as TaskListInput
        : given_
      const given = [i.project, i.section, i.tag, i.assignee].filter((v) => v !== undefined).length
      if (given !== 1) {
        return yield* Effect.fail(
          invalidInput(
            "Give exactly one of project, section, tag or assignee (with the workspace).",
            "project",
            "section",
            "tag",
            "assignee"
          )
        )
      }
      if (i.workspace_gid !== undefined && i.assignee === undefined) {
        return yield* Effect.fail(invalidInput("workspace_gid applies only with assignee.", "workspace_gid"))
      }
      if (i.tag !== undefined) {
        // The wire lists a tag's tasks at their own path, with no filters.
        if (i.completed_since !== undefined || i.modified_since !== undefined) {
          return yield* Effect.fail(
            invalidInput(
              "completed_since and modified_since do not apply to a tag's tasks.",
              "completed_since",
              "modified_since"
            )
          )
        }
        return { method: "GET", path: `/tags/${pathOf(i.tag)}/tasks` } satisfies RequestSpec
      }
      const workspace = i.assignee === undefined ? undefined : yield* workspaceOf(client, i.workspace_gid)
      return {
        method: "GET",
        path: "/tasks",
        query: {
          project: i.project,
          section: i.section,
          assignee: i.assignee,
          workspace,
          completed_since: i.completed_since,
          modified_since: i.modified_since
        }
      } satisfies RequestSpec
    }),
  item: Task,
  defaultFields: TASK_FIELDS,
  itemsKey: "tasks"
})

// ---- get, get-many --------------------------------------------------------------

export const taskGet = taskmgrOperation({
  name: "taskGet",
  group: "tasks",
  summary: "One task, all of its default fields (or the fields named).",
  input: Schema.Struct({ task_gid: TaskRef, fields: Fields }),
  impact: "read",
  idempotent: true,
  gids: { task_gid: "task" },
  subject: (i) => `task ${i.task_gid}`,
  request: (i) => ({ method: "GET", path: `/tasks/${pathOf(i.task_gid)}`, query: { opt_fields: i.fields } }),
  data: Task
})

/** The batch endpoint takes at most 10 actions a call. */
export const BATCH_SIZE = 10
/** At most this many gids a get-many (10 batch calls). */
export const MAX_GET_MANY = 100

const BatchAnswer = Schema.Struct({
  status_code: Schema.Number,
  headers: Schema.optional(Schema.Record({ key: Schema.String, value: Schema.Unknown })),
  body: Schema.Unknown
})

/** An action's answer as the pipeline's own, its headers named in lower case: for the pacer to learn from. */
const asAnswer = (answer: typeof BatchAnswer.Type): Answer => ({
  status: answer.status_code,
  headers: Object.fromEntries(
    Object.entries(answer.headers ?? {}).flatMap(([name, value]) =>
      typeof value === "string" ? [[name.toLowerCase(), value]] : []
    )
  ),
  body: answer.body
})

/** A get-many's rounds at most: the gids whose action met a 429 are asked again, once its pause has passed. */
const GET_MANY_ROUNDS = 3

const taskBatch = taskmgrOperation({
  name: "taskBatch",
  group: "tasks",
  summary: "Up to 10 tasks in one batch call.",
  input: Schema.Struct({ gids: Schema.Array(Gid), fields: Fields }),
  impact: "read",
  idempotent: true,
  subject: (i) => `batch of tasks ${i.gids.join(", ")}`,
  // Each action is counted against the token's budget, and the simulator counts the call itself as well: paced
  // as both, a batch never overdraws the budget (against the published rule, actions alone, 1 in 11 is spare).
  cost: (i) => i.gids.length + 1,
  request: (i) => ({
    method: "POST",
    path: "/batch",
    body: dataBody({
      actions: i.gids.map((gid) => ({
        relative_path: `/tasks/${pathOf(gid)}`,
        method: "get",
        ...(i.fields === undefined ? {} : { options: { fields: i.fields } })
      }))
    })
  }),
  data: Schema.Array(BatchAnswer)
})

/** A gid of a get-many with its task, or what went wrong for it alone. */
export type TaskOutcome =
  | { readonly gid: string; readonly task: Task }
  | {
    readonly gid: string
    readonly error: { readonly type: string; readonly status: number; readonly message: string }
  }

export interface ManyTasks {
  /** In the order asked. */
  readonly tasks: ReadonlyArray<TaskOutcome>
  /** How many gids failed. */
  readonly failed: number
}

const outcomeOf = (gid: string, answer: typeof BatchAnswer.Type | undefined): TaskOutcome => {
  if (answer === undefined) {
    return {
      gid,
      error: { type: "UnexpectedError", status: 0, message: `The batch answer had no result for task ${gid}.` }
    }
  }
  const data = typeof answer.body === "object" && answer.body !== null
    ? (answer.body as { data?: unknown }).data
    : undefined
  if (answer.status_code >= 200 && answer.status_code < 300) {
    const decoded = Schema.decodeUnknownEither(Task)(data)
    if (decoded._tag === "Right") return { gid, task: decoded.right }
  }
  const error = classifyTaskmgr({ status: answer.status_code, headers: {}, body: answer.body }, {
    subject: `task ${gid}`,
    search: false
  }, 1)
  return { gid, error: { type: error._tag, status: answer.status_code, message: error.message } }
}

const GetManyInput = Schema.Struct({
  gids: Schema.Array(TaskRef).pipe(
    Schema.minItems(1, { message: () => "give at least one task" }),
    Schema.maxItems(MAX_GET_MANY, { message: () => `give at most ${MAX_GET_MANY} tasks a call` })
  ).annotations({ description: `Task gids or URLs (1-${MAX_GET_MANY}; sent 10 a batch)` }),
  fields: Fields
})

export const taskGetMany: Operation<
  typeof GetManyInput.Type,
  typeof GetManyInput.Encoded,
  ManyTasks,
  TaskmgrError,
  TaskmgrClient
> = {
  name: "taskGetMany",
  group: "tasks",
  summary: "Several tasks in batches; each gid gives its task or its error.",
  input: GetManyInput,
  impact: "read",
  idempotent: true,
  run: (client, input) =>
    Effect.gen(function*() {
      // Every gid is resolved before anything is sent.
      const gids = yield* Effect.forEach(input.gids, (gid) => gidOf(gid, "task", "gids", client.settings.appUrl))
      const maxWaitMs = Duration.toMillis(client.settings.maxWait)
      const waitOf = (answer: Answer) =>
        Duration.toMillis(retryAfter(answer.headers["retry-after"]) ?? Duration.seconds(1))
      const answered = new Map<string, typeof BatchAnswer.Type | undefined>()
      let asking = gids
      // An action refused for the budget (a batch counts each) pauses the scope as a 429 of a whole call does,
      // and is asked again in the next round, which the pacer holds until the pause has passed.
      for (let round = 1; asking.length > 0; round++) {
        const chunks: Array<Array<string>> = []
        for (let at = 0; at < asking.length; at += BATCH_SIZE) chunks.push(asking.slice(at, at + BATCH_SIZE))
        const answers = yield* Effect.forEach(chunks, (chunk) =>
          taskBatch.run(client, { gids: chunk, fields: input.fields }, undefined), {
          concurrency: CONCURRENCY.write
        })
        chunks.forEach((chunk, c) =>
          chunk.forEach((gid, i) =>
            answered.set(gid, answers[c]?.[i])
          )
        )
        const limited = asking.flatMap((gid) => {
          const answer = answered.get(gid)
          return answer?.status_code === 429 ? [asAnswer(answer)] : []
        })
        const longest = limited.reduce<Answer | undefined>(
          (a, b) => (a === undefined || waitOf(b) > waitOf(a) ? b : a),
          undefined
        )
        // A wait past maxWait is not one to wait out (a quota): those gids keep their 429.
        if (longest === undefined || round === GET_MANY_ROUNDS || waitOf(longest) > maxWaitMs) break
        yield* client.pacer.learn(longest, { subject: "batch of tasks", search: false })
        asking = asking.filter((gid) => answered.get(gid)?.status_code === 429)
      }
      const tasks = gids.map((gid) => outcomeOf(gid, answered.get(gid)))
      return { tasks, failed: tasks.filter((t) => "error" in t).length }
    })
}

// ---- search -------------------------------------------------------------------

const searchFields = {
  text: Schema.optional(Schema.String.annotations({ description: "Words in name or notes" })),
  workspace_gid: Schema.optional(Gid.annotations({ description: "The workspace (default: the configured one)" })),
  assignee_any: Schema.optional(
    Schema.Array(UserGid).annotations({ description: "Assigned to any of these users (gid or me)" })
  ),
  projects_any: Schema.optional(
    Schema.Array(ProjectRef).annotations({ description: "In any of these projects (gid or URL)" })
  ),
  sections_any: Schema.optional(Schema.Array(Gid).annotations({ description: "In any of these sections" })),
  tags_any: Schema.optional(Schema.Array(Gid).annotations({ description: "With any of these tags" })),
  resource_subtype: Schema.optional(
    Schema.Literal("default_task", "milestone", "approval").annotations({ description: "Kind of task" })
  ),
  completed: Schema.optional(Toggle.annotations({ description: "true: completed; false: not" })),
  is_subtask: Schema.optional(Toggle.annotations({ description: "true: subtasks only; false: none" })),
  created_at_after: Schema.optional(CalendarDateTime.annotations({ description: "Created after this date-time" })),
  created_at_before: Schema.optional(CalendarDateTime.annotations({ description: "Created before this date-time" })),
  modified_at_after: Schema.optional(CalendarDateTime.annotations({ description: "Modified after this date-time" })),
  modified_at_before: Schema.optional(CalendarDateTime.annotations({ description: "Modified before this date-time" })),
  limit: Schema.optional(
    Schema.Int.pipe(Schema.between(1, SEARCH_MAX)).annotations({
      description: "Results (default and most: 100)"
    })
  ),
  fields: listFields.fields
}

const SearchInput = Schema.Struct(searchFields)

const searchOnce = taskmgrOperation({
  name: "taskSearchPage",
  group: "tasks",
  summary: "One page of a task search.",
  input: Schema.Struct({ ...searchFields, before: Schema.optional(Schema.String) }),
  impact: "read",
  idempotent: true,
  search: true,
  planGate: PREMIUM,
  gids: { projects_any: "project" },
  subject: (i) => (i.text === undefined ? "task search" : `task search for "${i.text}"`),
  request: (i, client) =>
    Effect.map(workspaceOf(client, i.workspace_gid), (workspace): RequestSpec => {
      const fields = i.fields ?? TASK_FIELDS
      const query: { readonly [param: string]: QueryValue } = {
        text: i.text,
        "assignee.any": i.assignee_any,
        "projects.any": i.projects_any,
        "sections.any": i.sections_any,
        "tags.any": i.tags_any,
        resource_subtype: i.resource_subtype,
        completed: i.completed,
        is_subtask: i.is_subtask,
        "created_at.after": i.created_at_after,
        "created_at.before": i.before ?? i.created_at_before,
        "modified_at.after": i.modified_at_after,
        "modified_at.before": i.modified_at_before,
        sort_by: "created_at",
        sort_ascending: false,
        limit: i.limit ?? SEARCH_MAX,
        // The page's bound is read from created_at: always ask for it.
        opt_fields: fields.includes("created_at") ? fields : [...fields, "created_at"]
      }
      return { method: "GET", path: `/workspaces/${pathOf(workspace)}/tasks/search`, query }
    }),
  data: Schema.Array(Task)
})

export const taskSearch = pagedSearch({
  name: "taskSearch",
  group: "tasks",
  summary: "Search a workspace's tasks (paid workspaces only), newest first.",
  input: SearchInput,
  itemsKey: "tasks"
}, searchOnce)

// ---- My Tasks -------------------------------------------------------------------

const userTaskList = taskmgrOperation({
  name: "userTaskListGet",
  group: "tasks",
  summary: "A user's task list in a workspace.",
  input: Schema.Struct({ user_gid: UserGid, workspace_gid: Gid }),
  impact: "read",
  idempotent: true,
  subject: (i) => `task list of user ${i.user_gid}`,
  request: (i) => ({
    method: "GET",
    path: `/users/${pathOf(i.user_gid)}/user_task_list`,
    query: { workspace: i.workspace_gid, opt_fields: ["name"] }
  }),
  data: UserTaskList
})

const userTaskListTasks = taskmgrList({
  name: "userTaskListTasks",
  group: "tasks",
  summary: "Tasks of a user task list.",
  input: Schema.Struct({ user_task_list_gid: Gid, completed_since: Schema.optional(Since), ...listFields }),
  subject: (i) => `tasks of user task list ${i.user_task_list_gid}`,
  request: (i) => ({
    method: "GET",
    path: `/user_task_lists/${pathOf(i.user_task_list_gid)}/tasks`,
    query: { completed_since: i.completed_since }
  }),
  item: Task,
  defaultFields: TASK_FIELDS,
  itemsKey: "tasks"
})

const MyTasksInput = Schema.Struct({
  user_gid: Schema.optional(UserGid.annotations({ description: "Whose My Tasks: user gid, or me (default)" })),
  workspace_gid: Schema.optional(Gid.annotations({ description: "The workspace (default: the configured one)" })),
  completed_since: Schema.optional(
    Since.annotations({ description: "Incomplete, plus completed since: now or a date-time" })
  ),
  ...listFields
})

export const taskMyTasks: Operation<
  typeof MyTasksInput.Type,
  typeof MyTasksInput.Encoded,
  ListPage<Task>,
  TaskmgrError,
  TaskmgrClient,
  Task
> = {
  ...userTaskListTasks,
  name: "taskMyTasks",
  summary: "The tasks of a user's My Tasks in a workspace (yours by default).",
  input: MyTasksInput,
  // Each page looks the list up again: its gid is not part of the offset cursor.
  run: (client, input, cursor) =>
    Effect.gen(function*() {
      const workspace = yield* workspaceOf(client, input.workspace_gid)
      const list = yield* userTaskList.run(
        client,
        { user_gid: input.user_gid ?? "me", workspace_gid: workspace },
        undefined
      )
      return yield* userTaskListTasks.run(
        client,
        {
          user_task_list_gid: list.gid,
          completed_since: input.completed_since,
          limit: input.limit,
          fields: input.fields
        },
        cursor
      )
    })
}

// ---- create, update, delete -------------------------------------------------------

export const taskCreate = taskmgrOperation({
  name: "taskCreate",
  group: "tasks",
  summary: "Create a task in a workspace, in projects, or under a parent task.",
  input: Schema.Struct({
    name: NonBlank.annotations({ description: "Task name" }),
    workspace_gid: Schema.optional(
      Gid.annotations({
        description: "Workspace gid (default: configured, unless projects or parent place it)"
      })
    ),
    projects: Schema.optional(
      Schema.Array(ProjectRef).annotations({ description: "Projects to add it to (gid or URL)" })
    ),
    parent: Schema.optional(TaskRef.annotations({ description: "Parent task: makes it a subtask (gid or URL)" })),
    followers: Schema.optional(Schema.Array(UserGid).annotations({ description: "Users: gids, or me" })),
    tags: Schema.optional(Schema.Array(Gid).annotations({ description: "Tag gids" })),
    ...writableFields
  }),
  impact: "write",
  idempotent: false,
  gids: { projects: "project", parent: "task" },
  subject: (i) => `new task "${i.name}"`,
  request: (i, client) =>
    Effect.gen(function*() {
      yield* checked(i)
      const placed = (i.projects?.length ?? 0) > 0 || i.parent !== undefined
      const { workspace_gid, ...fields } = i
      const workspace = workspace_gid ?? (placed ? undefined : yield* workspaceOf(client, undefined))
      return { method: "POST", path: "/tasks", body: dataBody({ ...fields, workspace }) } satisfies RequestSpec
    }),
  data: Task
})

const Parent = Schema.Union(TaskRef, Schema.Literal("none")).annotations({
  description: "New parent task (gid or URL), or none to make it top-level"
})

const UpdateInput = Schema.Struct({
  task_gid: TaskRef,
  name: Schema.optional(NonBlank.annotations({ description: "New name" })),
  parent: Schema.optional(Parent),
  insert_before: Schema.optional(Gid.annotations({ description: "With parent: place it before this subtask" })),
  insert_after: Schema.optional(Gid.annotations({ description: "With parent: place it after this subtask" })),
  ...writableFields
})

export const taskUpdate: Operation<
  typeof UpdateInput.Type,
  typeof UpdateInput.Encoded,
  Task,
  TaskmgrError,
  TaskmgrClient
> = {
  name: "taskUpdate",
  group: "tasks",
  summary: "Change a task's fields; parent moves it (none: to the top level).",
  input: UpdateInput,
  impact: "write",
  idempotent: true,
  run: (client, input) =>
    Effect.gen(function*() {
      const appUrl = client.settings.appUrl
      const { task_gid, parent, insert_before, insert_after, ...fields } = yield* checked(input)
      const gid = yield* gidOf(task_gid, "task", "task_gid", appUrl)
      const newParent = parent === undefined
        ? undefined
        : parent === "none"
        ? null
        : yield* gidOf(parent, "task", "parent", appUrl)
      if (newParent === undefined && (insert_before !== undefined || insert_after !== undefined)) {
        return yield* Effect.fail(
          invalidInput("insert_before and insert_after apply only with parent.", "insert_before", "insert_after")
        )
      }
      const changed = Object.values(fields).some((v) => v !== undefined)
      if (!changed && newParent === undefined) {
        return yield* Effect.fail(invalidInput("Nothing to update: give at least one field.", "task_gid"))
      }
      let task: Task | undefined
      if (changed) {
        task = yield* sendForRecord(
          client,
          { method: "PUT", path: `/tasks/${pathOf(gid)}`, body: dataBody(fields) },
          `task ${gid}`,
          "taskUpdate"
        )
      }
      if (newParent !== undefined) {
        task = yield* sendForRecord(
          client,
          {
            method: "POST",
            path: `/tasks/${pathOf(gid)}/setParent`,
            body: dataBody({ parent: newParent, insert_before, insert_after })
          },
          `task ${gid}`,
          "taskUpdate"
        )
      }
      return task!
    })
}

export const taskDelete = absentIsDone(
  taskmgrOperation({
    name: "taskDelete",
    group: "tasks",
    summary: "Delete a task and its subtasks.",
    input: Schema.Struct({ task_gid: TaskRef }),
    impact: "destroy",
    idempotent: true,
    gids: { task_gid: "task" },
    subject: (i) => `task ${i.task_gid}`,
    request: (i) => ({ method: "DELETE", path: `/tasks/${pathOf(i.task_gid)}` }),
    data: Schema.Struct({})
  }),
  (i) => ({ task_gid: gidNamed(i.task_gid, "task") })
)

// ---- views --------------------------------------------------------------------------

/** A task as a row: the assignee by name when the fields asked for it. */
export const taskRow = (task: Task): { readonly [column: string]: unknown } => {
  const assignee = task.assignee as { readonly name?: unknown; readonly gid?: unknown } | null | undefined
  return {
    gid: task.gid,
    name: task.name,
    completed: task.completed,
    due_on: task.due_on,
    assignee: assignee === null || assignee === undefined ? assignee : assignee.name ?? assignee.gid
  }
}

export const TASK_COLUMNS = ["gid", "name", "completed", "due_on", "assignee"] as const

export const taskTable = (noun: string) => ({
  kind: "table" as const,
  rows: (o: { readonly items: ReadonlyArray<Task> }) => o.items.map(taskRow),
  columns: TASK_COLUMNS,
  noun
})

export const views = [
  view(taskList, {
    command: ["task", "list"],
    valueNames: { project: "GID|URL" },
    text: taskTable("tasks"),
    examples: [
      "taskmgr task list --project 1200000000000301",
      "taskmgr task list --assignee me --completed-since now",
      "taskmgr task list --tag 1200000000000501 --all"
    ]
  }),
  view(taskGet, {
    command: ["task", "get"],
    positional: ["task_gid"],
    valueNames: { task_gid: "GID|URL" },
    text: { kind: "record" },
    examples: [
      "taskmgr task get 1200000000000601",
      "taskmgr task get https://app.example.com/0/1200000000000301/1200000000000601"
    ]
  }),
  view(taskGetMany, {
    command: ["task", "get-many"],
    help:
      "Several tasks at once: 10 to a batch call, the calls in parallel; each gid has its task or its own error (exit 9 when some failed).",
    positional: ["gids"],
    text: {
      kind: "table",
      rows: (o) =>
        o.tasks.map((t) =>
          "task" in t
            ? { gid: t.gid, name: t.task.name, completed: t.task.completed, error: "" }
            : { gid: t.gid, name: "", completed: "", error: t.error.message }
        ),
      columns: ["gid", "name", "completed", "error"],
      footer: (o) => (o.failed === 0 ? [] : [`${o.failed} of ${o.tasks.length} failed`]),
      noun: "tasks"
    },
    items: (o) => ({
      total: o.tasks.length,
      failed: o.tasks.flatMap((t) => ("error" in t ? [exitCodeOfTag(t.error.type)] : []))
    }),
    examples: [
      "taskmgr task get-many 1200000000000601 1200000000000602",
      "taskmgr task get-many 1200000000000601 1200000000000699  # exit 9: some found, some not"
    ]
  }),
  view(taskSearch, {
    command: ["task", "search"],
    help:
      "Search a workspace's tasks (paid workspaces only; 60 searches a minute), newest first, paged by creation time.",
    positional: ["text"],
    text: taskTable("tasks"),
    examples: ["taskmgr task search launch", "taskmgr task search --assignee-any me --completed false --all"]
  }),
  view(taskMyTasks, {
    command: ["task", "my-tasks", "list"],
    text: taskTable("tasks"),
    examples: ["taskmgr task my-tasks list", "taskmgr task my-tasks list --completed-since now --all"]
  }),
  view(taskCreate, {
    command: ["task", "create"],
    positional: ["name"],
    valueNames: { completed: "true|false", liked: "true|false", parent: "GID|URL", custom_fields: "JSON|@FILE" },
    text: { kind: "record" },
    examples: [
      "taskmgr task create \"Write the notes\" --projects 1200000000000301 --assignee me --due-on 2025-03-01",
      "taskmgr task create \"Draft\" --html-notes '<body><strong>First</strong> draft</body>'"
    ]
  }),
  view(taskUpdate, {
    command: ["task", "update"],
    positional: ["task_gid"],
    valueNames: { task_gid: "GID|URL", completed: "true|false", liked: "true|false", parent: "GID|URL|none" },
    text: { kind: "record" },
    examples: [
      "taskmgr task update 1200000000000601 --completed true",
      "taskmgr task update 1200000000000603 --parent 1200000000000602",
      "taskmgr task update 1200000000000603 --parent none"
    ]
  }),
  view(taskDelete, {
    command: ["task", "delete"],
    positional: ["task_gid"],
    valueNames: { task_gid: "GID|URL" },
    text: { kind: "record" },
    examples: ["taskmgr task delete 1200000000000601"]
  })
] as const

/** Help's line for each command group of this module (`taskmgr --help`). */
export const commandGroups: { readonly [words: string]: string } = {
  task: "Tasks: list, read, search, create, change, delete, and their links",
  "task my-tasks": "Your My Tasks list"
}
