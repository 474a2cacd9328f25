/** Library analytics through DesignApi over the simulator: row-cursor pages and Streams, hidden rows kept apart, the Enterprise gate, dates. */
import { describe, expect, it } from "@effect/vitest"
import { Chunk, Effect, Stream, TestClock } from "effect"
import { api, apiLayer, seed, sent } from "../harness.js"

const ent = seed.enterprise
const LIB = ent.file_key
const NOW = Date.parse("2026-03-04T12:00:00Z")
const layer = () => apiLayer({ token: ent.tokens.personal })

describe("library analytics", () => {
  it.effect("pages team actions by row cursor, and the Stream walks every page keeping each hidden team's rows", () =>
    Effect.gen(function*() {
      yield* TestClock.setTime(NOW)
      const a = yield* api
      const input = { file_key: LIB, group_by: "team" as const, start_date: "2026-01-05", end_date: "2026-02-22" }
      const first = yield* a.analyticsComponentActions(input)
      expect(first.rows).toHaveLength(20)
      expect(first.next_page).toBe(true)
      expect(first.next_cursor).toEqual(expect.any(String))
      const second = yield* a.analyticsComponentActions({ ...input, cursor: first.next_cursor! })
      expect(second.rows[0]).not.toEqual(first.rows[0])
      const rows = Chunk.toReadonlyArray(yield* Stream.runCollect(a.streams.analyticsComponentActions(input)))
      // 7 weeks of 5 teams, two of them not visible: both rows stay, every week.
      expect(rows).toHaveLength(35)
      const hidden = rows.filter((r) => r.team_name === "Team not visible")
      expect(hidden).toHaveLength(14)
      expect(new Set(rows.map((r) => r.week)).size).toBe(7)
      expect((yield* sent).every((r) => r.query.group_by === "team")).toBe(true)
    }).pipe(Effect.provide(layer())))

  it.effect("collects file usages with every File not visible row, and sends no dates on usages", () =>
    Effect.gen(function*() {
      yield* TestClock.setTime(NOW)
      const a = yield* api
      const rows = Chunk.toReadonlyArray(
        yield* Stream.runCollect(a.streams.analyticsStyleUsages({ file_key: LIB, group_by: "file" }))
      )
      expect(rows).toHaveLength(45)
      expect(rows.filter((r) => r.file_name === "File not visible")).toHaveLength(9)
      const byVariable = yield* a.analyticsVariableUsages({ file_key: LIB, group_by: "variable" })
      expect(byVariable.rows[0]).toMatchObject({ variable_name: "color/blue/500" })
      expect((yield* sent).every((r) => r.query.start_date === undefined)).toBe(true)
    }).pipe(Effect.provide(layer())))

  it.effect("with a plan below Enterprise configured, every form fails with PlanRequiredError before sending", () =>
    Effect.gen(function*() {
      const a = yield* api
      const calls: Array<Effect.Effect<unknown, { readonly _tag: string }>> = [
        a.analyticsComponentActions({ file_key: LIB, group_by: "component" }),
        a.analyticsComponentUsages({ file_key: LIB, group_by: "file" }),
        a.analyticsStyleActions({ file_key: LIB, group_by: "style" }),
        a.analyticsVariableActions({ file_key: LIB, group_by: "team" })
      ]
      for (const call of calls) expect((yield* Effect.flip(call))._tag).toBe("PlanRequiredError")
      const streamed = yield* Effect.flip(
        Stream.runCollect(a.streams.analyticsStyleUsages({ file_key: LIB, group_by: "style" }))
      )
      expect(streamed._tag).toBe("PlanRequiredError")
      expect(yield* sent).toEqual([])
    }).pipe(Effect.provide(apiLayer({ token: ent.tokens.personal, plan: "professional" }))))

  it.effect("without a configured plan, the service's answer on a Professional file becomes PlanRequiredError", () =>
    Effect.gen(function*() {
      const error = yield* Effect.flip(
        Effect.flatMap(api, (a) => a.analyticsComponentUsages({ file_key: seed.file_key, group_by: "component" }))
      )
      expect(error._tag).toBe("PlanRequiredError")
      if (error._tag === "PlanRequiredError") expect(error.status).toBe(403)
      expect(yield* sent).toHaveLength(1)
    }).pipe(Effect.provide(apiLayer())))

  it.effect("refuses impossible dates, dates out of order and a group the form does not take, before sending", () =>
    Effect.gen(function*() {
      const a = yield* api
      const bad: Array<Effect.Effect<unknown, { readonly _tag: string }>> = [
        a.analyticsComponentActions({ file_key: LIB, group_by: "team", start_date: "2026-02-30" }),
        a.analyticsComponentActions({ file_key: LIB, group_by: "team", start_date: "2026-1-5" }),
        a.analyticsStyleActions({ file_key: LIB, group_by: "style", start_date: "2026-02-01", end_date: "2026-01-01" }),
        a.analyticsStyleUsages({ file_key: LIB, group_by: "team" as never })
      ]
      for (const call of bad) expect((yield* Effect.flip(call))._tag).toBe("InvalidInputError")
      const order = yield* Effect.flip(
        a.analyticsStyleActions({ file_key: LIB, group_by: "style", start_date: "2026-02-01", end_date: "2026-01-01" })
      )
      expect(order.message).toMatch(/end_date: must not be before start_date/)
      expect(yield* sent).toEqual([])
    }).pipe(Effect.provide(layer())))
})
