/**
 * The command-line side of an operation: an @effect/cli command whose
 * positional arguments and options come from the input Schema's fields (their
 * descriptions become --help text). Values are collected raw and decoded by
 * the same Schema as tool arguments (input.ts), so both front ends accept and
 * refuse exactly the same things.
 */
import * as Args from "@effect/cli/Args"
import * as Command from "@effect/cli/Command"
import * as Options from "@effect/cli/Options"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import type { FlagTable } from "./argv.js"
import { usage, type WrapperError } from "./errors.js"
import { type FieldInfo, fieldsOf, type Operation } from "./operation.js"


const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/

/** Numbers arrive as text; anything that is not one stays text so the Schema names the problem. */
const fromText = (f: FieldInfo, value: string): unknown =>
  (f.kind === "integer" || f.kind === "number") && NUMBER.test(value.trim()) ? Number(value) : value

/** Every option parses as optional so that the Schema reports what is missing, as it does for tools. */
const describeOption = <A>(option: Options.Options<A>, f: FieldInfo) => {
  const text = [f.optional ? undefined : "Required.", f.description].filter((s) => s !== undefined).join(" ")
  return text === "" ? option : Options.withDescription(option, text)
}

const optionFor = (f: FieldInfo): Options.Options<unknown> => {
  const flag = f.flag.slice(2)
  if (f.kind === "boolean") return describeOption(Options.boolean(flag), f)
  const base = f.kind === "choice" ? Options.choice(flag, f.choices) : Options.text(flag)
  return describeOption(Options.optional(base as Options.Options<string>), f)
}

const argFor = (f: FieldInfo): Args.Args<unknown> => {
  const base = Args.text({ name: f.flag.slice(2) })
  const described = f.description === undefined ? base : Args.withDescription(base, f.description)
  return f.optional ? Args.optional(described) : described
}

type Parsed = Record<string, unknown>

const ENV_SUFFIX = "__env"

/** The raw input object from parsed flags and arguments. */
const collect = (fields: ReadonlyArray<FieldInfo>, parsed: Parsed, env: Record<string, string | undefined>) =>
  Effect.gen(function*() {
    const raw: Record<string, unknown> = {}
    for (const f of fields) {
      const given = parsed[f.name]
      const value = Option.isOption(given) ? Option.getOrUndefined(given) : given
      if (f.fromEnv) {
        const variable = Option.getOrUndefined(parsed[f.name + ENV_SUFFIX] as Option.Option<string>)
        if (variable !== undefined) {
          if (value !== undefined) {
            return yield* Effect.fail(usage(`Give ${f.flag} or ${f.flag}-env, not both.`))
          }
          const fromEnv = env[variable]
          if (fromEnv === undefined || fromEnv === "") {
            return yield* Effect.fail(
              usage(`${f.flag}-env names ${variable}, which is not set or is empty.`, `Export ${variable} first, or pass ${f.flag}.`)
            )
          }
          raw[f.name] = fromEnv
          continue
        }
      }
      if (value === undefined || (f.kind === "boolean" && value === false)) continue
      raw[f.name] = typeof value === "string" ? fromText(f, value) : value
    }
    return raw
  })

export type LeafHandler<R> = (op: Operation, raw: Record<string, unknown>) => Effect.Effect<void, WrapperError, R>

/** One leaf command for an operation; shared options live on the root command (see argv.ts). */
export const operationCommand = <R>(
  op: Operation,
  handler: LeafHandler<R>,
  env: Record<string, string | undefined>,
  /** Appended to the description: where the shared options are documented. */
  sharedNote = ""
) => {
  const fields = fieldsOf(op.input)
  const config: Record<string, Options.Options<unknown> | Args.Args<unknown>> = {}
  for (const f of fields) {
    config[f.name] = f.positional ? argFor(f) : optionFor(f)
    if (f.fromEnv) {
      config[f.name + ENV_SUFFIX] = Options.optional(Options.text(`${f.flag.slice(2)}-env`)).pipe(
        Options.withDescription(`Name of an environment variable holding the ${f.name.replace(/_/g, " ")} (preferred: keeps it out of shell history).`)
      )
    }
  }
  const name = op.command[op.command.length - 1]!
  return Command.make(name, config, (input) => Effect.flatMap(collect(fields, input as Parsed, env), (raw) => handler(op, raw))).pipe(
    Command.withDescription(
      [op.deprecated === undefined ? op.summary : `${op.summary} (deprecated: ${op.deprecated})`, sharedNote].join(" ").trim()
    )
  )
}

/** The operation's own flags and whether each takes a value, for argv.ts. */
export const flagTable = (op: Operation): FlagTable => {
  const table = new Map<string, boolean>()
  for (const f of fieldsOf(op.input)) {
    if (f.positional) continue
    table.set(f.flag, f.kind !== "boolean")
    if (f.fromEnv) table.set(`${f.flag}-env`, true)
  }
  return table
}

/** Groups leaf commands under their first word: webhook list, webhook get, ... */
export const groupByNamespace = <C extends Command.Command<any, any, any, any>>(
  entries: ReadonlyArray<readonly [Operation, C]>,
  summaries: Readonly<Record<string, string>>
) => {
  const groups = new Map<string, Array<C>>()
  for (const [op, command] of entries) {
    const group = op.command[0]!
    groups.set(group, [...(groups.get(group) ?? []), command])
  }
  return Array.from(groups, ([group, commands]) =>
    Command.make(group).pipe(
      Command.withDescription(summaries[group] ?? group),
      Command.withSubcommands(commands as unknown as [C, ...Array<C>])
    ))
}
