/**
 * Task templates (list by project, get, instantiate), project templates
 * (list by workspace or team, get, instantiate) and jobs. Instantiating
 * answers 201 with a job and makes the task or project from the template's
 * recipe; the job reports it once it has succeeded (model-templates.ts).
 */
import * as Either from "effect/Either"
import { isCalendarDate } from "../../core/calendar.js"
import { DAY_MS } from "../core/clock.js"
import type { Parsed } from "../core/rejection.js"
import { route } from "../core/route.js"
import type { ApiRoute, Ctx } from "./context.js"
import { badRequest, created, notFound, ok } from "./errors.js"
import { richText } from "./html.js"
import type { Data } from "./input.js"
import {
  bool,
  gidField,
  input,
  memberOf,
  pathGid,
  projectOf,
  queryGid,
  requiredStr,
  str,
  teamOf,
  userOf,
  workspaceOf
} from "./input.js"
import type { Job, ProjectTemplate, TaskTemplate } from "./model-templates.js"
import type { Project, Task } from "./model.js"
import { newGid, newProject } from "./model.js"
import { singleRecord } from "./opt-fields.js"
import { page } from "./paging.js"
import { fullJob, fullProjectTemplate, fullTaskTemplate } from "./render-templates.js"
import { createTask } from "./task-write.js"

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10)
const addDays = (date: string, days: number) => dayOf(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS)

/** A template of `map` in one of the caller's workspaces. */
const templateOf = <A extends { readonly workspace: string }>(ctx: Ctx, map: ReadonlyMap<string, A>, gid: string) => {
  const template = map.get(gid)
  return template === undefined ? notFound(gid) : Either.map(memberOf(ctx, template.workspace), () => template)
}

const taskTemplateOf = (ctx: Ctx, gid: string): Parsed<TaskTemplate> => templateOf(ctx, ctx.state.taskTemplates, gid)

const projectTemplateOf = (ctx: Ctx, gid: string): Parsed<ProjectTemplate> =>
  templateOf(ctx, ctx.state.projectTemplates, gid)

const startJob = (ctx: Ctx, job: Omit<Job, "gid" | "started_at" | "started_by">) => {
  const started: Job = { gid: newGid(ctx.state), started_at: ctx.call.now_ms, started_by: ctx.caller.user.gid, ...job }
  ctx.state.jobs.set(started.gid, started)
  return created(fullJob(ctx.render, started, ctx.call.now_ms))
}

const instantiateTask = (ctx: Ctx) =>
  Either.gen(function*() {
    const template = yield* taskTemplateOf(ctx, yield* pathGid(ctx, "task_template_gid"))
    const data = yield* input(ctx)
    const name = yield* str(data, "name")
    if (name !== undefined && name.trim() === "") return yield* badRequest("name: Missing input")
    if (template.fails) {
      return startJob(ctx, { resource_subtype: "instantiate_task", fails: true, new_task: null, new_project: null })
    }
    const { recipe } = template
    const task = yield* createTask(ctx, {
      name: name ?? recipe.name,
      notes: recipe.description,
      workspace: template.workspace,
      ...(template.project === null ? {} : { projects: [template.project] }),
      ...(recipe.relative_due_on === null ? {} : { due_on: addDays(dayOf(ctx.call.now_ms), recipe.relative_due_on) })
    }, null)
    for (const subtask of recipe.subtasks) yield* createTask(ctx, { name: subtask }, task.gid)
    return startJob(ctx, { resource_subtype: "instantiate_task", fails: false, new_task: task.gid, new_project: null })
  })

const asks = (asked: ReadonlyArray<{ readonly gid: string; readonly name: string }>) =>
  asked.map((a) => `${a.name} (${a.gid})`).join(", ")

/** `[{gid, value}]` of the template's variables (dates or roles): every one it asks, none it does not. */
const pairsOf = (
  data: Data,
  field: string,
  asked: ReadonlyArray<{ readonly gid: string; readonly name: string }>,
  required: boolean
): Parsed<Map<string, string>> =>
  Either.gen(function*() {
    const value = data[field]
    if (value === undefined) {
      if (required && asked.length > 0) {
        return yield* badRequest(`${field}: Missing input: the template asks ${asks(asked)}`)
      }
      return new Map()
    }
    if (!Array.isArray(value)) return yield* badRequest(`${field}: Value is not an array`)
    const given = new Map<string, string>()
    for (const item of value as Array<unknown>) {
      if (typeof item !== "object" || item === null) {
        return yield* badRequest(`${field}: Each item must be an object with gid and value`)
      }
      const pair = item as Data
      const gid = (yield* str(pair, "gid")) ?? (yield* badRequest(`${field}.gid: Missing input`))
      if (!asked.some((a) => a.gid === gid)) return yield* badRequest(`${field}: The template has no variable ${gid}`)
      given.set(gid, (yield* str(pair, "value")) ?? (yield* badRequest(`${field}.value: Missing input`)))
    }
    const missing = required ? asked.filter((a) => !given.has(a.gid)) : []
    if (missing.length > 0) return yield* badRequest(`${field}: Missing input: the template asks ${asks(missing)}`)
    return given
  })

