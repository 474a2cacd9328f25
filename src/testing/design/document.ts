/**
 * A file's node tree and its JSON on the wire.
 *
 * Nodes produce their children on demand, so the same serializer writes a
 * seeded file (a few dozen nodes) and a generated one of hundreds of
 * megabytes, piece by piece, without holding the whole document. While it
 * writes, it notes the components, component sets and styles the written
 * nodes use, so the maps that follow `document` describe what was returned.
 */

export type NodeType =
  | "DOCUMENT"
  | "CANVAS"
  | "FRAME"
  | "GROUP"
  | "TEXT"
  | "RECTANGLE"
  | "ELLIPSE"
  | "VECTOR"
  | "COMPONENT"
  | "COMPONENT_SET"
  | "INSTANCE"

export interface Geometry {
  readonly path: string
  readonly windingRule: "NONZERO" | "EVENODD"
}

/** Plugin id -> key -> value, as `pluginData` and `sharedPluginData` carry them. */
export type PluginData = Readonly<Record<string, Readonly<Record<string, string>>>>

export interface DocNode {
  readonly id: string
  readonly name: string
  readonly type: NodeType
  /** Every other wire property except children, in wire order. */
  readonly props: Readonly<Record<string, unknown>>
  /** Outlines, sent only with `geometry=paths`. */
  readonly geometry?: { readonly fill: ReadonlyArray<Geometry>; readonly stroke: ReadonlyArray<Geometry> }
  readonly pluginData?: PluginData
  readonly sharedPluginData?: PluginData
  /** Made on demand, so a generated document is never held whole. */
  readonly children?: () => Iterable<DocNode>
  /** True when `id` names a node strictly below this one. */
  readonly encloses: (id: string) => boolean
}

export interface ComponentMeta {
  readonly key: string
  readonly name: string
  readonly description: string
  readonly componentSetId?: string
  readonly documentationLinks: ReadonlyArray<{ readonly uri: string }>
  readonly remote: boolean
}

export interface ComponentSetMeta {
  readonly key: string
  readonly name: string
  readonly description: string
  readonly documentationLinks: ReadonlyArray<{ readonly uri: string }>
  readonly remote: boolean
}

export type StyleType = "FILL" | "TEXT" | "EFFECT" | "GRID"

export interface StyleMeta {
  readonly key: string
  readonly name: string
  readonly styleType: StyleType
  readonly remote: boolean
  readonly description: string
}

/** What the file defines, keyed by node id (styles by style id). */
export interface Catalog {
  readonly components: ReadonlyMap<string, ComponentMeta>
  readonly componentSets: ReadonlyMap<string, ComponentSetMeta>
  readonly styles: ReadonlyMap<string, StyleMeta>
}

export interface DocumentSource {
  readonly root: DocNode
  readonly find: (id: string) => DocNode | null
  readonly catalog: Catalog
  /** Every imageRef an image fill in the document uses. */
  readonly imageRefs: ReadonlyArray<string>
}

export const emptyCatalog: Catalog = { components: new Map(), componentSets: new Map(), styles: new Map() }

export interface TreeOptions {
  /** Levels below the starting node to include; undefined = the whole subtree. */
  readonly depth: number | undefined
  /** `geometry=paths`: add fillGeometry and strokeGeometry to shapes. */
  readonly geometry: boolean
  /** `plugin_data`: plugin ids whose pluginData to include; "shared" adds sharedPluginData. */
  readonly pluginData: ReadonlySet<string>
}

/** What the written nodes use, for the components, componentSets and styles maps. */
export interface Refs {
  readonly components: Set<string>
  readonly componentSets: Set<string>
  readonly styles: Set<string>
}

export const makeRefs = (): Refs => ({ components: new Set(), componentSets: new Set(), styles: new Set() })

const q = (value: unknown): string => JSON.stringify(value)

const noteRefs = (node: DocNode, refs: Refs): void => {
  if (node.type === "COMPONENT") refs.components.add(node.id)
  if (node.type === "COMPONENT_SET") refs.componentSets.add(node.id)
  const { componentId, styles } = node.props
  if (typeof componentId === "string") refs.components.add(componentId)
  if (typeof styles === "object" && styles !== null) {
    for (const styleId of Object.values(styles)) if (typeof styleId === "string") refs.styles.add(styleId)
  }
}

const pluginEntries = (data: PluginData | undefined, wanted: ReadonlySet<string>): PluginData =>
  Object.fromEntries(Object.entries(data ?? {}).filter(([pluginId]) => wanted.has(pluginId)))

/** The node's own properties as the opening of its JSON object, without the closing brace. */
const nodeHead = (node: DocNode, options: TreeOptions): string => {
  let head = `{"id":${q(node.id)},"name":${q(node.name)},"type":${q(node.type)}`
  for (const [key, value] of Object.entries(node.props)) head += `,${q(key)}:${q(value)}`
  if (options.geometry && node.geometry !== undefined) {
    head += `,"fillGeometry":${q(node.geometry.fill)},"strokeGeometry":${q(node.geometry.stroke)}`
  }
  const plugins = options.pluginData
  if ([...plugins].some((id) => id !== "shared")) {
    head += `,"pluginData":${q(pluginEntries(node.pluginData, plugins))}`
  }
  if (plugins.has("shared")) head += `,"sharedPluginData":${q(node.sharedPluginData ?? {})}`
  return head
}

