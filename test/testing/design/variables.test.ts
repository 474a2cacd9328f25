import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { designSeed } from "../../../src/testing/design/index.js"
import { as, ent, LIMITED, rich, run, send, sendText } from "./helpers.js"

const local = `/v1/files/${ent.file_key}/variables/local`
const published = `/v1/files/${ent.file_key}/variables/published`
const post = `/v1/files/${ent.file_key}/variables`
const { collections: C, modes: M, variables: V } = ent.variables

describe("variables reads", () => {
  it.effect("returns local variables and collections as maps keyed by id, with modes and values", () =>
    run(Effect.gen(function*() {
      const r = yield* send("GET", local, as.admin)
      expect(r.status).toBe(200)
      expect(r.body.status).toBe(200)
      expect(r.body.error).toBe(false)
      const { variables, variableCollections } = r.body.meta
      expect(Object.keys(variableCollections)).toEqual([C.primitives, C.semantic])
      expect(variableCollections[C.primitives]).toEqual({
        id: C.primitives,
        name: "Primitives",
        key: expect.stringMatching(/^[0-9a-f]{40}$/),
        modes: [{ modeId: M.light, name: "Light" }, { modeId: M.dark, name: "Dark" }],
        defaultModeId: M.light,
        remote: false,
        hiddenFromPublishing: false,
        variableIds: [V.blue500, V.gray900, V.space4, V.radiusSmall, V.fontBody]
      })
      expect(Object.keys(variables)).toHaveLength(7)
      expect(variables[V.radiusSmall]).toEqual({
        id: V.radiusSmall,
        name: "radius/small",
        key: expect.stringMatching(/^[0-9a-f]{40}$/),
        variableCollectionId: C.primitives,
        resolvedType: "FLOAT",
        valuesByMode: { [M.light]: 4, [M.dark]: 4 },
        remote: false,
        description: "Buttons and inputs",
        hiddenFromPublishing: false,
        scopes: ["CORNER_RADIUS"],
        codeSyntax: {}
      })
      expect(variables[V.surface].valuesByMode).toEqual({ [M.default]: { type: "VARIABLE_ALIAS", id: V.blue500 } })
    })))

  it.effect("published omits modes and values and leaves out what is hidden from publishing", () =>
    run(Effect.gen(function*() {
      const r = yield* send("GET", published, as.plan)
      expect(r.status).toBe(200)
      const { variables, variableCollections } = r.body.meta
      expect(Object.keys(variables)).not.toContain(V.showBadges)
      expect(Object.keys(variables)).toHaveLength(6)
      expect(Object.keys(variables[V.blue500]).sort()).toEqual(
        ["id", "key", "name", "resolvedDataType", "subscribed_id", "updatedAt", "variableCollectionId"]
      )
      expect(variables[V.blue500].resolvedDataType).toBe("COLOR")
      expect(variableCollections[C.primitives]).not.toHaveProperty("modes")
    })))

  it.effect("404s an unknown file and refuses callers without access to it", () =>
    run(Effect.gen(function*() {
      expect((yield* send("GET", "/v1/files/NoSuchFile/variables/local", as.admin)).body).toEqual(
        rich(404, "Not found")
      )
      const stranger = yield* send("GET", `/v1/files/${designSeed.file_key}/variables/local`, as.admin)
      expect(stranger.body).toEqual(rich(403, "You do not have access to this file"))
      const otherOrgPlan = yield* send("GET", local, as.basicPlan)
      expect(otherOrgPlan.status).toBe(403)
      expect(otherOrgPlan.body.message).toMatch(/plan access token does not have access/)
    })))
})

describe("variables plan gate and credentials", () => {
  it.effect("answers 403 Limited by Design plan for a file outside an Enterprise plan", () =>
    run(Effect.gen(function*() {
      const base = `/v1/files/${designSeed.file_key}/variables`
      expect((yield* send("GET", `${base}/local`, as.basePersonal)).body).toEqual(LIMITED)
      expect((yield* send("GET", `${base}/published`, as.basePlan)).body).toEqual(LIMITED)
      expect((yield* send("POST", base, { ...as.basePersonal, body: {} })).body).toEqual(LIMITED)
    })))

  it.effect("never lets a plan token write, and needs a Full seat with edit access", () =>
    run(Effect.gen(function*() {
      const plan = yield* send("POST", post, { ...as.plan, body: {} })
      expect(plan.status).toBe(403)
      expect(plan.body).toMatchObject({ error: true, status: 403, i18n: null })
      expect(plan.body.message).toMatch(/does not accept plan access tokens/)
      const member = yield* send("POST", post, { ...as.member, body: {} })
      expect(member.body).toEqual(rich(403, "You need edit access to this file"))
      const oauth = yield* send("POST", post, { ...as.oauth, body: {} })
      expect(oauth.body).toEqual({ status: 200, error: false, meta: { tempIdToRealId: {} } })
    })))

  it.effect("answers a token without the scope with the rich scope error, a bad token with Invalid token", () =>
    run(Effect.gen(function*() {
      const r = yield* send("GET", local, as.oauthOrg)
      expect(r.status).toBe(403)
      expect(r.body.message).toMatch(/This endpoint requires the file_variables:read scope\.$/)
      expect((yield* send("GET", local, { token: "nope" })).body).toEqual({ status: 403, err: "Invalid token" })
      expect((yield* send("GET", local, { bearer: ent.tokens.personal })).body).toEqual({
        status: 403,
        err: "Invalid token"
      })
    })))

  it.effect("counts reads in tier 2 and writes in tier 3 of the Enterprise plan", () =>
    run(Effect.gen(function*() {
      for (let i = 0; i < 100; i++) expect((yield* send("GET", local, as.admin)).status).toBe(200)
      const limited = yield* send("GET", published, as.admin)
      expect(limited.status).toBe(429)
      expect(limited.body).toEqual({ status: 429, err: "Rate limit exceeded" })
      expect(limited.headers["x-design-plan-tier"]).toBe("enterprise")
      // Tier 3 has its own bucket.
      expect((yield* send("POST", post, { ...as.admin, body: {} })).status).toBe(200)
    })))
})

