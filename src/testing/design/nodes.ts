/**
 * Builders for document nodes with the properties the file endpoints send
 * (bounding boxes, paints, strokes, constraints, text style...), used by the
 * seeded documents and by the generator of large ones.
 */
import type { DocNode, Geometry, NodeType, PluginData } from "./document.js"

export interface Box {
  readonly x: number
  readonly y: number
  readonly width: number
  readonly height: number
}

export interface Rgba {
  readonly r: number
  readonly g: number
  readonly b: number
  readonly a: number
}

/** A node fully built in memory; `materialize` turns it into a DocNode. */
export interface NodeSpec {
  readonly id: string
  readonly name: string
  readonly type: NodeType
  readonly props: Readonly<Record<string, unknown>>
  readonly geometry?: { readonly fill: ReadonlyArray<Geometry>; readonly stroke: ReadonlyArray<Geometry> }
  readonly pluginData?: PluginData
  readonly sharedPluginData?: PluginData
  readonly children?: ReadonlyArray<NodeSpec>
  /** Where it sits on the canvas; instances place copies of their component's children relative to it. */
  readonly box?: Box
}

const round = (n: number) => Math.round(n * 10_000) / 10_000

/** "#RRGGBB" as the 0..1 channels the service uses. */
export const rgb = (hex: string, a = 1): Rgba => {
  const n = Number.parseInt(hex.replace("#", ""), 16)
  return { r: round(((n >> 16) & 255) / 255), g: round(((n >> 8) & 255) / 255), b: round((n & 255) / 255), a }
}

export const solid = (hex: string, opacity?: number) => ({
  blendMode: "NORMAL",
  type: "SOLID",
  ...(opacity === undefined ? {} : { opacity }),
  color: rgb(hex)
})

export const imagePaint = (imageRef: string) => ({ blendMode: "NORMAL", type: "IMAGE", scaleMode: "FILL", imageRef })

export const dropShadow = (y: number, radius: number, alpha: number) => ({
  type: "DROP_SHADOW",
  visible: true,
  color: { r: 0, g: 0, b: 0, a: alpha },
  blendMode: "NORMAL",
  offset: { x: 0, y },
  radius,
  showShadowBehindNode: false
})

type Paint = Readonly<Record<string, unknown>>

export interface Common {
  readonly id: string
  readonly name: string
  readonly box: Box
  readonly fills?: ReadonlyArray<Paint>
  readonly strokes?: ReadonlyArray<Paint>
  readonly effects?: ReadonlyArray<Paint>
  /** Style ids by role: fill, text, effect, grid, stroke. */
  readonly styles?: Readonly<Record<string, string>>
  readonly visible?: false
  readonly cornerRadius?: number
  readonly pluginData?: PluginData
  readonly sharedPluginData?: PluginData
}

const placement = (box: Box) => ({
  absoluteBoundingBox: box,
  absoluteRenderBounds: box,
  constraints: { vertical: "TOP", horizontal: "LEFT" }
})

const optional = (c: Common) => ({
  ...(c.visible === false ? { visible: false } : {}),
  ...(c.cornerRadius === undefined ? {} : { cornerRadius: c.cornerRadius }),
  ...(c.styles === undefined ? {} : { styles: c.styles })
})

const extras = (c: Common) => ({
  ...(c.pluginData === undefined ? {} : { pluginData: c.pluginData }),
  ...(c.sharedPluginData === undefined ? {} : { sharedPluginData: c.sharedPluginData })
})

const frameLike = (
  type: NodeType,
  c: Common,
  children: ReadonlyArray<NodeSpec>,
  more: Record<string, unknown> = {}
) => {
  const fills = c.fills ?? []
  const first = fills[0]?.color
  return {
    id: c.id,
    name: c.name,
    type,
    box: c.box,
    children,
    ...extras(c),
    props: {
      scrollBehavior: "SCROLLS",
      ...optional(c),
      blendMode: "PASS_THROUGH",
      clipsContent: type !== "GROUP",
      background: fills,
      fills,
      strokes: c.strokes ?? [],
      strokeWeight: 1,
      strokeAlign: "INSIDE",
      backgroundColor: first ?? { r: 0, g: 0, b: 0, a: 0 },
      ...placement(c.box),
      effects: c.effects ?? [],
      interactions: [],
      ...more
    }
  } satisfies NodeSpec
}

