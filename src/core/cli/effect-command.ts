/**
 * The command line as @effect/cli commands, from the same CommandSpecs as the
 * tree: the root command's options are the shared ones, a leaf's are its
 * spec's, and each option's value is what the resolver gives (OptionValue).
 * Nothing here parses: argv is read once, by resolve.ts, and its result is
 * handed to the leaf's handler as @effect/cli's own app hands over a parse.
 */
import * as Args from "@effect/cli/Args"
import * as Command from "@effect/cli/Command"
import * as Options from "@effect/cli/Options"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import type { Given } from "./derive.js"
import type { GivenOptions, OptionValue } from "./resolve.js"
import type { CommandSpec, OptionSpec } from "./spec.js"

/** A switch given is true, a value flag its text, a repeatable one its words (comma lists split); absent, undefined. */
const optionOf = (o: OptionSpec): Options.Options<OptionValue | undefined> => {
  const name = o.flag.replace(/^--/, "")
  const option: Options.Options<OptionValue | undefined> = !o.takesValue
    ? Options.map(Options.boolean(name), (on) => (on ? true : undefined))
    : o.repeatable === true
    ? Options.map(Options.repeated(Options.text(name)), (values) => {
      const words = values.flatMap((v) => v.split(",")).map((v) => v.trim()).filter((v) => v !== "")
      return words.length > 0 ? words : undefined
    })
    : Options.map(Options.optional(Options.text(name)), Option.getOrUndefined)
  return o.alias === undefined ? option : Options.withAlias(option, o.alias.replace(/^-/, ""))
}

/** A command's options keyed by flag, the given ones only, as resolveArgv returns them. */
const optionsOf = (specs: ReadonlyArray<OptionSpec>): Options.Options<GivenOptions> =>
  specs.length === 0
    // Options.all needs at least one.
    ? Options.map(Options.none, () => ({}))
    : Options.map(
      Options.all(Object.fromEntries(specs.map((o) => [o.flag, optionOf(o)]))),
      (values) => Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as GivenOptions
    )

/** The program's command: the options every command shares. */
export const rootCommand = (name: string, shared: ReadonlyArray<OptionSpec>) =>
  Command.make(name, { shared: optionsOf(shared) })

export type RootCommand = ReturnType<typeof rootCommand>

/** A leaf's command: its own options and arguments, and a handler that reads the shared ones from the root's. */
export const leafCommand = <E, R>(
  root: RootCommand,
  spec: CommandSpec,
  run: (given: Given & { readonly shared: GivenOptions }) => Effect.Effect<void, E, R>
) =>
  Command.make(
    spec.name,
    { options: optionsOf(spec.options), positionals: Args.repeated(Args.text({ name: "args" })) },
    (given) => Effect.flatMap(root, ({ shared }) => run({ ...given, shared }))
  )

/**
 * What @effect/cli's app does with a parsed command line (Command.run and
 * withSubcommands): the leaf's handler under its transforms, with the root's
 * value in context for the handler to read. The values are the resolver's.
 */
export const invoke = <E, R>(
  root: RootCommand,
  leaf: ReturnType<typeof leafCommand<E, R>>,
  given: Given & { readonly shared: GivenOptions }
) => {
  const value = { options: given.options, positionals: [...given.positionals] }
  return Effect.provideService(leaf.transform(leaf.handler(value), value), root.tag, { shared: given.shared })
}
