import { describe, expect, it } from "@effect/vitest"
import { Chunk, Effect, Stream } from "effect"
import { api, apiLayer, seed, sent } from "../harness.js"

describe("TaskmgrApi: users, teams, workspaces", () => {
  it.effect("reads the current user, a user, a team and a workspace, unwrapping {data}", () =>
    Effect.gen(function*() {
      const a = yield* api
      const me = yield* a.userMe({})
      expect(me.gid).toBe(seed.user_gid)
      expect((yield* a.userGet({ user_gid: "me" })).gid).toBe(seed.user_gid)
      expect((yield* a.teamGet({ team_gid: seed.team_gid })).gid).toBe(seed.team_gid)
      expect((yield* a.workspaceGet({ workspace_gid: seed.workspace_gid })).gid).toBe(seed.workspace_gid)
      const [request] = yield* sent
      expect(request?.headers.authorization).toBe("Bearer ***")
    }).pipe(Effect.provide(apiLayer())))

  it.effect("lists with limit always sent and a minimal opt_fields set, page by page", () =>
    Effect.gen(function*() {
      const a = yield* api
      const page = yield* a.userList({ limit: 1 })
      expect(page.data.length).toBe(1)
      expect(page.next_cursor).not.toBeNull()
      const all = Chunk.toReadonlyArray(yield* Stream.runCollect(a.streams.userList({ limit: 1 })))
      expect(all.map((u) => u.gid)).toContain(seed.other_user_gid)
      const first = (yield* sent)[0]!
      expect(first.query).toMatchObject({ limit: "1", opt_fields: "name,email" })
    }).pipe(Effect.provide(apiLayer())))

  it.effect("refuses a gid that is not all digits, and a missing workspace, before sending", () =>
    Effect.gen(function*() {
      const a = yield* api
      expect((yield* Effect.flip(a.teamGet({ team_gid: "abc" })))._tag).toBe("InvalidInputError")
      expect((yield* Effect.flip(a.userGet({ user_gid: "1.5" })))._tag).toBe("InvalidInputError")
      expect((yield* sent).length).toBe(0)
    }).pipe(Effect.provide(apiLayer())))

  it.effect("a list needs a workspace: given, or configured", () =>
    Effect.gen(function*() {
      const a = yield* api
      const error = yield* Effect.flip(a.teamList({}))
      expect(error._tag).toBe("InvalidInputError")
      expect((yield* a.teamList({ workspace_gid: seed.workspace_gid })).data.length).toBeGreaterThan(0)
    }).pipe(Effect.provide(apiLayer({ workspace: undefined }))))

  it.effect("an expired token is an AuthError", () =>
    Effect.gen(function*() {
      const error = yield* Effect.flip(Effect.flatMap(api, (a) => a.userMe({})))
      expect(error._tag).toBe("AuthError")
    }).pipe(Effect.provide(apiLayer({ token: seed.tokens.expired }))))
})
