/**
 * The command-line side of an operation: its CommandSpec (flags and
 * positionals from the input Schema's fields and the view), and turning what
 * was typed into the raw input the Schema decodes, exactly as tool arguments
 * are decoded, so both front ends accept and refuse the same things.
 *
 * Lists are comma lists or repeated flags; structured values are JSON text or
 * @file; secrets marked fromEnv may be read from a named variable instead.
 */
import * as Effect from "effect/Effect"
import type { Readable } from "node:stream"
import { alreadySaid, quotesPattern } from "../allowed.js"
import { InvalidInputError } from "../errors.js"
import type { Field, FieldKind } from "../fields.js"
import { fieldsOf } from "../fields.js"
import { cursorProblem, MAX_INPUT_DEPTH, nestsTooDeep } from "../input.js"
import { MAX_INPUT_TEXT, readInputFile, readInputStream } from "../local-files.js"
import type { AnyOperation } from "../operation.js"
import { DEFAULT_MAX_PAGES } from "../paginate.js"
import type { AnyView } from "../view.js"
import type { CommandSpec, OptionSpec, PositionalSpec } from "./spec.js"

/** What resolveArgv found for a command: flag → value, and the positionals. */
export type OptionValue = string | true | ReadonlyArray<string>
export interface Given {
  readonly options: Readonly<Record<string, OptionValue>>
  readonly positionals: ReadonlyArray<string>
}

/** What every delete's help says of the one delete rule; the tool servers say it once, in their instructions. */
const IDEMPOTENT_DELETE = "Idempotent: what is already gone exits 0 with already_absent: true."

/**
 * The one naming rule of both services: a field's CLI flag (or positional)
 * is its tool parameter in kebab case (workspace_gid: --workspace-gid). A
 * view's `flags` may differ only where the rule cannot hold (a collision
 * with a shared flag, or a spec that names both); test/core/cli/flag-names.test.ts
 * holds the allow-list.
 */
export const kebab = (name: string) => name.replace(/_/g, "-")

/** The paging flags and the tool parameters they are (the specs name both: --all is fetchAll). */
export const PAGING_PARAMETERS: Readonly<Record<string, string>> = {
  "--cursor": "cursor",
  "--all": "fetchAll",
  "--max-pages": "maxPages"
}

/** The help of a field given as a switch that turns it off (`--no-wait`), if it is one. */
const negation = (v: AnyView, field: string): string | undefined =>
  (v.negated as Record<string, string> | undefined)?.[field]

/** The flag of a field: the view's spelling, else the field name in kebab case (`--no-` before it for a negated switch). */
export const flagOf = (v: AnyView, field: string): string =>
  negation(v, field) !== undefined
    ? `--no-${kebab(field)}`
    : `--${(v.flags as Record<string, string> | undefined)?.[field] ?? kebab(field)}`

const valueName = (v: AnyView, f: Field): string => {
  const named = (v.valueNames as Record<string, string> | undefined)?.[f.name]
  if (named !== undefined) return named
  const kind = f.kind._tag === "list" ? f.kind.of : f.kind
  return kind._tag === "integer" || kind._tag === "number"
    ? "N"
    : kind._tag === "json"
    ? "JSON|@FILE"
    : f.name.toUpperCase()
}

const choicesOf = (kind: FieldKind) =>
  kind._tag === "choice"
    ? kind.choices
    : kind._tag === "list" && kind.of._tag === "choice"
    ? kind.of.choices
    : undefined

/** A list field given as the last positional takes every remaining word (task get-many <gids...>). */
const takesRest = (f: Field, index: number, count: number) => f.kind._tag === "list" && index === count - 1

const TOO_DEEP = `nested more than ${MAX_INPUT_DEPTH} levels deep`

const jsonKind = (f: Field) => f.kind._tag === "json"

const isPositional = (v: AnyView, name: string) => ((v.positional ?? []) as ReadonlyArray<string>).includes(name)
const fromEnv = (v: AnyView, name: string) => ((v.fromEnv ?? []) as ReadonlyArray<string>).includes(name)
const bodyFields = (v: AnyView) => (v.bodyFile ?? []) as ReadonlyArray<string>

export const BODY_FILE = "--body-file"

