import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { designSeed } from "../../../src/testing/design/index.js"
import { as, ent, rich, run, send, sendText } from "./helpers.js"

const list = (fileKey: string, query = "") => `/v1/files/${fileKey}/dev_resources${query}`
const { node_id, full_node_id } = ent.dev_resources
const link = (overrides: Record<string, unknown> = {}) => ({
  name: "Figma to code",
  url: "https://code.example.com/button",
  file_key: ent.file_key,
  node_id,
  ...overrides
})

describe("dev resources reads", () => {
  it.effect("lists a file's dev resources, narrowed by node_ids", () =>
    run(Effect.gen(function*() {
      const all = yield* send("GET", list(ent.file_key), as.plan)
      expect(all.status).toBe(200)
      expect(all.body.dev_resources).toHaveLength(12)
      expect(all.body.dev_resources[0]).toEqual({
        id: expect.stringMatching(/^\d+$/),
        name: "Storybook: Button",
        url: "https://storybook.example.com/?path=/story/button",
        file_key: ent.file_key,
        node_id
      })
      const one = yield* send("GET", list(ent.file_key, `?node_ids=${node_id}`), as.member)
      expect(one.body.dev_resources.map((r: { node_id: string }) => r.node_id)).toEqual([node_id, node_id])
      const both = yield* send("GET", list(ent.file_key, `?node_ids=${node_id},${full_node_id}`), as.member)
      expect(both.body.dev_resources).toHaveLength(12)
      const none = yield* send("GET", list(designSeed.file_key), as.basePersonal)
      expect(none.body).toEqual({ dev_resources: [] })
    })))

  it.effect("answers unknown files and outsiders in the rich body", () =>
    run(Effect.gen(function*() {
      expect((yield* send("GET", list("NoSuchFile"), as.admin)).body).toEqual(rich(404, "Not found"))
      expect((yield* send("GET", list(ent.file_key), as.basePersonal)).body)
        .toEqual(rich(403, "You do not have access to this file"))
      const scope = yield* send("GET", list(ent.file_key), as.oauthOrg)
      expect(scope.body.message).toMatch(/requires the file_dev_resources:read scope/)
    })))
})

describe("dev resources bulk create", () => {
  it.effect("creates what it can and reports the rest with 200", () =>
    run(Effect.gen(function*() {
      const r = yield* send("POST", "/v1/dev_resources", {
        ...as.admin,
        body: {
          dev_resources: [
            link(),
            link({ name: "again", url: "https://code.example.com/button" }),
            link({ node_id: full_node_id, url: "https://docs.example.com/eleventh" }),
            link({ file_key: "NoSuchFile" }),
            link({ file_key: designSeed.file_key }),
            link({ node_id: "7:7", url: "https://code.example.com/card" })
          ]
        }
      })
      expect(r.status).toBe(200)
      expect(r.body.links_created).toEqual([
        { id: expect.any(String), ...link() },
        { id: expect.any(String), ...link({ node_id: "7:7", url: "https://code.example.com/card" }) }
      ])
      expect(r.body.errors).toEqual([
        { file_key: ent.file_key, node_id, error: "A dev resource with this URL already exists on this node" },
        { file_key: ent.file_key, node_id: full_node_id, error: "Node already has the maximum of 10 dev resources" },
        { file_key: "NoSuchFile", node_id, error: "File not found" },
        { file_key: designSeed.file_key, node_id, error: "You do not have access to this file" }
      ])
      const after = yield* send("GET", list(ent.file_key, `?node_ids=${node_id},7:7`), as.admin)
      expect(after.body.dev_resources).toHaveLength(4)
    })))

  it.effect("omits errors when everything is created, and counts a batch toward the cap of 10", () =>
    run(Effect.gen(function*() {
      const eleven = Array.from({ length: 11 }, (_, i) => link({ node_id: "9:9", url: `https://x.example/${i}` }))
      const r = yield* send("POST", "/v1/dev_resources", { ...as.oauth, body: { dev_resources: eleven.slice(0, 10) } })
      expect(r.body).not.toHaveProperty("errors")
      expect(r.body.links_created).toHaveLength(10)
      const more = yield* send("POST", "/v1/dev_resources", { ...as.oauth, body: { dev_resources: eleven.slice(10) } })
      expect(more.body).toEqual({
        links_created: [],
        errors: [{ file_key: ent.file_key, node_id: "9:9", error: "Node already has the maximum of 10 dev resources" }]
      })
    })))

  it.effect("rejects a malformed body with 400 and creates nothing", () =>
    run(Effect.gen(function*() {
      const bodies: Array<[unknown, RegExp]> = [
        [{}, /'dev_resources' must be an array/],
        [
          { dev_resources: [link(), { name: "x", url: "https://a.example", file_key: ent.file_key }] },
          /dev_resources\[1\]: 'node_id' is required/
        ],
        [{ dev_resources: [link({ url: "not a url" })] }, /'url' must be an http\(s\) URL/],
        [{ dev_resources: [link({ node_id: "header" })] }, /'node_id' must be a node id/],
        [{ dev_resources: [link({ extra: 1 })] }, /unknown field 'extra'/]
      ]
      for (const [body, message] of bodies) {
        const r = yield* send("POST", "/v1/dev_resources", { ...as.admin, body })
        expect(r.status).toBe(400)
        expect(r.body.message).toMatch(message)
      }
      expect((yield* sendText("POST", "/v1/dev_resources", "[", as.admin)).body)
        .toEqual(rich(400, "Request body is not valid JSON"))
      const after = yield* send("GET", list(ent.file_key), as.admin)
      expect(after.body.dev_resources).toHaveLength(12)
    })))

  it.effect("reports a viewer's items as errors, since creating needs edit access", () =>
    run(Effect.gen(function*() {
      const r = yield* send("POST", "/v1/dev_resources", { ...as.member, body: { dev_resources: [link()] } })
      expect(r.body).toEqual({
        links_created: [],
        errors: [{ file_key: ent.file_key, node_id, error: "You need edit access to this file" }]
      })
    })))
})

