/** Variables through DesignApi over the simulator: reads, the atomic bulk write, the Enterprise gate, modes and the body's limits. */
import { describe, expect, it } from "@effect/vitest"
import { Effect, Redacted } from "effect"
import { PlanRequiredError } from "../../../src/core/errors.js"
import type { DesignApi } from "../../../src/design/api.js"
import type { DesignApiService } from "../../../src/design/api.js"
import { api, apiLayer, seed, sent } from "../harness.js"

const ent = seed.enterprise
const LIB = ent.file_key
const admin = () => apiLayer({ token: ent.tokens.personal, teamId: ent.team_id })
type ApplyInput = Parameters<DesignApiService["variableApply"]>[0]

const apply = (input: Omit<ApplyInput, "file_key">) =>
  Effect.flatMap(api, (a) => a.variableApply({ file_key: LIB, ...input } as ApplyInput))

describe("variables", () => {
  it.effect("reads local variables with their collections and modes, and published ones without the hidden", () =>
    Effect.gen(function*() {
      const a = yield* api
      const local = yield* a.variableLocal({ file_key: LIB })
      const blue = local.variables[ent.variables.variables.blue500]!
      expect(blue).toMatchObject({
        name: "color/blue/500",
        resolvedType: "COLOR",
        variableCollectionId: ent.variables.collections.primitives
      })
      expect(Object.keys(blue.valuesByMode).sort()).toEqual(
        [ent.variables.modes.light, ent.variables.modes.dark].sort()
      )
      expect(local.variableCollections[ent.variables.collections.primitives]?.modes.map((m) => m.name)).toEqual([
        "Light",
        "Dark"
      ])
      const published = yield* a.variablePublished({ file_key: LIB })
      expect(published.variables[ent.variables.variables.blue500]?.resolvedDataType).toBe("COLOR")
      expect(published.variables[ent.variables.variables.showBadges]).toBeUndefined()
    }).pipe(Effect.provide(admin())))

  it.effect("applies a bulk change atomically, mapping temporary ids to the real ones", () =>
    Effect.gen(function*() {
      const result = yield* apply({
        variableCollections: [{ action: "CREATE", id: "coll", name: "Brand" }],
        variableModes: [{ action: "CREATE", id: "night", name: "Night", variableCollectionId: "coll" }],
        variables: [{
          action: "CREATE",
          id: "accent",
          name: "accent",
          variableCollectionId: "coll",
          resolvedType: "FLOAT"
        }],
        variableModeValues: [{ variableId: "accent", modeId: "night", value: 12 }]
      })
      expect(result.changes).toBe(4)
      expect(Object.keys(result.tempIdToRealId).sort()).toEqual(["accent", "coll", "night"])
      const local = yield* Effect.flatMap(api, (a) => a.variableLocal({ file_key: LIB }))
      const accent = local.variables[result.tempIdToRealId.accent!]!
      expect(accent.valuesByMode[result.tempIdToRealId.night!]).toBe(12)
      const [request] = (yield* sent).filter((r) => r.method === "POST")
      expect(request?.path).toBe(`/v1/files/${LIB}/variables`)
      expect(Object.keys(request?.body as object).sort()).toEqual([
        "variableCollections",
        "variableModeValues",
        "variableModes",
        "variables"
      ])
    }).pipe(Effect.provide(admin())))

  it.effect("refuses a plan token's write before sending (plan tokens cannot write variables)", () =>
    Effect.gen(function*() {
      const error = yield* Effect.flip(apply({ variables: [{ action: "DELETE", id: ent.variables.variables.space4 }] }))
      expect(error._tag).toBe("AuthModeError")
      expect(yield* sent).toEqual([])
      // Reading is fine with a plan token.
      const local = yield* Effect.flatMap(api, (a) => a.variableLocal({ file_key: LIB }))
      expect(Object.keys(local.variables).length).toBeGreaterThan(0)
    }).pipe(Effect.provide(apiLayer({ token: ent.tokens.plan, authMode: "plan" }))))

  it.effect("with a plan below Enterprise configured, fails with PlanRequiredError and sends nothing", () =>
    Effect.gen(function*() {
      const a = yield* api
      const calls: Array<Effect.Effect<unknown, { readonly _tag: string }, DesignApi>> = [
        a.variableLocal({ file_key: LIB }),
        a.variablePublished({ file_key: LIB }),
        apply({ variables: [{ action: "DELETE", id: "VariableID:1:22" }] })
      ]
      for (const call of calls) {
        const error = yield* Effect.flip(call)
        expect(error._tag).toBe("PlanRequiredError")
        if (error instanceof PlanRequiredError) {
          expect(error.plan).toBe("Enterprise")
          expect(error.status).toBeNull()
        }
      }
      expect(yield* sent).toEqual([])
    }).pipe(Effect.provide(apiLayer({ token: ent.tokens.personal, plan: "organization" }))))

  it.effect("without a configured plan, the service's refusal of a Professional file becomes PlanRequiredError", () =>
    Effect.gen(function*() {
      const error = yield* Effect.flip(Effect.flatMap(api, (a) => a.variableLocal({ file_key: seed.file_key })))
      expect(error._tag).toBe("PlanRequiredError")
      if (error._tag === "PlanRequiredError") {
        expect(error.status).toBe(403)
        expect(error.plan).toBe("Enterprise")
      }
      expect((yield* sent).map((r) => r.path)).toEqual([`/v1/files/${seed.file_key}/variables/local`])
    }).pipe(Effect.provide(apiLayer())))

  it.effect("a refusal on a plan-gated route that is not about the plan stays a ForbiddenError", () =>
    Effect.gen(function*() {
      // The Enterprise admin has no access to the base seed's Professional file.
      const error = yield* Effect.flip(Effect.flatMap(api, (a) => a.variableLocal({ file_key: seed.file_key })))
      expect(error._tag).toBe("ForbiddenError")
      expect(error.message).toMatch(/do not have access/)
    }).pipe(Effect.provide(admin())))

  it.effect("checks the body before sending: actions, mode names, the mode cap, values, size", () =>
    Effect.gen(function*() {
      const manyModes = Array.from(
        { length: 41 },
        (_, i) => ({ action: "CREATE" as const, name: `m${i}`, variableCollectionId: "VariableCollectionId:1:1" })
      )
      const cases: Array<[Omit<ApplyInput, "file_key">, RegExp]> = [
        [{}, /at least one change/],
        [{
          variableModes: [{ action: "CREATE", name: "x".repeat(41), variableCollectionId: "VariableCollectionId:1:1" }]
        }, /^variableModes \(item 1\): name: /],
        [{ variableModes: manyModes }, /41 modes; at most 40/],
        [{ variables: [{ action: "UPDATE", name: "new" }] }, /variables \(item 1\): id is required to update/],
        [
          { variables: [{ action: "CREATE", name: "a", variableCollectionId: "c" }] },
          /resolvedType is required to create/
        ],
        [{ variables: [{ action: "DELETE", id: "VariableID:1:22", name: "x" }] }, /name is not allowed with DELETE/],
        [
          { variables: [{ action: "CREATE", name: "a.b", variableCollectionId: "c", resolvedType: "FLOAT" }] },
          /must not contain/
        ],
        [
          { variableModeValues: [{ variableId: "VariableID:1:20", modeId: "1:0", value: { r: 2, g: 0, b: 0 } }] },
          /variableModeValues \(item 1\): value must be/
        ],
        [{
          variables: [{
            action: "CREATE",
            name: "big",
            variableCollectionId: "c",
            resolvedType: "STRING",
            description: "x".repeat(4 * 1024 * 1024)
          }]
        }, /at most 4 MB/]
      ]
      for (const [input, message] of cases) {
        const error = yield* Effect.flip(apply(input))
        expect(error._tag, JSON.stringify(input).slice(0, 80)).toBe("InvalidInputError")
        expect(error.message).toMatch(message)
      }
      expect(yield* sent).toEqual([])
    }).pipe(Effect.provide(admin())))

  it.effect("reports the service's refusal of a body it cannot apply, and nothing changed", () =>
    Effect.gen(function*() {
      const error = yield* Effect.flip(apply({
        variables: [
          { action: "UPDATE", id: ent.variables.variables.space4, name: "space/renamed" },
          { action: "DELETE", id: "VariableID:9:999" }
        ]
      }))
      expect(error._tag).toBe("InvalidRequestError")
      expect(error.message).toMatch(/not found/)
      const local = yield* Effect.flatMap(api, (a) => a.variableLocal({ file_key: LIB }))
      expect(local.variables[ent.variables.variables.space4]?.name).toBe("space/4")
    }).pipe(Effect.provide(apiLayer({ token: Redacted.make(ent.tokens.oauth), authMode: "oauth" }))))
})