const instantiateProject = (ctx: Ctx) =>
  Either.gen(function*() {
    const template = yield* projectTemplateOf(ctx, yield* pathGid(ctx, "project_template_gid"))
    const data = yield* input(ctx)
    const name = yield* requiredStr(data, "name")
    const team = yield* teamOf(ctx, (yield* gidField(ctx, data, "team")) ?? template.team)
    if (team.workspace !== template.workspace) return yield* badRequest("team: The team is in another workspace")
    const isPublic = (yield* bool(data, "public")) ?? template.public
    const dates = yield* pairsOf(data, "requested_dates", template.requested_dates, true)
    for (const [gid, value] of dates) {
      if (!isCalendarDate(value)) {
        return yield* badRequest(`requested_dates: Invalid date value for ${gid}: ${value}. Use YYYY-MM-DD.`)
      }
    }
    const roles = yield* pairsOf(data, "requested_roles", template.requested_roles, false)
    for (const [, user] of roles) yield* userOf(ctx, user)
    if (template.fails) {
      return startJob(ctx, { resource_subtype: "instantiate_project", fails: true, new_task: null, new_project: null })
    }

    const now = ctx.call.now_ms
    const caller = ctx.caller.user.gid
    const members = [...new Set([caller, ...roles.values()])]
    const project: Project = {
      ...newProject(newGid(ctx.state), name, template.workspace, team.gid, caller, now),
      color: template.color,
      notes: template.description,
      html_notes: richText(template.description),
      public: isPublic,
      members
    }
    ctx.state.projects.set(project.gid, project)
    const anchor = template.requested_dates[0] === undefined ? undefined : dates.get(template.requested_dates[0].gid)
    for (const recipe of template.sections) {
      const section = { gid: newGid(ctx.state), name: recipe.name, project: project.gid, created_at: now }
      ctx.state.sections.set(section.gid, section)
      project.sections.push(section.gid)
      for (const step of recipe.tasks) {
        const assignee = step.role === undefined ? undefined : roles.get(step.role)
        const task: Task = yield* createTask(ctx, {
          name: step.name,
          projects: [project.gid],
          ...(assignee === undefined ? {} : { assignee }),
          ...(anchor === undefined || step.due_offset === undefined ? {} : { due_on: addDays(anchor, step.due_offset) })
        }, null)
        const membership = task.memberships.find((m) => m.project === project.gid)
        if (membership !== undefined) membership.section = section.gid
      }
    }
    if (anchor !== undefined) project.due_on = anchor
    return startJob(ctx, {
      resource_subtype: "instantiate_project",
      fails: false,
      new_task: null,
      new_project: project.gid
    })
  })

const listedProjectTemplates = (ctx: Ctx, templates: ReadonlyArray<ProjectTemplate>) =>
  page(ctx, templates.map((t) => fullProjectTemplate(ctx.render, t)))

export const templateRoutes: ReadonlyArray<ApiRoute> = [
  route("GET", "/task_templates", "task_templates:read", (ctx) =>
    Either.gen(function*() {
      const project = yield* queryGid(ctx, "project")
      const all = [...ctx.state.taskTemplates.values()]
      const wanted = project === undefined
        ? all.filter((t) => ctx.caller.user.workspaces.includes(t.workspace))
        : yield* Either.map(projectOf(ctx, project), (found) => all.filter((t) => t.project === found.gid))
      return yield* page(ctx, wanted.map((t) => fullTaskTemplate(ctx.render, t)))
    })),
  route("GET", "/task_templates/:task_template_gid", "task_templates:read", (ctx) =>
    Either.gen(function*() {
      const template = yield* taskTemplateOf(ctx, yield* pathGid(ctx, "task_template_gid"))
      return ok(singleRecord(fullTaskTemplate(ctx.render, template), ctx.fields, ctx.expand))
    })),
  route("POST", "/task_templates/:task_template_gid/instantiateTask", null, instantiateTask),
  route("GET", "/project_templates", "project_templates:read", (ctx) =>
    Either.gen(function*() {
      const team = yield* queryGid(ctx, "team")
      const workspace = yield* queryGid(ctx, "workspace")
      if (team === undefined && workspace === undefined) {
        return yield* badRequest("workspace: Missing input: give a workspace or a team")
      }
      const all = [...ctx.state.projectTemplates.values()]
      if (team !== undefined) {
        const found = yield* teamOf(ctx, team)
        return yield* listedProjectTemplates(ctx, all.filter((t) => t.team === found.gid))
      }
      const found = yield* workspaceOf(ctx, workspace!)
      return yield* listedProjectTemplates(ctx, all.filter((t) => t.workspace === found.gid))
    })),
  route("GET", "/teams/:team_gid/project_templates", "project_templates:read", (ctx) =>
    Either.gen(function*() {
      const team = yield* teamOf(ctx, yield* pathGid(ctx, "team_gid"))
      return yield* listedProjectTemplates(
        ctx,
        [...ctx.state.projectTemplates.values()].filter((t) => t.team === team.gid)
      )
    })),
  route("GET", "/project_templates/:project_template_gid", "project_templates:read", (ctx) =>
    Either.gen(function*() {
      const template = yield* projectTemplateOf(ctx, yield* pathGid(ctx, "project_template_gid"))
      return ok(singleRecord(fullProjectTemplate(ctx.render, template), ctx.fields, ctx.expand))
    })),
  route("POST", "/project_templates/:project_template_gid/instantiateProject", "projects:write", instantiateProject),
  route("GET", "/jobs/:job_gid", "jobs:read", (ctx) =>
    Either.gen(function*() {
      const gid = yield* pathGid(ctx, "job_gid")
      const job = ctx.state.jobs.get(gid)
      // Another user's job is as unknown as one that never was: its gid reveals nothing.
      if (job === undefined || job.started_by !== ctx.caller.user.gid) return yield* notFound(gid)
      return ok(singleRecord(fullJob(ctx.render, job, ctx.call.now_ms), ctx.fields, ctx.expand))
    }))
]
