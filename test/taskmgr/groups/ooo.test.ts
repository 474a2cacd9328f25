import * as HttpClient from "@effect/platform/HttpClient"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Redacted } from "effect"
import { makePkce } from "../../../src/core/oauth/pkce.js"
import { TaskmgrApi } from "../../../src/taskmgr/api.js"
import { taskmgrAuthorizeUrl, taskmgrSignIn } from "../../../src/taskmgr/oauth.js"
import { TaskmgrSimulator } from "../../../src/testing/index.js"
import { api, apiLayer, options, seed, sent, SIM } from "../harness.js"

/** A token the simulator's code flow grants with only these scopes. */
const scopedToken = (scopes: ReadonlyArray<string>) =>
  Effect.gen(function*() {
    const pkce = yield* makePkce
    const redirectUri = "http://127.0.0.1:9/callback"
    const url = taskmgrAuthorizeUrl(SIM, seed.client.id, scopes)({
      redirectUri,
      state: "s",
      codeChallenge: pkce.challenge,
      codeChallengeMethod: "S256"
    })
    const location = new URL((yield* (yield* HttpClient.HttpClient).get(url)).headers.location!)
    const credential = yield* taskmgrSignIn.exchange({
      hosts: { appUrl: SIM, baseUrl: `${SIM}/api/1.0` },
      client: { id: seed.client.id, secret: Redacted.make(seed.client.secret) },
      grant: { code: Redacted.make(location.searchParams.get("code")!), verifier: pkce.verifier, redirectUri },
      scopes
    })
    return credential.access_token
  })

const o = seed.ooo_entry_gids

describe("TaskmgrApi: out-of-office entries", () => {
  it.effect("lists the signed-in user's entries in the configured workspace by default", () =>
    Effect.gen(function*() {
      const a = yield* api
      const mine = yield* a.oooList({})
      expect(mine.data.map((e) => [e.gid, e.start_date, e.end_date, e.user?.name])).toEqual([[
        o.mine,
        "2024-07-01",
        "2024-07-05",
        seed.user_name
      ]])
      const [request] = yield* sent
      expect(request).toMatchObject({ method: "GET", path: "/api/1.0/ooo_entries" })
      expect(request?.query).toMatchObject({
        user: "me",
        workspace: seed.workspace_gid,
        limit: "50",
        opt_fields: "start_date,end_date,user.name"
      })
      const other = yield* a.oooList({ user: seed.other_user_gid, start_date: "2024-06-14", end_date: "2024-06-30" })
      expect(other.data.map((e) => e.gid)).toEqual([o.other])
      const none = yield* a.oooList({ user: seed.other_user_gid, start_date: "2024-06-15" })
      expect(none.data).toEqual([])
    }).pipe(Effect.provide(apiLayer())))

  it.effect("creates (201) for the signed-in user, reads, moves and deletes an entry", () =>
    Effect.gen(function*() {
      const a = yield* api
      const made = yield* a.oooCreate({ start_date: "2024-12-23", end_date: "2025-01-02" })
      expect(made).toMatchObject({
        resource_type: "ooo_entry",
        start_date: "2024-12-23",
        end_date: "2025-01-02",
        user: { gid: seed.user_gid }
      })
      expect((yield* sent).at(-1)).toMatchObject({
        method: "POST",
        path: "/api/1.0/ooo_entries",
        body: { data: { start_date: "2024-12-23", end_date: "2025-01-02", user: "me", workspace: seed.workspace_gid } }
      })
      const moved = yield* a.oooUpdate({ ooo_entry_gid: made.gid, end_date: "2025-01-03" })
      expect(moved).toMatchObject({ start_date: "2024-12-23", end_date: "2025-01-03" })
      expect((yield* sent).at(-1)?.body).toEqual({ data: { end_date: "2025-01-03" } })
      expect((yield* a.oooGet({ ooo_entry_gid: made.gid })).end_date).toBe("2025-01-03")
      expect(yield* a.oooDelete({ ooo_entry_gid: made.gid })).toEqual({
        deleted: true,
        already_absent: false,
        ooo_entry_gid: made.gid
      })
      expect((yield* Effect.flip(a.oooGet({ ooo_entry_gid: made.gid })))._tag).toBe("NotFoundError")
    }).pipe(Effect.provide(apiLayer())))

  it.effect("the service refuses an end moved before the stored start, and someone else's entry", () =>
    Effect.gen(function*() {
      const a = yield* api
      const early = yield* Effect.flip(a.oooUpdate({ ooo_entry_gid: o.mine, end_date: "2024-06-30" }))
      expect(early._tag).toBe("InvalidRequestError")
      expect(early.message).toContain("end_date")
      expect((yield* Effect.flip(a.oooDelete({ ooo_entry_gid: o.other })))._tag).toBe("ForbiddenError")
      expect((yield* a.oooGet({ ooo_entry_gid: o.mine })).end_date).toBe("2024-07-05")
    }).pipe(Effect.provide(apiLayer())))

  it.effect("refuses bad input before sending: an end before the start, a date that does not exist, nothing to change, a bad user", () =>
    Effect.gen(function*() {
      const a = yield* api
      const backwards = yield* Effect.flip(a.oooCreate({ start_date: "2024-07-10", end_date: "2024-07-09" }))
      expect(backwards).toMatchObject({ _tag: "InvalidInputError", fields: ["end_date"] })
      const refused = [
        yield* Effect.flip(a.oooCreate({ start_date: "2024-02-30", end_date: "2024-03-02" })),
        yield* Effect.flip(a.oooCreate({ start_date: "2024/07/01", end_date: "2024-07-02" })),
        yield* Effect.flip(a.oooUpdate({ ooo_entry_gid: o.mine })),
        yield* Effect.flip(a.oooUpdate({ ooo_entry_gid: o.mine, start_date: "2024-07-09", end_date: "2024-07-08" })),
        yield* Effect.flip(a.oooList({ start_date: "2024-07-09", end_date: "2024-07-08" })),
        yield* Effect.flip(a.oooList({ user: "someone" })),
        yield* Effect.flip(a.oooGet({ ooo_entry_gid: "x1" }))
      ]
      for (const error of refused) expect(error._tag).toBe("InvalidInputError")
      expect((yield* sent).length).toBe(0)
    }).pipe(Effect.provide(apiLayer())))

  it.effect("the workspace comes from the configuration when not given; with neither, nothing is sent", () =>
    Effect.gen(function*() {
      const a = yield* api
      const error = yield* Effect.flip(a.oooCreate({ start_date: "2024-07-01", end_date: "2024-07-02" }))
      expect(error).toMatchObject({ _tag: "InvalidInputError", fields: ["workspace_gid"] })
      expect((yield* sent).length).toBe(0)
    }).pipe(Effect.provide(apiLayer({ workspace: undefined }))))

  it.effect("a token without the entries' scopes gets the service's 403, which names the scope", () =>
    Effect.gen(function*() {
      const token = yield* scopedToken(["ooo_entries:read"])
      const a = yield* TaskmgrApi.make(options({ token }))
      expect((yield* a.oooList({})).data.map((e) => e.gid)).toEqual([seed.ooo_entry_gids.mine])
      const refused = yield* Effect.flip(a.oooCreate({ start_date: "2024-09-01", end_date: "2024-09-02" }))
      expect(refused._tag).toBe("ForbiddenError")
      expect(refused.message).toContain("ooo_entries:write")
      const fields = yield* Effect.flip(a.customFieldList({}))
      expect(fields.message).toContain("custom_fields:read")
    }).pipe(Effect.provide(TaskmgrSimulator.layer)))
})
