/**
 * What a sandbox user needs to build a world: portfolio items added (at a place) and removed, goal supporters
 * added and removed, and jobs read only by the user who started them.
 */
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { get, messageOf, post, run, seed } from "./helpers.js"

const items = (portfolio: string) =>
  Effect.map(
    get(`/portfolios/${portfolio}/items?limit=100`, { token: seed.tokens.other }),
    (r) => r.body.data.map((p: { gid: string }) => p.gid)
  )

describe("taskmgr simulator: portfolio items, goal supporters and jobs", () => {
  it.effect("adds a project to a portfolio at a place, moves it when added again, and removes it", () =>
    run(Effect.gen(function*() {
      const portfolio = seed.portfolio_gids.others
      const project = (yield* post("/projects", { name: "Side", team: seed.team_gid })).body.data.gid
      const first = yield* post(`/portfolios/${portfolio}/addItem`, { item: seed.project_gid }, {
        token: seed.tokens.other
      })
      expect(first.status).toBe(200)
      expect(first.body).toEqual({ data: {} })
      yield* post(`/portfolios/${portfolio}/addItem`, { item: project, insert_before: seed.project_gid }, {
        token: seed.tokens.other
      })
      expect(yield* items(portfolio)).toEqual([project, seed.project_gid])
      yield* post(`/portfolios/${portfolio}/addItem`, { item: project, insert_after: seed.project_gid }, {
        token: seed.tokens.other
      })
      expect(yield* items(portfolio)).toEqual([seed.project_gid, project])
      const elsewhere = yield* post(`/portfolios/${portfolio}/addItem`, { item: seed.free_project_gid }, {
        token: seed.tokens.other
      })
      expect(elsewhere.status).not.toBe(200)
      expect(
        (yield* post(`/portfolios/${portfolio}/removeItem`, { item: project }, { token: seed.tokens.other }))
          .status
      ).toBe(200)
      expect(yield* items(portfolio)).toEqual([seed.project_gid])
    })))

  it.effect("adds a portfolio, project or task as a goal's supporter; lists then find the goal by it", () =>
    run(Effect.gen(function*() {
      const goal = seed.goal_gids.growth
      const portfolio = (yield* post("/portfolios", { name: "Bets", workspace: seed.workspace_gid })).body.data.gid
      const added = yield* post(`/goals/${goal}/addSupportingRelationship`, {
        supporting_resource: portfolio,
        contribution_weight: 0.5
      })
      expect(added.status).toBe(200)
      expect(added.body.data).toMatchObject({
        resource_type: "goal_relationship",
        supporting_resource: { gid: portfolio, resource_type: "portfolio" },
        supported_goal: { gid: goal },
        contribution_weight: 0.5
      })
      const byPortfolio = yield* get(`/goals?portfolio=${portfolio}&limit=100`)
      expect(byPortfolio.body.data.map((g: { gid: string }) => g.gid)).toEqual([goal])
      yield* post(`/goals/${goal}/addSupportingRelationship`, { supporting_resource: seed.big_project_gid })
      const byProject = yield* get(`/goals?project=${seed.big_project_gid}&limit=100`)
      expect(byProject.body.data.map((g: { gid: string }) => g.gid)).toEqual([goal])
      const refused = yield* post(`/goals/${goal}/addSupportingRelationship`, { supporting_resource: seed.user_gid })
      expect(refused.status).toBe(400)
      expect(messageOf(refused)).toContain("supporting_resource")
      yield* post(`/goals/${goal}/removeSupportingRelationship`, { supporting_resource: seed.big_project_gid })
      expect((yield* get(`/goals?project=${seed.big_project_gid}&limit=100`)).body.data).toEqual([])
    })))

  it.effect("a job is read by the user who started it; another user's token finds nothing", () =>
    run(Effect.gen(function*() {
      const started = yield* post(`/task_templates/${seed.templates.task_template_gid}/instantiateTask`, {
        name: "From the template"
      })
      expect(started.status).toBe(201)
      const job = started.body.data.gid
      expect((yield* get(`/jobs/${job}`)).status).toBe(200)
      expect((yield* get(`/jobs/${job}`, { token: seed.tokens.other })).status).toBe(404)
      expect((yield* get(`/jobs/${seed.templates.job_gid}`, { token: seed.tokens.other })).status).toBe(404)
    })))
})
