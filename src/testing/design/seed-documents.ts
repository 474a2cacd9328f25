/**
 * The seeded documents: file_key is a small design system (a cover, two
 * screens, a components page with 6 component sets and 36 icons, 32 styles),
 * starter_file_key a one-frame wireframe. The library lists publish what
 * file_key defines, so their node ids, keys and names match its tree.
 */
import { createHash } from "node:crypto"
import type { Catalog, ComponentMeta, ComponentSetMeta, DocumentSource, StyleMeta, StyleType } from "./document.js"
import type { Box, Common, Font, NodeSpec, VariantProperty } from "./nodes.js"
import {
  canvas,
  component,
  componentSet,
  documentNode,
  dropShadow,
  ellipse,
  frame,
  group,
  imagePaint,
  indexTree,
  instance,
  materialize,
  rectangle,
  solid,
  text,
  vector
} from "./nodes.js"
import { designSeed } from "./seed.js"

/** A stable 40-hex key, the form published keys and image refs take. */
export const hexKey = (...parts: ReadonlyArray<string>): string =>
  createHash("sha1").update(parts.join("\u0000")).digest("hex")

const box = (x: number, y: number, width: number, height: number): Box => ({ x, y, width, height })
const counter = (page: number, start = 1) => {
  let n = start
  return () => `${page}:${n++}`
}

// ── Styles ──────────────────────────────────────────────────────────────────

interface StyleDef {
  readonly name: string
  readonly type: StyleType
  readonly description: string
  readonly hex?: string
  readonly font?: Font
}

const fill = (name: string, hex: string): StyleDef => ({ name, type: "FILL", hex, description: `${name} (${hex})` })
const type = (name: string, weight: number, size: number): StyleDef => ({
  name,
  type: "TEXT",
  font: { family: "Inter", weight, size },
  description: `Inter ${weight} ${size}px`
})

const styleDefs: ReadonlyArray<StyleDef> = [
  fill("Color/Primary/100", "#E0E7FF"),
  fill("Color/Primary/300", "#A5B4FC"),
  fill("Color/Primary/500", "#6366F1"),
  fill("Color/Primary/700", "#4338CA"),
  fill("Color/Primary/900", "#312E81"),
  fill("Color/Neutral/0", "#FFFFFF"),
  fill("Color/Neutral/100", "#F3F4F6"),
  fill("Color/Neutral/300", "#D1D5DB"),
  fill("Color/Neutral/500", "#6B7280"),
  fill("Color/Neutral/700", "#374151"),
  fill("Color/Neutral/900", "#111827"),
  fill("Color/Success/500", "#22C55E"),
  fill("Color/Warning/500", "#F59E0B"),
  fill("Color/Danger/500", "#EF4444"),
  fill("Color/Info/500", "#0EA5E9"),
  fill("Color/Accent/500", "#EC4899"),
  type("Heading/H1", 700, 56),
  type("Heading/H2", 700, 32),
  type("Heading/H3", 600, 24),
  type("Body/Large", 400, 20),
  type("Body/Regular", 400, 16),
  type("Body/Small", 400, 14),
  type("Caption", 400, 12),
  type("Label", 500, 14),
  { name: "Shadow/Small", type: "EFFECT", description: "Cards at rest" },
  { name: "Shadow/Medium", type: "EFFECT", description: "Raised cards and menus" },
  { name: "Shadow/Large", type: "EFFECT", description: "Dialogs" },
  { name: "Focus ring", type: "EFFECT", description: "Keyboard focus" },
  { name: "Grid/Desktop 12", type: "GRID", description: "12 columns, 24px gutter" },
  { name: "Grid/Tablet 8", type: "GRID", description: "8 columns, 16px gutter" },
  { name: "Grid/Mobile 4", type: "GRID", description: "4 columns, 16px gutter" },
  { name: "Grid/Baseline 8", type: "GRID", description: "8px baseline" }
]

/** Styles are not nodes of the tree; their ids live on a page of their own numbering. */
const styleIds = new Map(styleDefs.map((def, i) => [def.name, `5:${i + 1}`]))

