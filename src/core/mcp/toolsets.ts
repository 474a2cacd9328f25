/**
 * Which tools a server offers: the toolsets (resource groups) a user asked
 * for, and only read-only tools when asked. Fewer tools means a shorter
 * tools/list for the agent to pay for, and no writes it was not trusted with.
 */
import * as Data from "effect/Data"
import * as Either from "effect/Either"
import { deprecatedToolsetNote, type Renamed } from "./names.js"
import type { ToolEntry } from "./types.js"

export interface ToolsetOptions {
  /** Toolset names; absent or empty means every toolset. */
  readonly toolsets?: ReadonlyArray<string> | undefined
  /** Keep only tools whose annotations say readOnlyHint. */
  readonly readOnly: boolean
}

export interface Suggestion {
  readonly given: string
  readonly suggested: string
}

export class UnknownToolsets extends Data.TaggedError("UnknownToolsets")<{
  readonly unknown: ReadonlyArray<string>
  readonly valid: ReadonlyArray<string>
  /** The closest valid name for each unknown one that is close to one. */
  readonly suggestions: ReadonlyArray<Suggestion>
  readonly message: string
}> {}

export interface ToolsetSummary {
  readonly name: string
  /** Tool names, in the order they were given. */
  readonly tools: ReadonlyArray<string>
  readonly readOnlyTools: ReadonlyArray<string>
}

const toolsetNames = (tools: ReadonlyArray<ToolEntry>): ReadonlyArray<string> =>
  [...new Set(tools.map((t) => t.toolset))].sort()

const editDistance = (a: string, b: string): number => {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    const current = [i]
    for (let j = 1; j <= b.length; j++) {
      const substitution = previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1)
      current.push(Math.min(previous[j]! + 1, current[j - 1]! + 1, substitution))
    }
    previous = current
  }
  return previous[b.length]!
}

/** A typo (two edits at most) or an abbreviation of at least three letters. */
const closest = (given: string, valid: ReadonlyArray<string>): string | undefined => {
  const wanted = given.toLowerCase()
  let best: { name: string; distance: number } | undefined
  for (const name of valid) {
    const lower = name.toLowerCase()
    const distance = wanted.length >= 3 && lower.startsWith(wanted) ? 0 : editDistance(wanted, lower)
    if (distance <= 2 && (best === undefined || distance < best.distance)) best = { name, distance }
  }
  return best?.name
}

const quoted = (names: ReadonlyArray<string>) => names.map((n) => JSON.stringify(n)).join(", ")

const unknownToolsets = (unknown: ReadonlyArray<string>, valid: ReadonlyArray<string>): UnknownToolsets => {
  const suggestions = unknown.flatMap((given) => {
    const suggested = closest(given, valid)
    return suggested === undefined ? [] : [{ given, suggested }]
  })
  // With one unknown name the suggestion needs no "for".
  const hint = suggestions.length === 0
    ? ""
    : unknown.length === 1
    ? ` (did you mean ${JSON.stringify(suggestions[0]!.suggested)}?)`
    : ` (did you mean ${
      suggestions.map((s) => `${JSON.stringify(s.suggested)} for ${JSON.stringify(s.given)}`).join(", ")
    }?)`
  const message = `Unknown toolset${unknown.length === 1 ? "" : "s"} ${quoted(unknown)}${hint}. ` +
    `Valid toolsets: ${valid.join(", ")}.`
  return new UnknownToolsets({ unknown, valid, suggestions, message })
}

export interface RenamedToolsets {
  /** The names asked for, an old spelling replaced by its toolset's name. */
  readonly toolsets: ReadonlyArray<string>
  /** One for each old spelling replaced, naming the new one. */
  readonly notes: ReadonlyArray<string>
}

/** Old spellings of the toolsets these tools have, still accepted for a while; any other name is left as given. */
export const renameToolsets = (
  requested: ReadonlyArray<string>,
  tools: ReadonlyArray<ToolEntry>,
  renames: ReadonlyArray<Renamed>
): RenamedToolsets => {
  const valid = toolsetNames(tools)
  const notes: Array<string> = []
  const toolsets = requested.map((given) => {
    const renamed = renames.find((r) => r.old === given.trim() && valid.includes(r.now))
    if (renamed === undefined) return given
    notes.push(deprecatedToolsetNote(renamed))
    return renamed.now
  })
  return { toolsets, notes: [...new Set(notes)] }
}

/** The tools to serve, in the order given; an unknown toolset name is an error rather than an empty server. */
export const selectTools = (
  tools: ReadonlyArray<ToolEntry>,
  options: ToolsetOptions
): Either.Either<ReadonlyArray<ToolEntry>, UnknownToolsets> => {
  const requested = [...new Set((options.toolsets ?? []).map((n) => n.trim()).filter((n) => n !== ""))]
  const valid = toolsetNames(tools)
  const unknown = requested.filter((n) => !valid.includes(n))
  if (unknown.length > 0) return Either.left(unknownToolsets(unknown, valid))
  return Either.right(tools.filter((tool) =>
    (requested.length === 0 || requested.includes(tool.toolset)) &&
    (!options.readOnly || tool.annotations.readOnlyHint)
  ))
}

/** One row per toolset, sorted by name, for --list-toolsets. */
export const toolsetSummary = (tools: ReadonlyArray<ToolEntry>): ReadonlyArray<ToolsetSummary> =>
  toolsetNames(tools).map((name) => {
    const members = tools.filter((t) => t.toolset === name)
    return {
      name,
      tools: members.map((t) => t.name),
      readOnlyTools: members.filter((t) => t.annotations.readOnlyHint).map((t) => t.name)
    }
  })
