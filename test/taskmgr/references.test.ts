/**
 * The one reference resolver (taskmgr/refs.ts): every field of the registry that takes a reference accepts a gid
 * and every URL form of its kind (what `url parse` understands and `permalink_url` hands out), resolved to the
 * gid before anything is sent; and through the library, a portfolio, goal or team URL works where each is taken.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect, Either, Schema } from "effect"
import * as AST from "effect/SchemaAST"
import type { AnyOperation } from "../../src/core/operation.js"
import { taskmgrOperations } from "../../src/taskmgr/operations.js"
import { type GidKind, gidOf } from "../../src/taskmgr/refs.js"
import { api, apiLayer, seed, sent, SIM } from "./harness.js"

const G = "1200000000009999"
const W = seed.workspace_gid
const P = seed.project_gid

/** Each kind's URL forms naming G. */
const FORMS: Readonly<Record<Exclude<GidKind, "any" | "workspace">, ReadonlyArray<string>>> = {
  task: [
    `${SIM}/0/${P}/${G}`,
    `${SIM}/0/${P}/${G}/f`,
    `${SIM}/1/${W}/project/${P}/task/${G}`,
    `${SIM}/1/${W}/task/${G}`
  ],
  project: [`${SIM}/0/${G}/list`, `${SIM}/0/${G}/board`, `${SIM}/0/${G}`, `${SIM}/1/${W}/project/${G}/list`],
  team: [`${SIM}/0/team/${G}`, `${SIM}/1/${W}/team/${G}`],
  tag: [`${SIM}/0/tag/${G}/list`, `${SIM}/1/${W}/tag/${G}`],
  portfolio: [`${SIM}/0/portfolio/${G}/list`, `${SIM}/1/${W}/portfolio/${G}/list`],
  goal: [`${SIM}/0/goal/${G}`, `${SIM}/1/${W}/goal/${G}`]
}
const formsOf = (kind: GidKind): ReadonlyArray<string> =>
  kind === "any" ? Object.values(FORMS).flat() : kind === "workspace" ? [] : FORMS[kind]

/** The Schema of one input field (unwrapping optional and array), to decode a value of it alone. */
const fieldSchema = (op: AnyOperation<never>, field: string): Schema.Schema<unknown> => {
  const signature = AST.getPropertySignatures(AST.typeAST(op.input.ast)).find((p) => p.name === field)!
  const own = signature.type
  const single = AST.isUnion(own) ? own.types.find((t) => !AST.isUndefinedKeyword(t))! : own
  const list = AST.isRefinement(single) && AST.isTupleType(single.from) ? single.from : single
  return Schema.make(AST.isTupleType(list) ? list.rest[0]!.type : list)
}

const operations = Object.values(taskmgrOperations) as ReadonlyArray<AnyOperation<never>>

describe("every reference field of the task-manager registry", () => {
  const fields = operations.flatMap((op) =>
    Object.entries(op.gids ?? {}).map(([field, kind]) => ({ op, field, kind: kind as GidKind }))
  )

  it("is found: portfolios, goals, teams and tags take references where they are taken", () => {
    const named = (name: string, field: string) => fields.find((f) => f.op.name === name && f.field === field)?.kind
    expect(named("portfolioGet", "portfolio_gid")).toBe("portfolio")
    expect(named("goalGet", "goal_gid")).toBe("goal")
    expect(named("teamGet", "team_gid")).toBe("team")
    expect(named("goalList", "team")).toBe("team")
    expect(named("membershipList", "parent")).toBe("any")
    expect(named("tagGet", "tag_gid")).toBe("tag")
    expect(named("statusList", "parent")).toBe("any")
  })

  it.effect("accepts a gid and every URL form of its kind, each resolved to the gid it names", () =>
    Effect.gen(function*() {
      for (const { field, kind, op } of fields) {
        const decode = Schema.decodeUnknownEither(fieldSchema(op, field))
        for (const value of [G, ...formsOf(kind)]) {
          expect(Either.isRight(decode(value)), `${op.name}.${field} (${kind}) decodes ${value}`).toBe(true)
          expect(yield* gidOf(value, kind, field, SIM), `${op.name}.${field} resolves ${value}`).toBe(G)
        }
      }
    }))

  it.effect("refuses a URL of another kind, naming the field", () =>
    Effect.gen(function*() {
      const refused = yield* Effect.flip(gidOf(FORMS.goal[0]!, "portfolio", "portfolio_gid", SIM))
      expect(refused.message).toBe("portfolio_gid: the URL names no portfolio.")
    }))
})

describe("portfolio, goal and team URLs through the library", () => {
  it.effect("are read where each is taken, and the request names the gid", () =>
    Effect.gen(function*() {
      const a = yield* api
      const portfolioUrl = `${SIM}/0/portfolio/${seed.portfolio_gid}/list`
      expect((yield* a.portfolioGet({ portfolio_gid: portfolioUrl })).gid).toBe(seed.portfolio_gid)
      expect((yield* a.goalGet({ goal_gid: `${SIM}/1/${W}/goal/${seed.goal_gid}` })).gid).toBe(seed.goal_gid)
      expect((yield* a.teamGet({ team_gid: `${SIM}/0/team/${seed.team_gid}` })).gid).toBe(seed.team_gid)
      const goals = yield* a.goalList({ team: `${SIM}/0/team/${seed.team_gid}` })
      expect(goals.data.map((g) => g.gid)).toContain(seed.goal_gid)
      const members = yield* a.membershipList({ parent: portfolioUrl })
      expect(members.data.length).toBeGreaterThan(0)
      const paths = (yield* sent).map((r) => r.path)
      expect(paths.filter((p) => p.includes("http"))).toEqual([])
    }).pipe(Effect.provide(apiLayer())))

  it.effect("status overview takes a goal's URL, and counts the projects of a portfolio that supports the goal", () =>
    Effect.gen(function*() {
      const a = yield* api
      const overview = yield* a.statusOverview({ gid: `${SIM}/0/goal/${seed.goal_gids.growth}` })
      expect(overview.kind).toBe("goal")
      expect(overview.items.map((i) => i.gid)).toEqual(expect.arrayContaining([seed.project_gid]))
      expect(overview.tasks.total).toBeGreaterThan(0)
    }).pipe(Effect.provide(apiLayer())))
})
