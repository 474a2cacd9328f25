/**
 * Task and project templates and their jobs over the in-process simulator,
 * on TestClock: instantiation waits for the job (its pauses announced as
 * waits), answers the finished job with what it made, fails with
 * JobFailedError for a job that fails and JobTimeoutError when the wait runs
 * out; `wait: false` answers the job at once. Bad input is refused unsent.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect, Fiber, TestClock } from "effect"
import { exitCodeOf } from "../../../src/core/exit-codes.js"
import { HttpObserver, type WaitEvent } from "../../../src/core/http/observe.js"
import { api, apiLayer, seed, sent, SIM } from "../harness.js"

const t = seed.templates
const projectUrl = `${SIM}/0/${seed.project_gid}/list`

/** Runs `effect` in a fiber while simulator time passes, in steps, until it is done. */
const withTimePassing = <A, E, R>(effect: Effect.Effect<A, E, R>, seconds = 120) =>
  Effect.gen(function*() {
    const fiber = yield* Effect.fork(effect)
    for (let i = 0; i < seconds * 4; i++) {
      yield* TestClock.adjust("250 millis")
      if ((yield* Fiber.poll(fiber))._tag === "Some") break
    }
    return yield* Fiber.join(fiber)
  })

const jobLooks = Effect.map(
  sent,
  (requests) => requests.filter((r) => r.method === "GET" && r.path.startsWith("/api/1.0/jobs/"))
)

