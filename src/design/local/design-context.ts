/**
 * The design context: what an agent needs of a document to implement it,
 * written for a reader that pays per byte. Made from the service's own
 * answer (a file, or a file's nodes by id) by a pure function: the same
 * document always gives the same bytes, so two runs compare with diff.
 *
 * Compact JSON, every default left out:
 *
 *     {"file":"Shop","styles":{"Color/Neutral/900":"#111827",
 *       "Label/Medium":{"family":"Inter","weight":500,"size":14,"lineHeight":20}},
 *      "components":{"21:11":{"name":"State=Default","set":"Chip"}},
 *      "nodes":[{"FRAME 10:29":"Sizes","size":["fill","hug"],"layout":"row","gap":8,"children":[
 *        {"INSTANCE 10:30":"Chip","size":[64,36],"layout":"row","padding":[8,16],"component":"21:11",
 *         "props":{"State":"Default","Label":"XS"},"children":[{"TEXT I10:30;21:12":"Label",
 *         "size":["hug","hug"],"fill":"Color/Neutral/900","text":"XS","font":"Label/Medium"}]},
 *        {"INSTANCE 10:31":"Chip","like":"10:30","props":{"State":"Default","Label":"S"},"children":[
 *          {"TEXT I10:31;21:12":"Label","like":"I10:30;21:12","text":"S"}]}]}]}
 *
 * - `nodes`: the file's pages, or the nodes asked for by id. A node opens
 *   with its type and id, whose value is its name; then what applies of:
 *   - `box` [x, y, width, height] where it is placed by position (in a frame
 *     without auto-layout, in a group, or absolute in an auto-layout frame),
 *     from its parent's top left; otherwise `size` [width, height], an axis a
 *     number, "fill" (fills its auto-layout parent) or "hug" (fits its
 *     content). The nodes the context starts at have a `size` in numbers.
 *   - `minWidth`, `maxWidth`, `minHeight`, `maxHeight`, `rotation`;
 *   - auto-layout: `layout` ("row", "column", "grid"), `gap`, `padding` (8,
 *     [vertical, horizontal] or [top, right, bottom, left]), `justify` and
 *     `align` ("center", "end", "space-between", "baseline"; start when
 *     left out), `wrap` with `rowGap`;
 *   - `fill`, `stroke`: a colour "#RRGGBB" or "#RRGGBBAA", a CSS gradient,
 *     {"image": imageRef} (the source from `file image-fills`; the node
 *     rendered, by its id, from `file images`), or several, top-most first;
 *     a text's fill is its colour. `strokeWeight` (1 when left out),
 *     `strokeAlign` (inside), `strokeDashes`; `radius` (one number, or
 *     [top-left, top-right, bottom-right, bottom-left]); `effects` (CSS
 *     shadows "0 8px 24px #0000001F", "inset …", "blur(4px)", "backdrop
 *     blur(8px)"); `opacity`;
 *   - text: `text`, `font` {family, weight, size, italic, lineHeight (px),
 *     letterSpacing (px), case, decoration, paragraphSpacing}, `textAlign`,
 *     `verticalAlign`, and `spans` [[start, end, what differs]];
 *   - components: `component` (the id of the component an instance is of,
 *     named in `components`), `props` (an instance's property values,
 *     variants included), `propDefs` (a set's or component's properties: a
 *     variant's options, another kind's default), `propRefs` (a layer's
 *     field set by a component property: {"text": "Label"});
 *   - `like`: the id of an earlier node whose members this node has too,
 *     except those it writes (null: one it does not have);
 *   - `copy`: on an instance, the id of an earlier instance whose members
 *     and layers it has; its layers' ids have its own id in place of that
 *     instance's (I10:20;20:21 under 10:20 is I10:21;20:21 under 10:21);
 *   - `hidden` (when hidden nodes are asked for, or one is by id), `paths`
 *     (a vector's SVG paths, when vector internals are asked for), `more`
 *     (its children were not read: the depth ended there), `children`.
 * - `styles`: each `font`, `fill`, `stroke` or `effects` value written once,
 *   by name. The file's own styles keep their names; a value used often gets
 *   a name of its kind and a hash of it (`font:3fa2b1`), the same in every
 *   version of the file. A string that is a key of `styles` names that
 *   style; any other string is the value itself. A text that changes its
 *   named style says {"style": name, and what differs}.
 * - `components`: each component an instance is of, by id: its name; or
 *   {name, set} for a variant, and its `key` for a library's component.
 *
 * Left out unless asked for: hidden nodes (and hidden paints and effects),
 * and vector internals (the shapes inside a boolean operation, and paths).
 */