const styleId = (name: string): string => {
  const id = styleIds.get(name)
  if (id === undefined) throw new Error(`seed: no style named ${name}`)
  return id
}

const hexOf = (name: string): string => styleDefs.find((d) => d.name === name)?.hex ?? "#000000"
const fontOf = (name: string): Font =>
  styleDefs.find((d) => d.name === name)?.font ?? { family: "Inter", weight: 400, size: 16 }

/** Fills and the style reference that names them. */
const painted = (name: string) => ({ fills: [solid(hexOf(name))], styles: { fill: styleId(name) } })

const typeset = (textStyle: string, colour: string) => ({
  fills: [solid(hexOf(colour))],
  styles: { text: styleId(textStyle), fill: styleId(colour) }
})

const textNode = (c: Omit<Common, "fills" | "styles">, characters: string, textStyle: string, colour: string) =>
  text({ ...c, ...typeset(textStyle, colour) }, characters, fontOf(textStyle))

// ── The components page ─────────────────────────────────────────────────────

const nextComponentId = counter(3)

interface Look {
  readonly fills: ReadonlyArray<ReturnType<typeof solid>>
  readonly styles?: Record<string, string>
}

interface VariantSetDef {
  readonly name: string
  readonly description: string
  readonly properties: ReadonlyArray<VariantProperty>
  readonly size: { readonly width: number; readonly height: number }
  readonly build: (values: ReadonlyArray<string>, at: Box, id: () => string) => ReadonlyArray<NodeSpec>
  readonly look: (values: ReadonlyArray<string>) => Look
}

const combinations = (properties: ReadonlyArray<VariantProperty>): ReadonlyArray<ReadonlyArray<string>> =>
  properties.reduce<ReadonlyArray<ReadonlyArray<string>>>(
    (acc, p) => acc.flatMap((prefix) => p.options.map((o) => [...prefix, o])),
    [[]]
  )

const variantSet = (def: VariantSetDef, top: number): NodeSpec => {
  const setId = nextComponentId()
  const all = combinations(def.properties)
  const gap = 24
  const variants = all.map((values, i) => {
    const at = box(gap + i * (def.size.width + gap), top + gap, def.size.width, def.size.height)
    const id = nextComponentId()
    const name = def.properties.map((p, j) => `${p.name}=${values[j]}`).join(", ")
    return component(
      { id, name, box: at, ...def.look(values), cornerRadius: 8 },
      def.build(values, at, nextComponentId)
    )
  })
  const width = gap + all.length * (def.size.width + gap)
  const height = def.size.height + 2 * gap
  return componentSet(
    { id: setId, name: def.name, box: box(0, top, width, height), strokes: [solid("#9747FF")], cornerRadius: 5 },
    def.properties,
    variants
  )
}

const label = (characters: string, textStyle: string, colour: string) => (at: Box, id: () => string): NodeSpec =>
  textNode(
    { id: id(), name: "Label", box: box(at.x + 16, at.y + (at.height - 20) / 2, at.width - 32, 20) },
    characters,
    textStyle,
    colour
  )

