/**
 * What many tools would each repeat is said once, in the instructions the
 * server answers initialize with: a parameter described the same way in
 * several tools (`limit`, `fields`, a default workspace) is listed bare in
 * each, and the paging convention is explained once. An agent pays for every
 * byte of tools/list in every session; the instructions cost it once.
 */
import type { ToolEntry } from "./types.js"

/** A description shared by at least this many tools is said once. */
export const SAID_ONCE_MIN_TOOLS = 3

const PAGING =
  "Paged tools (those taking cursor) answer one page a call with next_cursor; pass it back as cursor for the next. " +
  "fetchAll: true follows the pages (up to maxPages, default 10). Deletes are idempotent: deleting what is gone answers already_absent: true."

type Properties = Record<string, Record<string, unknown>>

const propertiesOf = (tool: ToolEntry): Properties => (tool.inputSchema.properties ?? {}) as Properties

const key = (name: string, description: unknown) =>
  typeof description === "string" ? `${name}\u0000${description}` : undefined

export interface SaidOnce {
  readonly tools: ReadonlyArray<ToolEntry>
  readonly instructions: string
}

export const sayOnce = (tools: ReadonlyArray<ToolEntry>): SaidOnce => {
  const uses = new Map<string, number>()
  for (const tool of tools) {
    for (const [name, property] of Object.entries(propertiesOf(tool))) {
      const k = key(name, property.description)
      if (k !== undefined) uses.set(k, (uses.get(k) ?? 0) + 1)
    }
  }
  // One meaning per name: where a name is described in several ways, only its commonest is said once.
  const commonest = new Map<string, readonly [string, number]>()
  for (const [k, n] of uses) {
    const name = k.split("\u0000")[0]!
    if (n >= SAID_ONCE_MIN_TOOLS && n > (commonest.get(name)?.[1] ?? 0)) commonest.set(name, [k, n])
  }
  const shared = new Set([...commonest.values()].map(([k]) => k))
  const bare = tools.map((tool): ToolEntry => {
    const properties = Object.fromEntries(
      Object.entries(propertiesOf(tool)).map(([name, property]) => {
        if (!shared.has(key(name, property.description) ?? "")) return [name, property]
        const { description: _, ...rest } = property
        return [name, rest]
      })
    )
    return { ...tool, inputSchema: { ...tool.inputSchema, properties } }
  })
  const lines = [...shared].sort().map((k) => {
    const [name, description] = k.split("\u0000")
    return `- ${name}: ${description}`
  })
  const instructions = lines.length === 0
    ? PAGING
    : `${PAGING}\nParameters listed without a description in the tools mean:\n${lines.join("\n")}`
  return { tools: bare, instructions }
}