describe("TaskmgrApi: task templates", () => {
  it.effect("lists a project's task templates (the project given by URL) and reads one with its recipe", () =>
    Effect.gen(function*() {
      const a = yield* api
      const page = yield* a.taskTemplateList({ project: projectUrl })
      expect(page.data.map((x) => x.gid)).toEqual([t.task_template_gid, t.failing_task_template_gid])
      expect((yield* sent)[0]).toMatchObject({
        path: "/api/1.0/task_templates",
        query: { project: seed.project_gid, limit: "50", opt_fields: "name,project,created_at" }
      })
      const template = yield* a.taskTemplateGet({ task_template_gid: t.task_template_gid })
      expect(template.name).toBe("Weekly report")
      expect(template.template?.subtasks?.map((s) => s.name)).toEqual(["Collect the numbers", "Write the summary"])
      expect(template.project?.gid).toBe(seed.project_gid)
    }).pipe(Effect.provide(apiLayer())))

  it.effect("instantiates: waits for the job, looking again with growing pauses, and answers it with new_task", () =>
    Effect.gen(function*() {
      const a = yield* api
      const waits: Array<WaitEvent> = []
      const job = yield* withTimePassing(
        a.taskTemplateInstantiate({ task_template_gid: t.task_template_gid, name: "Report, week 19" }).pipe(
          Effect.provideService(HttpObserver, { onWait: (e) => Effect.sync(() => void waits.push(e)) })
        )
      )
      expect(job).toMatchObject({ resource_type: "job", status: "succeeded", new_task: { name: "Report, week 19" } })
      const [start] = yield* sent
      expect(start).toMatchObject({
        method: "POST",
        path: `/api/1.0/task_templates/${t.task_template_gid}/instantiateTask`,
        body: { data: { name: "Report, week 19" } }
      })
      // Announced before each look, with the job and how long so far; pauses grow.
      expect(waits.length).toBe((yield* jobLooks).length)
      expect(waits.every((w) => w.reason === "job" && w.detail?.includes(job.gid))).toBe(true)
      expect(waits.map((w) => w.delay.pipe((d) => Number(d.value._tag === "Millis" ? d.value.millis : 0)))).toEqual([
        500,
        750,
        1125
      ])
      // The task is real: made from the recipe, in the template's project, with its subtasks.
      const task = yield* a.taskGet({ task_gid: job.new_task!.gid })
      expect(task).toMatchObject({ name: "Report, week 19", notes: "Sum up the week: what shipped, what slipped." })
      expect(task.projects?.map((p) => p.gid)).toEqual([seed.project_gid])
      expect(task.due_on).toMatch(/^\d{4}-\d{2}-\d{2}$/)
      expect((yield* a.taskSubtaskList({ task_gid: task.gid })).data.map((s) => s.name)).toEqual([
        "Collect the numbers",
        "Write the summary"
      ])
    }).pipe(Effect.provide(apiLayer())))

  it.effect("with wait: false answers the job at once, in progress; job get reads it later", () =>
    Effect.gen(function*() {
      const a = yield* api
      const job = yield* a.taskTemplateInstantiate({ task_template_gid: t.task_template_gid, wait: false })
      expect(job).toMatchObject({ status: "in_progress", new_task: null })
      expect((yield* jobLooks).length).toBe(0)
      yield* TestClock.adjust("3 seconds")
      const later = yield* a.jobGet({ job_gid: job.gid })
      expect(later).toMatchObject({ gid: job.gid, status: "succeeded", new_task: { name: "Weekly report" } })
    }).pipe(Effect.provide(apiLayer())))

  it.effect("a job that fails is JobFailedError (exit 10) naming the job, never a success", () =>
    Effect.gen(function*() {
      const a = yield* api
      const error = yield* withTimePassing(
        Effect.flip(a.taskTemplateInstantiate({ task_template_gid: t.failing_task_template_gid }))
      )
      expect(error._tag).toBe("JobFailedError")
      if (error._tag !== "JobFailedError") return
      expect(exitCodeOf(error)).toBe(10)
      expect(error.message).toContain(error.job)
      expect((yield* a.jobGet({ job_gid: error.job })).status).toBe("failed")
    }).pipe(Effect.provide(apiLayer())))

  it.effect("a wait that runs out is JobTimeoutError (exit 11) naming the job, which goes on and succeeds", () =>
    Effect.gen(function*() {
      const a = yield* api
      const error = yield* withTimePassing(
        Effect.flip(a.taskTemplateInstantiate({ task_template_gid: t.task_template_gid, timeout_seconds: 1 }))
      )
      expect(error._tag).toBe("JobTimeoutError")
      if (error._tag !== "JobTimeoutError") return
      expect(exitCodeOf(error)).toBe(11)
      expect(error).toMatchObject({ status: "in_progress" })
      expect(error.message).toContain(error.job)
      yield* TestClock.adjust("5 seconds")
      expect((yield* a.jobGet({ job_gid: error.job })).status).toBe("succeeded")
    }).pipe(Effect.provide(apiLayer())))

  it.effect("a caller's deadline (a tool call's budget) ends the wait in time to say so", () =>
    Effect.gen(function*() {
      const a = yield* api
      const error = yield* withTimePassing(
        Effect.flip(a.taskTemplateInstantiate({ task_template_gid: t.task_template_gid })).pipe(
          Effect.provideService(HttpObserver, { onWait: () => Effect.void, deadline: 3_000 })
        )
      )
      expect(error._tag).toBe("JobTimeoutError")
    }).pipe(Effect.provide(apiLayer())))
})