const setDefs: ReadonlyArray<VariantSetDef> = [
  {
    name: "Button",
    description: "Primary actions. Use one Primary button per view.",
    properties: [
      { name: "Size", options: ["Small", "Large"] },
      { name: "Variant", options: ["Primary", "Secondary", "Ghost"] }
    ],
    size: { width: 128, height: 48 },
    look: ([, variant]) =>
      variant === "Primary"
        ? painted("Color/Primary/500")
        : variant === "Secondary"
        ? painted("Color/Neutral/100")
        : { fills: [] },
    build: ([, variant], at, id) => [
      label("Button", "Label", variant === "Primary" ? "Color/Neutral/0" : "Color/Neutral/900")(at, id)
    ]
  },
  {
    name: "Input",
    description: "Single-line text field",
    properties: [{ name: "State", options: ["Default", "Focused", "Error"] }],
    size: { width: 240, height: 40 },
    look: () => painted("Color/Neutral/0"),
    build: ([state], at, id) => [
      state === "Error"
        ? label("Required", "Body/Regular", "Color/Danger/500")(at, id)
        : label("Placeholder", "Body/Regular", "Color/Neutral/500")(at, id)
    ]
  },
  {
    name: "Toggle",
    description: "On/off switch",
    properties: [{ name: "State", options: ["On", "Off"] }],
    size: { width: 44, height: 24 },
    look: ([state]) => painted(state === "On" ? "Color/Primary/500" : "Color/Neutral/300"),
    build: ([state], at, id) => [
      ellipse({
        id: id(),
        name: "Knob",
        box: box(state === "On" ? at.x + 22 : at.x + 2, at.y + 2, 20, 20),
        ...painted("Color/Neutral/0")
      })
    ]
  },
  {
    name: "Badge",
    description: "Status label",
    properties: [{ name: "Tone", options: ["Neutral", "Success", "Danger"] }],
    size: { width: 72, height: 24 },
    look: ([tone]) =>
      painted(tone === "Success" ? "Color/Success/500" : tone === "Danger" ? "Color/Danger/500" : "Color/Neutral/100"),
    build: ([tone], at, id) => [
      label(tone ?? "", "Caption", tone === "Neutral" ? "Color/Neutral/900" : "Color/Neutral/0")(at, id)
    ]
  },
  {
    name: "Avatar",
    description: "User picture with initials fallback",
    properties: [{ name: "Size", options: ["Small", "Medium", "Large"] }],
    size: { width: 48, height: 48 },
    look: () => painted("Color/Primary/100"),
    build: (_, at, id) => [
      textNode(
        { id: id(), name: "Initials", box: box(at.x + 12, at.y + 14, 24, 20) },
        "AB",
        "Label",
        "Color/Primary/700"
      )
    ]
  },
  {
    name: "Checkbox",
    description: "Multiple choice",
    properties: [{ name: "Checked", options: ["True", "False"] }],
    size: { width: 20, height: 20 },
    look: ([checked]) => painted(checked === "True" ? "Color/Primary/500" : "Color/Neutral/0"),
    build: ([checked], at, id) =>
      checked === "True"
        ? [vector({ id: id(), name: "Check", box: box(at.x + 4, at.y + 4, 12, 12), ...painted("Color/Neutral/0") })]
        : []
  }
]

const iconNames = [
  "arrow-left",
  "arrow-right",
  "arrow-up",
  "arrow-down",
  "check",
  "close",
  "plus",
  "minus",
  "search",
  "settings",
  "heart",
  "star",
  "home",
  "user",
  "bell",
  "calendar",
  "camera",
  "chat",
  "cloud",
  "download",
  "upload",
  "edit",
  "trash",
  "eye",
  "lock",
  "unlock",
  "mail",
  "map-pin",
  "menu",
  "more",
  "phone",
  "play",
  "pause",
  "refresh",
  "share",
  "filter"
]

const componentSets = setDefs.map((def, i) => variantSet(def, i * 120))

const iconsTop = setDefs.length * 120
const iconsFrameId = nextComponentId()
const icons = iconNames.map((icon, i) => {
  const at = box(24 + (i % 12) * 48, iconsTop + 24 + Math.floor(i / 12) * 48, 24, 24)
  const id = nextComponentId()
  return component({ id, name: `Icon/${icon}`, box: at, fills: [] }, [
    vector({
      id: nextComponentId(),
      name: "Glyph",
      box: box(at.x + 2, at.y + 2, 20, 20),
      ...painted("Color/Neutral/900")
    })
  ])
})
const iconsFrame = frame(
  { id: iconsFrameId, name: "Icons", box: box(0, iconsTop, 624, 192), ...painted("Color/Neutral/0") },
  icons
)

const componentsPage = canvas(designSeed.node_ids.components_page, "Components", "#F5F5F5", [
  ...componentSets,
  iconsFrame
])

