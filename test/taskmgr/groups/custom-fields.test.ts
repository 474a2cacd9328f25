import { describe, expect, it } from "@effect/vitest"
import { Chunk, Effect, Stream } from "effect"
import { api, apiLayer, seed, sent, SIM } from "../harness.js"

const { priority, platforms, estimate, link, effort } = seed.custom_field_gids
const projectUrl = `${SIM}/0/${seed.project_gid}/list`

describe("TaskmgrApi: custom fields", () => {
  it.effect("lists the configured workspace's fields with their enum options, typed", () =>
    Effect.gen(function*() {
      const a = yield* api
      const page = yield* a.customFieldList({})
      expect(page.data.map((f) => f.gid).sort()).toEqual([priority, platforms, estimate, link].sort())
      const prio = page.data.find((f) => f.gid === priority)
      const subtype: string | undefined = prio?.resource_subtype
      expect(subtype).toBe("enum")
      expect(prio?.enum_options?.map((o) => [o.gid, o.name])).toEqual([
        [seed.enum_option_gids.high, "High"],
        [seed.enum_option_gids.medium, "Medium"],
        [seed.enum_option_gids.low, "Low"]
      ])
      const [request] = yield* sent
      expect(request).toMatchObject({ method: "GET", path: `/api/1.0/workspaces/${seed.workspace_gid}/custom_fields` })
      expect(request?.query).toMatchObject({ limit: "50", opt_fields: "name,resource_subtype,enum_options" })
    }).pipe(Effect.provide(apiLayer())))

  it.effect("pages through a workspace's fields with the stream", () =>
    Effect.gen(function*() {
      const a = yield* api
      const all = Chunk.toReadonlyArray(yield* Stream.runCollect(a.streams.customFieldList({ limit: 1 })))
      expect(all).toHaveLength(4)
      expect(yield* sent).toHaveLength(4)
    }).pipe(Effect.provide(apiLayer())))

  it.effect("reads one field in full: a disabled option stays listed, a number field has its precision", () =>
    Effect.gen(function*() {
      const a = yield* api
      const multi = yield* a.customFieldGet({ custom_field_gid: platforms })
      expect(multi.resource_subtype).toBe("multi_enum")
      expect(multi.enum_options?.find((o) => o.gid === seed.enum_option_gids.legacy)).toMatchObject({
        name: "Legacy",
        enabled: false
      })
      const number = yield* a.customFieldGet({ custom_field_gid: estimate })
      expect(number).toMatchObject({ resource_subtype: "number", precision: 1 })
      expect(number.enum_options).toBeUndefined()
      expect((yield* Effect.flip(a.customFieldGet({ custom_field_gid: "1200000000009999" })))._tag).toBe(
        "NotFoundError"
      )
    }).pipe(Effect.provide(apiLayer())))

  it.effect("a project's fields (given by URL) come with their enum options; a team's are answered unpaged", () =>
    Effect.gen(function*() {
      const a = yield* api
      const onProject = yield* a.customFieldListForProject({ project_gid: projectUrl })
      expect(onProject.data.map((s) => [s.custom_field?.name, s.is_important])).toEqual([["Priority", true], [
        "Estimate (days)",
        false
      ]])
      expect(onProject.data[0]?.custom_field?.enum_options?.map((o) => o.name)).toEqual(["High", "Medium", "Low"])
      const request = (yield* sent).at(-1)!
      expect(request.path).toBe(`/api/1.0/projects/${seed.project_gid}/custom_field_settings`)
      expect(request.query).toMatchObject({
        opt_fields: "custom_field.name,custom_field.resource_subtype,custom_field.enum_options,is_important"
      })
      const onTeam = yield* a.customFieldListForTeam({ team_gid: seed.team_gid, limit: 1 })
      expect(onTeam.data.map((s) => s.custom_field?.gid)).toEqual([priority])
      expect(onTeam.next_page).toBeNull()
      expect((yield* sent).at(-1)?.path).toBe(`/api/1.0/teams/${seed.team_gid}/custom_field_settings`)
    }).pipe(Effect.provide(apiLayer())))

  it.effect("a portfolio's and a goal's fields", () =>
    Effect.gen(function*() {
      const a = yield* api
      const onPortfolio = yield* a.customFieldListForPortfolio({ portfolio_gid: seed.portfolio_gid })
      expect(onPortfolio.data.map((s) => [s.custom_field?.gid, s.is_important])).toEqual([[priority, true]])
      expect((yield* sent).at(-1)?.path).toBe(`/api/1.0/portfolios/${seed.portfolio_gid}/custom_field_settings`)
      const onGoal = yield* a.customFieldListForGoal({
        goal_gid: seed.goal_gid,
        fields: ["custom_field.name", "parent.name"]
      })
      expect(onGoal.data.map((s) => [s.custom_field?.name, s.parent?.name])).toEqual([[
        "Estimate (days)",
        "Launch on time"
      ]])
      expect((yield* sent).at(-1)?.path).toBe(`/api/1.0/goals/${seed.goal_gid}/custom_field_settings`)
    }).pipe(Effect.provide(apiLayer())))

  it.effect("another workspace's field or project is not the caller's to read", () =>
    Effect.gen(function*() {
      const a = yield* api
      expect((yield* Effect.flip(a.customFieldGet({ custom_field_gid: effort })))._tag).toBe("ForbiddenError")
      expect((yield* Effect.flip(a.customFieldListForProject({ project_gid: seed.free_project_gid })))._tag).toBe(
        "ForbiddenError"
      )
    }).pipe(Effect.provide(apiLayer())))

  it.effect("refuses bad input before sending: a non-digit gid, a URL of another host, a limit out of range, no workspace", () =>
    Effect.gen(function*() {
      const a = yield* api
      const refused = [
        yield* Effect.flip(a.customFieldGet({ custom_field_gid: "priority" })),
        yield* Effect.flip(
          a.customFieldListForProject({ project_gid: `https://elsewhere.example.com/0/${seed.project_gid}/list` })
        ),
        yield* Effect.flip(a.customFieldListForTeam({ team_gid: "eng" })),
        yield* Effect.flip(a.customFieldListForGoal({ goal_gid: "" })),
        yield* Effect.flip(a.customFieldListForPortfolio({ portfolio_gid: "12 3" })),
        yield* Effect.flip(a.customFieldList({ limit: 101 }))
      ]
      for (const error of refused) expect(error._tag).toBe("InvalidInputError")
      expect((yield* sent).length).toBe(0)
    }).pipe(Effect.provide(apiLayer())))

  it.effect("a field list needs a workspace: given or configured", () =>
    Effect.gen(function*() {
      const a = yield* api
      const error = yield* Effect.flip(a.customFieldList({}))
      expect(error).toMatchObject({ _tag: "InvalidInputError", fields: ["workspace_gid"] })
      expect((yield* sent).length).toBe(0)
    }).pipe(Effect.provide(apiLayer({ workspace: undefined }))))
})
