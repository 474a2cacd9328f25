/** Dev resources through DesignApi over the simulator: list by nodes, bulk create and update with per-item errors, idempotent delete. */
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { api, apiLayer, seed, sent } from "../harness.js"

const ent = seed.enterprise
const LIB = ent.file_key
const layer = () => apiLayer({ token: ent.tokens.personal })

describe("dev resources", () => {
  it.effect("lists a file's dev resources, or only those of some nodes", () =>
    Effect.gen(function*() {
      const a = yield* api
      const all = yield* a.devResourceList({ file_key: LIB })
      expect(all.dev_resources).toHaveLength(12)
      const some = yield* a.devResourceList({ file_key: LIB, node_ids: [ent.dev_resources.node_id] })
      expect(some.dev_resources.map((r) => r.name)).toEqual(["Storybook: Button", "Button.tsx"])
      expect((yield* sent).at(-1)?.query).toMatchObject({ node_ids: ent.dev_resources.node_id })
    }).pipe(Effect.provide(layer())))

  it.effect("creates one from its fields, or many, reporting the items the service refused in its 200", () =>
    Effect.gen(function*() {
      const a = yield* api
      const one = yield* a.devResourceCreate({
        file_key: LIB,
        node_id: "1:2",
        name: "Docs",
        url: "https://docs.example.com/button"
      })
      expect(one.links_created).toMatchObject([{ name: "Docs", node_id: "1:2", file_key: LIB }])
      expect(one.errors).toEqual([])
      const many = yield* a.devResourceCreate({
        dev_resources: [
          { file_key: LIB, node_id: "1:4", name: "Spec", url: "https://docs.example.com/spec" },
          {
            file_key: LIB,
            node_id: ent.dev_resources.full_node_id,
            name: "One too many",
            url: "https://docs.example.com/11"
          }
        ]
      })
      expect(many.links_created.map((r) => r.node_id)).toEqual(["1:4"])
      expect(many.errors).toEqual([{
        file_key: LIB,
        node_id: ent.dev_resources.full_node_id,
        error: expect.stringMatching(/maximum of 10/)
      }])
    }).pipe(Effect.provide(layer())))

  it.effect("updates one from its fields, or many, with per-item errors", () =>
    Effect.gen(function*() {
      const a = yield* api
      const [first] = (yield* a.devResourceList({ file_key: LIB, node_ids: ["1:2"] })).dev_resources
      const one = yield* a.devResourceUpdate({ id: first!.id, name: "Storybook" })
      expect(one.links_updated).toMatchObject([{ id: first!.id, name: "Storybook", url: first!.url }])
      const many = yield* a.devResourceUpdate({
        dev_resources: [{ id: first!.id, url: "https://storybook.example.com/new" }, {
          id: "3100000000000009999",
          name: "x"
        }]
      })
      expect(many.links_updated.map((r) => r.url)).toEqual(["https://storybook.example.com/new"])
      expect(many.errors).toEqual([{ id: "3100000000000009999", error: "Dev resource not found" }])
    }).pipe(Effect.provide(layer())))

  it.effect("deletes idempotently: a second delete reports already_absent", () =>
    Effect.gen(function*() {
      const a = yield* api
      const [first] = (yield* a.devResourceList({ file_key: LIB, node_ids: ["1:2"] })).dev_resources
      expect(yield* a.devResourceDelete({ file_key: LIB, dev_resource_id: first!.id })).toEqual({
        deleted: true,
        dev_resource_id: first!.id,
        already_absent: false
      })
      expect(yield* a.devResourceDelete({ file_key: LIB, dev_resource_id: first!.id })).toEqual({
        deleted: true,
        dev_resource_id: first!.id,
        already_absent: true
      })
      expect((yield* a.devResourceList({ file_key: LIB, node_ids: ["1:2"] })).dev_resources).toHaveLength(1)
    }).pipe(Effect.provide(layer())))

  it.effect("refuses mixed or incomplete forms, bad node ids and URLs before sending", () =>
    Effect.gen(function*() {
      const a = yield* api
      const item = { file_key: LIB, node_id: "1:2", name: "n", url: "https://x.example.com" }
      const refusals: Array<Effect.Effect<unknown, { readonly _tag: string }>> = [
        a.devResourceCreate({ ...item, dev_resources: [item] }),
        a.devResourceCreate({ file_key: LIB, node_id: "1:2", name: "n" }),
        a.devResourceCreate({ ...item, node_id: "1-2" }),
        a.devResourceCreate({ ...item, url: "ftp://x" }),
        a.devResourceCreate({ dev_resources: [] }),
        a.devResourceUpdate({ id: "3100000000000000001" }),
        a.devResourceUpdate({ name: "no id" }),
        a.devResourceList({ file_key: LIB, node_ids: ["abc"] }),
        a.devResourceDelete({ file_key: LIB, dev_resource_id: "x1" })
      ]
      for (const call of refusals) expect((yield* Effect.flip(call))._tag).toBe("InvalidInputError")
      const mixed = yield* Effect.flip(a.devResourceCreate({ ...item, dev_resources: [item] }))
      expect(mixed.message).toMatch(/not both/)
      expect(yield* sent).toEqual([])
    }).pipe(Effect.provide(layer())))
})