import { type Draft, nameStyles, type Slot, type StyleUse, type StyleValue, written } from "./design-compact.js"
import {
  axisSize,
  type Box,
  boxOf,
  cssWord,
  effectsOf,
  isRecord,
  isVisible,
  layoutModeOf,
  layoutOf,
  list,
  num,
  paintsOf,
  propDefinitions,
  propReferences,
  propValues,
  radiusOf,
  type Raw,
  records,
  round,
  sides,
  spansOf,
  str,
  textStyleOf
} from "./design-values.js"

export type { FontChanges, StyleValue } from "./design-compact.js"
export type { Effects, Paint, Paints, Size, TextStyle } from "./design-values.js"

export interface DesignContextOptions {
  /** Keep hidden nodes, marked `hidden`. */
  readonly hidden?: boolean | undefined
  /** Keep what is inside boolean operations, and vector paths (when the answer has them: geometry=paths). */
  readonly vectors?: boolean | undefined
  /** The depth the answer was read to: nodes there whose children were cut say `more`. */
  readonly depth?: number | undefined
}

/** A node: its first member is its type and id, whose value is its name ({"TEXT 1:3": "Title"}); then the rest. */
export type ContextNode = Readonly<Record<string, unknown>>

/** A component: its name; or, for a variant or a library's component, with its set's name and its key. */
export type ComponentRef = string | { readonly name: string; readonly set?: string; readonly key?: string }

export interface DesignContext {
  readonly file: string
  readonly styles?: Readonly<Record<string, StyleValue>>
  readonly components?: Readonly<Record<string, ComponentRef>>
  readonly nodes: ReadonlyArray<ContextNode>
}

interface Catalog {
  readonly components?: Readonly<Record<string, unknown>> | undefined
  readonly componentSets?: Readonly<Record<string, unknown>> | undefined
  readonly styles?: Readonly<Record<string, unknown>> | undefined
}

/** The parts of a file answer (`document`) or a nodes answer (`nodes`) the context reads. */
export interface ContextSource extends Catalog {
  readonly name: string
  readonly document?: Raw | undefined
  readonly nodes?: Readonly<Record<string, ({ readonly document: Raw } & Catalog) | null>> | undefined
}

/** A node's type, id and name, read from its first member. */
export const headOf = (node: ContextNode): { readonly type: string; readonly id: string; readonly name: string } => {
  const [head = "", name] = Object.entries(node)[0] ?? []
  const space = head.indexOf(" ")
  return {
    type: space < 0 ? head : head.slice(0, space),
    id: space < 0 ? "" : head.slice(space + 1),
    name: typeof name === "string" ? name : ""
  }
}

// ---- the walk ------------------------------------------------------------------------------------

/** Which of a node's `styles` entries names each slot's value (the wire spells some in the plural). */
const STYLE_KEYS: Readonly<Record<Slot, ReadonlyArray<string>>> = {
  fill: ["fill", "fills"],
  stroke: ["stroke", "strokes"],
  font: ["text"],
  effects: ["effect", "effects"]
}

/** The types whose insides are vector internals, and whose paths `vectors` keeps. */
const VECTORS = new Set(["VECTOR", "BOOLEAN_OPERATION", "STAR", "LINE", "REGULAR_POLYGON", "ELLIPSE", "RECTANGLE"])

interface Walk {
  readonly hidden: boolean
  readonly vectors: boolean
  readonly depth: number | undefined
  readonly styleName: (id: string) => string | undefined
  readonly uses: Array<StyleUse>
  readonly instanceOf: Set<string>
}

/** Where a node sits: its parent's box and auto-layout (none for the nodes the context starts at), and its level. */
interface Place {
  readonly parentBox: Box | undefined
  readonly parentMode: "row" | "column" | "grid" | "none" | undefined
  readonly level: number
}

const styled = (walk: Walk, out: Record<string, unknown>, node: Raw, slot: Slot, value: StyleValue | undefined) => {
  if (value === undefined) return
  out[slot] = value
  const refs = isRecord(node.styles) ? node.styles : {}
  let named: StyleUse["named"]
  for (const key of STYLE_KEYS[slot]) {
    const id = str(refs[key])
    const name = id === undefined ? undefined : walk.styleName(id)
    if (id !== undefined && name !== undefined) {
      named = { id, name }
      break
    }
  }
  walk.uses.push({ node: out, slot, value, json: JSON.stringify(value), named })
}