const bodyFileOption = (v: AnyView): OptionSpec => ({
  flag: BODY_FILE,
  takesValue: true,
  valueName: "PATH|-",
  description: `JSON object with ${bodyFields(v).join(", ")}; - reads standard input (at most ${MAX_INPUT_TEXT})`,
  required: false
})

export const PAGING_OPTIONS: ReadonlyArray<OptionSpec> = [
  {
    flag: "--cursor",
    takesValue: true,
    valueName: "CURSOR",
    description: "Resume from the cursor a previous listing printed",
    required: false
  },
  { flag: "--all", takesValue: false, description: "Follow pages up to --max-pages", required: false },
  {
    flag: "--max-pages",
    takesValue: true,
    valueName: "N",
    description: "Page ceiling with --all",
    required: false,
    defaultText: String(DEFAULT_MAX_PAGES)
  }
]

/** The flags of a command that can follow (view.ts FollowView): command line only, so no tool parameter. */
export const FOLLOW_OPTIONS: ReadonlyArray<OptionSpec> = [
  {
    flag: "--follow",
    takesValue: false,
    description: "Keep polling until interrupted (Ctrl-C); one item a line",
    required: false
  },
  {
    flag: "--interval",
    takesValue: true,
    valueName: "S",
    description: "Seconds between polls with --follow (1 to 3600)",
    required: false,
    defaultText: "5"
  }
]

/** --follow and its --interval, checked: undefined when not following. */
export const followOf = (given: Given): Effect.Effect<{ readonly interval: number } | undefined, InvalidInputError> => {
  const raw = given.options["--interval"]
  const follow = given.options["--follow"] === true
  if (typeof raw === "string" && !follow) return Effect.fail(bad("--interval only applies with --follow.", "interval"))
  if (!follow) return Effect.succeed(undefined)
  const interval = typeof raw === "string" ? Number(raw.trim()) : 5
  if (typeof raw === "string" && (!NUMBER.test(raw.trim()) || !(interval >= 1 && interval <= 3600))) {
    return Effect.fail(bad(`--interval: must be a number of seconds from 1 to 3600 (got ${raw}).`, "interval"))
  }
  return Effect.succeed({ interval })
}

/**
 * The command for a view, derived on first use: start-up needs every command's
 * name and summary (for the tree and help), but the flags of one alone.
 */
export const lazyCommandSpec = (v: AnyView): CommandSpec => {
  let full: CommandSpec | undefined
  const spec = () => (full ??= commandSpecOf(v))
  const op = v.operation as AnyOperation<never>
  return {
    name: v.command[v.command.length - 1]!,
    summary: op.summary,
    subcommands: [],
    get description() {
      return spec().description
    },
    get options() {
      return spec().options
    },
    get positionals() {
      return spec().positionals
    },
    get examples() {
      return spec().examples
    },
    get deprecated() {
      return spec().deprecated
    }
  }
}

/**
 * A flag's description with what its value may be (read from the Schema), so
 * help states every range; a choice lists its words already.
 */
const withAllowed = (f: Field): string => {
  const said = f.description ?? ""
  const allowed = f.kind._tag === "choice" || f.kind._tag === "boolean"
    ? undefined
    : f.kind._tag === "list"
    ? f.itemAllowed
    : f.allowed
  return allowed === undefined || quotesPattern(allowed) || alreadySaid(said, allowed)
    ? said
    : `${said} (${allowed})`.trim()
}

