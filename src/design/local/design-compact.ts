/**
 * How the design context (design-context.ts) says a repeated thing once:
 * styles written once under their names (`nameStyles`), and nodes that
 * repeat an earlier node said with `like` or, for an instance whose layers
 * repeat an earlier instance's, `copy` (`written`). Every choice depends
 * only on the nodes and their order, so the same document is always
 * written the same way.
 */
import type { Effects, Paints, TextStyle } from "./design-values.js"

export type StyleValue = Paints | TextStyle | Effects

/** A named text style with what this text changes of it (null: back to the default, such as no decoration). */
export type FontChanges = { readonly style: string } & { readonly [K in keyof TextStyle]?: TextStyle[K] | null }

export type Slot = "fill" | "stroke" | "font" | "effects"

/** One slot of one node whose value may be written once under `styles` and named there. */
export interface StyleUse {
  /** The node's members, where the slot's value is replaced by a name. */
  readonly node: Record<string, unknown>
  readonly slot: Slot
  readonly value: StyleValue
  readonly json: string
  /** The file's style the node says this value is, if any: its id and name. */
  readonly named: { readonly id: string; readonly name: string } | undefined
}

/** What a generated name says the value is: a fill's paints name a stroke's too. */
const KIND: Readonly<Record<Slot, string>> = { fill: "fill", stroke: "fill", font: "font", effects: "effect" }

/** FNV-1a: a short name for a value that stays the same between versions of the file, with no dependency. */
const hashOf = (text: string): string => {
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i)
    h = Math.imul(h, 0x01000193)
  }
  return (h >>> 0).toString(16).padStart(8, "0")
}

/** The value most uses have; the first of equals. */
const mostCommon = (uses: ReadonlyArray<StyleUse>): StyleUse => {
  const counts = new Map<string, number>()
  for (const use of uses) counts.set(use.json, (counts.get(use.json) ?? 0) + 1)
  let best = uses[0]!
  for (const use of uses) if (counts.get(use.json)! > counts.get(best.json)!) best = use
  return best
}

/** What `own` changes of a named text style: its differing fields, and null for one it does not have. */
const fontChanges = (style: string, base: TextStyle, own: TextStyle): FontChanges => {
  const changes: Record<string, unknown> = { style }
  for (const [key, value] of Object.entries(own)) {
    if (JSON.stringify(value) !== JSON.stringify(base[key as keyof TextStyle])) changes[key] = value
  }
  for (const key of Object.keys(base)) if (!(key in own)) changes[key] = null
  return changes as FontChanges
}

const byKey = <A>(entries: Iterable<readonly [string, A]>): Record<string, A> =>
  Object.fromEntries([...entries].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))

/**
 * Writes each of the file's named styles once under its name, as most of its
 * uses have it (a text that changes it names it with its changes; a paint or
 * effect that differs keeps its own value), and each other value once under
 * a generated name (`font:3fa2b1`) where that takes fewer bytes than writing
 * it at every use; then points the nodes at the names. Returns the styles by
 * name.
 */
export const nameStyles = (uses: ReadonlyArray<StyleUse>): Record<string, StyleValue> => {
  const styles = new Map<string, StyleValue>()
  const named = new Map<string, Array<StyleUse>>()
  const unnamed = new Map<string, Array<StyleUse>>()
  for (const use of uses) {
    const [groups, key] = use.named !== undefined ? [named, use.named.id] : [unnamed, `${KIND[use.slot]}\0${use.json}`]
    const group = groups.get(key)
    if (group === undefined) groups.set(key, [use])
    else group.push(use)
  }
  const owner = new Map<string, string>()
  for (const [id, group] of named) {
    const common = mostCommon(group)
    // Two styles of one name (a library's and the file's own) are told apart by id.
    const plain = common.named!.name
    const name = owner.has(plain) && owner.get(plain) !== id ? `${plain} (${id})` : plain
    owner.set(name, id)
    styles.set(name, common.value)
    for (const use of group) {
      if (use.json === common.json) use.node[use.slot] = name
      else if (use.slot === "font") {
        use.node[use.slot] = fontChanges(name, common.value as TextStyle, use.value as TextStyle)
      }
    }
  }
  for (const group of unnamed.values()) {
    const first = group[0]!
    const hash = hashOf(first.json)
    let length = 6
    while (styles.has(`${KIND[first.slot]}:${hash.slice(0, length)}`) && length < hash.length) length++
    const name = `${KIND[first.slot]}:${hash.slice(0, length)}`
    // Named where the name at every use, plus the value once under it, is shorter than the value at every use.
    const ref = name.length + 2
    const worth = group.length * first.json.length > group.length * ref + first.json.length + ref + 2
    if (!worth || styles.has(name)) continue
    styles.set(name, first.value)
    for (const use of group) use.node[use.slot] = name
  }
  return byKey(styles)
}