const findIn = (nodes: ReadonlyArray<NodeSpec>, name: string): NodeSpec | null => {
  for (const node of nodes) {
    if (node.name === name) return node
    const found = node.children === undefined ? null : findIn(node.children, name)
    if (found !== null) return found
  }
  return null
}
const findSpec = (nodes: ReadonlyArray<NodeSpec>, name: string): NodeSpec => {
  const found = findIn(nodes, name)
  if (found === null) throw new Error(`seed: no node named ${name}`)
  return found
}
const componentNamed = (set: string, variant: string) => findSpec([findSpec(componentSets, set)], variant)

// ── The cover and the screens ───────────────────────────────────────────────

export const HERO_IMAGE_REF = hexKey("image", designSeed.file_key, "hero")
const CARD_IMAGE_REF = hexKey("image", designSeed.file_key, "card")
const STARTER_IMAGE_REF = hexKey("image", designSeed.starter_file_key, "placeholder")

const PLUGIN_ID = "1217080048585520283"

const ids = designSeed.node_ids

const coverPage = canvas(ids.cover_page, "Cover", "#F5F5F5", [
  frame({
    id: ids.cover_frame,
    name: "Cover",
    box: box(0, 0, 1440, 960),
    ...painted("Color/Neutral/0"),
    pluginData: { [PLUGIN_ID]: { status: "approved" } }
  }, [
    textNode(
      { id: ids.title, name: "Title", box: box(120, 160, 900, 68) },
      "Sandbox Design System",
      "Heading/H1",
      "Color/Neutral/900"
    ),
    textNode(
      { id: "1:4", name: "Subtitle", box: box(120, 248, 700, 28) },
      "Components, styles and screens for the sandbox app",
      "Body/Large",
      "Color/Neutral/500"
    ),
    rectangle({
      id: ids.hero_image,
      name: "Hero image",
      box: box(120, 336, 1200, 520),
      fills: [imagePaint(HERO_IMAGE_REF)],
      effects: [dropShadow(8, 24, 0.12)],
      styles: { effect: styleId("Shadow/Medium") },
      cornerRadius: 16
    }),
    group({ id: "1:6", name: "Logo", box: box(1200, 120, 120, 40) }, [
      ellipse({ id: "1:7", name: "Mark", box: box(1200, 120, 40, 40), ...painted("Color/Primary/500") }),
      vector({ id: "1:8", name: "Wordmark", box: box(1250, 128, 70, 24), ...painted("Color/Neutral/900") })
    ])
  ]),
  frame({
    id: ids.hidden_frame,
    name: "Draft (hidden)",
    box: box(1600, 0, 800, 600),
    visible: false,
    ...painted("Color/Neutral/100")
  }, [
    textNode(
      { id: "1:10", name: "Note", box: box(1640, 40, 300, 24) },
      "Work in progress",
      "Body/Regular",
      "Color/Neutral/700"
    )
  ])
])

const props = (entries: Record<string, string>) =>
  Object.fromEntries(Object.entries(entries).map(([k, value]) => [k, { type: "VARIANT", value }]))

