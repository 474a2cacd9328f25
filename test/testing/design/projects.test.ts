import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { designSeed } from "../../../src/testing/design/index.js"
import { NOT_FOUND_PLAIN, oauthLogin, personal, plain, run, scopeRefusal, send } from "./helpers.js"

const { project_id, team_id, tokens } = designSeed

describe("projects", () => {
  it.effect("lists a team's projects, and the starter team's for its own user", () =>
    run(Effect.gen(function*() {
      const r = yield* send("GET", `/v1/teams/${team_id}/projects`, personal)
      expect(r.status).toBe(200)
      expect(r.body).toEqual({ name: designSeed.team_name, projects: [{ id: project_id, name: "Sandbox Project" }] })
      const starter = yield* send("GET", `/v1/teams/${designSeed.starter_team_id}/projects`, { token: tokens.starter })
      expect(starter.body).toEqual({
        name: "Sandbox Starter Team",
        projects: [{ id: designSeed.starter_project_id, name: "Starter Project" }]
      })
      const org = yield* send("GET", `/v1/teams/${designSeed.org_team_id}/projects`, { token: tokens.plan })
      expect(org.body.projects).toEqual([])
    })))

  it.effect("describes a project and lists its files, with branches on request", () =>
    run(Effect.gen(function*() {
      const meta = yield* send("GET", `/v1/projects/${project_id}/meta`, personal)
      expect(meta.body).toEqual({
        id: project_id,
        name: "Sandbox Project",
        thumbnail_url: expect.stringMatching(/^https:\/\//),
        file_count: 1,
        updated_at: "2026-01-15T10:30:00Z",
        created_at: "2025-09-01T08:00:00Z"
      })
      const files = yield* send("GET", `/v1/projects/${project_id}/files`, personal)
      expect(files.body).toEqual({
        name: "Sandbox Project",
        files: [{
          key: designSeed.file_key,
          name: "Sandbox File",
          thumbnail_url: expect.any(String),
          last_modified: "2026-01-15T10:30:00Z"
        }]
      })
      const branches = yield* send("GET", `/v1/projects/${project_id}/files?branch_data=true`, personal)
      expect(branches.body.files[0].branches).toEqual([{
        key: designSeed.branch_file_key,
        name: "new-buttons",
        thumbnail_url: expect.any(String),
        last_modified: "2026-01-16T12:00:00Z"
      }])
      expect((yield* send("GET", `/v1/projects/${project_id}/files?branch_data=2`, personal)).body)
        .toEqual(plain(400, /'branch_data'/))
    })))

  it.effect("lists generated files in the project they were added to", () =>
    run(Effect.gen(function*() {
      const added = yield* send("POST", "/_sandbox/files", { body: { approx_bytes: 20_000 } })
      const files = yield* send("GET", `/v1/projects/${project_id}/files`, personal)
      expect(files.body.files.map((f: any) => f.key)).toEqual([designSeed.file_key, added.body.file_key])
      expect((yield* send("GET", `/v1/projects/${project_id}/meta`, personal)).body.file_count).toBe(2)
    })))

  it.effect("answers 404 and 403 in the {status, err} form, and checks each endpoint's scope", () =>
    run(Effect.gen(function*() {
      expect((yield* send("GET", "/v1/teams/999/projects", personal)).body).toEqual(NOT_FOUND_PLAIN)
      expect((yield* send("GET", "/v1/projects/999/meta", personal)).body).toEqual(NOT_FOUND_PLAIN)
      expect((yield* send("GET", "/v1/projects/999/files", personal)).body).toEqual(NOT_FOUND_PLAIN)
      const outsider = yield* send("GET", `/v1/teams/${team_id}/projects`, { token: tokens.starter })
      expect(outsider.status).toBe(403)
      expect(outsider.body).toEqual(plain(403, /do not have access/))
      expect((yield* send("GET", `/v1/projects/${project_id}/files`, { token: tokens.starter })).status).toBe(403)

      const narrow = yield* oauthLogin("projects:read")
      const bearer = { bearer: narrow.access_token }
      expect((yield* send("GET", `/v1/projects/${project_id}/files`, bearer)).status).toBe(200)
      expect((yield* send("GET", `/v1/projects/${project_id}/meta`, bearer)).body).toEqual(
        scopeRefusal("project_metadata:read")
      )
      const metaOnly = yield* oauthLogin("project_metadata:read")
      expect((yield* send("GET", `/v1/teams/${team_id}/projects`, { bearer: metaOnly.access_token })).body).toEqual(
        scopeRefusal("projects:read")
      )
    })))
})
