/**
 * What many tools would each repeat is said once, in the instructions the
 * server answers initialize with: a parameter described the same way in
 * several tools (`limit`, `fields`, a default workspace) is listed bare in
 * each, and the paging convention is explained once. An agent pays for every
 * byte of tools/list in every session; the instructions cost it once.
 *
 * Which descriptions are said once is decided over every tool of the server,
 * served or not, so a tool lists the same schema whichever toolsets are
 * served; the instructions say only what the served tools list bare, and a
 * toolset enabled later is told the rest (mcp/catalog.ts).
 */
import type { ToolEntry } from "./types.js"

/** A description shared by at least this many tools is said once. */
export const SAID_ONCE_MIN_TOOLS = 3

export const PAGING =
  "Paged tools (those taking cursor) answer one page a call with next_cursor; pass it back as cursor for the next. " +
  "fetchAll: true follows the pages (up to maxPages, default 10). Deletes are idempotent: deleting what is gone answers already_absent: true."

const MEANINGS_HEADER = "Parameters listed without a description in the tools mean:"

type Properties = Record<string, Record<string, unknown>>

const propertiesOf = (tool: ToolEntry): Properties => (tool.inputSchema.properties ?? {}) as Properties

const key = (name: string, description: unknown) =>
  typeof description === "string" ? `${name}\u0000${description}` : undefined

export interface SaidOnce {
  /** Every tool, with the parameters said once listed bare. */
  readonly tools: ReadonlyArray<ToolEntry>
  /** What each parameter listed bare means: name → description. */
  readonly meanings: ReadonlyMap<string, string>
  /** The instructions for a server serving every tool. */
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
  const meanings = new Map([...shared].sort().map((k) => k.split("\u0000") as [string, string]))
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
  return { tools: bare, meanings, instructions: instructionsFor(bare, meanings) }
}

/** The parameters these tools list bare, whose meaning is said once. */
export const bareNames = (
  tools: ReadonlyArray<ToolEntry>,
  meanings: ReadonlyMap<string, string>
): ReadonlySet<string> =>
  new Set(
    tools.flatMap((tool) =>
      Object.entries(propertiesOf(tool)).flatMap(([name, property]) =>
        meanings.has(name) && property.description === undefined ? [name] : []
      )
    )
  )

/** "- name: meaning", a line a parameter, in name order. */
export const meaningLines = (
  names: Iterable<string>,
  meanings: ReadonlyMap<string, string>
): ReadonlyArray<string> => [...names].sort().map((name) => `- ${name}: ${meanings.get(name) ?? ""}`)

/** What a server serving `tools` says at initialize: paging, deletes, and the meaning of each parameter listed bare. */
export const instructionsFor = (
  tools: ReadonlyArray<ToolEntry>,
  meanings: ReadonlyMap<string, string>,
  more: ReadonlyArray<string> = []
): string => {
  const lines = meaningLines(bareNames(tools, meanings), meanings)
  return [PAGING, ...more, ...(lines.length === 0 ? [] : [MEANINGS_HEADER, ...lines])].join("\n")
}
