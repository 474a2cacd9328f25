/**
 * The simulator's templates, the jobs that instantiate them, and rule
 * triggers. A job's status follows the simulator clock: in progress for
 * JOB_RUN_MS after it starts, then succeeded, or failed for a template that
 * fails. What it makes is made when it starts, and named once it succeeds.
 */
export const JOB_RUN_MS = 2_000

export interface TaskRecipe {
  readonly name: string
  readonly subtype: "default_task" | "milestone_task" | "approval_task"
  readonly description: string
  /** Days from instantiation to the due date, or none. */
  readonly relative_due_on: number | null
  readonly subtasks: ReadonlyArray<string>
}

export interface TaskTemplate {
  readonly gid: string
  name: string
  readonly project: string | null
  readonly workspace: string
  readonly created_by: string
  readonly created_at: number
  readonly recipe: TaskRecipe
  /** Its instantiation job fails. */
  readonly fails: boolean
}

export interface DateVariable {
  readonly gid: string
  readonly name: string
  readonly description: string
}

export interface TemplateRole {
  readonly gid: string
  readonly name: string
}

export interface ProjectRecipeTask {
  readonly name: string
  /** Days from the template's first date variable to the due date. */
  readonly due_offset?: number
  /** The role whose user it is assigned to. */
  readonly role?: string
}

export interface ProjectTemplate {
  readonly gid: string
  name: string
  readonly description: string
  readonly workspace: string
  readonly team: string
  readonly owner: string | null
  readonly public: boolean
  readonly color: string | null
  readonly requested_dates: ReadonlyArray<DateVariable>
  readonly requested_roles: ReadonlyArray<TemplateRole>
  readonly sections: ReadonlyArray<{ readonly name: string; readonly tasks: ReadonlyArray<ProjectRecipeTask> }>
  readonly fails: boolean
}

export interface Job {
  readonly gid: string
  /** Who started it: a job is read by the user whose request made it, and by no one else. */
  readonly started_by: string
  readonly resource_subtype: "instantiate_task" | "instantiate_project"
  readonly started_at: number
  readonly fails: boolean
  readonly new_task: string | null
  readonly new_project: string | null
}

export interface RuleTrigger {
  readonly gid: string
  readonly name: string
  readonly workspace: string
  /** What the rule does: tag the task it runs on. */
  readonly adds_tag: string
  readonly runs: Array<{ readonly resource: string; readonly action_data: unknown; readonly at: number }>
}

export type JobStatus = "in_progress" | "succeeded" | "failed"

export const jobStatus = (job: Job, now: number): JobStatus =>
  now - job.started_at < JOB_RUN_MS ? "in_progress" : job.fails ? "failed" : "succeeded"
