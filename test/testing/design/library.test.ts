import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { designSeed } from "../../../src/testing/design/index.js"
import {
  BASE,
  freshBudget,
  NOT_FOUND_RICH,
  notANumber,
  oauthLogin,
  personal,
  rich,
  run,
  scopeRefusal,
  send
} from "./helpers.js"

const { file_key, node_ids, team_id, tokens } = designSeed
const team = (kind: string, query = "") => `/v1/teams/${team_id}/${kind}${query === "" ? "" : `?${query}`}`

describe("team library lists", () => {
  it.effect("pages 55 components by the id cursor: 30 then 25, and back with before", () =>
    run(Effect.gen(function*() {
      const first = yield* send("GET", team("components"), personal)
      expect(first.status).toBe(200)
      expect(first.body.status).toBe(200)
      expect(first.body.error).toBe(false)
      expect(first.body.meta.components).toHaveLength(30)
      expect(first.body.meta.cursor).toEqual({ after: 30 })
      const item = first.body.meta.components[0]
      expect(Object.keys(item)).toEqual([
        "key",
        "file_key",
        "node_id",
        "thumbnail_url",
        "name",
        "description",
        "created_at",
        "updated_at",
        "user",
        "containing_frame"
      ])
      expect(item).toMatchObject({
        key: expect.stringMatching(/^[0-9a-f]{40}$/),
        file_key,
        name: "Size=Small, Variant=Primary",
        containing_frame: {
          name: "Button",
          nodeId: node_ids.button_set,
          pageId: node_ids.components_page,
          pageName: "Components",
          // A string, as the description types it; nodes carry RGBA objects, this field never does.
          backgroundColor: "#F5F5F5",
          containingComponentSet: { name: "Button", nodeId: node_ids.button_set }
        }
      })
      expect(item.thumbnail_url.startsWith(`${BASE}/_sandbox/render/${file_key}/`)).toBe(true)

      const second = yield* send("GET", team("components", "after=30"), personal)
      expect(second.body.meta.components).toHaveLength(25)
      expect(second.body.meta.cursor).toEqual({ before: 31 })
      const keys = [...first.body.meta.components, ...second.body.meta.components].map((c: any) => c.key)
      expect(new Set(keys).size).toBe(55)
      const back = yield* send("GET", team("components", "before=31"), personal)
      expect(back.body.meta.components).toEqual(first.body.meta.components)
      const icons = second.body.meta.components.filter((c: any) => c.name.startsWith("Icon/"))
      expect(icons[0].containing_frame.containingComponentSet).toBeUndefined()
    })))

  it.effect("pages component sets and styles the same way, with page_size up to 1000", () =>
    run(Effect.gen(function*() {
      const sets = yield* send("GET", team("component_sets", "page_size=4"), personal)
      expect(sets.body.meta.component_sets.map((s: any) => s.name)).toEqual(["Button", "Input", "Toggle", "Badge"])
      expect(sets.body.meta.cursor).toEqual({ after: 4 })
      const rest = yield* send("GET", team("component_sets", "page_size=4&after=4"), personal)
      expect(rest.body.meta.component_sets.map((s: any) => s.name)).toEqual(["Avatar", "Checkbox"])
      const styles = yield* send("GET", team("styles", "page_size=1000"), personal)
      expect(styles.body.meta.styles).toHaveLength(32)
      expect(styles.body.meta.cursor).toEqual({})
      expect(styles.body.meta.styles[0]).toMatchObject({
        name: "Color/Primary/100",
        style_type: "FILL",
        sort_position: "a000"
      })
      const styleTypes = new Set(styles.body.meta.styles.map((s: any) => s.style_type))
      expect(styleTypes).toEqual(new Set(["FILL", "TEXT", "EFFECT", "GRID"]))
      const starter = yield* send("GET", `/v1/teams/${designSeed.starter_team_id}/styles`, { token: tokens.starter })
      expect(starter.body.meta).toEqual({ styles: [], cursor: {} })
    })))

  it.effect("rejects bad page sizes and cursors in the {error, status, message, i18n} form", () =>
    run(Effect.gen(function*() {
      const cases: Array<[string, RegExp | string]> = [
        ["page_size=30.0", notANumber("page_size")],
        ["page_size=1001", /'page_size' must be an integer between 1 and 1000/],
        ["after=3.5", notANumber("after")],
        ["before=x", notANumber("before")],
        ["after=1&before=9", /cannot be used together/]
      ]
      for (const [query, message] of cases) {
        const r = yield* send("GET", team("components", query), { token: tokens.plan })
        expect(r.status).toBe(400)
        expect(r.body).toEqual(rich(400, message))
      }
      expect((yield* send("GET", "/v1/teams/999/components", personal)).body).toEqual(NOT_FOUND_RICH)
      const outsider = yield* send("GET", team("components"), { token: tokens.starter })
      expect(outsider.status).toBe(403)
      expect(outsider.body).toEqual(rich(403, /do not have access/))
    })))
})

