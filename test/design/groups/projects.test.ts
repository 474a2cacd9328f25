import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { api, apiLayer, seed, sent } from "../harness.js"

const TEAM_URL = `https://www.design.example/files/team/${seed.team_id}/Sandbox-Studio`
const PROJECT_URL = `https://www.design.example/files/project/${seed.project_id}/Sandbox-Project`

describe("projects through DesignApi", () => {
  it.effect("lists the configured team's projects, or a team given by id or URL", () =>
    Effect.gen(function*() {
      const a = yield* api
      const mine = yield* a.projectList({})
      expect(mine.name).toBe(seed.team_name)
      expect(mine.projects.map((p) => p.id)).toContain(seed.project_id)
      const byUrl = yield* a.projectList({ team_id: TEAM_URL })
      expect(byUrl).toEqual(mine)
      expect((yield* sent).map((r) => r.path)).toEqual([
        `/v1/teams/${seed.team_id}/projects`,
        `/v1/teams/${seed.team_id}/projects`
      ])
    }).pipe(Effect.provide(apiLayer())))

  it.effect("without a configured team, asks for one before sending", () =>
    Effect.gen(function*() {
      const error = yield* Effect.flip(Effect.flatMap(api, (a) => a.projectList({})))
      expect(error._tag).toBe("InvalidInputError")
      expect(yield* sent).toEqual([])
    }).pipe(Effect.provide(apiLayer({ teamId: undefined }))))

  it.effect("reads a project's metadata and files (with branches), by id or URL", () =>
    Effect.gen(function*() {
      const a = yield* api
      const meta = yield* a.projectGet({ project_id: PROJECT_URL })
      expect(meta).toMatchObject({ id: seed.project_id, file_count: 1 })
      const files = yield* a.projectFiles({ project_id: seed.project_id, branch_data: true })
      expect(files.files[0]?.key).toBe(seed.file_key)
      expect(files.files[0]?.branches?.map((b) => b.key)).toContain(seed.branch_file_key)
      expect((yield* sent).map((r) => [r.path, r.query])).toEqual([
        [`/v1/projects/${seed.project_id}/meta`, {}],
        [`/v1/projects/${seed.project_id}/files`, { branch_data: "true" }]
      ])
    }).pipe(Effect.provide(apiLayer())))

  it.effect("refuses a file URL or a non-numeric id as a project or team before sending", () =>
    Effect.gen(function*() {
      const a = yield* api
      const errors = [
        yield* Effect.flip(a.projectGet({ project_id: `https://www.design.example/design/${seed.file_key}/X` })),
        yield* Effect.flip(a.projectFiles({ project_id: "abc" })),
        yield* Effect.flip(a.projectList({ team_id: PROJECT_URL }))
      ]
      expect(errors.map((e) => e._tag)).toEqual(["InvalidInputError", "InvalidInputError", "InvalidInputError"])
      expect(yield* sent).toEqual([])
    }).pipe(Effect.provide(apiLayer())))
})
