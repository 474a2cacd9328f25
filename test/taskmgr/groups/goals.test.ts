import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { api, apiLayer, seed, sent, SIM } from "../harness.js"

const { launch, growth, free } = seed.goal_gids

describe("TaskmgrApi: goals", () => {
  it.effect("lists the configured workspace's goals with limit and a minimal opt_fields set, typed", () =>
    Effect.gen(function*() {
      const a = yield* api
      const page = yield* a.goalList({})
      expect(page.data.map((g) => g.gid).sort()).toEqual([launch, growth].sort())
      const mine = page.data.find((g) => g.gid === launch)!
      expect(mine.name).toBe("Launch on time")
      const status: string | null | undefined = mine.status
      expect(status).toBe("green")
      const [request] = yield* sent
      expect(request).toMatchObject({ method: "GET", path: "/api/1.0/goals" })
      expect(request?.query).toMatchObject({
        workspace: seed.workspace_gid,
        limit: "50",
        opt_fields: "name,owner.name,due_on,status"
      })
    }).pipe(Effect.provide(apiLayer())))

  it.effect("filters by team, by what supports a goal (a project URL, a task, a portfolio), by level and time period", () =>
    Effect.gen(function*() {
      const a = yield* api
      const gids = (p: { readonly data: ReadonlyArray<{ readonly gid: string }> }) => p.data.map((g) => g.gid)
      expect(gids(yield* a.goalList({ team: seed.team_gid }))).toEqual([launch])
      // A team scopes the list alone: the configured workspace is not sent with it.
      expect((yield* sent).at(-1)?.query).toEqual(expect.not.objectContaining({ workspace: expect.anything() }))
      expect(gids(yield* a.goalList({ project: `${SIM}/0/${seed.project_gid}/list` }))).toEqual([launch])
      expect((yield* sent).at(-1)?.query).toMatchObject({ project: seed.project_gid })
      expect(gids(yield* a.goalList({ task: seed.task_gid }))).toEqual([launch])
      expect(gids(yield* a.goalList({ project: seed.big_project_gid }))).toEqual([])
      expect(gids(yield* a.goalList({ portfolio: seed.portfolio_gid }))).toEqual([growth])
      expect(gids(yield* a.goalList({ is_workspace_level: true }))).toEqual([growth])
      expect((yield* sent).at(-1)?.query).toMatchObject({ workspace: seed.workspace_gid, is_workspace_level: "true" })
      const { fy2024, q2_2024 } = seed.time_period_gids
      expect(gids(yield* a.goalList({ time_periods: [q2_2024] }))).toEqual([launch])
      expect((yield* sent).at(-1)?.query).toMatchObject({ time_periods: q2_2024 })
      expect(gids(yield* a.goalList({ time_periods: [fy2024, q2_2024] })).sort()).toEqual([launch, growth].sort())
    }).pipe(Effect.provide(apiLayer())))

  it.effect("reads a goal with its team, time period, owner and latest status update", () =>
    Effect.gen(function*() {
      const a = yield* api
      const goal = yield* a.goalGet({ goal_gid: launch })
      expect(goal).toMatchObject({
        name: "Launch on time",
        is_workspace_level: false,
        team: { gid: seed.team_gid, name: "Engineering" },
        time_period: { gid: seed.time_period_gids.q2_2024, period: "Q2" },
        owner: { gid: seed.user_gid },
        current_status_update: { gid: seed.status_update_gids.goal, resource_subtype: "goal_status_update" }
      })
      // Another workspace's goal is not the caller's to see.
      expect((yield* Effect.flip(a.goalGet({ goal_gid: free })))._tag).toBe("ForbiddenError")
    }).pipe(Effect.provide(apiLayer())))

  it.effect("creates (201), updates and deletes a goal; a second delete finds it already gone", () =>
    Effect.gen(function*() {
      const a = yield* api
      const made = yield* a.goalCreate({
        name: "Ship v2",
        team: seed.team_gid,
        due_on: "2024-09-30",
        start_on: "2024-07-01",
        time_period: seed.time_period_gids.fy2024
      })
      expect(made).toMatchObject({
        name: "Ship v2",
        is_workspace_level: false,
        team: { gid: seed.team_gid },
        due_on: "2024-09-30",
        owner: { gid: seed.user_gid }
      })
      expect((yield* sent).at(-1)).toMatchObject({
        method: "POST",
        path: "/api/1.0/goals",
        body: {
          data: {
            name: "Ship v2",
            workspace: seed.workspace_gid,
            team: seed.team_gid,
            due_on: "2024-09-30",
            start_on: "2024-07-01",
            time_period: seed.time_period_gids.fy2024
          }
        }
      })
      const changed = yield* a.goalUpdate({ goal_gid: made.gid, status: "yellow", name: "Ship v2.0" })
      expect(changed).toMatchObject({ name: "Ship v2.0", status: "yellow", due_on: "2024-09-30" })
      expect((yield* sent).at(-1)?.body).toEqual({ data: { name: "Ship v2.0", status: "yellow" } })
      const level = yield* a.goalUpdate({ goal_gid: made.gid, is_workspace_level: true })
      expect(level).toMatchObject({ is_workspace_level: true, team: null })
      expect(yield* a.goalDelete({ goal_gid: made.gid })).toEqual({
        deleted: true,
        already_absent: false,
        goal_gid: made.gid
      })
      expect(yield* a.goalDelete({ goal_gid: made.gid })).toEqual({
        deleted: true,
        already_absent: true,
        goal_gid: made.gid
      })
      expect((yield* Effect.flip(a.goalGet({ goal_gid: made.gid })))._tag).toBe("NotFoundError")
    }).pipe(Effect.provide(apiLayer())))

  it.effect("refuses bad input before sending", () =>
    Effect.gen(function*() {
      const a = yield* api
      const refused = [
        yield* Effect.flip(a.goalGet({ goal_gid: "goal-1" })),
        yield* Effect.flip(a.goalCreate({ name: " " })),
        yield* Effect.flip(a.goalCreate({ name: "x", team: seed.team_gid, is_workspace_level: true })),
        yield* Effect.flip(a.goalCreate({ name: "x", start_on: "2024-08-01", due_on: "2024-07-01" })),
        yield* Effect.flip(a.goalCreate({ name: "x", due_on: "2024-02-30" })),
        yield* Effect.flip(a.goalCreate({ name: "x", notes: "a", html_notes: "<body>a</body>" })),
        yield* Effect.flip(a.goalUpdate({ goal_gid: launch })),
        yield* Effect.flip(a.goalUpdate({ goal_gid: launch, status: "blue" as "green" })),
        yield* Effect.flip(a.goalList({ project: "https://elsewhere.example.com/0/1/list" })),
        yield* Effect.flip(a.goalList({ time_periods: ["Q3"] }))
      ]
      for (const error of refused) expect(error._tag).toBe("InvalidInputError")
      expect(refused[2]?.message).toContain("is_workspace_level")
      expect(refused[3]?.message).toContain("start_on")
      expect(refused[6]?.message).toContain("Nothing to update: give one of name, notes,")
      expect((yield* sent).length).toBe(0)
    }).pipe(Effect.provide(apiLayer())))

  it.effect("a goal list needs a workspace when nothing else scopes it", () =>
    Effect.gen(function*() {
      const a = yield* api
      expect((yield* Effect.flip(a.goalList({})))._tag).toBe("InvalidInputError")
      expect((yield* Effect.flip(a.goalCreate({ name: "x" })))._tag).toBe("InvalidInputError")
      expect((yield* sent).length).toBe(0)
      expect((yield* a.goalList({ team: seed.team_gid })).data.length).toBe(1)
    }).pipe(Effect.provide(apiLayer({ workspace: undefined }))))
})