/** The command for a view: its last command word, flags and positionals from the input fields. */
export const commandSpecOf = (v: AnyView): CommandSpec => {
  const op = v.operation as AnyOperation<never>
  const fields = fieldsOf(op.input)
  const named = (v.positional ?? []) as ReadonlyArray<string>
  const positionals: Array<PositionalSpec> = named.map((name, index) => {
    const f = fields.find((x) => x.name === name)!
    return {
      name: kebab(name),
      description: withAllowed(f),
      required: !f.optional,
      choices: choicesOf(f.kind),
      ...(takesRest(f, index, named.length) ? { variadic: true } : {})
    }
  })
  const options: Array<OptionSpec> = []
  for (const f of fields) {
    if (isPositional(v, f.name) || bodyFields(v).includes(f.name)) continue
    const flag = flagOf(v, f.name)
    const negated = negation(v, f.name)
    if (negated !== undefined) {
      options.push({ flag, takesValue: false, description: negated, required: false })
      continue
    }
    const secretFromEnv = fromEnv(v, f.name)
    options.push({
      flag,
      takesValue: f.kind._tag !== "boolean",
      valueName: valueName(v, f),
      description: jsonKind(f)
        ? `${f.description ?? ""} (JSON text, or @FILE of at most ${MAX_INPUT_TEXT})`.trim()
        : withAllowed(f),
      required: !f.optional && !secretFromEnv,
      choices: choicesOf(f.kind),
      repeatable: f.kind._tag === "list"
    })
    if (secretFromEnv) {
      options.push({
        flag: `${flag}-env`,
        takesValue: true,
        valueName: "VAR",
        description: `Read the ${
          f.name.replace(/_/g, " ")
        } from this environment variable (keeps it out of shell history)${
          f.optional ? "" : `; this or ${flag} is required`
        }`,
        required: false
      })
    }
  }
  if (bodyFields(v).length > 0) options.push(bodyFileOption(v))
  if (op.paging !== undefined) options.push(...PAGING_OPTIONS)
  if (v.follow !== undefined) options.push(...FOLLOW_OPTIONS)
  if (v.document !== undefined) {
    options.push({
      flag: v.document.flag,
      takesValue: true,
      valueName: v.document.valueName,
      description: v.document.description,
      required: false
    })
  }
  if (v.save !== undefined) {
    options.push({
      flag: v.save.flag,
      takesValue: true,
      valueName: v.save.valueName,
      description: v.save.description,
      required: false
    })
  }
  return {
    name: v.command[v.command.length - 1]!,
    summary: op.summary,
    // The one delete rule (operation.ts), said in every delete's help rather than in each summary a tool listing pays for.
    description: op.deletes === true ? `${v.help ?? op.summary} ${IDEMPOTENT_DELETE}` : v.help,
    options,
    positionals,
    examples: v.examples,
    subcommands: [],
    deprecated: v.deprecated ?? op.deprecated
  }
}

const bad = (message: string, field: string) => new InvalidInputError({ message, fields: [field] })

const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/
const INTEGER = /^[+-]?\d+$/

/**
 * One typed word to the value the Schema expects; what is not well-formed
 * stays text so the Schema names the problem. An integer is digits only: the
 * service refuses `30.0`, so it is refused here rather than sent as 30.
 */
const scalar = (kind: FieldKind, text: string): unknown =>
  (kind._tag === "integer" && INTEGER.test(text.trim())) || (kind._tag === "number" && NUMBER.test(text.trim()))
    ? Number(text)
    : text

/** A number where a whole one is expected (30.0, 1.5): refused by name, as the service would refuse it. */
const notWhole = (f: Field, kind: FieldKind, text: string) =>
  kind._tag === "integer" && NUMBER.test(text.trim()) && !INTEGER.test(text.trim())
    ? Effect.fail(bad(`${f.name}: must be a whole number${f.secret ? "" : `; got "${text}"`}.`, f.name))
    : Effect.void

/**
 * JSON text, or @FILE read through the one capped reader. `label` is the
 * flag: messages that quote a path or the parser are worded in flags here,
 * as a path may hold a word that is also a field name.
 */
const jsonValue = (f: Field, text: string, label: string): Effect.Effect<unknown, InvalidInputError> => {
  const file = text.startsWith("@") ? text.slice(1) : undefined
  const parse = (content: string) =>
    Effect.try({
      try: () => JSON.parse(content) as unknown,
      // The parser's message quotes the text, which for a secret field is the secret.
      catch: (e) =>
        bad(
          `${label}: ${file === undefined ? "" : `${file} is `}not valid JSON${
            f.secret ? "" : ` (${e instanceof Error ? e.message : String(e)})`
          }.`,
          f.name
        )
    }).pipe(Effect.filterOrFail((value) =>
      !nestsTooDeep(value), () =>
      bad(`${label}: ${file === undefined ? "the JSON" : file} is ${TOO_DEEP}.`, f.name)))
  if (file === "") {
    return Effect.fail(bad(`${label}: @ needs a path after it (@FILE), or give the JSON itself.`, f.name))
  }
  return file === undefined ? parse(text) : Effect.flatMap(readInputFile(file, { label, field: f.name }), parse)
}

