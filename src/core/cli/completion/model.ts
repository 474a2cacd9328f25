/**
 * What a completion script needs to know about the tree, computed once in
 * TypeScript so the three shell generators only render it: the visible
 * commands at every path, the flags offered there, which flags take a value,
 * the values they accept, and the positional choices. Hidden commands and
 * options are left out entirely.
 */
import type { CommandSpec, OptionSpec } from "../spec.js"
import { HELP_FLAG, isVisible, VERSION_FLAG } from "../tree.js"

export interface FlagModel {
  readonly flag: string
  readonly alias: string | undefined
  readonly takesValue: boolean
  /** The values to offer one by one; empty for free text. */
  readonly choices: ReadonlyArray<string>
  /** Complete file names for the value (valueName PATH or FILE). */
  readonly files: boolean
  readonly description: string
}

export interface PositionalModel {
  readonly choices: ReadonlyArray<string>
  readonly variadic: boolean
}

export interface CommandModel {
  /** The command words after the program, space-separated: "webhook list"; "" for the root. */
  readonly path: string
  readonly subcommands: ReadonlyArray<{ readonly name: string; readonly summary: string }>
  /** The command's own flags (and --version on the root). */
  readonly flags: ReadonlyArray<FlagModel>
  readonly positionals: ReadonlyArray<PositionalModel>
}

export interface CompletionModel {
  readonly program: string
  /** The program's name made safe for function names: "task-mgr" -> "task_mgr". */
  readonly id: string
  readonly commands: ReadonlyArray<CommandModel>
  /** Offered at every command: the shared options and --help. */
  readonly shared: ReadonlyArray<FlagModel>
}

const FILE_VALUES = new Set(["PATH", "FILE"])

const flagModel = (o: OptionSpec): FlagModel => ({
  flag: o.flag,
  alias: o.alias,
  takesValue: o.takesValue,
  choices: o.takesValue ? (o.choices ?? []) : [],
  files: o.takesValue && o.valueName !== undefined && FILE_VALUES.has(o.valueName.toUpperCase()),
  description: o.description
})

export const completionModel = (root: CommandSpec, shared: ReadonlyArray<OptionSpec>): CompletionModel => {
  const commands: Array<CommandModel> = []
  const visit = (command: CommandSpec, path: ReadonlyArray<string>) => {
    commands.push({
      path: path.join(" "),
      subcommands: command.subcommands.filter(isVisible).map((c) => ({ name: c.name, summary: c.summary })),
      flags: [...command.options.filter(isVisible), ...(path.length === 0 ? [VERSION_FLAG] : [])].map(flagModel),
      positionals: command.positionals.map((p) => ({ choices: p.choices ?? [], variadic: p.variadic === true }))
    })
    for (const child of command.subcommands.filter(isVisible)) visit(child, [...path, child.name])
  }
  visit(root, [])
  return {
    program: root.name,
    id: root.name.replace(/[^A-Za-z0-9_]/g, "_"),
    commands,
    shared: [...shared.filter(isVisible), HELP_FLAG].map(flagModel)
  }
}

/** Every spelling of a flag: "--help" and "-h". */
export const spellingsOf = (
  f: FlagModel
): ReadonlyArray<string> => (f.alias === undefined ? [f.flag] : [f.flag, f.alias])