describe("variables bulk write", () => {
  it.effect("applies collections, modes, variables and values in order and maps temporary ids", () =>
    run(Effect.gen(function*() {
      const r = yield* send("POST", post, {
        ...as.admin,
        body: {
          variableCollections: [{ action: "CREATE", id: "brand", name: "Brand", initialModeId: "brandLight" }],
          variableModes: [{ action: "CREATE", id: "brandDark", name: "Dark", variableCollectionId: "brand" }],
          variables: [
            { action: "CREATE", id: "accent", name: "accent", variableCollectionId: "brand", resolvedType: "COLOR" },
            { action: "CREATE", id: "link", name: "link", variableCollectionId: "brand", resolvedType: "COLOR" },
            { action: "UPDATE", id: V.space4, description: "Base spacing" }
          ],
          variableModeValues: [
            { variableId: "accent", modeId: "brandLight", value: { r: 1, g: 0.4, b: 0 } },
            { variableId: "accent", modeId: "brandDark", value: { r: 1, g: 0.6, b: 0.2, a: 0.9 } },
            { variableId: "link", modeId: "brandLight", value: { type: "VARIABLE_ALIAS", id: "accent" } },
            { variableId: V.space4, modeId: M.dark, value: 20 }
          ]
        }
      })
      expect(r.status).toBe(200)
      const map = r.body.meta.tempIdToRealId
      expect(Object.keys(map).sort()).toEqual(["accent", "brand", "brandDark", "brandLight", "link"])
      expect(map.brand).toMatch(/^VariableCollectionId:1:\d+$/)
      expect(map.accent).toMatch(/^VariableID:1:\d+$/)
      expect(map.brandDark).toMatch(/^1:\d+$/)

      const after = (yield* send("GET", local, as.admin)).body.meta
      const brand = after.variableCollections[map.brand]
      expect(brand.modes).toEqual([{ modeId: map.brandLight, name: "Mode 1" }, { modeId: map.brandDark, name: "Dark" }])
      expect(brand.variableIds).toEqual([map.accent, map.link])
      expect(after.variables[map.accent].valuesByMode).toEqual({
        [map.brandLight]: { r: 1, g: 0.4, b: 0, a: 1 },
        [map.brandDark]: { r: 1, g: 0.6, b: 0.2, a: 0.9 }
      })
      expect(after.variables[map.link].valuesByMode[map.brandLight]).toEqual({ type: "VARIABLE_ALIAS", id: map.accent })
      expect(after.variables[V.space4]).toMatchObject({ description: "Base spacing", valuesByMode: { [M.dark]: 20 } })
      // Nothing written through the API is published.
      const pub = (yield* send("GET", published, as.admin)).body.meta
      expect(Object.keys(pub.variableCollections)).toEqual([C.primitives, C.semantic])
    })))

  it.effect("is atomic: one bad change is a 400 naming it, and nothing of the request is applied", () =>
    run(Effect.gen(function*() {
      const before = (yield* send("GET", local, as.admin)).body
      const r = yield* send("POST", post, {
        ...as.admin,
        body: {
          variableCollections: [{ action: "CREATE", id: "c", name: "Kept?" }],
          variables: [
            { action: "DELETE", id: V.gray900 },
            { action: "CREATE", name: "ok", variableCollectionId: "c", resolvedType: "FLOAT" }
          ],
          variableModeValues: [{ variableId: V.fontBody, modeId: M.light, value: 12 }]
        }
      })
      expect(r.status).toBe(400)
      expect(r.body).toEqual(rich(400, "variableModeValues[0]: value does not match the variable's type STRING"))
      expect((yield* send("GET", local, as.admin)).body).toEqual(before)
    })))

  it.effect("rejects each kind of invalid change with a 400", () =>
    run(Effect.gen(function*() {
      const cases: Array<[Record<string, unknown>, RegExp]> = [
        [{ variables: [{ action: "MOVE", id: V.space4 }] }, /'action' must be one of CREATE, UPDATE, DELETE/],
        [
          { variableModes: [{ action: "CREATE", name: "x".repeat(41), variableCollectionId: C.semantic }] },
          /at most 40 characters/
        ],
        [{ variableModes: [{ action: "DELETE", id: M.default }] }, /only mode/],
        [
          { variables: [{ action: "CREATE", name: "a", variableCollectionId: "missing", resolvedType: "FLOAT" }] },
          /collection "missing" not found/
        ],
        [{
          variables: [{ action: "CREATE", name: "space/4", variableCollectionId: C.primitives, resolvedType: "FLOAT" }]
        }, /already exists/],
        [{
          variables: [{
            action: "CREATE",
            name: "a",
            variableCollectionId: C.primitives,
            resolvedType: "FLOAT",
            scopes: ["TEXT_FILL"]
          }]
        }, /not valid for a FLOAT/],
        [{ variables: [{ action: "UPDATE", id: V.space4, resolvedType: "STRING" }] }, /unknown field 'resolvedType'/],
        [{
          variableModeValues: [{
            variableId: V.blue500,
            modeId: M.light,
            value: { type: "VARIABLE_ALIAS", id: V.surface }
          }]
        }, /cycle/],
        [
          { variableModeValues: [{ variableId: V.blue500, modeId: M.default, value: { r: 0, g: 0, b: 0 } }] },
          /not a mode of the variable's collection/
        ],
        [
          { variableCollections: [{ action: "CREATE", id: "t", name: "A" }, { action: "CREATE", id: "t", name: "B" }] },
          /used more than once/
        ],
        [{ variables: {} }, /'variables' must be an array/],
        [{ extra: [] }, /Unknown field 'extra'/]
      ]
      for (const [body, message] of cases) {
        const r = yield* send("POST", post, { ...as.admin, body })
        expect(r.status, JSON.stringify(body)).toBe(400)
        expect(r.body).toMatchObject({ error: true, status: 400, i18n: null })
        expect(r.body.message).toMatch(message)
      }
      const malformed = yield* sendText("POST", post, "{not json", as.admin)
      expect(malformed.body).toEqual(rich(400, "Request body is not valid JSON"))
    })))

  it.effect("allows 40 modes per collection and not 41", () =>
    run(Effect.gen(function*() {
      const modes = (n: number) =>
        Array.from(
          { length: n },
          (_, i) => ({ action: "CREATE", name: `Mode ${i + 2}`, variableCollectionId: C.semantic })
        )
      expect((yield* send("POST", post, { ...as.admin, body: { variableModes: modes(40) } })).status).toBe(400)
      expect((yield* send("POST", post, { ...as.admin, body: { variableModes: modes(39) } })).status).toBe(200)
      const full = (yield* send("GET", local, as.admin)).body.meta.variableCollections[C.semantic]
      expect(full.modes).toHaveLength(40)
      const one = yield* send("POST", post, { ...as.admin, body: { variableModes: modes(1) } })
      expect(one.body.message).toMatch(/at most 40 modes/)
    })))

  it.effect("allows 5000 variables per collection and not 5001", () =>
    run(Effect.gen(function*() {
      const body = (n: number) => ({
        variableCollections: [{ action: "CREATE", id: "big", name: "Big" }],
        variables: Array.from({ length: n }, (_, i) => ({
          action: "CREATE",
          name: `v${i}`,
          variableCollectionId: "big",
          resolvedType: "BOOLEAN"
        }))
      })
      const over = yield* send("POST", post, { ...as.admin, body: body(5001) })
      expect(over.body).toEqual(rich(400, "variables[5000]: a collection can have at most 5000 variables"))
      const at = yield* send("POST", post, { ...as.admin, body: body(5000) })
      expect(at.status).toBe(200)
      const collection =
        (yield* send("GET", local, as.admin)).body.meta.variableCollections[at.body.meta.tempIdToRealId.big]
      expect(collection.variableIds).toHaveLength(5000)
    })))

  it.effect("refuses a body over 4 MB", () =>
    run(Effect.gen(function*() {
      const r = yield* send("POST", post, {
        ...as.admin,
        body: { variables: [{ action: "UPDATE", id: V.space4, description: "x".repeat(4 * 1024 * 1024) }] }
      })
      expect(r.body).toEqual(rich(400, "Request body is larger than 4 MB"))
    })))

  it.effect("deletes a collection with its variables, and a mode with its values", () =>
    run(Effect.gen(function*() {
      const r = yield* send("POST", post, {
        ...as.admin,
        body: {
          variableCollections: [{ action: "DELETE", id: C.semantic }],
          variableModes: [{ action: "DELETE", id: M.light }]
        }
      })
      expect(r.status).toBe(200)
      const after = (yield* send("GET", local, as.admin)).body.meta
      expect(Object.keys(after.variableCollections)).toEqual([C.primitives])
      expect(after.variables[V.surface]).toBeUndefined()
      expect(after.variableCollections[C.primitives].defaultModeId).toBe(M.dark)
      expect(Object.keys(after.variables[V.blue500].valuesByMode)).toEqual([M.dark])
    })))
})