const convert = (f: Field, value: OptionValue, label: string): Effect.Effect<unknown, InvalidInputError> => {
  const kind = f.kind
  if (kind._tag === "boolean") return Effect.succeed(value === true)
  if (kind._tag === "list") {
    const words = (typeof value === "string" ? [value] : value === true ? [] : value)
      .flatMap((w) => w.split(",")).map((w) => w.trim()).filter((w) => w !== "")
    return Effect.as(Effect.forEach(words, (w) => notWhole(f, kind.of, w)), words.map((w) => scalar(kind.of, w)))
  }
  const text = typeof value === "string" ? value : value === true ? "" : value.join(",")
  return kind._tag === "json" ? jsonValue(f, text, label) : Effect.as(notWhole(f, kind, text), scalar(kind, text))
}

const BODY_FILE_CULPRIT = { label: BODY_FILE, field: "body_file" }

/** Standard input (the command's), whole up to the cap; a terminal is refused rather than waited on. */
export const readStdin = (stdin: Readable & { readonly isTTY?: boolean }): Effect.Effect<string, InvalidInputError> =>
  Effect.suspend(() =>
    stdin.isTTY === true
      ? Effect.fail(
        bad(`${BODY_FILE} - reads standard input, which is a terminal: pipe or redirect the body in.`, "body_file")
      )
      : readInputStream(stdin, BODY_FILE_CULPRIT, "standard input")
  )

/** Where there is no standard input to read (a caller that gave none). */
const noStdin: Effect.Effect<string, InvalidInputError> = Effect.suspend(() =>
  Effect.fail(bad(`${BODY_FILE} - reads standard input, and there is none here: give a file path.`, "body_file"))
)

/** The fields a --body-file sets: a JSON object whose keys are among the view's body fields. */
const bodyFromFile = (v: AnyView, path: string, stdin: Effect.Effect<string, InvalidInputError>) =>
  Effect.gen(function*() {
    const where = path === "-" ? "standard input" : path
    const text = path === "-" ? yield* stdin : yield* readInputFile(path, BODY_FILE_CULPRIT)
    const parsed = yield* Effect.try({
      try: () => JSON.parse(text) as unknown,
      catch: (e) =>
        bad(`${BODY_FILE}: ${where} is not valid JSON (${e instanceof Error ? e.message : String(e)}).`, "body_file")
    })
    if (nestsTooDeep(parsed)) return yield* Effect.fail(bad(`${BODY_FILE}: ${where} is ${TOO_DEEP}.`, "body_file"))
    const allowed = bodyFields(v)
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
      return yield* Effect.fail(
        bad(`${BODY_FILE}: ${where} must hold a JSON object with ${allowed.join(", ")}.`, "body_file")
      )
    }
    const stray = Object.keys(parsed).filter((k) => !allowed.includes(k))
    if (stray.length > 0) {
      return yield* Effect.fail(
        bad(
          `${BODY_FILE}: ${stray.join(", ")} ${stray.length === 1 ? "is" : "are"} not part of this body (${
            allowed.join(", ")
          }).`,
          "body_file"
        )
      )
    }
    return parsed as Record<string, unknown>
  })

/** The raw input object from what was typed; `env` serves the fromEnv variables, `stdin` a `--body-file -`. */
export const rawInput = (
  v: AnyView,
  given: Given,
  env: Readonly<Record<string, string | undefined>>,
  stdin: Effect.Effect<string, InvalidInputError> = noStdin
) =>
  Effect.gen(function*() {
    const op = v.operation as AnyOperation<never>
    const raw: Record<string, unknown> = {}
    const bodyPath = given.options[BODY_FILE]
    if (bodyFields(v).length > 0 && bodyPath !== undefined) {
      if (typeof bodyPath !== "string" || bodyPath === "") {
        return yield* Effect.fail(bad(`${BODY_FILE} needs a path, or - for standard input.`, "body_file"))
      }
      Object.assign(raw, yield* bodyFromFile(v, bodyPath, stdin))
    }
    const positional = (v.positional ?? []) as ReadonlyArray<string>
    for (const f of fieldsOf(op.input)) {
      if (bodyFields(v).includes(f.name)) continue
      const index = positional.indexOf(f.name)
      if (index >= 0) {
        const words = takesRest(f, index, positional.length)
          ? given.positionals.slice(index)
          : given.positionals.slice(index, index + 1)
        if (words.length > 0) {
          raw[f.name] = yield* convert(f, words.length === 1 ? words[0]! : words, `<${kebab(f.name)}>`)
        }
        continue
      }
      const flag = flagOf(v, f.name)
      const value = given.options[flag]
      if (fromEnv(v, f.name)) {
        const variable = given.options[`${flag}-env`]
        if (typeof variable === "string") {
          if (value !== undefined) {
            return yield* Effect.fail(bad(`Give ${f.name} or ${f.name}-env, not both.`, f.name))
          }
          const fromVariable = env[variable]
          if (fromVariable === undefined || fromVariable === "") {
            return yield* Effect.fail(bad(`${f.name}-env names ${variable}, which is not set or is empty.`, f.name))
          }
          raw[f.name] = fromVariable
          continue
        }
      }
      if (value === undefined || (f.kind._tag === "boolean" && value !== true)) continue
      // A negated switch (--no-wait) given turns its field off.
      raw[f.name] = negation(v, f.name) !== undefined ? false : yield* convert(f, value, flag)
    }
    return raw
  })