describe("dev resources update and delete", () => {
  it.effect("updates names and urls, reporting unknown ids and duplicate urls", () =>
    run(Effect.gen(function*() {
      const [first, second] =
        (yield* send("GET", list(ent.file_key, `?node_ids=${node_id}`), as.admin)).body.dev_resources
      const r = yield* send("PUT", "/v1/dev_resources", {
        ...as.admin,
        body: {
          dev_resources: [
            { id: first.id, name: "Storybook (v8)" },
            { id: second.id, url: first.url },
            { id: "404404" },
            { id: second.id, url: "https://git.example.com/ds/Button.tsx" }
          ]
        }
      })
      expect(r.status).toBe(200)
      expect(r.body.links_updated).toEqual([
        { ...first, name: "Storybook (v8)" },
        { ...second, url: "https://git.example.com/ds/Button.tsx" }
      ])
      expect(r.body.errors).toEqual([
        { id: second.id, error: "A dev resource with this URL already exists on this node" },
        { id: "404404", error: "Dev resource not found" }
      ])
      const bad = yield* send("PUT", "/v1/dev_resources", { ...as.admin, body: { dev_resources: [{ name: "x" }] } })
      expect(bad.body.message).toMatch(/'id' is required/)
    })))

  it.effect("deletes one, then 404s it; a viewer may not delete", () =>
    run(Effect.gen(function*() {
      const [first] = (yield* send("GET", list(ent.file_key), as.admin)).body.dev_resources
      const path = `/v1/files/${ent.file_key}/dev_resources/${first.id}`
      expect((yield* send("DELETE", path, as.member)).body).toEqual(rich(403, "You need edit access to this file"))
      const deleted = yield* send("DELETE", path, as.plan)
      expect(deleted.status).toBe(200)
      expect(deleted.body).toEqual({ status: 200, error: false })
      expect((yield* send("DELETE", path, as.plan)).body).toEqual(rich(404, "Not found"))
      const wrongFile = yield* send("DELETE", `/v1/files/${ent.app_file_key}/dev_resources/${first.id}`, as.admin)
      expect(wrongFile.status).toBe(404)
      expect((yield* send("GET", list(ent.file_key), as.admin)).body.dev_resources).toHaveLength(11)
    })))

  it.effect("a reset brings back the seeded dev resources and variables", () =>
    run(Effect.gen(function*() {
      const [first] = (yield* send("GET", list(ent.file_key), as.admin)).body.dev_resources
      yield* send("DELETE", `/v1/files/${ent.file_key}/dev_resources/${first.id}`, as.admin)
      yield* send("POST", `/v1/files/${ent.file_key}/variables`, {
        ...as.admin,
        body: { variableCollections: [{ action: "DELETE", id: ent.variables.collections.primitives }] }
      })
      yield* send("POST", "/_sandbox/reset")
      expect((yield* send("GET", list(ent.file_key), as.admin)).body.dev_resources).toHaveLength(12)
      const vars = yield* send("GET", `/v1/files/${ent.file_key}/variables/local`, as.admin)
      expect(Object.keys(vars.body.meta.variableCollections)).toContain(ent.variables.collections.primitives)
    })))
})