/**
 * Writes a node and what is below it. `wanted` narrows the tree to the
 * listed nodes, their subtrees and the nodes between them and this one
 * (null = no narrowing); `level` counts from the node the response starts at.
 */
export function* nodeJson(
  node: DocNode,
  options: TreeOptions,
  refs: Refs,
  wanted: ReadonlySet<string> | null = null,
  level = 0
): Generator<string> {
  noteRefs(node, refs)
  const head = nodeHead(node, options)
  if (node.children === undefined) {
    yield `${head}}`
    return
  }
  // The description makes `children` required on every node that has them: at the depth cut-off it is empty.
  if (options.depth !== undefined && level >= options.depth) {
    yield `${head},"children":[]}`
    return
  }
  yield `${head},"children":[`
  let first = true
  for (const child of node.children()) {
    let below: ReadonlySet<string> | null
    if (wanted === null || wanted.has(child.id)) below = null
    else if ([...wanted].some((id) => child.encloses(id))) below = wanted
    else continue
    if (!first) yield ","
    first = false
    yield* nodeJson(child, options, refs, below, level + 1)
  }
  yield "]}"
}

const pick = <A>(map: ReadonlyMap<string, A>, ids: Iterable<string>): Record<string, A> => {
  const out: Record<string, A> = {}
  for (const id of [...ids].sort(compareIds)) {
    const value = map.get(id)
    if (value !== undefined) out[id] = value
  }
  return out
}

/** Node ids in document order ("2:10" after "2:9"). */
export const compareIds = (a: string, b: string): number => {
  const pa = a.match(/\d+/g)?.map(Number) ?? []
  const pb = b.match(/\d+/g)?.map(Number) ?? []
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? -1) - (pb[i] ?? -1)
    if (d !== 0) return d
  }
  return a < b ? -1 : a > b ? 1 : 0
}

/** The `"components":..,"componentSets":..,"schemaVersion":0,"styles":..` members for what `refs` saw. */
export const catalogMembers = (catalog: Catalog, refs: Refs): string => {
  const sets = new Set(refs.componentSets)
  for (const id of refs.components) {
    const setId = catalog.components.get(id)?.componentSetId
    if (setId !== undefined) sets.add(setId)
  }
  return `"components":${q(pick(catalog.components, refs.components))}` +
    `,"componentSets":${q(pick(catalog.componentSets, sets))}` +
    `,"schemaVersion":0` +
    `,"styles":${q(pick(catalog.styles, refs.styles))}`
}

/** GET /v1/files/{key}: the document, then the maps, then the file's own fields. */
export function* fileJson(
  source: DocumentSource,
  fileFields: Readonly<Record<string, unknown>>,
  options: TreeOptions,
  wanted: ReadonlySet<string> | null
): Generator<string> {
  const refs = makeRefs()
  yield `{"document":`
  yield* nodeJson(source.root, options, refs, wanted === null || wanted.has(source.root.id) ? null : wanted)
  yield `,${catalogMembers(source.catalog, refs)}`
  for (const [key, value] of Object.entries(fileFields)) yield `,${q(key)}:${q(value)}`
  yield "}"
}

/** GET /v1/files/{key}/nodes: the file's fields, then each requested node (null when absent). */
export const nodesJson = (
  source: DocumentSource,
  fileFields: Readonly<Record<string, unknown>>,
  ids: ReadonlyArray<string>,
  options: TreeOptions
): string => {
  const parts: Array<string> = ["{"]
  for (const [key, value] of Object.entries(fileFields)) parts.push(`${q(key)}:${q(value)},`)
  parts.push(`"nodes":{`)
  ids.forEach((id, i) => {
    if (i > 0) parts.push(",")
    const node = source.find(id)
    if (node === null) {
      parts.push(`${q(id)}:null`)
      return
    }
    const refs = makeRefs()
    const document = [...nodeJson(node, options, refs)].join("")
    parts.push(`${q(id)}:{"document":${document},${catalogMembers(source.catalog, refs)}}`)
  })
  parts.push("}}")
  return parts.join("")
}

const encoder = new TextEncoder()

/** Joins small pieces into chunks of about `size` bytes, encoding each once. */
export function* inChunks(parts: Iterable<string>, size = 64 * 1024): Generator<Uint8Array> {
  let pending: Array<string> = []
  let length = 0
  for (const part of parts) {
    pending.push(part)
    length += part.length
    if (length >= size) {
      yield encoder.encode(pending.join(""))
      pending = []
      length = 0
    }
  }
  if (pending.length > 0) yield encoder.encode(pending.join(""))
}
