/**
 * The command line as data: every command, its options, positional arguments
 * and examples. Help, shell completion, "did you mean", argv validation and the
 * @effect/cli commands are all derived from this tree, so they cannot disagree.
 */

/** One option of a command (or a shared option of the root). */
export interface OptionSpec {
  /** The long flag, with dashes: "--context-id". */
  readonly flag: string
  /** A short alias such as "-h", rarely used. */
  readonly alias?: string | undefined
  /** False for a switch (--json), true when it takes a value (--context-id ID). */
  readonly takesValue: boolean
  /** The placeholder shown in help: "ID", "URL", "N". */
  readonly valueName?: string | undefined
  /** One line, plain words; no "This setting is optional." filler. */
  readonly description: string
  readonly required: boolean
  /** The accepted values, when they are a closed set (completion offers them one by one). */
  readonly choices?: ReadonlyArray<string> | undefined
  /** May be given more than once; each value may also be a comma list. */
  readonly repeatable?: boolean | undefined
  /** Shown as "(default: ...)" in help. */
  readonly defaultText?: string | undefined
  /** Left out of help and completion (still accepted). */
  readonly hidden?: boolean | undefined
}

export interface PositionalSpec {
  /** As help shows it: "webhook-id" (printed <webhook-id>, or [team] when optional). */
  readonly name: string
  readonly description: string
  readonly required: boolean
  /** Takes every remaining word (task get-many <gids...>). */
  readonly variadic?: boolean | undefined
  readonly choices?: ReadonlyArray<string> | undefined
}

export interface CommandSpec {
  /** The word that selects it: "list". The root's name is the program: "design". */
  readonly name: string
  /** One line for lists of commands. */
  readonly summary: string
  /** Longer text for the command's own help page (optional). */
  readonly description?: string | undefined
  readonly options: ReadonlyArray<OptionSpec>
  readonly positionals: ReadonlyArray<PositionalSpec>
  /** Full command lines, e.g. "design webhook get 42". */
  readonly examples: ReadonlyArray<string>
  /** A group (webhook) has subcommands and no handler of its own. */
  readonly subcommands: ReadonlyArray<CommandSpec>
  /** Printed as a warning when it runs, and shown in help. */
  readonly deprecated?: string | undefined
  readonly hidden?: boolean | undefined
}
