/**
 * Reads a design context the way its documentation says an agent should:
 * each node with the members its `like` names and its own (null: without
 * that one), an instance's `copy` with that instance's layers under its own
 * id, and a style name looked up in `styles`. Tests assert facts on what
 * this gives, so a fact said once and referred to still counts, and a
 * reference that points nowhere fails.
 */
import { type DesignContext, headOf } from "../../src/design/local/design-context.js"

export interface ReadNode {
  readonly type: string
  readonly id: string
  readonly name: string
  /** Every member but the head and children, with `like` and `copy` resolved. */
  readonly body: Readonly<Record<string, any>>
  readonly parent: string | undefined
  readonly children: ReadonlyArray<string>
}

export const readContext = (context: DesignContext): Map<string, ReadNode> => {
  const nodes = new Map<string, ReadNode>()
  const written = new Map<string, Record<string, unknown>>()
  const layers = new Map<string, ReadonlyArray<ReadNode>>()
  const add = (node: ReadNode) => {
    if (nodes.has(node.id)) throw new Error(`node ${node.id} is written twice`)
    nodes.set(node.id, node)
  }
  const visit = (raw: Record<string, unknown>, parent: string | undefined): ReadonlyArray<ReadNode> => {
    const { id, name, type } = headOf(raw)
    const { children, copy, like, ...own } = raw as Record<string, any>
    delete own[Object.keys(raw)[0]!]
    if (copy !== undefined) {
      const from = layers.get(copy)
      if (from === undefined) throw new Error(`${id} copies ${copy}, which is not an earlier instance`)
      if (children !== undefined || Object.keys(own).length > 0) throw new Error(`${id} copies and writes its own`)
      const rename = (layer: string) => (layer === copy ? id : layer.replace(`I${copy};`, `I${id};`))
      const made = from.map((n, i) => ({
        ...n,
        id: i === 0 ? id : rename(n.id),
        name: i === 0 ? name : n.name,
        parent: i === 0 ? parent : rename(n.parent!),
        children: n.children.map(rename)
      }))
      made.forEach(add)
      layers.set(id, made)
      return made
    }
    if (like !== undefined && !written.has(like)) throw new Error(`${id} is like ${like}, which is not written whole`)
    const merged = { ...(like === undefined ? {} : written.get(like)), ...own }
    const body = Object.fromEntries(Object.entries(merged).filter(([, v]) => v !== null))
    if (like === undefined) written.set(id, own)
    const list = (children ?? []) as Array<Record<string, unknown>>
    const node: ReadNode = { type, id, name, body, parent, children: list.map((c) => headOf(c).id) }
    add(node)
    const below = [node, ...list.flatMap((c) => visit(c, id))]
    layers.set(id, below)
    return below
  }
  for (const root of context.nodes) visit(root as Record<string, unknown>, undefined)
  return nodes
}

/** A style slot's value: a name in `styles` looked up, anything else as it is. */
export const styleValue = (context: DesignContext, value: unknown): unknown =>
  typeof value === "string" && context.styles !== undefined && value in context.styles
    ? context.styles[value]
    : value