const screensPage = canvas(ids.screens_page, "Screens", "#E5E5E5", [
  frame({
    id: ids.home_frame,
    name: "Home",
    box: box(0, 0, 390, 844),
    ...painted("Color/Neutral/0"),
    pluginData: { [PLUGIN_ID]: { status: "ready-for-review", reviewer: "Sandbox Editor" } },
    sharedPluginData: { sandbox_tokens: { theme: "light" } }
  }, [
    textNode(
      { id: "2:2", name: "Greeting", box: box(24, 64, 342, 39) },
      "Good morning, Alex",
      "Heading/H2",
      "Color/Neutral/900"
    ),
    instance(
      { id: ids.button_instance, name: "Button", box: box(24, 760, 128, 48) },
      componentNamed("Button", "Size=Large, Variant=Primary"),
      props({ Size: "Large", Variant: "Primary" })
    ),
    rectangle({
      id: "2:4",
      name: "Card photo",
      box: box(24, 120, 342, 220),
      fills: [imagePaint(CARD_IMAGE_REF)],
      cornerRadius: 12
    }),
    textNode(
      { id: "2:5", name: "Card title", box: box(24, 356, 342, 29) },
      "Weekend in Lisbon",
      "Heading/H3",
      "Color/Neutral/900"
    ),
    instance({ id: "2:6", name: "Icon/heart", box: box(334, 300, 24, 24) }, findSpec(icons, "Icon/heart"))
  ]),
  frame({ id: "2:10", name: "Settings", box: box(450, 0, 390, 844), ...painted("Color/Neutral/0") }, [
    textNode(
      { id: "2:11", name: "Heading", box: box(474, 64, 342, 39) },
      "Settings",
      "Heading/H2",
      "Color/Neutral/900"
    ),
    instance(
      { id: "2:12", name: "Toggle", box: box(772, 140, 44, 24) },
      componentNamed("Toggle", "State=On"),
      props({ State: "On" })
    ),
    instance(
      { id: "2:13", name: "Input", box: box(474, 200, 240, 40) },
      componentNamed("Input", "State=Default"),
      props({ State: "Default" })
    ),
    rectangle({ id: "2:14", name: "Divider", box: box(474, 264, 342, 1), ...painted("Color/Neutral/100") }),
    group({ id: "2:15", name: "Avatar row", box: box(474, 288, 342, 48) }, [
      instance({ id: "2:16", name: "Avatar", box: box(474, 288, 48, 48) }, componentNamed("Avatar", "Size=Medium")),
      textNode(
        { id: "2:17", name: "Signed in as", box: box(534, 302, 282, 20) },
        "Signed in as Alex",
        "Body/Regular",
        "Color/Neutral/700"
      )
    ])
  ])
])

// ── Catalogs and sources ────────────────────────────────────────────────────

const walk = (
  nodes: ReadonlyArray<NodeSpec>,
  f: (node: NodeSpec, parent: NodeSpec | null) => void,
  parent: NodeSpec | null = null
) => {
  for (const node of nodes) {
    f(node, parent)
    if (node.children) walk(node.children, f, node)
  }
}

const catalogOf = (fileKey: string, page: NodeSpec, styles: ReadonlyArray<StyleDef>): Catalog => {
  const components = new Map<string, ComponentMeta>()
  const sets = new Map<string, ComponentSetMeta>()
  walk([page], (node, parent) => {
    if (node.type === "COMPONENT_SET") {
      const def = setDefs.find((d) => d.name === node.name)
      sets.set(node.id, {
        key: hexKey("component_set", fileKey, node.name),
        name: node.name,
        description: def?.description ?? "",
        documentationLinks: [],
        remote: false
      })
    }
    if (node.type === "COMPONENT") {
      const inSet = parent?.type === "COMPONENT_SET" ? parent : null
      components.set(node.id, {
        key: hexKey("component", fileKey, inSet === null ? node.name : `${inSet.name}/${node.name}`),
        name: node.name,
        description: inSet === null ? `${node.name.replace("Icon/", "")} icon, 24px` : "",
        ...(inSet === null ? {} : { componentSetId: inSet.id }),
        documentationLinks: [],
        remote: false
      })
    }
  })
  const styleMap = new Map<string, StyleMeta>(styles.map((def) => [styleId(def.name), {
    key: hexKey("style", fileKey, def.name),
    name: def.name,
    styleType: def.type,
    remote: false,
    description: def.description
  }]))
  return { components, componentSets: sets, styles: styleMap }
}

const sourceOf = (spec: NodeSpec, catalog: Catalog, imageRefs: ReadonlyArray<string>): DocumentSource => {
  const root = materialize(spec)
  const index = indexTree(root)
  return { root, find: (id) => index.get(id) ?? null, catalog, imageRefs }
}

export const mainDocument: DocumentSource = sourceOf(
  documentNode([coverPage, screensPage, componentsPage]),
  catalogOf(designSeed.file_key, componentsPage, styleDefs),
  [HERO_IMAGE_REF, CARD_IMAGE_REF]
)

