/**
 * Task templates, project templates and the jobs that instantiate them:
 * list, get, instantiate; and reading a job. An instantiation answers a job;
 * by default the wrapper waits for it (core/job-wait.ts) and answers the job
 * as it finished, with `new_task` or `new_project`. A failed job is
 * JobFailedError, a wait that runs out JobTimeoutError; `wait: false`
 * answers the job at once.
 */
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { CalendarDate } from "../../core/calendar.js"
import type { JobFailedError, JobTimeoutError } from "../../core/errors.js"
import { pathOf } from "../../core/http/pipeline.js"
import { DEFAULT_JOB_TIMEOUT, waitForJob } from "../../core/job-wait.js"
import type { Operation } from "../../core/operation.js"
import { view } from "../../core/view.js"
import { dataBody, listFields, type TaskmgrError, taskmgrList, taskmgrOperation } from "../define.js"
import { notBoth, rules } from "../input-rules.js"
import { columnsOf, Gid, GidOrUrl, NonBlank, Toggle } from "../records/records.js"
import { Job, ProjectTemplate, TaskTemplate } from "../records/typed-records.js"
import { Ref } from "../refs.js"
import type { TaskmgrClient } from "../service.js"
import { workspaceOf } from "./people.js"

const GROUP = "templates"

export const jobGet = taskmgrOperation({
  name: "jobGet",
  group: GROUP,
  summary: "One job: its status and what it made.",
  input: Schema.Struct({ job_gid: Gid.annotations({ description: "The job's gid" }) }),
  impact: "read",
  idempotent: true,
  subject: (i) => `job ${i.job_gid}`,
  request: (i) => ({ method: "GET", path: `/jobs/${pathOf(i.job_gid)}` }),
  data: Job
})

/** The fields of both instantiations that say whether and how long to wait. */
const waiting = {
  wait: Schema.optional(Schema.Boolean.annotations({ description: "Wait for the job (default true)" })),
  timeout_seconds: Schema.optional(
    Schema.Int.pipe(Schema.between(1, 3600)).annotations({ description: "Seconds to wait (default 60)" })
  )
}

interface Waiting {
  readonly wait?: boolean | undefined
  readonly timeout_seconds?: number | undefined
}

/** A timeout means nothing without the wait it bounds. */
const timeoutNeedsWait = (input: object): Schema.FilterIssue | undefined => {
  const i = input as Waiting
  return i.wait === false && i.timeout_seconds !== undefined
    ? { path: ["timeout_seconds"], message: "only applies while waiting for the job" }
    : undefined
}

export type InstantiateError = TaskmgrError | JobFailedError | JobTimeoutError

/** The instantiation `start` (answering the job), then the wait for it unless the input turns it off. */
const waitingFor = <I extends Waiting, IE>(
  start: Operation<I, IE, Job, TaskmgrError, TaskmgrClient>,
  what: (input: I) => string
): Operation<I, IE, Job, InstantiateError, TaskmgrClient> => ({
  ...start,
  run: (client, input, cursor) =>
    Effect.flatMap(start.run(client, input, cursor), (job) =>
      input.wait === false
        ? Effect.succeed(job)
        : waitForJob({
          job,
          look: (gid) => jobGet.run(client, { job_gid: gid }, undefined),
          timeout: input.timeout_seconds === undefined ? DEFAULT_JOB_TIMEOUT : Duration.seconds(input.timeout_seconds),
          what: what(input)
        }))
})

export const taskTemplateList = taskmgrList({
  name: "taskTemplateList",
  group: GROUP,
  summary: "Task templates, of a project or of every project you see.",
  input: Schema.Struct({
    project: Schema.optional(GidOrUrl.annotations({ description: "Project gid or URL" })),
    ...listFields
  }),
  gids: { project: "project" },
  subject: (i) => (i.project === undefined ? "task templates" : `task templates of project ${i.project}`),
  request: (i) => ({ method: "GET", path: "/task_templates", query: { project: i.project } }),
  item: TaskTemplate,
  defaultFields: ["name", "project", "created_at"],
  itemsKey: "task_templates"
})

export const taskTemplateGet = taskmgrOperation({
  name: "taskTemplateGet",
  group: GROUP,
  summary: "One task template, with the task it makes.",
  input: Schema.Struct({ task_template_gid: Gid.annotations({ description: "The task template's gid" }) }),
  impact: "read",
  idempotent: true,
  subject: (i) => `task template ${i.task_template_gid}`,
  request: (i) => ({ method: "GET", path: `/task_templates/${pathOf(i.task_template_gid)}` }),
  data: TaskTemplate
})

