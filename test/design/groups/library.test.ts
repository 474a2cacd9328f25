/** Published components, component sets and styles through DesignApi over the in-process simulator. */
import { describe, expect, it } from "@effect/vitest"
import { Chunk, Effect, Stream } from "effect"
import { api, apiLayer, seed, sent } from "../harness.js"

const { branch_file_key, file_key, team_id, tokens } = seed
const TEAM_URL = `https://www.design.example/files/team/${team_id}/Sandbox-Studio`

describe("team lists (id cursor)", () => {
  it.effect("one page of 30 with its cursor, the next page by it, and a Stream of all 55 components", () =>
    Effect.gen(function*() {
      const a = yield* api
      const first = yield* a.componentTeamList({})
      expect(first.meta.components).toHaveLength(30)
      expect(first.next_cursor).toBe("30")
      const second = yield* a.componentTeamList({ cursor: first.next_cursor! })
      expect(second.meta.components).toHaveLength(25)
      expect(second.next_cursor).toBeNull()
      const item = first.meta.components[0]!
      expect(item).toMatchObject({
        file_key,
        name: "Size=Small, Variant=Primary",
        containing_frame: { name: "Button", pageName: "Components" }
      })
      const all = Chunk.toReadonlyArray(yield* Stream.runCollect(a.streams.componentTeamList({ page_size: 20 })))
      expect(all).toHaveLength(55)
      expect(new Set(all.map((c) => c.key)).size).toBe(55)
      const log = yield* sent
      expect(log.map((r) => [r.path, r.query])).toEqual([
        [`/v1/teams/${team_id}/components`, {}],
        [`/v1/teams/${team_id}/components`, { after: "30" }],
        [`/v1/teams/${team_id}/components`, { page_size: "20" }],
        [`/v1/teams/${team_id}/components`, { page_size: "20", after: "20" }],
        [`/v1/teams/${team_id}/components`, { page_size: "20", after: "40" }]
      ])
    }).pipe(Effect.provide(apiLayer())))

  it.effect("component sets and styles page the same way; a team URL names the team", () =>
    Effect.gen(function*() {
      const a = yield* api
      const sets = Chunk.toReadonlyArray(
        yield* Stream.runCollect(a.streams.componentSetTeamList({ team: TEAM_URL, page_size: 4 }))
      )
      expect(sets.map((s) => s.name)).toEqual(["Button", "Input", "Toggle", "Badge", "Avatar", "Checkbox"])
      const styles = yield* a.styleTeamList({ team: team_id, page_size: 1000 })
      expect(styles.meta.styles).toHaveLength(32)
      expect(styles.next_cursor).toBeNull()
      expect(new Set(styles.meta.styles.map((s) => s.style_type))).toEqual(new Set(["FILL", "TEXT", "EFFECT", "GRID"]))
      expect((yield* sent).every((r) => r.path.startsWith(`/v1/teams/${team_id}/`))).toBe(true)
    }).pipe(Effect.provide(apiLayer({ token: tokens.plan, authMode: "plan" }))))

  it.effect("refuses page sizes that are not whole numbers from 1 to 1000, a bad team, and no team, before sending", () =>
    Effect.gen(function*() {
      const a = yield* api
      for (const page_size of [1.5, 0, 1001]) {
        const error = yield* Effect.flip(a.componentTeamList({ page_size }))
        expect(error._tag).toBe("InvalidInputError")
        expect(error.message).toContain("page_size")
      }
      const badTeam = yield* Effect.flip(a.styleTeamList({ team: "https://www.design.example/design/KEY/x" }))
      expect(badTeam.message).toContain("team")
      expect(yield* sent).toEqual([])
    }).pipe(Effect.provide(apiLayer())))

  it.effect("without a configured team, a team list says to give one", () =>
    Effect.gen(function*() {
      const error = yield* Effect.flip(Effect.flatMap(api, (a) => a.componentTeamList({})))
      expect(error._tag).toBe("InvalidInputError")
      expect(error.message).toMatch(/No team is configured/)
      expect(yield* sent).toEqual([])
    }).pipe(Effect.provide(apiLayer({ teamId: undefined }))))
})

describe("file lists and items by key", () => {
  it.effect("lists a file's content by key or URL; a branch URL reads its main file; a bare branch key is the service's 400", () =>
    Effect.gen(function*() {
      const a = yield* api
      expect((yield* a.componentFileList({ file_key })).components).toHaveLength(55)
      expect(
        (yield* a.componentSetFileList({ file_key: `https://www.design.example/file/${file_key}/Sandbox` }))
          .component_sets
      ).toHaveLength(6)
      const viaBranch = yield* a.styleFileList({
        file_key: `https://www.design.example/design/${file_key}/branch/${branch_file_key}/Sandbox`
      })
      expect(viaBranch.styles).toHaveLength(32)
      const branch = yield* Effect.flip(a.componentFileList({ file_key: branch_file_key }))
      expect(branch._tag).toBe("InvalidRequestError")
      expect(branch.message).toContain(file_key)
      expect((yield* sent).map((r) => r.path)).toEqual([
        `/v1/files/${file_key}/components`,
        `/v1/files/${file_key}/component_sets`,
        `/v1/files/${file_key}/styles`,
        `/v1/files/${branch_file_key}/components`
      ])
    }).pipe(Effect.provide(apiLayer())))

  it.effect("reads one item by key as the item itself; an unknown key is NotFoundError", () =>
    Effect.gen(function*() {
      const a = yield* api
      const first = (yield* a.componentTeamList({ page_size: 1 })).meta.components[0]!
      expect(yield* a.componentGet({ key: first.key })).toEqual(first)
      const set = (yield* a.componentSetTeamList({ page_size: 1 })).meta.component_sets[0]!
      expect((yield* a.componentSetGet({ key: set.key })).name).toBe("Button")
      const style = (yield* a.styleTeamList({ page_size: 1 })).meta.styles[0]!
      expect(yield* a.styleGet({ key: style.key })).toMatchObject({ style_type: "FILL", sort_position: "a000" })
      expect((yield* Effect.flip(a.styleGet({ key: first.key })))._tag).toBe("NotFoundError")
      expect((yield* Effect.flip(a.componentGet({ key: "not/a key" })))._tag).toBe("InvalidInputError")
    }).pipe(Effect.provide(apiLayer())))
})
