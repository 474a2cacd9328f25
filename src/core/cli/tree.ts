/**
 * Walking the command tree: finding a command by its words, an option by its
 * flag, the flags every command accepts, and checking that no two flags can be
 * confused. Shared by argv resolution, help and completion so they agree.
 */
import type { CommandSpec, OptionSpec } from "./spec.js"

/** Accepted by every command, whatever the tree says. */
export const HELP_FLAG: OptionSpec = {
  flag: "--help",
  alias: "-h",
  takesValue: false,
  description: "Show help for the command",
  required: false
}

/** Accepted by the root command only. */
export const VERSION_FLAG: OptionSpec = {
  flag: "--version",
  takesValue: false,
  description: "Show the version",
  required: false
}

export const isVisible = (item: { readonly hidden?: boolean | undefined }): boolean => item.hidden !== true

export const isGroup = (command: CommandSpec): boolean => command.subcommands.length > 0

/** Hidden commands are still found: hiding keeps them out of help and completion, not out of reach. */
export const findSubcommand = (command: CommandSpec, word: string): CommandSpec | undefined =>
  command.subcommands.find((c) => c.name === word)

export const findOption = (options: ReadonlyArray<OptionSpec>, word: string): OptionSpec | undefined =>
  options.find((o) => o.flag === word || (o.alias !== undefined && o.alias === word))

/** The deepest command the words name, and the words that got there (unknown words are ignored from there on). */
export const commandAt = (
  root: CommandSpec,
  path: ReadonlyArray<string>
): { readonly command: CommandSpec; readonly path: ReadonlyArray<string> } => {
  let command = root
  const found: Array<string> = []
  for (const word of path) {
    const child = findSubcommand(command, word)
    if (child === undefined) break
    command = child
    found.push(word)
  }
  return { command, path: found }
}

/** The command as typed: "design webhook get". */
export const commandLine = (root: CommandSpec, path: ReadonlyArray<string>): string => [root.name, ...path].join(" ")

/** Every command in the tree with its words, root first, depth first. */
export const allCommands = (
  root: CommandSpec
): ReadonlyArray<{ readonly path: ReadonlyArray<string>; readonly command: CommandSpec }> => {
  const out: Array<{ path: ReadonlyArray<string>; command: CommandSpec }> = []
  const visit = (command: CommandSpec, path: ReadonlyArray<string>) => {
    out.push({ path, command })
    for (const child of command.subcommands) visit(child, [...path, child.name])
  }
  visit(root, [])
  return out
}

export interface FlagCollision {
  /** The command whose option collides: "design webhook list". */
  readonly command: string
  /** The spelling both use: "--plan" or "-h". */
  readonly flag: string
  /** What it collides with: a shared option, a built-in (--help, -h, --version on the root), or another option of the same command. */
  readonly with: "shared" | "built-in" | "own"
}

const spellings = (
  option: OptionSpec
): ReadonlyArray<string> => (option.alias === undefined ? [option.flag] : [option.flag, option.alias])

/**
 * Every flag spelling that would be ambiguous. Shared options may be typed
 * anywhere, so a command that defines a flag of the same name would silently
 * take it from them; a test over the real tree asserts this list is empty.
 */
export const flagCollisions = (root: CommandSpec, shared: ReadonlyArray<OptionSpec>): ReadonlyArray<FlagCollision> => {
  const found: Array<FlagCollision> = []
  const builtIns = (isRoot: boolean) => new Set([...spellings(HELP_FLAG), ...(isRoot ? spellings(VERSION_FLAG) : [])])
  const sharedSpellings = new Set<string>()
  for (const option of shared) {
    for (const s of spellings(option)) {
      if (builtIns(true).has(s) || sharedSpellings.has(s)) {
        found.push({ command: root.name, flag: s, with: builtIns(true).has(s) ? "built-in" : "shared" })
      }
      sharedSpellings.add(s)
    }
  }
  for (const { path, command } of allCommands(root)) {
    const reserved = builtIns(path.length === 0)
    const own = new Set<string>()
    for (const option of command.options) {
      for (const s of spellings(option)) {
        const hit = reserved.has(s) ? "built-in" : sharedSpellings.has(s) ? "shared" : own.has(s) ? "own" : undefined
        if (hit !== undefined) found.push({ command: commandLine(root, path), flag: s, with: hit })
        own.add(s)
      }
    }
  }
  return found
}