export const taskTemplateInstantiate = waitingFor(
  taskmgrOperation({
    name: "taskTemplateInstantiate",
    group: GROUP,
    summary: "Make a task from a template; waits for its job (new_task).",
    input: Schema.Struct({
      task_template_gid: Gid.annotations({ description: "The task template's gid" }),
      name: Schema.optional(NonBlank.annotations({ description: "The new task's name (default: the template's)" })),
      ...waiting
    }).pipe(Schema.filter(rules(timeoutNeedsWait))),
    impact: "write",
    idempotent: false,
    subject: (i) => `task template ${i.task_template_gid}`,
    request: (i) => ({
      method: "POST",
      path: `/task_templates/${pathOf(i.task_template_gid)}/instantiateTask`,
      body: dataBody({ name: i.name })
    }),
    data: Job
  }),
  (i) => `a task from task template ${i.task_template_gid}`
)

export const projectTemplateList = taskmgrList({
  name: "projectTemplateList",
  group: GROUP,
  summary: "Project templates of a workspace, or of a team.",
  input: Schema.Struct({
    workspace_gid: Schema.optional(Gid.annotations({ description: "The workspace (default: the configured one)" })),
    team: Schema.optional(Ref("team", "Team gid or URL: its templates instead")),
    ...listFields
  }).pipe(Schema.filter(rules(notBoth("workspace_gid", "team")))),
  subject: (
    i
  ) => (i.team !== undefined
    ? `project templates of team ${i.team}`
    : `project templates of workspace ${i.workspace_gid ?? ""}`.trim()),
  request: (i, client) =>
    i.team !== undefined
      ? { method: "GET", path: `/teams/${pathOf(i.team)}/project_templates` }
      : Effect.map(
        workspaceOf(client, i.workspace_gid),
        (workspace) => ({ method: "GET" as const, path: "/project_templates", query: { workspace } })
      ),
  item: ProjectTemplate,
  defaultFields: ["name", "team", "public"],
  itemsKey: "project_templates"
})

export const projectTemplateGet = taskmgrOperation({
  name: "projectTemplateGet",
  group: GROUP,
  summary: "One project template, with its date variables and roles.",
  input: Schema.Struct({ project_template_gid: Gid.annotations({ description: "The project template's gid" }) }),
  impact: "read",
  idempotent: true,
  subject: (i) => `project template ${i.project_template_gid}`,
  request: (i) => ({ method: "GET", path: `/project_templates/${pathOf(i.project_template_gid)}` }),
  data: ProjectTemplate
})

/** Said in words in tool listings (the Schema checks keys and values): a record's JSON Schema costs every agent bytes. */
const asObject = { jsonSchema: { type: "object" } }

/** {variable gid: value} on every front end; the service takes [{gid, value}]. */
const pairs = (values: Readonly<Record<string, string>> | undefined) =>
  values === undefined ? undefined : Object.entries(values).map(([gid, value]) => ({ gid, value }))

export const projectTemplateInstantiate = waitingFor(
  taskmgrOperation({
    name: "projectTemplateInstantiate",
    group: GROUP,
    summary: "Make a project from a template; waits for its job (new_project).",
    input: Schema.Struct({
      project_template_gid: Gid.annotations({ description: "The project template's gid" }),
      name: NonBlank.annotations({ description: "The new project's name" }),
      team: Schema.optional(Ref("team", "Team gid or URL (default: the template's)")),
      public: Schema.optional(Toggle.annotations({ description: "Public to the team (true or false)" })),
      requested_dates: Schema.optional(
        Schema.Record({ key: Gid, value: CalendarDate }).annotations({
          ...asObject,
          description: "{date variable gid: YYYY-MM-DD}"
        })
      ),
      requested_roles: Schema.optional(
        Schema.Record({ key: Gid, value: Gid }).annotations({ ...asObject, description: "{role gid: user gid}" })
      ),
      ...waiting
    }).pipe(Schema.filter(rules(timeoutNeedsWait))),
    impact: "write",
    idempotent: false,
    subject: (i) => `project template ${i.project_template_gid}`,
    request: (i) => ({
      method: "POST",
      path: `/project_templates/${pathOf(i.project_template_gid)}/instantiateProject`,
      body: dataBody({
        name: i.name,
        team: i.team,
        public: i.public,
        requested_dates: pairs(i.requested_dates),
        requested_roles: pairs(i.requested_roles)
      })
    }),
    data: Job
  }),
  (i) => `project "${i.name}" from project template ${i.project_template_gid}`
)

