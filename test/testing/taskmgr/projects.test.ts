/** Projects: envelopes, 201 on create, `{data: {}}` on delete, opt_fields and the refusals. */
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { del, FREE, get, ORIGIN, post, put, run, seed } from "./helpers.js"

describe("taskmgr simulator: projects", () => {
  it.effect("a project of a workspace that is not an organization has no team, and leaves team out (never null)", () =>
    run(Effect.gen(function*() {
      const made = yield* post("/projects", { name: "Garden", workspace: seed.free_workspace_gid }, { token: FREE })
      expect(made.status).toBe(201)
      expect("team" in made.body.data).toBe(false)
      const read = yield* get(`/projects/${made.body.data.gid}`, { token: FREE })
      expect("team" in read.body.data).toBe(false)
    })))

  it.effect("create answers 201, update and delete change state, counts need opt_fields", () =>
    run(Effect.gen(function*() {
      const made = yield* post(`/workspaces/${seed.workspace_gid}/projects`, { name: "Roadmap", team: seed.team_gid })
      expect(made.status).toBe(201)
      expect(made.body.data).toMatchObject({ resource_type: "project", name: "Roadmap", archived: false })
      expect(made.body.data.gid).toMatch(/^\d+$/)
      expect(made.body.data.permalink_url).toBe(`${ORIGIN}/0/${made.body.data.gid}/list`)
      const gid: string = made.body.data.gid

      const noTeam = yield* post("/projects", { name: "x", workspace: seed.workspace_gid })
      expect(noTeam.status).toBe(400)

      const updated = yield* put(`/projects/${gid}`, { name: "Roadmap 2", archived: true })
      expect(updated.body.data).toMatchObject({ name: "Roadmap 2", archived: true })
      const archived = yield* get(`/teams/${seed.team_gid}/projects?archived=true&limit=10`)
      expect(archived.body.data.map((p: { gid: string }) => p.gid)).toEqual([gid])

      expect((yield* get(`/projects/${seed.project_gid}/task_counts`)).body).toEqual({ data: {} })
      const counts = yield* get(`/projects/${seed.project_gid}/task_counts?opt_fields=num_tasks,num_completed_tasks`)
      expect(counts.body.data).toEqual({ num_tasks: 4, num_completed_tasks: 1 })

      const deleted = yield* del(`/projects/${gid}`)
      expect(deleted.body).toEqual({ data: {} })
      expect((yield* get(`/projects/${gid}`)).status).toBe(404)
    })))

  it.effect("search finds projects in a premium workspace and is refused with 402 on a free one", () =>
    run(Effect.gen(function*() {
      const found = yield* get(`/workspaces/${seed.workspace_gid}/projects/search?text=launch`)
      expect(found.body).toEqual({ data: [{ gid: seed.project_gid, resource_type: "project", name: "Launch Plan" }] })
      const free = yield* get(`/workspaces/${seed.free_workspace_gid}/projects/search?text=x`, { token: FREE })
      expect(free.status).toBe(402)
    })))
})
