/**
 * Which tools a server offers: the toolsets (resource groups) a user asked
 * for, and only read-only tools when asked. Fewer tools means a shorter
 * tools/list for the agent to pay for, and no writes it was not trusted with.
 */
import * as Data from "effect/Data"
import * as Either from "effect/Either"
import { deprecatedToolsetNote, type Renamed } from "./names.js"
import type { ToolEntry } from "./types.js"

/** `--toolsets all`: every toolset. */
export const ALL_TOOLSETS = "all"
/** `--toolsets default` (or none named): the service's default toolsets, and the tool that serves more. */
export const DEFAULT_TOOLSETS = "default"

export interface ToolsetOptions {
  /** Toolset names, or the words all and default; absent or empty means the defaults. */
  readonly toolsets?: ReadonlyArray<string> | undefined
  /** Keep only tools whose annotations say readOnlyHint. */
  readonly readOnly: boolean
  /** The toolsets served when none is named; undefined: every toolset. */
  readonly defaults?: ReadonlyArray<string> | undefined
}

/** What a server serves at start, and whether it may serve more later (the toolsets tool, mcp/catalog.ts). */
export interface ToolsetChoice {
  readonly toolsets: ReadonlyArray<string>
  readonly dynamic: boolean
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
    `Valid toolsets: ${valid.join(", ")} (or ${ALL_TOOLSETS}, or ${DEFAULT_TOOLSETS}).`
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

/**
 * The toolsets to serve: those named, the defaults when none is (or with the
 * word default, which also makes the server dynamic), every one with all. An
 * unknown name is an error rather than an empty server.
 */
export const chooseToolsets = (
  tools: ReadonlyArray<ToolEntry>,
  options: Omit<ToolsetOptions, "readOnly">
): Either.Either<ToolsetChoice, UnknownToolsets> => {
  const requested = [...new Set((options.toolsets ?? []).map((n) => n.trim()).filter((n) => n !== ""))]
  const valid = toolsetNames(tools)
  const unknown = requested.filter((n) => !valid.includes(n) && n !== ALL_TOOLSETS && n !== DEFAULT_TOOLSETS)
  if (unknown.length > 0) return Either.left(unknownToolsets(unknown, valid))
  const defaults = options.defaults ?? valid
  if (requested.includes(ALL_TOOLSETS)) return Either.right({ toolsets: valid, dynamic: false })
  if (requested.length === 0) return Either.right({ toolsets: defaults, dynamic: options.defaults !== undefined })
  if (!requested.includes(DEFAULT_TOOLSETS)) return Either.right({ toolsets: requested, dynamic: false })
  const named = requested.filter((n) => n !== DEFAULT_TOOLSETS)
  return Either.right({ toolsets: [...new Set([...defaults, ...named])], dynamic: true })
}

/** Whether a server serving `toolsets` (read-only or not) serves this tool. */
export const serves = (toolsets: ReadonlySet<string>, readOnly: boolean) => (tool: ToolEntry): boolean =>
  toolsets.has(tool.toolset) && (!readOnly || tool.annotations.readOnlyHint)

/** The tools to serve at start, in the order given; an unknown toolset name is an error rather than an empty server. */
export const selectTools = (
  tools: ReadonlyArray<ToolEntry>,
  options: ToolsetOptions
): Either.Either<ReadonlyArray<ToolEntry>, UnknownToolsets> =>
  Either.map(
    chooseToolsets(tools, options),
    (choice) => tools.filter(serves(new Set(choice.toolsets), options.readOnly))
  )

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
