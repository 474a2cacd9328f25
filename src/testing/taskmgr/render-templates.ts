/** Templates and jobs as the service sends them (records of taskmgr-records.json). */
import { isoTime } from "../core/clock.js"
import { richText } from "./html.js"
import { type Job, jobStatus, type ProjectTemplate, type TaskTemplate } from "./model-templates.js"
import { projectRef, type RenderContext, taskRef, userRef, type Wire } from "./refs.js"

export const fullTaskTemplate = (ctx: RenderContext, template: TaskTemplate): Wire => {
  const { recipe } = template
  const memberships = template.project === null ? [] : [projectRef(ctx.state, template.project)]
  return {
    gid: template.gid,
    resource_type: "task_template",
    name: template.name,
    project: template.project === null ? null : projectRef(ctx.state, template.project),
    template: {
      name: recipe.name,
      task_resource_subtype: recipe.subtype,
      description: recipe.description,
      html_description: richText(recipe.description),
      memberships,
      relative_start_on: null,
      relative_due_on: recipe.relative_due_on,
      due_time: null,
      dependencies: [],
      dependents: [],
      followers: [],
      attachments: [],
      subtasks: recipe.subtasks.map((name) => ({ name, task_resource_subtype: "default_task" })),
      custom_fields: []
    },
    created_by: userRef(ctx.state, template.created_by),
    created_at: isoTime(template.created_at)
  }
}

export const fullProjectTemplate = (ctx: RenderContext, template: ProjectTemplate): Wire => ({
  gid: template.gid,
  resource_type: "project_template",
  name: template.name,
  description: template.description,
  html_description: richText(template.description),
  public: template.public,
  owner: userRef(ctx.state, template.owner),
  team: { gid: template.team, resource_type: "team", name: ctx.state.teams.get(template.team)?.name ?? "" },
  requested_dates: template.requested_dates.map((d) => ({ gid: d.gid, name: d.name, description: d.description })),
  color: template.color,
  requested_roles: template.requested_roles.map((r) => ({ gid: r.gid, resource_type: "template_role", name: r.name }))
})

/** What a job made is named only once it has succeeded. */
export const fullJob = (ctx: RenderContext, job: Job, now: number): Wire => {
  const status = jobStatus(job, now)
  const done = status === "succeeded"
  const project = job.new_project === null ? undefined : ctx.state.projects.get(job.new_project)
  return {
    gid: job.gid,
    resource_type: "job",
    resource_subtype: job.resource_subtype,
    status,
    ...(job.resource_subtype === "instantiate_task"
      ? { new_task: done ? taskRef(ctx.state, job.new_task) : null }
      : {}),
    ...(done && project !== undefined
      ? { new_project: { gid: project.gid, resource_type: "project", name: project.name } }
      : {})
  }
}
