/**
 * The one reference resolver (taskmgr/refs.ts): every field of the registry that takes a reference accepts a gid
 * and every URL form of its kind (what `url parse` understands and `permalink_url` hands out), resolved to the
 * gid before anything is sent; and through the library, a portfolio, goal or team URL works where each is taken.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect, Either, Schema } from "effect"
import * as AST from "effect/SchemaAST"
import type { AnyOperation } from "../../src/core/operation.js"
import { projectAliases } from "../../src/taskmgr/local/repo-file.js"
import { taskmgrOperations } from "../../src/taskmgr/operations.js"
import { DEFAULT_APP_URL, defaultAppUrl } from "../../src/taskmgr/options.js"
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

describe("registered project names over the whole registry", () => {
  const file = { projects: [{ gid: P, name: "Launch Plan" }, { gid: G, name: "Alpha" }, { gid: "7", name: "ALPHA" }] }
  const fields = operations.flatMap((op) =>
    Object.entries(op.gids ?? {}).map(([field, kind]) => ({ op, field, kind: kind as GidKind }))
  )
  const takesProject = fields.filter((f) => f.kind === "project" || f.kind === "any")

  it("stand for their gid in every field that takes a project, or a record of any kind", () =>
    Effect.gen(function*() {
      expect(takesProject.map((f) => `${f.op.name}.${f.field}`)).toEqual(
        expect.arrayContaining(["statusOverview.gid", "attachmentList.parent", "eventList.resource_gid"])
      )
      for (const { field, op } of takesProject) {
        const raw = { [field]: "launch plan" }
        const out = yield* projectAliases(file, ".taskmgr.json", op.gids!, raw)
        expect(out[field], `${op.name}.${field}`).toBe(P)
      }
      // An array of them (task search --projects-any).
      const search = yield* projectAliases(file, ".taskmgr.json", { projects_any: "project" }, {
        projects_any: ["Launch Plan", G]
      })
      expect(search.projects_any).toEqual([P, G])
    }).pipe(Effect.runSync))

  it("are not taken where another kind is (a task, a team)", () =>
    Effect.gen(function*() {
      for (const { field, op } of fields.filter((f) => f.kind !== "project" && f.kind !== "any")) {
        const out = yield* projectAliases(file, ".taskmgr.json", op.gids!, { [field]: "Launch Plan" })
        expect(out[field], `${op.name}.${field}`).toBe("Launch Plan")
      }
    }).pipe(Effect.runSync))

  it("differing only in case: the exact one is taken; another spelling is refused, naming both", () =>
    Effect.gen(function*() {
      const gids = { project: "project" }
      expect((yield* projectAliases(file, ".taskmgr.json", gids, { project: "ALPHA" })).project).toBe("7")
      const refused = yield* Effect.flip(projectAliases(file, ".taskmgr.json", gids, { project: "alpha" }))
      expect(refused.message).toBe(
        `project: "alpha" matches "Alpha", "ALPHA" in .taskmgr.json, which differ only in case; give one exactly.`
      )
    }).pipe(Effect.runSync))
})

describe("the app URL when none is configured", () => {
  it("is a loopback sandbox's own origin, whose permalinks it hands out; elsewhere the service's app", () => {
    expect(defaultAppUrl("http://127.0.0.1:4010/api/1.0")).toBe("http://127.0.0.1:4010")
    expect(defaultAppUrl("http://localhost:4010/api/1.0")).toBe("http://localhost:4010")
    expect(defaultAppUrl("https://proxy.example.com/api/1.0")).toBe(DEFAULT_APP_URL)
    expect(defaultAppUrl("not a url")).toBe(DEFAULT_APP_URL)
  })
})
