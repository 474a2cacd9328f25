/**
 * The help page of any command, from the tree, in the manner of `gh`: what it
 * does, USAGE, then its commands or arguments and flags, then examples. Plain
 * text that reads well at 80 columns; bold headings only when asked for colour.
 */
import { columns, wrap } from "./layout.js"
import type { CommandSpec, OptionSpec, PositionalSpec } from "./spec.js"
import { commandAt, commandLine, HELP_FLAG, isGroup, isVisible, VERSION_FLAG } from "./tree.js"

export interface HelpStyle {
  /** The terminal's width; descriptions wrap to it. */
  readonly width: number
  /** Bold section headings (only on a terminal that wants colour). */
  readonly color: boolean
}

/** Descriptions start at this column at the latest; a longer flag puts its description on the next line. */
const MAX_COLUMN = 28
const INDENT = 2

/** The placeholder for a flag's value: its valueName, else the flag in capitals (--status STATUS). */
export const valueLabel = (option: OptionSpec): string =>
  option.valueName ?? option.flag.replace(/^-+/, "").toUpperCase()

const positionalLabel = (p: PositionalSpec) =>
  (p.required ? `<${p.name}>` : `[${p.name}]`) + (p.variadic === true ? "..." : "")

const flagLabel = (option: OptionSpec, aliasColumn: boolean) => {
  const names = option.alias !== undefined
    ? `${option.alias}, ${option.flag}`
    : aliasColumn
    ? `    ${option.flag}`
    : option.flag
  return option.takesValue ? `${names} ${valueLabel(option)}` : names
}

const flagText = (option: OptionSpec) => {
  const mentioned = option.choices !== undefined && option.description.includes(option.choices.join("|"))
  return [
    option.description,
    option.choices !== undefined && !mentioned ? `(${option.choices.join("|")})` : undefined,
    option.defaultText !== undefined ? `(default: ${option.defaultText})` : undefined,
    option.repeatable === true ? "(repeatable)" : undefined,
    option.required ? "(required)" : undefined
  ].filter((part) => part !== undefined).join(" ")
}

const argumentText = (p: PositionalSpec) => p.description + (p.choices !== undefined ? ` (${p.choices.join("|")})` : "")

/** The usage line's words: program, command words, arguments, required flags with their values, [flags]. */
const usageWords = (root: CommandSpec, path: ReadonlyArray<string>, command: CommandSpec): Array<string> => {
  if (isGroup(command)) return [commandLine(root, path), "<command>", "[flags]"]
  const required = command.options.filter((o) => o.required && isVisible(o))
  return [
    commandLine(root, path),
    ...command.positionals.map(positionalLabel),
    ...required.map((o) => (o.takesValue ? `${o.flag} <${valueLabel(o)}>` : o.flag)),
    "[flags]"
  ]
}

/** Joins words (each kept whole: "--event <EVENT>") into lines of the width; continuation lines are indented by `hang`. */
const joinLines = (words: ReadonlyArray<string>, width: number, hang: string): Array<string> => {
  const lines: Array<string> = []
  let line = ""
  for (const word of words) {
    if (line !== "" && line.length + 1 + word.length > width) {
      lines.push(line)
      line = hang + word
    } else line = line === "" ? word : `${line} ${word}`
  }
  lines.push(line)
  return lines
}

const flagRows = (options: ReadonlyArray<OptionSpec>): Array<readonly [string, string]> => {
  const aliasColumn = options.some((o) => o.alias !== undefined)
  return options.map((o) => [flagLabel(o, aliasColumn), flagText(o)] as const)
}

/**
 * The words of a command line as the shell splits them: at spaces outside
 * quotes, each word keeping its quotes ('Venue slipping' stays one word).
 */
const shellWords = (line: string): Array<string> => {
  const words: Array<string> = []
  let word = ""
  let quote: string | undefined
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!
    // A comment (`# exit 9`) runs to the end of the line: a continuation inside it would end it.
    if (quote === undefined && word === "" && c === "#") {
      words.push(line.slice(i))
      return words
    }
    if (quote === undefined && c === " ") {
      if (word !== "") words.push(word)
      word = ""
      continue
    }
    if (quote === undefined && (c === "'" || c === "\"")) quote = c
    else if (c === quote) quote = undefined
    word += c
  }
  if (word !== "") words.push(word)
  return words
}

/**
 * A long example broken between shell words with continuations, so it fits
 * the width and still pastes as one command: never inside a quoted value,
 * where `\` and the line break would become part of it.
 */
const exampleLines = (line: string, width: number): Array<string> => {
  const lines: Array<string> = []
  let current = ""
  for (const word of shellWords(line)) {
    const next = current === "" ? word : `${current} ${word}`
    if (next.length + 2 > width && current !== "") {
      lines.push(`${current} \\`)
      current = `    ${word}`
    } else current = next
  }
  return [...lines, current]
}

export const renderHelp = (
  root: CommandSpec,
  path: ReadonlyArray<string>,
  shared: ReadonlyArray<OptionSpec>,
  style: HelpStyle
): string => {
  const found = commandAt(root, path)
  const command = found.command
  const isRoot = found.path.length === 0
  const width = Math.max(40, style.width)
  const layout = { indent: INDENT, maxColumn: MAX_COLUMN, width }
  const heading = (title: string) => (style.color ? `\x1b[1m${title}\x1b[0m` : title)
  const indented = (lines: ReadonlyArray<string>) => lines.map((line) => " ".repeat(INDENT) + line)
  const sections: Array<Array<string>> = []
  const section = (title: string, lines: ReadonlyArray<string>) => {
    if (lines.length > 0) sections.push([heading(title), ...lines])
  }

  sections.push(wrap(command.description ?? command.summary, width))
  if (command.deprecated !== undefined) sections.push(wrap(`${heading("DEPRECATED")}: ${command.deprecated}`, width))
  section("USAGE", indented(joinLines(usageWords(root, found.path, command), width - INDENT, "  ")))

  const subcommands = command.subcommands.filter(isVisible)
  section(
    "COMMANDS",
    columns(
      subcommands.map((c) => [c.name, c.summary + (c.deprecated !== undefined ? " (deprecated)" : "")] as const),
      layout
    )
  )
  section("ARGUMENTS", columns(command.positionals.map((p) => [positionalLabel(p), argumentText(p)] as const), layout))

  const own = command.options.filter(isVisible)
  const visibleShared = shared.filter(isVisible)
  if (isRoot) {
    // The root's page is where the shared flags are described, once.
    section("FLAGS", columns(flagRows([...own, ...visibleShared, HELP_FLAG, VERSION_FLAG]), layout))
  } else {
    section("FLAGS", columns(flagRows(own), layout))
    const names = [...visibleShared, HELP_FLAG].map((o) => o.flag)
    section("SHARED FLAGS", indented(joinLines([...names, `(see \`${root.name} --help\`)`], width - INDENT, "")))
  }

  section("EXAMPLES", indented(command.examples.flatMap((e) => exampleLines(`$ ${e}`, width - INDENT))))
  return sections.map((lines) => lines.join("\n")).join("\n\n") + "\n"
}
