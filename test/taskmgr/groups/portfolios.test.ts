import { describe, expect, it } from "@effect/vitest"
import { Chunk, Effect, Stream } from "effect"
import { api, apiLayer, seed, sent } from "../harness.js"

const { launch, others, free } = seed.portfolio_gids

describe("TaskmgrApi: portfolios", () => {
  it.effect("lists the caller's portfolios of the configured workspace (owner me by default), or another owner's", () =>
    Effect.gen(function*() {
      const a = yield* api
      const mine = yield* a.portfolioList({})
      expect(mine.data.map((p) => p.gid)).toEqual([launch])
      const [request] = yield* sent
      expect(request).toMatchObject({ method: "GET", path: "/api/1.0/portfolios" })
      expect(request?.query).toMatchObject({
        workspace: seed.workspace_gid,
        owner: "me",
        limit: "50",
        opt_fields: "name,color,owner.name"
      })
      // The other member's portfolio is private to its members.
      expect((yield* a.portfolioList({ owner: seed.other_user_gid })).data).toEqual([])
      expect((yield* Effect.flip(a.portfolioGet({ portfolio_gid: others })))._tag).toBe("ForbiddenError")
      expect((yield* Effect.flip(a.portfolioGet({ portfolio_gid: free })))._tag).toBe("ForbiddenError")
    }).pipe(Effect.provide(apiLayer())))

  it.effect("lists a portfolio's projects, page by page with the stream", () =>
    Effect.gen(function*() {
      const a = yield* api
      const page = yield* a.portfolioItemList({ portfolio_gid: launch })
      expect(page.data.map((p) => [p.gid, p.name])).toEqual([[seed.project_gid, "Launch Plan"], [
        seed.big_project_gid,
        "Backlog (large)"
      ]])
      expect((yield* sent).at(-1)).toMatchObject({ path: `/api/1.0/portfolios/${launch}/items` })
      const all = Chunk.toReadonlyArray(
        yield* Stream.runCollect(a.streams.portfolioItemList({ portfolio_gid: launch, limit: 1 }))
      )
      expect(all.map((p) => p.gid)).toEqual([seed.project_gid, seed.big_project_gid])
    }).pipe(Effect.provide(apiLayer())))

  it.effect("creates (201), reads, updates and deletes a portfolio", () =>
    Effect.gen(function*() {
      const a = yield* api
      const made = yield* a.portfolioCreate({
        name: "Q3 launches",
        color: "dark-teal",
        public: true,
        due_on: "2024-09-30"
      })
      expect(made).toMatchObject({
        name: "Q3 launches",
        color: "dark-teal",
        public: true,
        due_on: "2024-09-30",
        owner: { gid: seed.user_gid }
      })
      expect((yield* sent).at(-1)).toMatchObject({
        method: "POST",
        path: "/api/1.0/portfolios",
        body: {
          data: {
            name: "Q3 launches",
            color: "dark-teal",
            public: true,
            due_on: "2024-09-30",
            workspace: seed.workspace_gid
          }
        }
      })
      expect((yield* a.portfolioGet({ portfolio_gid: made.gid })).permalink_url).toContain(`/portfolio/${made.gid}`)
      const changed = yield* a.portfolioUpdate({
        portfolio_gid: made.gid,
        archived: true,
        default_access_level: "viewer"
      })
      expect(changed).toMatchObject({ archived: true, default_access_level: "viewer", name: "Q3 launches" })
      expect((yield* sent).at(-1)?.body).toEqual({ data: { archived: true, default_access_level: "viewer" } })
      expect((yield* a.portfolioItemList({ portfolio_gid: made.gid })).data).toEqual([])
      expect(yield* a.portfolioDelete({ portfolio_gid: made.gid })).toEqual({
        deleted: true,
        already_absent: false,
        portfolio_gid: made.gid
      })
      expect(yield* a.portfolioDelete({ portfolio_gid: made.gid })).toEqual({
        deleted: true,
        already_absent: true,
        portfolio_gid: made.gid
      })
    }).pipe(Effect.provide(apiLayer())))

  it.effect("deleting a portfolio keeps its projects and takes its status updates", () =>
    Effect.gen(function*() {
      const a = yield* api
      yield* a.portfolioDelete({ portfolio_gid: launch })
      expect((yield* a.projectGet({ project_gid: seed.project_gid })).name).toBe("Launch Plan")
      expect((yield* Effect.flip(a.statusGet({ status_update_gid: seed.status_update_gids.portfolio })))._tag).toBe(
        "NotFoundError"
      )
    }).pipe(Effect.provide(apiLayer())))

  it.effect("refuses bad input before sending", () =>
    Effect.gen(function*() {
      const a = yield* api
      const refused = [
        yield* Effect.flip(a.portfolioGet({ portfolio_gid: "p1" })),
        yield* Effect.flip(a.portfolioItemList({ portfolio_gid: "" })),
        yield* Effect.flip(a.portfolioList({ owner: "someone" })),
        yield* Effect.flip(a.portfolioCreate({ name: "" })),
        yield* Effect.flip(a.portfolioCreate({ name: "x", color: "mauve" as "dark-red" })),
        yield* Effect.flip(a.portfolioCreate({ name: "x", start_on: "2024-10-01", due_on: "2024-09-30" })),
        yield* Effect.flip(a.portfolioUpdate({ portfolio_gid: launch })),
        yield* Effect.flip(a.portfolioUpdate({ portfolio_gid: launch, default_access_level: "owner" as "admin" }))
      ]
      for (const error of refused) expect(error._tag).toBe("InvalidInputError")
      expect(refused[4]?.message).toContain("color")
      expect((yield* sent).length).toBe(0)
    }).pipe(Effect.provide(apiLayer())))

  it.effect("a portfolio list or create needs a workspace, given or configured", () =>
    Effect.gen(function*() {
      const a = yield* api
      expect((yield* Effect.flip(a.portfolioList({})))._tag).toBe("InvalidInputError")
      expect((yield* Effect.flip(a.portfolioCreate({ name: "x" })))._tag).toBe("InvalidInputError")
      expect((yield* sent).length).toBe(0)
      expect((yield* a.portfolioList({ workspace_gid: seed.workspace_gid })).data.length).toBe(1)
    }).pipe(Effect.provide(apiLayer({ workspace: undefined }))))
})
