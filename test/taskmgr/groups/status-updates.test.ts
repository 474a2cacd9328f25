import { describe, expect, it } from "@effect/vitest"
import { Effect, TestClock } from "effect"
import { api, apiLayer, seed, sent, SIM } from "../harness.js"

const updates = seed.status_update_gids
const projectUrl = `${SIM}/0/${seed.project_gid}/list`

describe("TaskmgrApi: status updates", () => {
  it.effect("lists a project's status updates newest first (given by URL), a goal's and a portfolio's", () =>
    Effect.gen(function*() {
      const a = yield* api
      const page = yield* a.statusList({ parent: projectUrl })
      expect(page.data.map((s) => [s.gid, s.status_type])).toEqual([[updates.project_latest, "on_track"], [
        updates.project_older,
        "at_risk"
      ]])
      const [request] = yield* sent
      expect(request).toMatchObject({ method: "GET", path: "/api/1.0/status_updates" })
      expect(request?.query).toMatchObject({
        parent: seed.project_gid,
        opt_fields: "title,status_type,author.name,created_at"
      })
      expect((yield* a.statusList({ parent: seed.goal_gid })).data.map((s) => s.gid)).toEqual([updates.goal])
      expect((yield* a.statusList({ parent: seed.portfolio_gid })).data.map((s) => s.gid)).toEqual([updates.portfolio])
      const since = yield* a.statusList({ parent: seed.project_gid, created_since: "2024-05-02T12:00:00Z" })
      expect(since.data.map((s) => s.gid)).toEqual([updates.project_latest])
    }).pipe(Effect.provide(apiLayer())))

  it.effect("posts (201), reads and deletes a status update; a goal's sets the goal's status", () =>
    Effect.gen(function*() {
      const a = yield* api
      const made = yield* a.statusCreate({
        parent: seed.goal_gid,
        status_type: "off_track",
        title: "Slipping",
        text: "Two weeks late."
      })
      expect(made).toMatchObject({
        status_type: "off_track",
        title: "Slipping",
        text: "Two weeks late.",
        resource_subtype: "goal_status_update",
        parent: { gid: seed.goal_gid },
        author: { gid: seed.user_gid }
      })
      expect((yield* sent).at(-1)).toMatchObject({
        method: "POST",
        path: "/api/1.0/status_updates",
        body: { data: { parent: seed.goal_gid, status_type: "off_track", title: "Slipping", text: "Two weeks late." } }
      })
      expect((yield* a.goalGet({ goal_gid: seed.goal_gid })).status).toBe("red")
      expect((yield* a.statusGet({ status_update_gid: made.gid })).html_text).toBe("<body>Two weeks late.</body>")
      expect(yield* a.statusDelete({ status_update_gid: made.gid })).toEqual({
        deleted: true,
        already_absent: false,
        status_update_gid: made.gid
      })
      expect(yield* a.statusDelete({ status_update_gid: made.gid })).toEqual({
        deleted: true,
        already_absent: true,
        status_update_gid: made.gid
      })
    }).pipe(Effect.provide(apiLayer())))

  it.effect("the service refuses a goal-only type on a project", () =>
    Effect.gen(function*() {
      const a = yield* api
      const error = yield* Effect.flip(
        a.statusCreate({ parent: seed.project_gid, status_type: "achieved", text: "Done" })
      )
      expect(error._tag).toBe("InvalidRequestError")
      expect(error.message).toContain("status_type")
    }).pipe(Effect.provide(apiLayer())))

  it.effect("refuses bad input before sending", () =>
    Effect.gen(function*() {
      const a = yield* api
      const refused = [
        yield* Effect.flip(a.statusList({ parent: "launch" })),
        yield* Effect.flip(a.statusList({ parent: seed.project_gid, created_since: "yesterday" })),
        yield* Effect.flip(a.statusGet({ status_update_gid: "x" })),
        yield* Effect.flip(a.statusCreate({ parent: seed.project_gid, status_type: "fine" as "on_track", text: "x" })),
        yield* Effect.flip(a.statusCreate({ parent: seed.project_gid, status_type: "on_track" })),
        yield* Effect.flip(a.statusCreate({ parent: seed.project_gid, status_type: "on_track", text: "  " })),
        yield* Effect.flip(
          a.statusCreate({ parent: seed.project_gid, status_type: "on_track", text: "a", html_text: "<body>a</body>" })
        ),
        yield* Effect.flip(
          a.statusCreate({ parent: "https://elsewhere.example.com/0/1/list", status_type: "on_track", text: "x" })
        ),
        yield* Effect.flip(a.statusOverview({ gid: "abc" })),
        yield* Effect.flip(a.statusOverview({ gid: seed.project_gid, kind: "team" as "project" }))
      ]
      for (const error of refused) expect(error._tag).toBe("InvalidInputError")
      expect(refused[4]?.message).toContain("text")
      expect((yield* sent).length).toBe(0)
    }).pipe(Effect.provide(apiLayer())))
})