/** A job as people read it: its status and the gid and name of what it made. */
const jobRecord = (job: Job): Readonly<Record<string, unknown>> => {
  const made = job.new_task ?? job.new_project ?? job.new_portfolio ?? job.new_project_template
  return {
    job: job.gid,
    status: job.status,
    ...(job.resource_subtype === undefined ? {} : { kind: job.resource_subtype }),
    ...(made === undefined || made === null
      ? {}
      : { made: made.gid, resource_type: made.resource_type, name: made.name })
  }
}

const rows = (columns: ReadonlyArray<string>) => (o: { readonly items: ReadonlyArray<object> }) =>
  o.items.map((item) => Object.fromEntries(Object.entries(columnsOf(item, columns)).map(([c, v]) => [c, nameOf(v)])))

/** A reference cell (project, team) shows its name. */
const nameOf = (value: unknown) =>
  typeof value === "object" && value !== null && "name" in value ? (value as { name: unknown }).name : value

const WAIT_HELP = "Answer the job at once instead of waiting for it"

export const views = [
  view(taskTemplateList, {
    command: ["task-template", "list"],
    valueNames: { project: "GID|URL" },
    text: {
      kind: "table",
      rows: rows(["gid", "name", "project", "created_at"]),
      columns: ["gid", "name", "project", "created_at"],
      noun: "task templates"
    },
    examples: ["taskmgr task-template list --project 1200000000000301"]
  }),
  view(taskTemplateGet, {
    command: ["task-template", "get"],
    positional: ["task_template_gid"],
    text: { kind: "record" },
    examples: ["taskmgr task-template get 1200000000030001"]
  }),
  view(taskTemplateInstantiate, {
    command: ["task-template", "instantiate"],
    positional: ["task_template_gid"],
    flags: { timeout_seconds: "timeout" },
    negated: { wait: WAIT_HELP },
    valueNames: { timeout_seconds: "SECONDS" },
    text: { kind: "record", record: jobRecord },
    examples: [
      "taskmgr task-template instantiate 1200000000030001 --name 'Weekly report'",
      "taskmgr task-template instantiate 1200000000030001 --no-wait"
    ],
    help:
      "Make a task from a task template. Waits for the job (up to --timeout seconds, default 60) and prints it with the new task; --no-wait prints the job at once (see 'taskmgr job get'). A failed job exits 10, a wait that runs out 11."
  }),
  view(projectTemplateList, {
    command: ["project-template", "list"],
    text: {
      kind: "table",
      rows: rows(["gid", "name", "team", "public"]),
      columns: ["gid", "name", "team", "public"],
      noun: "project templates"
    },
    examples: ["taskmgr project-template list", "taskmgr project-template list --team 1200000000000201"]
  }),
  view(projectTemplateGet, {
    command: ["project-template", "get"],
    positional: ["project_template_gid"],
    text: { kind: "record" },
    examples: ["taskmgr project-template get 1200000000030101"]
  }),
  view(projectTemplateInstantiate, {
    command: ["project-template", "instantiate"],
    positional: ["project_template_gid"],
    flags: { timeout_seconds: "timeout" },
    negated: { wait: WAIT_HELP },
    valueNames: { timeout_seconds: "SECONDS", requested_dates: "JSON|@FILE", requested_roles: "JSON|@FILE" },
    text: { kind: "record", record: jobRecord },
    examples: [
      "taskmgr project-template instantiate 1200000000030101 --name 'Q3 launch' --requested-dates '{\"1200000000030111\": \"2024-09-02\"}'",
      "taskmgr project-template instantiate 1200000000030102 --name 'Onboarding: Ana' --no-wait"
    ],
    help:
      "Make a project from a project template. Waits for the job (up to --timeout seconds, default 60) and prints it with the new project; --no-wait prints the job at once (see 'taskmgr job get'). A failed job exits 10, a wait that runs out 11."
  }),
  view(jobGet, {
    command: ["job", "get"],
    positional: ["job_gid"],
    text: { kind: "record", record: jobRecord },
    examples: ["taskmgr job get 1300000000000005"]
  })
] as const

/** Help's line for each command group of this module (`taskmgr --help`). */
export const commandGroups: { readonly [words: string]: string } = {
  "task-template": "Task templates: list, read, make a task from one",
  "project-template": "Project templates: list, read, make a project from one",
  job: "Jobs: the service's asynchronous work (template instantiations)"
}