export const starterDocument: DocumentSource = sourceOf(
  documentNode([
    canvas("0:1", "Page 1", "#F5F5F5", [
      frame({ id: "1:2", name: "Wireframe", box: box(0, 0, 1280, 800), fills: [solid("#FFFFFF")] }, [
        text({ id: "1:3", name: "Headline", box: box(80, 80, 640, 48) }, "Starter plan wireframe", {
          family: "Inter",
          weight: 700,
          size: 40
        }),
        rectangle({
          id: "1:4",
          name: "Placeholder",
          box: box(80, 160, 1120, 560),
          fills: [imagePaint(STARTER_IMAGE_REF)]
        })
      ])
    ])
  ]),
  { components: new Map(), componentSets: new Map(), styles: new Map() },
  [STARTER_IMAGE_REF]
)

// ── Published library of file_key ───────────────────────────────────────────

export interface ContainingFrame {
  readonly name: string
  readonly nodeId: string
  readonly pageId: string
  readonly pageName: string
  /** A string, as the description types it (a hex colour), unlike the RGBA objects of nodes. */
  readonly backgroundColor: string
  readonly containingComponentSet?: { readonly name: string; readonly nodeId: string }
}

/** One published item; `position` orders the team lists and is what their cursors count. */
export interface LibraryEntry {
  readonly position: number
  readonly key: string
  readonly file_key: string
  readonly node_id: string
  readonly name: string
  readonly description: string
  readonly created_at: string
  readonly updated_at: string
  readonly user_id: string
  readonly containing_frame?: ContainingFrame
  readonly style_type?: StyleType
  readonly sort_position?: string
}

export interface Library {
  readonly components: ReadonlyArray<LibraryEntry>
  readonly component_sets: ReadonlyArray<LibraryEntry>
  readonly styles: ReadonlyArray<LibraryEntry>
}

const PAGE_BACKGROUND = "#F5F5F5"

const stamp = (base: string, minutes: number) => new Date(Date.parse(base) + minutes * 60_000).toISOString()

const libraryOf = (fileKey: string, catalog: Catalog, page: NodeSpec, publisher: string): Library => {
  const frameOf = new Map<string, ContainingFrame>()
  walk([page], (node, parent) => {
    if (node.type !== "COMPONENT" || parent === null) return
    frameOf.set(node.id, {
      name: parent.name,
      nodeId: parent.id,
      pageId: page.id,
      pageName: page.name,
      backgroundColor: PAGE_BACKGROUND,
      ...(parent.type === "COMPONENT_SET" ? { containingComponentSet: { name: parent.name, nodeId: parent.id } } : {})
    })
  })
  const entry = (position: number, nodeId: string, meta: { key: string; name: string; description: string }) => ({
    position,
    key: meta.key,
    file_key: fileKey,
    node_id: nodeId,
    name: meta.name,
    description: meta.description,
    created_at: stamp("2025-11-03T09:00:00.000Z", position * 7),
    updated_at: stamp("2026-01-14T15:00:00.000Z", position),
    user_id: publisher
  })
  return {
    components: [...catalog.components].map(([nodeId, meta], i) => {
      const containing = frameOf.get(nodeId)
      return { ...entry(i + 1, nodeId, meta), ...(containing === undefined ? {} : { containing_frame: containing }) }
    }),
    component_sets: [...catalog.componentSets].map(([nodeId, meta], i) => ({
      ...entry(i + 1, nodeId, meta),
      containing_frame: {
        name: page.name,
        nodeId: page.id,
        pageId: page.id,
        pageName: page.name,
        backgroundColor: PAGE_BACKGROUND
      }
    })),
    styles: [...catalog.styles].map(([styleNodeId, meta], i) => ({
      ...entry(i + 1, styleNodeId, meta),
      style_type: meta.styleType,
      sort_position: `a${String(i).padStart(3, "0")}`
    }))
  }
}

export const mainLibrary: Library = libraryOf(
  designSeed.file_key,
  mainDocument.catalog,
  componentsPage,
  designSeed.users.admin.id
)