export const frame = (c: Common, children: ReadonlyArray<NodeSpec>) => frameLike("FRAME", c, children)
export const group = (c: Common, children: ReadonlyArray<NodeSpec>) => frameLike("GROUP", c, children)
export const component = (c: Common, children: ReadonlyArray<NodeSpec>) => frameLike("COMPONENT", c, children)

export interface VariantProperty {
  readonly name: string
  readonly options: ReadonlyArray<string>
}

export const componentSet = (
  c: Common,
  properties: ReadonlyArray<VariantProperty>,
  variants: ReadonlyArray<NodeSpec>
) =>
  frameLike("COMPONENT_SET", c, variants, {
    componentPropertyDefinitions: Object.fromEntries(
      properties.map((p) => [p.name, { type: "VARIANT", defaultValue: p.options[0] ?? "", variantOptions: p.options }])
    )
  })

/** Moves a copy of a component's child under an instance: id `I<instance>;<child>`, box shifted. */
const copyInto = (node: NodeSpec, instanceId: string, dx: number, dy: number): NodeSpec => {
  const box = node.box === undefined ? undefined : { ...node.box, x: node.box.x + dx, y: node.box.y + dy }
  const id = `${instanceId};${node.id.replace(/^I/, "")}`
  return {
    ...node,
    id,
    ...(box === undefined ? {} : { box }),
    props: box === undefined ? node.props : { ...node.props, absoluteBoundingBox: box, absoluteRenderBounds: box },
    ...(node.children === undefined ? {} : { children: node.children.map((c) => copyInto(c, instanceId, dx, dy)) })
  }
}

export const instance = (
  c: Common,
  of: NodeSpec,
  componentProperties: Readonly<Record<string, { readonly type: string; readonly value: string }>> = {}
) => {
  const from = of.box ?? c.box
  const children = (of.children ?? []).map((child) => copyInto(child, `I${c.id}`, c.box.x - from.x, c.box.y - from.y))
  return frameLike("INSTANCE", { ...c, fills: c.fills ?? (of.props.fills as ReadonlyArray<Paint>) }, children, {
    componentId: of.id,
    componentProperties,
    overrides: []
  })
}

export interface Font {
  readonly family: string
  readonly weight: number
  readonly size: number
}

const fontStyle: Record<number, string> = { 400: "Regular", 500: "Medium", 600: "SemiBold", 700: "Bold" }

export const text = (c: Common, characters: string, font: Font) =>
  ({
    id: c.id,
    name: c.name,
    type: "TEXT" as const,
    box: c.box,
    ...extras(c),
    props: {
      scrollBehavior: "SCROLLS",
      ...optional(c),
      blendMode: "PASS_THROUGH",
      fills: c.fills ?? [solid("#111111")],
      strokes: [],
      strokeWeight: 1,
      strokeAlign: "OUTSIDE",
      ...placement(c.box),
      characters,
      style: {
        fontFamily: font.family,
        fontPostScriptName: `${font.family}-${fontStyle[font.weight] ?? "Regular"}`,
        fontWeight: font.weight,
        textAutoResize: "WIDTH_AND_HEIGHT",
        fontSize: font.size,
        textAlignHorizontal: "LEFT",
        textAlignVertical: "TOP",
        letterSpacing: 0,
        lineHeightPx: round(font.size * 1.21),
        lineHeightPercent: 100,
        lineHeightUnit: "INTRINSIC_%"
      },
      layoutVersion: 4,
      characterStyleOverrides: [],
      styleOverrideTable: {},
      lineTypes: ["NONE"],
      lineIndentations: [0],
      effects: c.effects ?? [],
      interactions: []
    }
  }) satisfies NodeSpec

const n = (value: number) => String(round(value))

const rectPath = (w: number, h: number) => `M0 0L${n(w)} 0L${n(w)} ${n(h)}L0 ${n(h)}L0 0Z`