describe("TaskmgrApi: project templates and jobs", () => {
  it.effect("lists the configured workspace's templates, or a team's, and reads one with its dates and roles", () =>
    Effect.gen(function*() {
      const a = yield* api
      const mine = yield* a.projectTemplateList({})
      expect(mine.data.map((x) => x.gid)).toEqual([
        t.project_template_gid,
        t.plain_project_template_gid,
        t.failing_project_template_gid
      ])
      expect((yield* sent).at(-1)).toMatchObject({
        path: "/api/1.0/project_templates",
        query: { workspace: seed.workspace_gid, opt_fields: "name,team,public" }
      })
      const team = yield* a.projectTemplateList({ team: seed.team_gid })
      expect(team.data.length).toBe(3)
      expect((yield* sent).at(-1)?.path).toBe(`/api/1.0/teams/${seed.team_gid}/project_templates`)
      const template = yield* a.projectTemplateGet({ project_template_gid: t.project_template_gid })
      expect(template.requested_dates?.map((d) => d.gid)).toEqual([t.launch_date_gid])
      expect(template.requested_roles?.map((r) => r.gid)).toEqual([t.launch_lead_role_gid])
    }).pipe(Effect.provide(apiLayer())))

  it.effect("instantiates with the dates and roles the template asks, waits, and answers the job with new_project", () =>
    Effect.gen(function*() {
      const a = yield* api
      const job = yield* withTimePassing(a.projectTemplateInstantiate({
        project_template_gid: t.project_template_gid,
        name: "Q3 launch",
        requested_dates: { [t.launch_date_gid]: "2024-09-02" },
        requested_roles: { [t.launch_lead_role_gid]: seed.other_user_gid }
      }))
      expect(job).toMatchObject({ status: "succeeded", new_project: { name: "Q3 launch" } })
      expect((yield* sent)[0]?.body).toEqual({
        data: {
          name: "Q3 launch",
          requested_dates: [{ gid: t.launch_date_gid, value: "2024-09-02" }],
          requested_roles: [{ gid: t.launch_lead_role_gid, value: seed.other_user_gid }]
        }
      })
      const project = job.new_project!.gid
      expect((yield* a.sectionList({ project_gid: project })).data.map((s) => s.name)).toEqual(["Plan", "Ship"])
      const tasks = yield* a.taskList({ project, fields: ["name", "due_on", "assignee"] })
      expect(tasks.data.map((x) => [x.name, x.due_on, x.assignee?.gid ?? null])).toEqual([
        ["Write the brief", "2024-08-19", seed.other_user_gid],
        ["Book the venue", "2024-08-26", null],
        ["Announce it", "2024-09-02", seed.other_user_gid]
      ])
    }).pipe(Effect.provide(apiLayer())))

  it.effect("a template asking a date it was not given is the service's 400 (exit 2); a failing one is JobFailedError", () =>
    Effect.gen(function*() {
      const a = yield* api
      const refused = yield* Effect.flip(
        a.projectTemplateInstantiate({ project_template_gid: t.project_template_gid, name: "No date" })
      )
      expect(refused._tag).toBe("InvalidRequestError")
      expect(refused.message).toContain(t.launch_date_gid)
      const failed = yield* withTimePassing(
        Effect.flip(
          a.projectTemplateInstantiate({ project_template_gid: t.failing_project_template_gid, name: "Import" })
        )
      )
      expect(failed._tag).toBe("JobFailedError")
    }).pipe(Effect.provide(apiLayer())))

  it.effect("refuses bad input before sending", () =>
    Effect.gen(function*() {
      const a = yield* api
      const refused = [
        yield* Effect.flip(a.taskTemplateGet({ task_template_gid: "abc" })),
        yield* Effect.flip(a.taskTemplateInstantiate({ task_template_gid: t.task_template_gid, timeout_seconds: 0 })),
        yield* Effect.flip(a.taskTemplateInstantiate({ task_template_gid: t.task_template_gid, timeout_seconds: 2.5 })),
        yield* Effect.flip(
          a.taskTemplateInstantiate({ task_template_gid: t.task_template_gid, wait: false, timeout_seconds: 30 })
        ),
        yield* Effect.flip(a.taskTemplateInstantiate({ task_template_gid: t.task_template_gid, name: "  " })),
        yield* Effect.flip(a.taskTemplateList({ project: "https://elsewhere.example.com/0/1/list" })),
        yield* Effect.flip(a.projectTemplateInstantiate({ project_template_gid: t.project_template_gid, name: "" })),
        yield* Effect.flip(
          a.projectTemplateInstantiate({
            project_template_gid: t.project_template_gid,
            name: "X",
            requested_dates: { [t.launch_date_gid]: "2024-02-30" }
          })
        ),
        yield* Effect.flip(
          a.projectTemplateInstantiate({
            project_template_gid: t.project_template_gid,
            name: "X",
            requested_roles: { lead: seed.user_gid }
          })
        ),
        yield* Effect.flip(a.projectTemplateList({ workspace_gid: seed.workspace_gid, team: seed.team_gid })),
        yield* Effect.flip(a.jobGet({ job_gid: "job-1" }))
      ]
      expect(refused.map((e) => e._tag)).toEqual(refused.map(() => "InvalidInputError"))
      expect(refused[3]?.message).toContain("timeout_seconds")
      expect((yield* sent).length).toBe(0)
    }).pipe(Effect.provide(apiLayer())))
})
