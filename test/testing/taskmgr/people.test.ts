/** Users, teams and workspaces: read-only, and only what the caller shares a workspace with. */
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { FREE, get, messageOf, run, seed } from "./helpers.js"

describe("taskmgr simulator: users, teams, workspaces", () => {
  it.effect("me, users, teams and workspaces answer in the data envelope with string gids", () =>
    run(Effect.gen(function*() {
      const me = yield* get("/users/me")
      expect(me.status).toBe(200)
      expect(me.body.data).toMatchObject({ gid: seed.user_gid, resource_type: "user", email: seed.user_email })
      expect(me.body.data.workspaces).toEqual([{
        gid: seed.workspace_gid,
        resource_type: "workspace",
        name: "Sandbox Workspace"
      }])

      const users = yield* get(`/users?workspace=${seed.workspace_gid}&limit=10`)
      expect(users.body.data.map((u: { gid: string }) => u.gid)).toEqual([seed.user_gid, seed.other_user_gid])
      expect(users.body.data[0]).toEqual({ gid: seed.user_gid, resource_type: "user", name: seed.user_name })
      expect(users.body.next_page).toBeNull()

      const workspaces = yield* get("/workspaces?limit=5")
      expect(workspaces.body.data).toEqual([{
        gid: seed.workspace_gid,
        resource_type: "workspace",
        name: "Sandbox Workspace"
      }])
      expect((yield* get(`/workspaces/${seed.workspace_gid}`)).body.data.is_organization).toBe(true)

      const teams = yield* get(`/workspaces/${seed.workspace_gid}/teams?limit=5`)
      expect(teams.body.data).toEqual([{ gid: seed.team_gid, resource_type: "team", name: "Engineering" }])
      expect((yield* get(`/teams/${seed.team_gid}`)).body.data.organization.gid).toBe(seed.workspace_gid)
      expect((yield* get(`/users/me/teams?organization=${seed.workspace_gid}&limit=5`)).body.data).toHaveLength(1)
    })))

  it.effect("refuses a missing or expired token with 401, another workspace with 403, an unknown gid with 404", () =>
    run(Effect.gen(function*() {
      const none = yield* get("/users/me", { token: null })
      expect(none.status).toBe(401)
      expect(none.body).toEqual({ errors: [{ message: "Not Authorized", help: expect.stringContaining("errors") }] })
      expect((yield* get("/users/me", { token: seed.tokens.expired })).status).toBe(401)
      expect((yield* get(`/workspaces/${seed.workspace_gid}`, { token: FREE })).status).toBe(403)
      expect((yield* get(`/tasks/${seed.task_gids.free}`)).status).toBe(403)
      const missing = yield* get("/tasks/999999")
      expect(missing.status).toBe(404)
      expect(messageOf(missing)).toBe("Unknown object: 999999")
      const notGid = yield* get("/tasks/abc")
      expect(notGid.status).toBe(400)
      expect(messageOf(notGid)).toBe("task: Not a recognized ID: abc")
      expect((yield* get("/no/such/route")).status).toBe(404)
    })))
})