const placeOf = (node: Raw, place: Place, out: Record<string, unknown>) => {
  const box = boxOf(node)
  if (box === undefined) return
  if (place.parentMode === undefined || place.parentBox === undefined) {
    out.size = [round(box.width), round(box.height)]
    return
  }
  const inFlow = place.parentMode !== "none" && node.layoutPositioning !== "ABSOLUTE"
  if (inFlow) {
    out.size = [axisSize(node, box, "Horizontal", place.parentMode), axisSize(node, box, "Vertical", place.parentMode)]
  } else {
    out.box = [
      round(box.x - place.parentBox.x),
      round(box.y - place.parentBox.y),
      axisSize(node, box, "Horizontal", undefined),
      axisSize(node, box, "Vertical", undefined)
    ]
  }
}

const strokeOf = (walk: Walk, node: Raw, out: Record<string, unknown>) => {
  const stroke = paintsOf(node.strokes, walk.hidden)
  if (stroke === undefined) return
  styled(walk, out, node, "stroke", stroke)
  const each = isRecord(node.individualStrokeWeights) ? node.individualStrokeWeights : undefined
  const weight = each === undefined
    ? num(node.strokeWeight)
    : sides(
      round(num(each.top) ?? 0),
      round(num(each.right) ?? 0),
      round(num(each.bottom) ?? 0),
      round(num(each.left) ?? 0)
    )
  if (weight !== undefined && weight !== 1) out.strokeWeight = typeof weight === "number" ? round(weight) : weight
  const align = str(node.strokeAlign)
  if (align !== undefined && align !== "INSIDE") out.strokeAlign = cssWord(align)
  const lengths = list(node.strokeDashes).map(num).filter((d) => d !== undefined)
  if (lengths.length > 0) out.strokeDashes = lengths
}

const textOf = (walk: Walk, node: Raw, out: Record<string, unknown>) => {
  const characters = str(node.characters)
  if (characters !== undefined) out.text = characters
  if (!isRecord(node.style)) return
  const style = textStyleOf(node.style)
  styled(walk, out, node, "font", style)
  const align = str(node.style.textAlignHorizontal)
  if (align !== undefined && align !== "LEFT") out.textAlign = cssWord(align)
  const valign = str(node.style.textAlignVertical)
  if (valign !== undefined && valign !== "TOP") out.verticalAlign = cssWord(valign)
  const spans = spansOf(node, style, walk.hidden)
  if (spans.length > 0) out.spans = spans
}

const componentOf = (walk: Walk, node: Raw, type: string, out: Record<string, unknown>) => {
  const componentId = str(node.componentId)
  if (type === "INSTANCE" && componentId !== undefined) {
    out.component = componentId
    walk.instanceOf.add(componentId)
    const props = propValues(node.componentProperties)
    if (Object.keys(props).length > 0) out.props = props
  }
  if (type === "COMPONENT" || type === "COMPONENT_SET") {
    const defs = propDefinitions(node.componentPropertyDefinitions)
    if (Object.keys(defs).length > 0) out.propDefs = defs
  }
  const refs = propReferences(node.componentPropertyReferences)
  if (Object.keys(refs).length > 0) out.propRefs = refs
}

