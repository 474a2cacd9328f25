/**
 * Seeded templates and rule triggers: a task template in the launch project
 * (and one whose job fails), project templates of the engineering team (one
 * asking a date and a role, one asking nothing, one whose job fails, one in
 * the free workspace), and a rule trigger in each workspace (the free one
 * answers 402).
 */
import { JOB_RUN_MS, type ProjectTemplate, type TaskTemplate } from "./model-templates.js"
import type { TaskmgrState } from "./model.js"

export const templateSeed = {
  /** "Weekly report": a task with a description, a due date a week out and two subtasks. */
  task_template_gid: "1200000000030001",
  /** A task template whose instantiation job fails. */
  failing_task_template_gid: "1200000000030002",
  /** "Product launch": asks the launch date (date variable) and the launch lead (role). */
  project_template_gid: "1200000000030101",
  launch_date_gid: "1200000000030111",
  launch_lead_role_gid: "1200000000030121",
  /** "Onboarding": asks nothing. */
  plain_project_template_gid: "1200000000030102",
  /** A project template whose instantiation job fails. */
  failing_project_template_gid: "1200000000030103",
  free_project_template_gid: "1200000000030104",
  /** A finished job: the instantiation that made the launch checklist task. */
  job_gid: "1200000000030301",
  /** Tags the task it runs on "later" (paid workspace). */
  rule_trigger_gid: "1200000000030201",
  /** In the free workspace: its plan lacks rules (402). */
  free_rule_trigger_gid: "1200000000030202"
} as const

/** The seed world's records the templates point at. */
export interface TemplateWorld {
  readonly user: string
  readonly workspace: string
  readonly free_workspace: string
  readonly team: string
  readonly free_team: string
  readonly free_user: string
  readonly project: string
  readonly later_tag: string
  readonly free_tag: string
  /** The task the finished job made. */
  readonly task: string
  readonly at: number
}

export const seedTemplates = (state: TaskmgrState, w: TemplateWorld): void => {
  const s = templateSeed
  const taskTemplate = (
    gid: string,
    name: string,
    fails: boolean,
    recipe: Partial<TaskTemplate["recipe"]>
  ): TaskTemplate => ({
    gid,
    name,
    project: w.project,
    workspace: w.workspace,
    created_by: w.user,
    created_at: w.at,
    fails,
    recipe: { name, subtype: "default_task", description: "", relative_due_on: null, subtasks: [], ...recipe }
  })
  state.taskTemplates.set(
    s.task_template_gid,
    taskTemplate(s.task_template_gid, "Weekly report", false, {
      description: "Sum up the week: what shipped, what slipped.",
      relative_due_on: 7,
      subtasks: ["Collect the numbers", "Write the summary"]
    })
  )
  state.taskTemplates.set(
    s.failing_task_template_gid,
    taskTemplate(s.failing_task_template_gid, "Broken checklist", true, {})
  )

  const projectTemplate = (gid: string, name: string, extra: Partial<ProjectTemplate>): ProjectTemplate => ({
    gid,
    name,
    description: "",
    workspace: w.workspace,
    team: w.team,
    owner: w.user,
    public: true,
    color: "light-blue",
    requested_dates: [],
    requested_roles: [],
    sections: [],
    fails: false,
    ...extra
  })
  const add = (t: ProjectTemplate) => state.projectTemplates.set(t.gid, t)
  add(projectTemplate(s.project_template_gid, "Product launch", {
    description: "Plan, build and announce a launch.",
    requested_dates: [{ gid: s.launch_date_gid, name: "Launch date", description: "The day it goes out" }],
    requested_roles: [{ gid: s.launch_lead_role_gid, name: "Launch lead" }],
    sections: [
      {
        name: "Plan",
        tasks: [{ name: "Write the brief", due_offset: -14, role: s.launch_lead_role_gid }, {
          name: "Book the venue",
          due_offset: -7
        }]
      },
      { name: "Ship", tasks: [{ name: "Announce it", due_offset: 0, role: s.launch_lead_role_gid }] }
    ]
  }))
  add(projectTemplate(s.plain_project_template_gid, "Onboarding", {
    description: "A new teammate's first weeks.",
    color: null,
    sections: [{ name: "Week 1", tasks: [{ name: "Set up the laptop" }, { name: "Meet the team" }] }]
  }))
  add(projectTemplate(s.failing_project_template_gid, "Broken import", { fails: true, public: false }))
  add(
    projectTemplate(s.free_project_template_gid, "Garden plan", {
      workspace: w.free_workspace,
      team: w.free_team,
      owner: w.free_user
    })
  )

  state.ruleTriggers.set(s.rule_trigger_gid, {
    gid: s.rule_trigger_gid,
    name: "Mark for later",
    workspace: w.workspace,
    adds_tag: w.later_tag,
    runs: []
  })
  state.ruleTriggers.set(s.free_rule_trigger_gid, {
    gid: s.free_rule_trigger_gid,
    name: "Mark someday",
    workspace: w.free_workspace,
    adds_tag: w.free_tag,
    runs: []
  })

  // Finished before any clock starts (a test's TestClock starts at 0).
  state.jobs.set(s.job_gid, {
    gid: s.job_gid,
    started_by: w.user,
    resource_subtype: "instantiate_task",
    started_at: -JOB_RUN_MS,
    fails: false,
    new_task: w.task,
    new_project: null
  })
}
