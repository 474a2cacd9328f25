/**
 * The design context as a pure function of the service's answer, on the
 * product-screen scene (fixtures/product-screen.ts): the facts an agent
 * implements from, hidden nodes and vector internals left out unless asked,
 * nothing lost to `like` and `copy`, and the same bytes every time.
 */
import { describe, expect, it } from "@effect/vitest"
import { readFileSync, writeFileSync } from "node:fs"
import { type ContextSource, designContext } from "../../src/design/local/design-context.js"
import { readContext, styleValue } from "./context-reader.js"
import { productScreenFile, SCENE } from "./fixtures/product-screen.js"

const FIXTURE = new URL("./fixtures/product-screen.json", import.meta.url)

type Raw = Record<string, any>
const scene = productScreenFile as unknown as ContextSource & { document: Raw }

/** Every node of a raw tree with its parent, in document order. */
const rawNodes = (root: Raw, parent?: Raw): Array<{ node: Raw; parent: Raw | undefined }> => [
  { node: root, parent },
  ...((root.children ?? []) as Array<Raw>).flatMap((c) => rawNodes(c, root))
]

/** The scene as the nodes answer for one id (GET /v1/files/KEY/nodes?ids=ID). */
const nodesAnswer = (id: string, depth?: number): ContextSource => {
  const cut = (n: Raw, level: number): Raw =>
    n.children === undefined
      ? n
      : { ...n, children: depth !== undefined && level >= depth ? [] : n.children.map((c: Raw) => cut(c, level + 1)) }
  const found = rawNodes(scene.document).find((e) => e.node.id === id)!.node
  return { ...scene, document: undefined, nodes: { [id]: { ...scene, document: cut(found, 0) } } }
}

describe("the scene fixture", () => {
  it("is what its builder makes (UPDATE_FIXTURES=1 rewrites it)", () => {
    const made = `${JSON.stringify(productScreenFile)}\n`
    if (process.env.UPDATE_FIXTURES === "1") writeFileSync(FIXTURE, made)
    expect(readFileSync(FIXTURE, "utf8")).toBe(made)
  })
})

