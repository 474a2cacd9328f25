/**
 * The task-management simulator's goals, portfolios and status updates:
 * envelopes and codes, the refusals the service words itself (a list with no
 * scope, a missing parent, a goal-only status type), state kept across
 * requests, visibility, and the 403 of a token without the scope.
 */
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { del, get, messageOf, ORIGIN, post, put, run, seed, send } from "./helpers.js"

/** An OAuth access token limited to `scope`, through the simulator's code flow. */
const scopedToken = (scope: string) =>
  Effect.gen(function*() {
    const redirect = "http://127.0.0.1:9/callback"
    const query = new URLSearchParams({
      client_id: seed.client.id,
      redirect_uri: redirect,
      response_type: "code",
      scope
    })
    const approved = yield* send("GET", `${ORIGIN}/-/oauth_authorize?${query}`, { token: null })
    const code = new URL(approved.headers.location!).searchParams.get("code")!
    const issued = yield* send("POST", `${ORIGIN}/-/oauth_token`, {
      token: null,
      form: {
        grant_type: "authorization_code",
        code,
        client_id: seed.client.id,
        client_secret: seed.client.secret,
        redirect_uri: redirect
      }
    })
    return issued.body.access_token as string
  })

describe("taskmgr simulator: goals", () => {
  it.effect("a goal list needs a scope; a created goal is listed, changed and deleted with its status updates", () =>
    run(Effect.gen(function*() {
      const unscoped = yield* get("/goals")
      expect(unscoped.status).toBe(400)
      expect(messageOf(unscoped)).toBe("Must specify one of portfolio, project, task, team or workspace")
      const made = yield* post("/goals", { name: "Ship", workspace: seed.workspace_gid, team: seed.team_gid })
      expect(made.status).toBe(201)
      const gid = made.body.data.gid as string
      expect((yield* get(`/goals?team=${seed.team_gid}&limit=10`)).body.data.map((g: { gid: string }) => g.gid))
        .toEqual([seed.goal_gid, gid])
      const refused = yield* put(`/goals/${gid}`, { status: "blue", name: "Never" })
      expect(refused.status).toBe(400)
      expect((yield* get(`/goals/${gid}`)).body.data.name).toBe("Ship")
      expect((yield* post("/status_updates", { parent: gid, status_type: "missed", text: "Too late" })).status).toBe(
        201
      )
      expect((yield* get(`/goals/${gid}`)).body.data).toMatchObject({
        status: "missed",
        current_status_update: { resource_subtype: "goal_status_update" }
      })
      expect((yield* del(`/goals/${gid}`)).body).toEqual({ data: {} })
      expect((yield* get(`/status_updates?parent=${gid}`)).status).toBe(404)
    })))

  it.effect("refuses a team goal said to be workspace-level, and a start after the due date", () =>
    run(Effect.gen(function*() {
      const both = yield* post("/goals", {
        name: "x",
        workspace: seed.workspace_gid,
        team: seed.team_gid,
        is_workspace_level: true
      })
      expect(both.status).toBe(400)
      const dates = yield* post("/goals", {
        name: "x",
        workspace: seed.workspace_gid,
        start_on: "2024-09-01",
        due_on: "2024-08-01"
      })
      expect(messageOf(dates)).toBe("start_on: Must be on or before due_on")
    })))
})

describe("taskmgr simulator: portfolios", () => {
  it.effect("needs a workspace to list; a private portfolio is its members' alone", () =>
    run(Effect.gen(function*() {
      expect(messageOf(yield* get("/portfolios"))).toBe("workspace: Missing input")
      const mine = yield* get(`/portfolios?workspace=${seed.workspace_gid}&owner=me`)
      expect(mine.body.data).toEqual([{
        gid: seed.portfolio_gid,
        resource_type: "portfolio",
        name: "Launch portfolio"
      }])
      expect((yield* get(`/portfolios/${seed.portfolio_gids.others}`)).status).toBe(403)
      expect((yield* get(`/portfolios/${seed.portfolio_gids.others}`, { token: seed.tokens.other })).status).toBe(200)
      const colour = yield* post("/portfolios", { name: "x", workspace: seed.workspace_gid, color: "mauve" })
      expect(colour.status).toBe(400)
      expect(messageOf(colour)).toContain("color: Must be one of")
    })))

  it.effect("a token without portfolios:read gets the service's 403; one with it reads", () =>
    run(Effect.gen(function*() {
      const tasksOnly = yield* scopedToken("tasks:read")
      const refused = yield* get(`/portfolios/${seed.portfolio_gid}`, { token: tasksOnly })
      expect(refused.status).toBe(403)
      expect(messageOf(refused)).toBe("Forbidden: this token does not have the scope portfolios:read")
      const goals = yield* get(`/goals/${seed.goal_gid}`, { token: tasksOnly })
      expect(messageOf(goals)).toBe("Forbidden: this token does not have the scope goals:read")
      const allowed = yield* scopedToken("portfolios:read")
      expect((yield* get(`/portfolios/${seed.portfolio_gid}`, { token: allowed })).status).toBe(200)
    })))
})

describe("taskmgr simulator: status updates", () => {
  it.effect("lists need a parent; a create needs a type and text, of the parent's kind", () =>
    run(Effect.gen(function*() {
      expect(messageOf(yield* get("/status_updates"))).toBe("parent: Missing input")
      expect(messageOf(yield* post("/status_updates", { parent: seed.project_gid, text: "x" }))).toBe(
        "status_type: Missing input"
      )
      expect(messageOf(yield* post("/status_updates", { parent: seed.project_gid, status_type: "on_track" }))).toBe(
        "text: Missing input"
      )
      const goalOnly = yield* post("/status_updates", { parent: seed.portfolio_gid, status_type: "dropped", text: "x" })
      expect(messageOf(goalOnly)).toBe(
        "status_type: Must be one of on_track, at_risk, off_track, on_hold, complete for a portfolio"
      )
      expect((yield* get("/status_updates?parent=1299999999999999")).status).toBe(404)
      const project = yield* get(
        `/projects/${seed.project_gid}?opt_fields=current_status_update.status_type,current_status_update.author.name`
      )
      expect(project.body.data.current_status_update).toEqual({
        gid: seed.status_update_gids.project_latest,
        resource_type: "status_update",
        status_type: "on_track",
        author: { gid: seed.other_user_gid, resource_type: "user", name: "Other Member" }
      })
      // A deleted project's updates are gone with it.
      expect((yield* del(`/projects/${seed.project_gid}`)).status).toBe(200)
      const orphan = yield* get(`/status_updates/${seed.status_update_gids.project_older}`)
      expect(messageOf(orphan)).toBe(`Unknown object: ${seed.status_update_gids.project_older}`)
    })))
})
