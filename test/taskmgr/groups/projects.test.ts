import { describe, expect, it } from "@effect/vitest"
import { Chunk, Effect, Stream, TestClock } from "effect"
import { api, apiLayer, seed, sent, SIM } from "../harness.js"

const pathsOf = (log: ReadonlyArray<{ readonly method: string; readonly path: string }>) =>
  log.map((r) => `${r.method} ${r.path.replace(/^\/api\/1\.0/, "")}`)

describe("TaskmgrApi: projects", () => {
  it.effect("lists the configured workspace's projects with limit and a minimal opt_fields set, page by page", () =>
    Effect.gen(function*() {
      const a = yield* api
      const page = yield* a.projectList({ limit: 1 })
      expect(page.data).toHaveLength(1)
      expect(page.data[0]).toMatchObject({ gid: seed.project_gid, name: "Launch Plan", archived: false })
      expect(page.next_cursor).not.toBeNull()
      const second = yield* a.projectList({ limit: 1, cursor: page.next_cursor! })
      expect(second.data[0]?.gid).toBe(seed.big_project_gid)
      const all = Chunk.toReadonlyArray(yield* Stream.runCollect(a.streams.projectList({ limit: 1 })))
      expect(all.map((p) => p.gid)).toEqual([seed.project_gid, seed.big_project_gid])
      const [first] = yield* sent
      expect(first).toMatchObject({
        method: "GET",
        query: { workspace: seed.workspace_gid, limit: "1", opt_fields: "name,archived,team.name" }
      })
    }).pipe(Effect.provide(apiLayer())))

  it.effect("lists a team's projects and filters by archived, sending false as well as true", () =>
    Effect.gen(function*() {
      const a = yield* api
      const made = yield* a.projectCreate({ name: "Old", team: seed.team_gid, archived: true })
      const archived = yield* a.projectList({ team: seed.team_gid, archived: true })
      expect(archived.data.map((p) => p.gid)).toEqual([made.gid])
      const active = yield* a.projectList({ team: seed.team_gid, archived: false })
      expect(active.data.map((p) => p.gid)).not.toContain(made.gid)
      const log = yield* sent
      expect(log[1]?.query).toMatchObject({ team: seed.team_gid, archived: "true" })
      expect(log[1]?.query).not.toHaveProperty("workspace")
      expect(log[2]?.query).toMatchObject({ archived: "false" })
    }).pipe(Effect.provide(apiLayer())))

  it.effect("gets a project by gid and by each form of project or task URL", () =>
    Effect.gen(function*() {
      const a = yield* api
      const urls = [
        seed.project_gid,
        `${SIM}/0/${seed.project_gid}/list`,
        `${SIM}/0/${seed.project_gid}/board`,
        `${SIM}/0/${seed.project_gid}/${seed.task_gid}`,
        `${SIM}/1/${seed.workspace_gid}/project/${seed.project_gid}/list`,
        `${SIM}/1/${seed.workspace_gid}/project/${seed.project_gid}/task/${seed.task_gid}`
      ]
      for (const project_gid of urls) {
        const project = yield* a.projectGet({ project_gid })
        expect(project).toMatchObject({ gid: seed.project_gid, resource_type: "project", name: "Launch Plan" })
      }
      expect(pathsOf(yield* sent)).toEqual(urls.map(() => `GET /projects/${seed.project_gid}`))
    }).pipe(Effect.provide(apiLayer())))

  it.effect("counts tasks: every count unless some are named, since the service answers none without opt_fields", () =>
    Effect.gen(function*() {
      const a = yield* api
      const counts = yield* a.projectCounts({ project_gid: seed.project_gid })
      expect(counts).toEqual({
        num_tasks: 4,
        num_incomplete_tasks: 3,
        num_completed_tasks: 1,
        num_milestones: 0,
        num_incomplete_milestones: 0,
        num_completed_milestones: 0
      })
      expect(yield* a.projectCounts({ project_gid: seed.project_gid, fields: ["num_completed_tasks"] })).toEqual({
        num_completed_tasks: 1
      })
    }).pipe(Effect.provide(apiLayer())))

  it.effect("searches a paid workspace's projects, returning the matches", () =>
    Effect.gen(function*() {
      const a = yield* api
      const found = yield* a.projectSearch({ text: "launch" })
      expect(found.data.map((p) => p.gid)).toEqual([seed.project_gid])
      expect(found.data[0]).toMatchObject({ name: "Launch Plan", archived: false })
      expect(found.next_cursor).toBeNull()
      const [request] = yield* sent
      expect(request?.path).toBe(`/api/1.0/workspaces/${seed.workspace_gid}/projects/search`)
      expect(request?.query).toMatchObject({ text: "launch", sort_by: "created_at", sort_ascending: "false" })
    }).pipe(Effect.provide(apiLayer())))

  it.effect("pages a search as task search does: newest first, each page bounded by created_at.before, ties kept", () =>
    Effect.gen(function*() {
      const a = yield* api
      for (const name of ["Alpha one", "Alpha two", "Alpha three"]) {
        yield* a.projectCreate({ name, team: seed.team_gid })
        yield* TestClock.adjust("1 minute")
      }
      const first = yield* a.projectSearch({ text: "alpha", limit: 2 })
      expect(first.data.map((p) => p.name)).toEqual(["Alpha three", "Alpha two"])
      expect(first.next_cursor).not.toBeNull()
      const all = Chunk.toReadonlyArray(yield* Stream.runCollect(a.streams.projectSearch({ text: "alpha", limit: 2 })))
      expect(all.map((p) => p.name)).toEqual(["Alpha three", "Alpha two", "Alpha one"])
      const bounds = (yield* sent).filter((r) => r.path.endsWith("/projects/search")).map((r) =>
        r.query["created_at.before"]
      )
      // At or before the oldest time shown (a bound 1 ms later), so nothing made in that same millisecond is lost.
      expect(bounds.at(-1)).toBe(new Date(Date.parse(first.data[1]!.created_at!) + 1).toISOString())
      // Sorted otherwise, a search is one page: no creation-time bound orders what follows.
      const sorted = yield* a.projectSearch({ text: "alpha", limit: 2, sort_by: "modified_at" })
      expect(sorted.data).toHaveLength(2)
      expect(sorted.next_cursor).toBeNull()
    }).pipe(Effect.provide(apiLayer())))

  it.effect("search on a free workspace is the plan gate (402 → PlanRequiredError)", () =>
    Effect.gen(function*() {
      const a = yield* api
      const error = yield* Effect.flip(a.projectSearch({ text: "x" }))
      expect(error._tag).toBe("PlanRequiredError")
      expect(error.message).toContain("paid")
    }).pipe(Effect.provide(apiLayer({ token: seed.tokens.free, workspace: seed.free_workspace_gid }))))

  it.effect("creates (201) in a team with rich text, updates and deletes; a second delete finds it already gone", () =>
    Effect.gen(function*() {
      const a = yield* api
      const made = yield* a.projectCreate({
        name: "Roadmap",
        team: seed.team_gid,
        html_notes: "<body><strong>Q3</strong> plans</body>",
        color: "light-blue",
        privacy_setting: "private_to_team",
        followers: ["me"]
      })
      expect(made).toMatchObject({ resource_type: "project", name: "Roadmap", notes: "Q3 plans", color: "light-blue" })
      expect(made.gid).toMatch(/^\d+$/)
      const [create] = yield* sent
      expect(create).toMatchObject({ method: "POST", path: "/api/1.0/projects" })
      expect(create?.body).toEqual({
        data: {
          name: "Roadmap",
          team: seed.team_gid,
          html_notes: "<body><strong>Q3</strong> plans</body>",
          color: "light-blue",
          privacy_setting: "private_to_team",
          followers: ["me"]
        }
      })

      const updated = yield* a.projectUpdate({
        project_gid: `${SIM}/0/${made.gid}/list`,
        name: "Roadmap 2",
        archived: true,
        due_on: "2024-12-31"
      })
      expect(updated).toMatchObject({ gid: made.gid, name: "Roadmap 2", archived: true, due_on: "2024-12-31" })
      const reopened = yield* a.projectUpdate({ project_gid: made.gid, archived: false })
      expect(reopened.archived).toBe(false)

      const url = `${SIM}/1/${seed.workspace_gid}/project/${made.gid}/list`
      expect(yield* a.projectDelete({ project_gid: url })).toEqual({
        deleted: true,
        project_gid: made.gid,
        already_absent: false
      })
      expect(yield* a.projectDelete({ project_gid: url })).toEqual({
        deleted: true,
        project_gid: made.gid,
        already_absent: true
      })
      expect(yield* a.projectDelete({ project_gid: made.gid })).toEqual({
        deleted: true,
        project_gid: made.gid,
        already_absent: true
      })
      expect((yield* Effect.flip(a.projectGet({ project_gid: made.gid })))._tag).toBe("NotFoundError")
    }).pipe(Effect.provide(apiLayer())))

  it.effect("create without a team in an organization: the configured workspace is sent and the service's 400 comes back", () =>
    Effect.gen(function*() {
      const a = yield* api
      const error = yield* Effect.flip(a.projectCreate({ name: "Loose" }))
      expect(error.message).toContain("team")
      const [request] = yield* sent
      expect(request?.body).toEqual({ data: { name: "Loose", workspace: seed.workspace_gid } })
    }).pipe(Effect.provide(apiLayer())))

  it.effect("refuses bad input before sending anything", () =>
    Effect.gen(function*() {
      const a = yield* api
      const refusals: ReadonlyArray<Effect.Effect<unknown, { readonly _tag: string }>> = [
        a.projectGet({ project_gid: "12ab" }),
        a.projectGet({ project_gid: "https://elsewhere.example.com/0/1200000000000301/list" }),
        a.projectGet({ project_gid: `${SIM}/0/search` }),
        a.projectGet({ project_gid: `${SIM}/1/${seed.workspace_gid}/home` }),
        a.projectCounts({ project_gid: "abc" }),
        a.projectList({ limit: 0 }),
        a.projectList({ limit: 101 }),
        a.projectList({ workspace_gid: "ws" }),
        a.projectCreate({ name: "x", team: seed.team_gid, html_notes: "<body><p>para</p></body>" }),
        a.projectCreate({ name: "x", team: seed.team_gid, html_notes: "no body" }),
        a.projectCreate({ name: "  " }),
        a.projectCreate({ name: "x", team: seed.team_gid, due_on: "31/12/2024" }),
        a.projectCreate({ name: "x", team: seed.team_gid, notes: "a", html_notes: "<body>a</body>" }),
        a.projectUpdate({ project_gid: seed.project_gid }),
        a.projectDelete({ project_gid: "https://elsewhere.example.com/0/1200000000000301/list" })
      ]
      for (const refusal of refusals) {
        const error = yield* Effect.flip(refusal)
        expect(error._tag).toBe("InvalidInputError")
      }
      const tagged = yield* Effect.flip(
        a.projectCreate({ name: "x", team: seed.team_gid, html_notes: "<body><p>para</p></body>" })
      )
      expect(tagged.message).toContain("<p>")
      const host = yield* Effect.flip(
        a.projectGet({ project_gid: "https://elsewhere.example.com/0/1200000000000301/list" })
      )
      expect(host.message).toContain("elsewhere.example.com")
      expect(yield* sent).toEqual([])
    }).pipe(Effect.provide(apiLayer())))

  it.effect("a list without a given or configured workspace is refused before sending", () =>
    Effect.gen(function*() {
      const a = yield* api
      expect((yield* Effect.flip(a.projectList({})))._tag).toBe("InvalidInputError")
      expect((yield* Effect.flip(a.projectSearch({})))._tag).toBe("InvalidInputError")
      expect((yield* Effect.flip(a.projectCreate({ name: "x" })))._tag).toBe("InvalidInputError")
      expect(yield* sent).toEqual([])
    }).pipe(Effect.provide(apiLayer({ workspace: undefined }))))
})