const convert = (walk: Walk, node: Raw, place: Place): Draft | undefined => {
  // A hidden node asked for by id is kept: asking for it is asking.
  if (!walk.hidden && !isVisible(node) && place.parentMode !== undefined) return undefined
  const type = str(node.type) ?? "UNKNOWN"
  const out: Record<string, unknown> = {}
  if (!isVisible(node)) out.hidden = true
  placeOf(node, place, out)
  for (const key of ["minWidth", "maxWidth", "minHeight", "maxHeight", "rotation"] as const) {
    const value = num(node[key])
    if (value !== undefined && (key !== "rotation" || round(value) !== 0)) out[key] = round(value)
  }
  Object.assign(out, layoutOf(node))
  styled(walk, out, node, "fill", paintsOf(node.fills, walk.hidden))
  strokeOf(walk, node, out)
  const radius = radiusOf(node)
  if (radius !== undefined) out.radius = radius
  styled(walk, out, node, "effects", effectsOf(node.effects, walk.hidden))
  const opacity = num(node.opacity)
  if (opacity !== undefined && opacity !== 1) out.opacity = round(opacity)
  if (type === "TEXT") textOf(walk, node, out)
  componentOf(walk, node, type, out)
  if (walk.vectors && VECTORS.has(type)) {
    const paths = records(node.fillGeometry).map((g) => str(g.path)).filter((p) => p !== undefined)
    if (paths.length > 0) out.paths = paths
  }

  let children: ReadonlyArray<Draft> | undefined
  const below = Array.isArray(node.children) ? records(node.children) : undefined
  if (below !== undefined) {
    // At the depth asked for the service answers every node's children as [].
    if (below.length === 0 && walk.depth !== undefined && place.level >= walk.depth) out.more = true
    else if (type !== "BOOLEAN_OPERATION" || walk.vectors) {
      const inner: Place = { parentBox: boxOf(node), parentMode: layoutModeOf(node) ?? "none", level: place.level + 1 }
      const converted = below.map((child) => convert(walk, child, inner)).filter((c) => c !== undefined)
      if (converted.length > 0) children = converted
    }
  }
  return { type, name: str(node.name) ?? "", id: str(node.id) ?? "", body: out, children }
}

// ---- the context -----------------------------------------------------------------------------------

const mergedCatalog = (source: ContextSource) => {
  const catalog = {
    components: { ...source.components },
    componentSets: { ...source.componentSets },
    styles: { ...source.styles }
  }
  for (const entry of Object.values(source.nodes ?? {})) {
    if (entry === null) continue
    Object.assign(catalog.components, entry.components)
    Object.assign(catalog.componentSets, entry.componentSets)
    Object.assign(catalog.styles, entry.styles)
  }
  return catalog
}

const componentRef = (meta: unknown, sets: Readonly<Record<string, unknown>>): ComponentRef | undefined => {
  if (!isRecord(meta)) return undefined
  const name = str(meta.name) ?? ""
  const setId = str(meta.componentSetId)
  const set = setId === undefined ? undefined : sets[setId]
  const setName = isRecord(set) ? str(set.name) : undefined
  const key = meta.remote === true ? str(meta.key) : undefined
  return setName === undefined && key === undefined ? name : {
    name,
    ...(setName === undefined ? {} : { set: setName }),
    ...(key === undefined ? {} : { key })
  }
}

/** Node ids in document order ("2:10" after "2:9"). */
const compareIds = (a: string, b: string): number => {
  const pa = a.match(/\d+/g)?.map(Number) ?? []
  const pb = b.match(/\d+/g)?.map(Number) ?? []
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? -1) - (pb[i] ?? -1)
    if (d !== 0) return d
  }
  return a < b ? -1 : a > b ? 1 : 0
}

/**
 * The context of a file answer (its pages) or of a nodes answer (each node
 * found, in the answer's order; an id the file does not have is skipped).
 */
export const designContext = (source: ContextSource, options: DesignContextOptions = {}): DesignContext => {
  const catalog = mergedCatalog(source)
  const walk: Walk = {
    hidden: options.hidden === true,
    vectors: options.vectors === true,
    depth: options.depth,
    styleName: (id) => {
      const meta = catalog.styles[id]
      return isRecord(meta) ? str(meta.name) : undefined
    },
    uses: [],
    instanceOf: new Set()
  }
  const byId = source.nodes !== undefined
  const roots = byId
    ? Object.values(source.nodes ?? {}).flatMap((entry) => (entry === null ? [] : [entry.document]))
    : records(source.document?.children)
  // The depth counts from the nodes asked for, or from the document, whose pages are one level down.
  const top: Place = { parentBox: undefined, parentMode: undefined, level: byId ? 0 : 1 }
  const drafts = roots.map((root) => convert(walk, root, top)).filter((d) => d !== undefined)
  const styles = nameStyles(walk.uses)
  const components: Record<string, ComponentRef> = {}
  for (const id of [...walk.instanceOf].sort(compareIds)) {
    const ref = componentRef(catalog.components[id], catalog.componentSets)
    if (ref !== undefined) components[id] = ref
  }
  return {
    file: source.name,
    ...(Object.keys(styles).length === 0 ? {} : { styles }),
    ...(Object.keys(components).length === 0 ? {} : { components }),
    nodes: written(drafts)
  }
}