/** A node as read, before its styles are named and its repeats said with `like` or `copy`. */
export interface Draft {
  readonly type: string
  readonly name: string
  readonly id: string
  /** Every member but the head and children, in the order written; styles are named in place. */
  readonly body: Record<string, unknown>
  readonly children: ReadonlyArray<Draft> | undefined
}

/** A node as written: its head ({"TEXT 1:3": "Title"}), then its members and children. */
export type Written = Readonly<Record<string, unknown>>

/** How many earlier nodes of one kind a node is compared with, to keep the work linear. */
const CANDIDATES = 8

/** The members a node writes when it is `base` but for its own differences (null: one it does not have). */
const changesFrom = (base: Readonly<Record<string, unknown>>, own: Readonly<Record<string, unknown>>) => {
  const changes: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(own)) {
    if (JSON.stringify(value) !== JSON.stringify(base[key])) changes[key] = value
  }
  for (const key of Object.keys(base)) if (!(key in own)) changes[key] = null
  return changes
}

/**
 * An instance's layers as text to compare with another instance's, the
 * instance's own id left out of their ids: the service names a layer of
 * instance 10:4 "I10:4;" and the component's layer id.
 */
const layersOf = (children: ReadonlyArray<Draft>, prefix: string): string =>
  JSON.stringify(children.map((c) => [
    c.type,
    c.id.startsWith(prefix) ? c.id.slice(prefix.length) : c.id,
    c.name,
    c.body,
    c.children === undefined ? null : layersOf(c.children, prefix)
  ]))

/**
 * The nodes as written, in document order. A node much like an earlier one
 * of its type (of its name, or an instance of the same component) says
 * `like` and that node's id, and writes only what differs (null for what it
 * lacks), where that is shorter than its whole body: the copies of a
 * component's layers in its instances, a list's rows, an icon set's glyphs.
 * The node `like` names is always one written whole. An instance whose
 * body and layers are an earlier instance's says `copy` and that instance's
 * id, and lists no layers: they are the earlier instance's, with its id in
 * theirs replaced by this one's.
 */
export const written = (drafts: ReadonlyArray<Draft>): ReadonlyArray<Written> => {
  const bases = new Map<string, Array<Draft>>()
  const twins = new Map<string, Draft>()
  const instances = new Map<string, string>()
  const kinds = (draft: Draft) => {
    const component = draft.body.component
    return [
      `${draft.type}\0name\0${draft.name}`,
      ...(typeof component === "string" ? [`${draft.type}\0component\0${component}`] : [])
    ]
  }
  const visit = (draft: Draft): Written => {
    const head = `${draft.type} ${draft.id}`
    if (draft.type === "INSTANCE" && draft.children !== undefined) {
      const layers = `${JSON.stringify(draft.body)}\0${layersOf(draft.children, `I${draft.id};`)}`
      const earlier = instances.get(layers)
      if (earlier !== undefined) return { [head]: draft.name, copy: earlier }
      instances.set(layers, draft.id)
    }
    const json = JSON.stringify(draft.body)
    let body: Record<string, unknown> = draft.body
    let size = json.length
    const twin = twins.get(`${draft.type}\0${json}`)
    if (twin !== undefined && `{"like":"${twin.id}"}`.length < size) body = { like: twin.id }
    else {
      const seen = new Set<Draft>()
      for (const kind of kinds(draft)) {
        for (const base of bases.get(kind) ?? []) {
          if (seen.has(base)) continue
          seen.add(base)
          const like = { like: base.id, ...changesFrom(base.body, draft.body) }
          const likeSize = JSON.stringify(like).length
          if (likeSize < size) {
            body = like
            size = likeSize
          }
        }
      }
    }
    if (body === draft.body) {
      if (!twins.has(`${draft.type}\0${json}`)) twins.set(`${draft.type}\0${json}`, draft)
      for (const kind of kinds(draft)) {
        const list = bases.get(kind)
        if (list === undefined) bases.set(kind, [draft])
        else if (list.length < CANDIDATES) list.push(draft)
      }
    }
    const children = draft.children?.map(visit)
    return { [head]: draft.name, ...body, ...(children === undefined ? {} : { children }) }
  }
  return drafts.map(visit)
}