describe("file library lists and items by key", () => {
  it.effect("lists a file's published content without a cursor, and refuses a branch key", () =>
    run(Effect.gen(function*() {
      const components = yield* send("GET", `/v1/files/${file_key}/components`, personal)
      expect(components.body.meta.components).toHaveLength(55)
      expect(components.body.meta.cursor).toBeUndefined()
      const sets = yield* send("GET", `/v1/files/${file_key}/component_sets`, personal)
      expect(sets.body.meta.component_sets).toHaveLength(6)
      expect((yield* send("GET", `/v1/files/${file_key}/styles`, personal)).body.meta.styles).toHaveLength(32)
      const starter = yield* send("GET", `/v1/files/${designSeed.starter_file_key}/components`, {
        token: tokens.starter
      })
      expect(starter.body.meta).toEqual({ components: [] })
      const branch = yield* send("GET", `/v1/files/${designSeed.branch_file_key}/components`, personal)
      expect(branch.status).toBe(400)
      expect(branch.body).toEqual(rich(400, new RegExp(`is a branch.*\\(${file_key}\\)`)))
      expect((yield* send("GET", "/v1/files/NoSuchKey/styles", personal)).body).toEqual(NOT_FOUND_RICH)
    })))

  it.effect("returns one item by key as meta, and 404s in the {error, status, message, i18n} form", () =>
    run(Effect.gen(function*() {
      const listed = yield* send("GET", team("components", "page_size=1"), personal)
      const first = listed.body.meta.components[0]
      const one = yield* send("GET", `/v1/components/${first.key}`, personal)
      expect(one.body).toEqual({ status: 200, error: false, meta: first })
      const set = (yield* send("GET", team("component_sets", "page_size=1"), personal)).body.meta.component_sets[0]
      expect((yield* send("GET", `/v1/component_sets/${set.key}`, personal)).body.meta.name).toBe("Button")
      const style = (yield* send("GET", team("styles", "page_size=1"), personal)).body.meta.styles[0]
      expect((yield* send("GET", `/v1/styles/${style.key}`, personal)).body.meta.style_type).toBe("FILL")
      yield* freshBudget
      for (const kind of ["components", "component_sets", "styles"]) {
        const missing = yield* send("GET", `/v1/${kind}/${"0".repeat(40)}`, personal)
        expect(missing.status).toBe(404)
        expect(missing.body).toEqual(NOT_FOUND_RICH)
      }
      // A component key is not a style key.
      expect((yield* send("GET", `/v1/styles/${first.key}`, personal)).status).toBe(404)
      expect((yield* send("GET", `/v1/components/${first.key}`, { token: tokens.starter })).status).toBe(403)
    })))

  it.effect("checks the scope of each form: team, file and key", () =>
    run(Effect.gen(function*() {
      const narrow = yield* oauthLogin("library_content:read")
      const bearer = { bearer: narrow.access_token }
      expect((yield* send("GET", `/v1/files/${file_key}/components`, bearer)).status).toBe(200)
      expect((yield* send("GET", team("components"), bearer)).body).toEqual(scopeRefusal("team_library_content:read"))
      expect((yield* send("GET", `/v1/components/${"0".repeat(40)}`, bearer)).body).toEqual(
        scopeRefusal("library_assets:read")
      )
      // Plan tokens read library content in every form.
      expect((yield* send("GET", team("styles"), { token: tokens.plan })).status).toBe(200)
    })))

  it.effect("counts library reads as tier 3: a View seat gets 10 a minute", () =>
    run(Effect.gen(function*() {
      for (let i = 0; i < 10; i++) {
        expect((yield* send("GET", team("styles"), { token: tokens.viewer })).status).toBe(200)
      }
      const limited = yield* send("GET", team("styles"), { token: tokens.viewer })
      expect(limited.status).toBe(429)
      expect(limited.body).toEqual({ status: 429, err: "Rate limit exceeded" })
    })))
})
