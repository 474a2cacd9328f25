import * as HttpClient from "@effect/platform/HttpClient"
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { api, apiLayer, seed, sent, SIM } from "../harness.js"

/** A record read straight from the simulator (for groups the library does not wrap here). */
const read = (path: string) =>
  Effect.gen(function*() {
    const response = yield* (yield* HttpClient.HttpClient).get(`${SIM}/api/1.0${path}`, {
      headers: { authorization: `Bearer ${seed.tokens.personal}` }
    })
    return ((yield* response.json) as { data: Record<string, unknown> }).data
  })

const m = seed.membership_gids
const projectUrl = `${SIM}/0/${seed.project_gid}/list`

describe("TaskmgrApi: memberships", () => {
  it.effect("lists a project's members (given by URL) with their access, and a member's memberships", () =>
    Effect.gen(function*() {
      const a = yield* api
      const members = yield* a.membershipList({ parent: projectUrl })
      expect(members.data.map((x) => [x.gid, x.member?.name, x.access_level])).toEqual([
        [m.owner, seed.user_name, "admin"],
        [m.other, "Other Member", "editor"],
        [m.team, "Engineering", "commenter"]
      ])
      const [request] = yield* sent
      expect(request).toMatchObject({ method: "GET", path: "/api/1.0/memberships" })
      expect(request?.query).toMatchObject({
        parent: seed.project_gid,
        limit: "50",
        opt_fields: "parent.name,member.name,access_level"
      })
      const mine = yield* a.membershipList({ member: "me" })
      expect(mine.data.map((x) => x.parent?.gid).sort()).toEqual(
        [seed.project_gid, seed.big_project_gid, seed.portfolio_gid, seed.goal_gid].sort()
      )
      expect((yield* sent).at(-1)?.query).toMatchObject({ member: "me" })
    }).pipe(Effect.provide(apiLayer())))

  it.effect("creates (201), reads, changes and ends a membership; the project's members follow", () =>
    Effect.gen(function*() {
      const a = yield* api
      yield* a.membershipDelete({ membership_gid: m.other })
      expect((yield* a.projectGet({ project_gid: seed.project_gid })).members?.map((u) => u.gid)).toEqual([
        seed.user_gid
      ])
      const made = yield* a.membershipCreate({
        parent: seed.project_gid,
        member: seed.other_user_gid,
        access_level: "commenter"
      })
      expect(made).toMatchObject({
        resource_type: "membership",
        access_level: "commenter",
        member: { gid: seed.other_user_gid }
      })
      expect((yield* sent).at(-1)).toMatchObject({
        method: "POST",
        path: "/api/1.0/memberships",
        body: { data: { parent: seed.project_gid, member: seed.other_user_gid, access_level: "commenter" } }
      })
      expect((yield* a.projectGet({ project_gid: seed.project_gid })).members?.map((u) => u.gid)).toContain(
        seed.other_user_gid
      )
      const changed = yield* a.membershipUpdate({ membership_gid: made.gid, access_level: "viewer" })
      expect(changed.access_level).toBe("viewer")
      expect((yield* sent).at(-1)?.body).toEqual({ data: { access_level: "viewer" } })
      expect((yield* a.membershipGet({ membership_gid: made.gid })).access_level).toBe("viewer")
      expect(yield* a.membershipDelete({ membership_gid: made.gid })).toEqual({
        deleted: true,
        already_absent: false,
        membership_gid: made.gid
      })
      expect(yield* a.membershipDelete({ membership_gid: made.gid })).toEqual({
        deleted: true,
        already_absent: true,
        membership_gid: made.gid
      })
    }).pipe(Effect.provide(apiLayer())))

  it.effect("a portfolio's and a goal's members; a portfolio has no commenters, and its members follow its memberships", () =>
    Effect.gen(function*() {
      const a = yield* api
      const onPortfolio = yield* a.membershipList({ parent: seed.portfolio_gid })
      expect(onPortfolio.data.map((x) => [x.gid, x.access_level])).toEqual([[m.portfolio_owner, "admin"], [
        m.portfolio_other,
        "viewer"
      ]])
      const onGoal = yield* a.membershipList({ parent: seed.goal_gid })
      expect(onGoal.data.map((x) => [x.gid, x.access_level])).toEqual([[m.goal_owner, "admin"], [
        m.goal_other,
        "commenter"
      ]])
      const commenter = yield* Effect.flip(
        a.membershipUpdate({ membership_gid: m.portfolio_other, access_level: "commenter" })
      )
      expect(commenter._tag).toBe("InvalidRequestError")
      expect(commenter.message).toContain("admin, editor, viewer")
      yield* a.membershipDelete({ membership_gid: m.portfolio_other })
      const portfolio = yield* read(`/portfolios/${seed.portfolio_gid}`)
      expect((portfolio.members as Array<{ gid: string }>).map((u) => u.gid)).toEqual([seed.user_gid])
    }).pipe(Effect.provide(apiLayer())))

  it.effect("a project made later has its owner's membership, as admin", () =>
    Effect.gen(function*() {
      const a = yield* api
      const project = yield* a.projectCreate({ name: "Later", team: seed.team_gid })
      const members = yield* a.membershipList({ parent: project.gid })
      expect(members.data.map((x) => [x.member?.gid, x.access_level])).toEqual([[seed.user_gid, "admin"]])
    }).pipe(Effect.provide(apiLayer())))

  it.effect("the service's refusals: a member already there, someone from another workspace, an editor changing access", () =>
    Effect.gen(function*() {
      const a = yield* api
      const twice = yield* Effect.flip(a.membershipCreate({ parent: seed.project_gid, member: seed.other_user_gid }))
      expect(twice._tag).toBe("InvalidRequestError")
      const stranger = yield* Effect.flip(a.membershipCreate({ parent: seed.project_gid, member: seed.free_user_gid }))
      expect(stranger._tag).toBe("NotFoundError")
    }).pipe(Effect.provide(apiLayer())))

  it.effect("only an admin of the parent changes its access", () =>
    Effect.gen(function*() {
      const a = yield* api
      const refused = yield* Effect.flip(a.membershipUpdate({ membership_gid: m.team, access_level: "editor" }))
      expect(refused._tag).toBe("ForbiddenError")
    }).pipe(Effect.provide(apiLayer({ token: seed.tokens.other }))))

  it.effect("refuses bad input before sending: both or neither side, an unknown access level, a non-digit gid", () =>
    Effect.gen(function*() {
      const a = yield* api
      const loose = a as unknown as {
        membershipList: (i: object) => Effect.Effect<unknown, { _tag: string; fields?: ReadonlyArray<string> }>
      }
      const both = yield* Effect.flip(loose.membershipList({ parent: seed.project_gid, member: "me" }))
      const neither = yield* Effect.flip(loose.membershipList({}))
      expect(both).toMatchObject({ _tag: "InvalidInputError", fields: ["parent", "member"] })
      expect(neither).toMatchObject({ _tag: "InvalidInputError", fields: ["parent", "member"] })
      const refused = [
        yield* Effect.flip(
          a.membershipCreate({
            parent: seed.project_gid,
            member: seed.other_user_gid,
            access_level: "owner" as "admin"
          })
        ),
        yield* Effect.flip(a.membershipUpdate({ membership_gid: m.other, access_level: "Admin" as "admin" })),
        yield* Effect.flip(a.membershipCreate({ parent: seed.project_gid, member: "someone@example.com" })),
        yield* Effect.flip(a.membershipGet({ membership_gid: "abc" })),
        yield* Effect.flip(a.membershipList({ parent: `https://elsewhere.example.com/0/${seed.project_gid}/list` }))
      ]
      for (const error of refused) expect(error._tag).toBe("InvalidInputError")
      expect((yield* sent).length).toBe(0)
    }).pipe(Effect.provide(apiLayer())))
})
