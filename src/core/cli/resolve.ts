/**
 * Reads a command line against the command tree: which command it names,
 * which flags and arguments it gives, and whether they fit. It is the one
 * parse of argv: its result is what the command's handler is given. It runs
 * on every invocation, so it is plain code over the spec.
 *
 * Required options are not checked here: some may come from an environment
 * variable, and the operation's Schema reports them with the rest.
 */
import { orList, refusal } from "../allowed.js"
import type { ArgvError } from "./argv-error.js"
import { didYouMean } from "./did-you-mean.js"
import type { CommandSpec, OptionSpec, PositionalSpec } from "./spec.js"
import { commandLine, findOption, findSubcommand, HELP_FLAG, isGroup, isVisible, VERSION_FLAG } from "./tree.js"

/** A switch given is true; a value flag holds its text; a repeatable one every value (comma lists split). */
export type OptionValue = string | true | ReadonlyArray<string>

/** Keyed by the long flag ("--context"), even when the alias was typed. */
export type GivenOptions = Readonly<Record<string, OptionValue>>

export interface ResolvedArgv {
  /** The command words after the program name: ["webhook", "get"]. */
  readonly path: ReadonlyArray<string>
  readonly command: CommandSpec
  readonly shared: GivenOptions
  /** The resolved command's own options. */
  readonly options: GivenOptions
  readonly positionals: ReadonlyArray<string>
  /** Show help for `command`: asked with --help/-h, or the line names a group (or nothing) without a subcommand. */
  readonly help: boolean
  /** --version on the root command. */
  readonly version: boolean
}

export type ResolveResult =
  | { readonly ok: true; readonly value: ResolvedArgv }
  | { readonly ok: false; readonly error: ArgvError }

interface Occurrence {
  readonly option: OptionSpec
  readonly value: string | undefined
}

/** "-5" and "-" are arguments, not flags. */
const looksLikeFlag = (word: string) => word.length > 1 && word.startsWith("-") && !/^-\d/.test(word)

const splitList = (value: string) => value.split(",").map((s) => s.trim()).filter((s) => s !== "")

const positionalLabel = (p: PositionalSpec) => `<${p.name}>`

const helpRemedy = (root: CommandSpec, path: ReadonlyArray<string>, what: string) =>
  `Run '${commandLine(root, path)} --help' to see ${what}.`