/**
 * The flags of secrets (fields also read from a variable, `--passcode-env`) typed on the command line itself,
 * where the process list and shell history show them: each gets a note naming the variable form.
 */
export const secretsTyped = (v: AnyView, given: Given): Array<string> =>
  fieldsOf((v.operation as AnyOperation<never>).input).flatMap((f) =>
    fromEnv(v, f.name) && given.options[flagOf(v, f.name)] !== undefined ? [flagOf(v, f.name)] : []
  )

/** The paging flags: one page, or every page up to the ceiling, from a cursor. */
export const pagingOf = (given: Given) => {
  const raw = given.options["--max-pages"]
  const maxPages = typeof raw === "string" ? Number(raw) : DEFAULT_MAX_PAGES
  if (typeof raw === "string" && (!/^\d+$/.test(raw.trim()) || maxPages < 1)) {
    return Effect.fail(bad(`max_pages: must be a whole number of at least 1; got "${raw}".`, "max_pages"))
  }
  const all = given.options["--all"] === true
  if (typeof raw === "string" && !all) {
    return Effect.fail(bad("max_pages only applies with --all (follow pages).", "max_pages"))
  }
  const cursor = given.options["--cursor"]
  const refused = typeof cursor === "string" ? cursorProblem(cursor, "--cursor") : undefined
  if (refused !== undefined) return Effect.fail(refused)
  return Effect.succeed({ all, maxPages, cursor: typeof cursor === "string" ? cursor : undefined })
}

/**
 * Library messages name fields (context_id); on the command line they are
 * flags (--context-id) or positionals (<webhook-id>).
 */
export const inCliWords = (v: AnyView, error: InvalidInputError): InvalidInputError => {
  // Already in command-line words (it starts with its flag), or about a --body-file, whose own keys are not flags.
  if (error.message.startsWith("--") || (error.fields.length === 1 && error.fields[0] === "body_file")) return error
  const op = v.operation as AnyOperation<never>
  // Not "all": it is an English word too ("a gid (all digits)"); pagingOf writes --all itself.
  const names = new Map<string, string>([["max_pages", "--max-pages"], ["cursor", "--cursor"], [
    "body_file",
    BODY_FILE
  ]])
  let message = error.message
  for (const f of fieldsOf(op.input)) {
    if (bodyFields(v).includes(f.name)) continue
    names.set(f.name, isPositional(v, f.name) ? `<${kebab(f.name)}>` : flagOf(v, f.name))
    if (fromEnv(v, f.name)) {
      names.set(`${f.name}-env`, `${flagOf(v, f.name)}-env`)
      // A secret the CLI also reads from a variable: a missing one names both ways to give it.
      if (message === `${f.name} is required.`) message = `${f.name} or ${f.name}-env is required.`
    }
  }
  // A name inside a path (dev_resources.0.url) is a key of a value, not the flag.
  const pattern = new RegExp(
    `(?<![\\w<.-])(${[...names.keys()].sort((a, b) => b.length - a.length).join("|")})(?![\\w>-])`,
    "g"
  )
  return new InvalidInputError({
    message: message.replace(pattern, (name) => names.get(name) ?? name),
    fields: error.fields
  })
}