describe("the design context of a product screen", () => {
  const context = designContext(scene)
  const read = readContext(context)
  const node = (id: string) => {
    const found = read.get(id)
    if (found === undefined) throw new Error(`no node ${id}`)
    return found
  }
  const style = (value: unknown) => styleValue(context, value)

  it("names the file and lists its pages, each node by type, id and name", () => {
    expect(context.file).toBe("Shop — Product page")
    expect(context.nodes.map((n) => Object.keys(n)[0])).toEqual(["CANVAS 0:1", "CANVAS 0:2"])
    expect(node(SCENE.screen)).toMatchObject({ type: "FRAME", name: "Product — Mobile", parent: "0:1" })
    expect(node("I10:30;21:12")).toMatchObject({ type: "TEXT", name: "Label", parent: "10:30" })
  })

  it("keeps auto-layout: direction, gap, padding, alignment, wrap and each child's sizing", () => {
    expect(node("10:10").body).toMatchObject({ layout: "column", gap: 20, padding: [24, 16, 32, 16] })
    expect(node("10:3").body).toMatchObject({
      size: ["fill", "hug"],
      layout: "row",
      padding: [8, 16],
      justify: "space-between",
      align: "center"
    })
    // With space-between the layout spreads the children; the frame's own gap says nothing.
    expect(node("10:3").body.gap).toBeUndefined()
    expect(node(SCENE.sizes).body).toMatchObject({ layout: "row", gap: 8, wrap: true, rowGap: 8 })
    expect(node("10:30").body.size).toEqual([64, 36])
    expect(node("10:5").body.size).toEqual(["fill", "hug"])
    expect(node("10:92").body.size).toEqual(["fill", "hug"])
    // A frame without auto-layout places its children; an absolute child of an auto-layout frame is placed too.
    expect(node("10:8").body.box).toEqual([0, 180, 390, 120])
    expect(node(SCENE.bottomBar).body.box).toEqual([0, 1084, 390, "hug"])
    expect(node(SCENE.screen).body.size).toEqual([390, 1180])
  })

  it("keeps text with its style, alignment, changes of the named style and styled runs", () => {
    expect(node("10:13").body).toMatchObject({ text: "Cloudrunner 2 Trail", font: "Heading/H2" })
    expect(style("Heading/H2")).toEqual({ family: "Inter", weight: 700, size: 24, lineHeight: 32 })
    expect(style(node("10:13").body.fill)).toBe("#111827")
    expect(style("Label/Overline")).toEqual({
      family: "Inter",
      weight: 600,
      size: 11,
      lineHeight: 16,
      letterSpacing: 0.88,
      case: "upper"
    })
    expect(node("10:5").body).toMatchObject({ text: "Details", font: "Heading/H3", textAlign: "center" })
    expect(node("10:16").body.font).toEqual({ style: "Body/Small", decoration: "strikethrough" })
    expect(node(SCENE.summary).body.spans).toEqual([[0, 3, { weight: 700, fill: "#111827" }]])
    expect(node("10:26").body.text).toContain("\nMade with 30% recycled materials.")
  })

  it("keeps paints, strokes, effects and radii, the file's styles by name and repeated ones once", () => {
    expect(node("10:7").body.fill).toEqual({ image: "3f8a1c2d4e5b6a7980f1e2d3c4b5a69788796a5b" })
    expect(node("10:8").body.fill).toBe("linear-gradient(180deg, #11182700 0%, #11182799 100%)")
    expect(node("10:36").body).toMatchObject({ fill: "#1F2937", stroke: "Color/Primary/600", strokeWeight: 2 })
    expect(node("11:20").body).toMatchObject({ radius: 12, effects: "Shadow/Small", stroke: "Color/Neutral/200" })
    expect(style("Shadow/Small")).toBe("0 1px 3px #11182714")
    expect(style(node(SCENE.bottomBar).body.effects)).toEqual(["0 -4px 16px #1118270F", "backdrop blur(10px)"])
    expect(node(SCENE.bottomBar).body.fill).toBe("#FFFFFFEB")
    expect(node("10:17").body.fill).toBe("#16A34A1F")
    // Each named style once, under its name; nothing in `styles` that no node uses.
    const used = new Set(
      [...read.values()].flatMap((n) =>
        ["fill", "stroke", "font", "effects"].map((slot) => n.body[slot]).map((v) => (v?.style ?? v))
      )
    )
    expect(Object.keys(context.styles ?? {}).filter((name) => !used.has(name))).toEqual([])
    expect(Object.keys(context.styles ?? {})).toContain("Color/Neutral/900")
  })

  it("keeps instances with their component and properties, and names each component once", () => {
    expect(node("10:30").body).toMatchObject({ component: "21:11", props: { State: "Default", Label: "XS" } })
    expect(node("10:32").body).toMatchObject({ component: "21:13", props: { State: "Selected", Label: "M" } })
    expect(node("I10:32;21:14").body.text).toBe("M")
    expect(node("I10:30;21:12").body.propRefs).toEqual({ text: "Label" })
    expect(node("10:92").body).toMatchObject({ component: "21:4", props: { Variant: "Primary", Size: "Large" } })
    expect(node("21:10").body.propDefs).toEqual({ State: ["Default", "Selected"], Label: "M" })
    expect(context.components).toMatchObject({
      "21:11": { name: "State=Default", set: "Chip" },
      "20:20": "Icon/star",
      "90:1": { name: "iOS/Status bar", key: "5b1e0c7a9d2f4e6b8a1c3d5e7f9a0b2c4d6e8f10" }
    })
    // The status bar's layers come from the library: the instance carries them.
    expect(node("I10:2;90:2").body.text).toBe("9:41")
  })

  it("writes every visible node of the document once, losing nothing to like and copy", () => {
    const insideBoolean = new Set<string>()
    for (const { node: n, parent } of rawNodes(scene.document)) {
      if (parent?.type === "BOOLEAN_OPERATION" || insideBoolean.has(parent?.id)) insideBoolean.add(n.id)
    }
    const hiddenBelow = new Set<string>()
    for (const { node: n, parent } of rawNodes(scene.document)) {
      if (n.visible === false || hiddenBelow.has(parent?.id)) hiddenBelow.add(n.id)
    }
    const expected = rawNodes(scene.document).filter(({ node: n }) =>
      n.type !== "DOCUMENT" && !insideBoolean.has(n.id) && !hiddenBelow.has(n.id)
    )
    expect([...read.keys()].sort()).toEqual(expected.map(({ node: n }) => n.id).sort())
    for (const { node: n, parent } of expected) {
      const ours = node(n.id)
      expect([ours.type, ours.name, ours.parent ?? "0:0"], n.id).toEqual([n.type, n.name, parent?.id])
      if (n.type === "TEXT") expect(ours.body.text, n.id).toBe(n.characters)
      if (n.type === "INSTANCE") expect(ours.body.component, n.id).toBe(n.componentId)
      const size = ours.body.box?.slice(2) ?? ours.body.size
      for (const [axis, i] of [["width", 0], ["height", 1]] as const) {
        if (typeof size?.[i] === "number") expect(size[i], `${n.id} ${axis}`).toBe(n.absoluteBoundingBox[axis])
      }
    }
    // The repeats are said once: the second chip is like the first, the second star a copy of the first.
    expect(context.nodes[0]).toBeDefined()
    const json = JSON.stringify(context)
    expect(json).toContain(`{"INSTANCE 10:21":"Icon/star","copy":"10:20"}`)
    expect(json).toContain(`{"INSTANCE 10:31":"Chip","like":"10:30","props":{"State":"Default","Label":"S"}`)
  })

  it("leaves out hidden nodes and vector internals unless asked for", () => {
    expect(read.has(SCENE.hidden)).toBe(false)
    expect(read.has(SCENE.starOperand)).toBe(false)
    expect(node(SCENE.star).children).toEqual([])
    const all = readContext(designContext(scene, { hidden: true, vectors: true }))
    expect(all.get(SCENE.hidden)?.body.hidden).toBe(true)
    expect(all.get("10:98")?.body.text).toBe("Free returns for 30 days")
    expect(all.get(SCENE.star)?.children).toEqual([SCENE.starOperand, "20:23"])
    expect(all.get(SCENE.starOperand)).toMatchObject({ type: "STAR", name: "Star outer" })
  })

  it("keeps a vector's paths only when vector internals are asked for", () => {
    const withPaths: ContextSource = {
      name: "Icons",
      document: {
        id: "0:0",
        name: "Document",
        type: "DOCUMENT",
        children: [{
          id: "0:1",
          name: "Page",
          type: "CANVAS",
          children: [{
            id: "1:1",
            name: "Glyph",
            type: "VECTOR",
            absoluteBoundingBox: { x: 0, y: 0, width: 20, height: 20 },
            fills: [{ type: "SOLID", color: { r: 0, g: 0, b: 0, a: 1 } }],
            fillGeometry: [{ path: "M0 0L20 0L20 20Z", windingRule: "NONZERO" }]
          }]
        }]
      }
    }
    expect(JSON.stringify(designContext(withPaths))).not.toContain("M0 0")
    expect(readContext(designContext(withPaths, { vectors: true })).get("1:1")?.body.paths).toEqual([
      "M0 0L20 0L20 20Z"
    ])
  })

  it("starts at the nodes asked for, and marks where the depth ended", () => {
    const screen = designContext(nodesAnswer(SCENE.screen))
    expect(screen.nodes.map((n) => Object.keys(n)[0])).toEqual(["FRAME 10:1"])
    // The node the context starts at has its measured size, whatever its sizing in its parent.
    const bar = readContext(designContext(nodesAnswer(SCENE.bottomBar))).get(SCENE.bottomBar)!
    expect(bar.body.size).toEqual([390, 88])
    const shallow = readContext(designContext(nodesAnswer(SCENE.screen, 1), { depth: 1 }))
    expect(shallow.get("10:10")?.body.more).toBe(true)
    expect(shallow.get("10:10")?.children).toEqual([])
    expect(shallow.has("10:11")).toBe(false)
    expect(readContext(designContext(nodesAnswer(SCENE.screen))).get("10:10")?.body.more).toBeUndefined()
  })

  it("is the same bytes every time, whatever order a node's members come in", () => {
    // The members of nodes and paints (objects with a type) in reverse; maps (properties, styles) keep their order.
    const reversed = (value: unknown): unknown => {
      if (Array.isArray(value)) return value.map(reversed)
      if (typeof value !== "object" || value === null) return value
      const entries = Object.entries(value).map(([k, v]) => [k, reversed(v)] as const)
      return Object.fromEntries("type" in value ? entries.reverse() : entries)
    }
    const once = JSON.stringify(designContext(scene))
    expect(JSON.stringify(designContext(JSON.parse(JSON.stringify(scene))))).toBe(once)
    expect(JSON.stringify(designContext(reversed(scene) as ContextSource))).toBe(once)
  })

  it("costs a small part of the service's answer", () => {
    expect(JSON.stringify(context).length).toBeLessThan(JSON.stringify(scene).length / 8)
  })
})
