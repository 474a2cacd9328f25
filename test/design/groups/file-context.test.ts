/**
 * DesignApi.fileContext against the simulator's seeded file: what it reads
 * (the whole file, or the nodes by id with the depth counted from them), the
 * facts of the sandbox's design system and screens, and its refusals.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { HERO_IMAGE_REF } from "../../../src/testing/design/seed-documents.js"
import { readContext, styleValue } from "../context-reader.js"
import { api, apiLayer, seed, sent } from "../harness.js"

const KEY = seed.file_key
const N = seed.node_ids
const URL_OF = (node: string) => `https://www.design.example/design/${KEY}/Sandbox-File?node-id=${node}`

describe("DesignApi.fileContext", () => {
  it.effect("reads the whole file, and carries the facts of its pages, screens and components", () =>
    Effect.gen(function*() {
      const context = yield* (yield* api).fileContext({ file_key: KEY })
      expect((yield* sent).map((r) => [r.path, r.query])).toEqual([[`/v1/files/${KEY}`, {}]])
      const read = readContext(context)
      const node = (id: string) => read.get(id)!
      expect(context.file).toBe("Sandbox File")
      expect(context.nodes.map((n) => Object.keys(n)[0])).toEqual(["CANVAS 0:1", "CANVAS 0:2", "CANVAS 0:3"])
      expect(node(N.title)).toMatchObject({
        type: "TEXT",
        name: "Title",
        body: { box: [120, 160, 900, 68], text: "Sandbox Design System", font: "Heading/H1", fill: "Color/Neutral/900" }
      })
      expect(styleValue(context, "Heading/H1")).toEqual({ family: "Inter", weight: 700, size: 56 })
      expect(styleValue(context, "Color/Neutral/900")).toBe("#111827")
      expect(node(N.hero_image).body).toMatchObject({
        fill: { image: HERO_IMAGE_REF },
        radius: 16,
        effects: "Shadow/Medium"
      })
      expect(styleValue(context, "Shadow/Medium")).toBe("0 8px 24px #0000001F")
      expect(node(N.button_instance).body).toMatchObject({
        component: "3:8",
        props: { Size: "Large", Variant: "Primary" }
      })
      expect(context.components?.["3:8"]).toEqual({ name: "Size=Large, Variant=Primary", set: "Button" })
      expect(node(N.button_set).body.propDefs).toEqual({
        Size: ["Small", "Large"],
        Variant: ["Primary", "Secondary", "Ghost"]
      })
      // 36 icons, each with its glyph, and the hidden draft frame left out.
      expect([...read.values()].filter((n) => n.name.startsWith("Icon/") && n.type === "COMPONENT")).toHaveLength(36)
      expect(read.has(N.hidden_frame)).toBe(false)
      // All 147 nodes below the document but the hidden frame and its note.
      expect(read.size).toBe(145)
    }).pipe(Effect.provide(apiLayer())))

  it.effect("reads nodes by id, or the URL's node-id, from /nodes with the depth counted from each", () =>
    Effect.gen(function*() {
      const a = yield* api
      const home = yield* a.fileContext({ file_key: KEY, node_ids: [N.home_frame, N.title], depth: 1 })
      expect(home.nodes.map((n) => Object.keys(n)[0])).toEqual(["FRAME 2:1", "TEXT 1:3"])
      const read = readContext(home)
      expect(read.get(N.home_frame)?.body.size).toEqual([390, 844])
      // One level below the frame: its children, whose own children were not read.
      expect(read.get(N.button_instance)?.body.more).toBe(true)
      expect(read.has("I2:3;3:9")).toBe(false)
      const byUrl = yield* a.fileContext({ file_key: URL_OF("2-3") })
      expect(readContext(byUrl).get("I2:3;3:9")?.body.text).toBe("Button")
      yield* a.fileContext({ file_key: KEY, depth: 1, version: "2100000000000000001", vectors: true })
      expect((yield* sent).map((r) => [r.path, r.query])).toEqual([
        [`/v1/files/${KEY}/nodes`, { ids: `${N.home_frame},${N.title}`, depth: "1" }],
        [`/v1/files/${KEY}/nodes`, { ids: N.button_instance }],
        [`/v1/files/${KEY}`, { version: "2100000000000000001", depth: "1", geometry: "paths" }]
      ])
    }).pipe(Effect.provide(apiLayer())))

  it.effect("marks the pages cut at depth 1, and keeps a hidden node asked for by id", () =>
    Effect.gen(function*() {
      const a = yield* api
      const pages = yield* a.fileContext({ file_key: KEY, depth: 1 })
      expect(pages.nodes).toEqual([
        { "CANVAS 0:1": "Cover", more: true },
        { "CANVAS 0:2": "Screens", more: true },
        { "CANVAS 0:3": "Components", more: true }
      ])
      const draft = readContext(yield* a.fileContext({ file_key: KEY, node_ids: [N.hidden_frame] }))
      expect(draft.get(N.hidden_frame)?.body.hidden).toBe(true)
      const all = readContext(yield* a.fileContext({ file_key: KEY, hidden: true }))
      expect(all.get(N.hidden_frame)?.body.hidden).toBe(true)
      expect(all.get("1:10")?.body.text).toBe("Work in progress")
    }).pipe(Effect.provide(apiLayer())))

  it.effect("is the same bytes on every call", () =>
    Effect.gen(function*() {
      const a = yield* api
      const first = JSON.stringify(yield* a.fileContext({ file_key: KEY }))
      expect(JSON.stringify(yield* a.fileContext({ file_key: KEY }))).toBe(first)
    }).pipe(Effect.provide(apiLayer())))

  it.effect("refuses a bad key or node id before sending, and names a node or file the service does not have", () =>
    Effect.gen(function*() {
      const a = yield* api
      const refused = [
        yield* Effect.flip(a.fileContext({ file_key: "not a key" })),
        yield* Effect.flip(a.fileContext({ file_key: KEY, node_ids: ["2-1"] })),
        yield* Effect.flip(a.fileContext({ file_key: KEY, node_ids: [] })),
        yield* Effect.flip(a.fileContext({ file_key: KEY, depth: 0 }))
      ]
      expect(refused.map((e) => [e._tag, e._tag === "InvalidInputError" ? e.fields[0] : null])).toEqual([
        ["InvalidInputError", "file_key"],
        ["InvalidInputError", "node_ids"],
        ["InvalidInputError", "node_ids"],
        ["InvalidInputError", "depth"]
      ])
      expect(refused[1]?.message).toContain("2:1")
      expect(yield* sent).toEqual([])
      const unknownNode = yield* Effect.flip(a.fileContext({ file_key: KEY, node_ids: [N.home_frame, "9:99"] }))
      expect(unknownNode).toMatchObject({ _tag: "NotFoundError", message: `file ${KEY} has no node 9:99.` })
      const unknownFile = yield* Effect.flip(a.fileContext({ file_key: "NoSuchFileKey0000000000" }))
      expect(unknownFile._tag).toBe("NotFoundError")
    }).pipe(Effect.provide(apiLayer())))
})