/** 2024-06-10 at noon UTC: the seeded checklist (due 2024-06-01, open) is overdue in every time zone. */
const JUNE_10 = Date.parse("2024-06-10T12:00:00Z")

describe("TaskmgrApi: status overview", () => {
  it.effect("a project: its latest status and its task counts, overdue on the Clock", () =>
    Effect.gen(function*() {
      const a = yield* api
      yield* TestClock.setTime(JUNE_10)
      const o = yield* a.statusOverview({ gid: projectUrl })
      expect(o).toEqual({
        kind: "project",
        gid: seed.project_gid,
        name: "Launch Plan",
        status: { type: "on_track", title: "Back on track", author: "Other Member", date: "2024-05-03T09:00:00.000Z" },
        tasks: { total: 4, completed: 1, incomplete: 3, overdue: 1 },
        items: []
      })
      // Without a kind, the project read comes first and answers.
      expect((yield* sent)[0]).toMatchObject({ path: `/api/1.0/projects/${seed.project_gid}` })
    }).pipe(Effect.provide(apiLayer())))

  it.effect("nothing is overdue before its due date", () =>
    Effect.gen(function*() {
      const a = yield* api
      yield* TestClock.setTime(Date.parse("2024-05-20T12:00:00Z"))
      expect((yield* a.statusOverview({ gid: seed.project_gid, kind: "project" })).tasks.overdue).toBe(0)
      yield* TestClock.setTime(JUNE_10)
      expect((yield* a.statusOverview({ gid: seed.project_gid, kind: "project" })).tasks.overdue).toBe(1)
    }).pipe(Effect.provide(apiLayer())))

  it.effect("a portfolio: its own status, each project's, and the sums; every page of a large project counted", () =>
    Effect.gen(function*() {
      const a = yield* api
      yield* TestClock.setTime(JUNE_10)
      const o = yield* a.statusOverview({ gid: seed.portfolio_gid })
      expect(o.kind).toBe("portfolio")
      expect(o.status).toMatchObject({ type: "at_risk", title: "Backlog too large", author: "Other Member" })
      expect(o.items.map((i) => [i.gid, i.status?.type ?? null, i.tasks])).toEqual([
        [seed.project_gid, "on_track", { total: 4, completed: 1, incomplete: 3, overdue: 1 }],
        [seed.big_project_gid, null, {
          total: seed.big_project_task_count,
          completed: 0,
          incomplete: seed.big_project_task_count,
          overdue: 0
        }]
      ])
      expect(o.tasks).toEqual({
        total: 4 + seed.big_project_task_count,
        completed: 1,
        incomplete: 3 + seed.big_project_task_count,
        overdue: 1
      })
      // The project read said 404 before the portfolio read answered.
      expect((yield* sent).slice(0, 2).map((r) => r.path)).toEqual([
        `/api/1.0/projects/${seed.portfolio_gid}`,
        `/api/1.0/portfolios/${seed.portfolio_gid}`
      ])
    }).pipe(Effect.provide(apiLayer())))

  it.effect("a goal: its status, the projects of its team that support it, and a supporting portfolio's items", () =>
    Effect.gen(function*() {
      const a = yield* api
      yield* TestClock.setTime(JUNE_10)
      const o = yield* a.statusOverview({ gid: seed.goal_gid, kind: "goal" })
      expect(o).toMatchObject({
        kind: "goal",
        name: "Launch on time",
        status: { type: "on_track", title: "Launch goal on track", author: seed.user_name },
        tasks: { total: 4, completed: 1, incomplete: 3, overdue: 1 }
      })
      expect(o.items.map((i) => i.gid)).toEqual([seed.project_gid])
      // With the kind given, no other kind is tried.
      expect((yield* sent)[0]?.path).toBe(`/api/1.0/goals/${seed.goal_gid}`)
      // Growth is supported by no project itself, only by the launch portfolio: its items are counted.
      const growth = yield* a.statusOverview({ gid: seed.goal_gids.growth })
      expect(growth).toMatchObject({ kind: "goal", status: null })
      const portfolio = yield* a.statusOverview({ gid: seed.portfolio_gid, kind: "portfolio" })
      expect(growth.items.map((i) => i.gid).sort()).toEqual(portfolio.items.map((i) => i.gid).sort())
      expect(growth.items.length).toBeGreaterThan(0)
      expect(growth.tasks).toEqual(portfolio.tasks)
    }).pipe(Effect.provide(apiLayer())))

  it.effect("a gid that is no project, portfolio or goal is not found; a private portfolio is forbidden", () =>
    Effect.gen(function*() {
      const a = yield* api
      const missing = yield* Effect.flip(a.statusOverview({ gid: "1299999999999999" }))
      expect(missing._tag).toBe("NotFoundError")
      expect(missing.message).toContain("No project, portfolio or goal")
      expect((yield* Effect.flip(a.statusOverview({ gid: seed.portfolio_gids.others })))._tag).toBe("ForbiddenError")
    }).pipe(Effect.provide(apiLayer())))
})