export const resolveArgv = (
  root: CommandSpec,
  shared: ReadonlyArray<OptionSpec>,
  argv: ReadonlyArray<string>
): ResolveResult => {
  let command = root
  const path: Array<string> = []
  const sharedGiven: Array<Occurrence> = []
  const ownGiven: Array<Occurrence> = []
  const positionals: Array<string> = []
  let help = false
  let version = false
  let endOfOptions = false
  /** After an unknown command word nothing else can be placed. */
  let lost = false
  /** The first problem in the order typed; reading goes on so that a later --help still wins. */
  let error: ArgvError | undefined
  const fail = (e: ArgvError) => {
    error ??= e
  }
  const here = () => commandLine(root, path)

  const addWord = (word: string) => {
    if (lost) return
    if (isGroup(command) && positionals.length === 0) {
      const child = findSubcommand(command, word)
      if (child !== undefined) {
        command = child
        path.push(word)
        return
      }
      lost = true
      fail({
        message: `Unknown command '${word}' for '${here()}'`,
        remedy: helpRemedy(root, path, "its commands"),
        suggestion: didYouMean(word, command.subcommands.filter(isVisible).map((c) => c.name))
      })
      return
    }
    positionals.push(word)
  }

  const checkChoices = (option: OptionSpec, value: string) => {
    if (option.choices === undefined) return
    for (const item of option.repeatable === true ? splitList(value) : [value]) {
      if (option.choices.includes(item)) continue
      fail({
        message: refusal(option.flag, orList(option.choices), item),
        remedy: helpRemedy(root, path, "its flags"),
        suggestion: didYouMean(item, option.choices)
      })
    }
  }

  /** A word that names a flag of this command line, where a value was expected: the value is missing. */
  const namesFlag = (word: string) => {
    if (!looksLikeFlag(word) || word === "--") return false
    const name = word.startsWith("--") && word.includes("=") ? word.slice(0, word.indexOf("=")) : word
    return [HELP_FLAG, VERSION_FLAG, ...command.options, ...shared].some((o) => findOption([o], name) !== undefined)
  }

  for (let i = 0; i < argv.length; i++) {
    const word = argv[i]!
    if (endOfOptions || !looksLikeFlag(word)) {
      if (endOfOptions) {
        if (!lost) positionals.push(word)
      } else addWord(word)
      continue
    }
    if (word === "--") {
      endOfOptions = true
      continue
    }
    const eq = word.startsWith("--") ? word.indexOf("=") : -1
    const name = eq > 0 ? word.slice(0, eq) : word
    const inline = eq > 0 ? word.slice(eq + 1) : undefined
    if (findOption([HELP_FLAG], name) !== undefined) {
      help = true
      continue
    }
    const own = findOption(command.options, name)
    const option = own ?? findOption(shared, name)
    if (option === undefined) {
      if (name === VERSION_FLAG.flag) {
        version = true
        continue
      }
      fail({
        message: `Unknown flag '${name}' for '${here()}'`,
        remedy: helpRemedy(root, path, "its flags"),
        suggestion: didYouMean(name, [...command.options, ...shared].filter(isVisible).map((o) => o.flag))
      })
      continue
    }
    const given = own === undefined ? sharedGiven : ownGiven
    if (option.repeatable !== true && given.some((o) => o.option === option)) {
      fail({ message: `Flag '${option.flag}' may be given only once`, remedy: helpRemedy(root, path, "its flags") })
    }
    if (!option.takesValue) {
      if (inline !== undefined) {
        fail({
          message: `Flag '${option.flag}' takes no value (got '${word}')`,
          remedy: helpRemedy(root, path, "its flags")
        })
        continue
      }
      given.push({ option, value: undefined })
      continue
    }
    // A value flag takes the next word unless it is one of the line's flags (`--projects --notes hi` lacks the
    // projects): a value that starts with a dash is given inline, --description=--json.
    const next = inline === undefined && i + 1 < argv.length ? argv[i + 1] : undefined
    const value = inline ?? (next === undefined || namesFlag(next) ? undefined : argv[++i])
    if (value === undefined) {
      const usage = `${option.flag} ${option.choices?.join("|") ?? option.valueName ?? "VALUE"}`
      fail({
        message: next === undefined
          ? `Flag '${option.flag}' needs a value: ${usage}`
          : `Flag '${option.flag}' needs a value, and '${next}' is a flag: ${usage}`,
        remedy: next === undefined
          ? helpRemedy(root, path, "its flags")
          : `To give a value that starts with a dash, write ${option.flag}=VALUE. ${
            helpRemedy(root, path, "its flags")
          }`
      })
      continue
    }
    checkChoices(option, value)
    given.push({ option, value })
  }

  if (!lost && !isGroup(command)) {
    checkPositionals(
      command.positionals,
      positionals,
      (e) => fail(e),
      here(),
      helpRemedy(root, path, "its arguments")
    )
  }
  if (version && path.length > 0) {
    fail({ message: `Flag '--version' is for '${root.name}' only`, remedy: `Run '${root.name} --version'.` })
  }

  const resolved = (showHelp: boolean): ResolvedArgv => ({
    path,
    command,
    shared: collect(sharedGiven),
    options: collect(ownGiven),
    positionals,
    help: showHelp,
    version: version && !showHelp
  })
  // --help wins over a bad flag or value, but not over a mistyped command: help for the wrong command misleads.
  if (help && !lost) return { ok: true, value: resolved(true) }
  if (error !== undefined) return { ok: false, error }
  return { ok: true, value: resolved(!version && isGroup(command)) }
}

function checkPositionals(
  specs: ReadonlyArray<PositionalSpec>,
  given: ReadonlyArray<string>,
  fail: (e: ArgvError) => void,
  command: string,
  remedy: string
) {
  const variadic = specs.at(-1)?.variadic === true
  specs.forEach((spec, index) => {
    const values = spec.variadic === true ? given.slice(index) : given.slice(index, index + 1)
    if (values.length === 0 && spec.required) {
      fail({ message: `Missing ${positionalLabel(spec)} for '${command}'`, remedy })
    }
    for (const value of values) {
      if (spec.choices !== undefined && !spec.choices.includes(value)) {
        fail({
          message: refusal(positionalLabel(spec), orList(spec.choices), value),
          remedy,
          suggestion: didYouMean(value, spec.choices)
        })
      }
    }
  })
  const extra = variadic ? undefined : given[specs.length]
  if (extra !== undefined) fail({ message: `Unexpected argument '${extra}' for '${command}'`, remedy })
}

/** A repeatable flag whose values hold no word (`--tag ""`, `--tag ,`) is not given. */
function collect(given: ReadonlyArray<Occurrence>): GivenOptions {
  const out: Record<string, OptionValue> = {}
  for (const { option, value } of given) {
    if (value === undefined) out[option.flag] = true
    else if (option.repeatable === true) {
      const words = [...((out[option.flag] as ReadonlyArray<string> | undefined) ?? []), ...splitList(value)]
      if (words.length > 0) out[option.flag] = words
    } else out[option.flag] = value
  }
  return out
}
