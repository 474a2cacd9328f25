/** `url parse`: what an app URL names, by the rule that takes URLs for gids; nothing is sent. */
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { api, apiLayer, seed, sent, SIM } from "../harness.js"

const P = seed.project_gid
const T = seed.task_gid
const W = seed.workspace_gid

describe("TaskmgrApi: url parse", () => {
  it.effect.each([
    [`${SIM}/0/${P}/${T}`, { kind: "task", gid: T, task_gid: T, project_gid: P }],
    [`${SIM}/0/${P}/${T}/f`, { kind: "task", gid: T, task_gid: T, project_gid: P }],
    [`${SIM}/0/${P}/board`, { kind: "project", gid: P, project_gid: P, view: "board" }],
    [`${SIM}/0/${P}`, { kind: "project", gid: P, project_gid: P }],
    [`${SIM}/1/${W}/project/${P}/task/${T}`, { kind: "task", gid: T, task_gid: T, project_gid: P, workspace_gid: W }],
    [`${SIM}/1/${W}/project/${P}/list`, { kind: "project", gid: P, project_gid: P, workspace_gid: W, view: "list" }],
    [`${SIM}/0/team/${seed.team_gid}`, { kind: "team", gid: seed.team_gid }],
    [`${SIM}/0/tag/${seed.tag_gids.urgent}/list`, { kind: "tag", gid: seed.tag_gids.urgent }],
    [`${SIM}/0/portfolio/1200000000009001/list`, { kind: "portfolio", gid: "1200000000009001" }],
    [`${SIM}/1/${W}/goal/1200000000009101`, { kind: "goal", gid: "1200000000009101", workspace_gid: W }]
  ] as ReadonlyArray<[string, Record<string, string>]>)("%s", ([url, expected]) =>
    Effect.gen(function*() {
      expect(yield* (yield* api).urlParse({ url: url! })).toEqual(expected)
      expect((yield* sent).length).toBe(0)
    }).pipe(Effect.provide(apiLayer())))

  it.effect("refuses another host, a URL naming nothing and a gid that is not all digits, naming url", () =>
    Effect.gen(function*() {
      const a = yield* api
      const refused = [
        yield* Effect.flip(a.urlParse({ url: `https://elsewhere.example.com/0/${P}/${T}` })),
        yield* Effect.flip(a.urlParse({ url: `${SIM}/0/search` })),
        yield* Effect.flip(a.urlParse({ url: `${SIM}/0/${P}/12x` })),
        yield* Effect.flip(a.urlParse({ url: "not a url" }))
      ]
      expect(refused.map((e) => e._tag)).toEqual(refused.map(() => "InvalidInputError"))
      for (const e of refused) expect(e.message.startsWith("url:")).toBe(true)
      expect(refused[0]?.message).toContain("elsewhere.example.com")
      expect((yield* sent).length).toBe(0)
    }).pipe(Effect.provide(apiLayer())))
})