/** An ellipse as four cubic curves, the way outlines come back. */
const ellipsePath = (w: number, h: number) => {
  const rx = w / 2
  const ry = h / 2
  const k = 0.5523
  return `M${n(w)} ${n(ry)}C${n(w)} ${n(ry + k * ry)} ${n(rx + k * rx)} ${n(h)} ${n(rx)} ${n(h)}` +
    `C${n(rx - k * rx)} ${n(h)} 0 ${n(ry + k * ry)} 0 ${n(ry)}` +
    `C0 ${n(ry - k * ry)} ${n(rx - k * rx)} 0 ${n(rx)} 0` +
    `C${n(rx + k * rx)} 0 ${n(w)} ${n(ry - k * ry)} ${n(w)} ${n(ry)}Z`
}

/** A chevron-like glyph scaled to the box. */
const glyphPath = (w: number, h: number) =>
  `M${n(w * 0.2)} ${n(h * 0.5)}L${n(w * 0.5)} ${n(h * 0.2)}L${n(w * 0.8)} ${n(h * 0.5)}` +
  `L${n(w * 0.7)} ${n(h * 0.6)}L${n(w * 0.5)} ${n(h * 0.4)}L${n(w * 0.3)} ${n(h * 0.6)}Z`

/** A whole ellipse: the description requires `arcData` on every ELLIPSE (angles in radians). */
const WHOLE_ARC = { startingAngle: 0, endingAngle: 6.2831854820251465, innerRadius: 0 }

const shape = (type: "RECTANGLE" | "ELLIPSE" | "VECTOR", path: (w: number, h: number) => string) => (c: Common) =>
  ({
    id: c.id,
    name: c.name,
    type,
    box: c.box,
    ...extras(c),
    geometry: {
      fill: [{ path: path(c.box.width, c.box.height), windingRule: "NONZERO" as const }],
      stroke: []
    },
    props: {
      scrollBehavior: "SCROLLS",
      ...optional(c),
      blendMode: "PASS_THROUGH",
      fills: c.fills ?? [solid("#D9D9D9")],
      strokes: c.strokes ?? [],
      strokeWeight: 1,
      strokeAlign: "INSIDE",
      ...placement(c.box),
      effects: c.effects ?? [],
      interactions: [],
      ...(type === "ELLIPSE" ? { arcData: WHOLE_ARC } : {})
    }
  }) satisfies NodeSpec

export const rectangle = shape("RECTANGLE", rectPath)
export const ellipse = shape("ELLIPSE", ellipsePath)
export const vector = shape("VECTOR", glyphPath)

export const canvas = (id: string, name: string, background: string, children: ReadonlyArray<NodeSpec>): NodeSpec => ({
  id,
  name,
  type: "CANVAS",
  children,
  props: {
    scrollBehavior: "SCROLLS",
    backgroundColor: rgb(background),
    prototypeStartNodeID: null,
    flowStartingPoints: [],
    prototypeDevice: { type: "NONE", rotation: "NONE" }
  }
})

export const documentNode = (children: ReadonlyArray<NodeSpec>): NodeSpec => ({
  id: "0:0",
  name: "Document",
  type: "DOCUMENT",
  children,
  props: { scrollBehavior: "SCROLLS" }
})

/** A built node as a DocNode: each subtree's ids are collected once. */
export const materialize = (spec: NodeSpec): DocNode => build(spec).node

const build = (spec: NodeSpec): { readonly node: DocNode; readonly below: ReadonlySet<string> } => {
  const built = (spec.children ?? []).map(build)
  const below = new Set<string>()
  for (const child of built) {
    below.add(child.node.id)
    for (const id of child.below) below.add(id)
  }
  const children = built.map((child) => child.node)
  const node: DocNode = {
    id: spec.id,
    name: spec.name,
    type: spec.type,
    props: spec.props,
    ...(spec.geometry === undefined ? {} : { geometry: spec.geometry }),
    ...(spec.pluginData === undefined ? {} : { pluginData: spec.pluginData }),
    ...(spec.sharedPluginData === undefined ? {} : { sharedPluginData: spec.sharedPluginData }),
    ...(spec.children === undefined ? {} : { children: () => children }),
    encloses: (id) => below.has(id)
  }
  return { node, below }
}

/** Every node of a materialized tree by id. */
export const indexTree = (root: DocNode): ReadonlyMap<string, DocNode> => {
  const index = new Map<string, DocNode>()
  const visit = (node: DocNode): void => {
    index.set(node.id, node)
    for (const child of node.children?.() ?? []) visit(child)
  }
  visit(root)
  return index
}
