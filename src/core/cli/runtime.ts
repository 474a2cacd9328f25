/**
 * Running a command-line program, for either service. The argv is resolved
 * against the command tree first (cli/resolve.ts): help, version and every
 * usage error are answered there, in our voice. A valid line then runs as an
 * @effect/cli app built along its path alone (root → group → leaf), so the
 * registry's size does not cost start-up. Typed errors become `Error:` and a
 * `→` remedy on stderr, and an exit code (exit-codes.ts).
 */
import * as Args from "@effect/cli/Args"
import * as Command from "@effect/cli/Command"
import * as Options from "@effect/cli/Options"
import type * as HttpClient from "@effect/platform/HttpClient"
import * as Terminal from "@effect/platform/Terminal"
import * as Cause from "effect/Cause"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import { inService, isWrapperError, type WrapperError } from "../errors.js"
import { exitCodeOf } from "../exit-codes.js"
import type { ExchangeEvent, Observer, WaitEvent } from "../http/observe.js"
import { ItemsFailed } from "../item-failures.js"
import { ConfigDirWarning } from "../oauth/config-dir.js"
import type { AnyOperation } from "../operation.js"
import { style, useColor } from "../output.js"
import { RateLimiter } from "../pacing/rate-limit.js"
import { RedisStoreConnector } from "../pacing/redis-connector.js"
import { connectRedisLazily } from "../pacing/redis-lazy.js"
import { remedy, type Vocabulary, worded } from "../remedy.js"
import { lostWriteAnswer, withCheck } from "../write-check.js"
import type { ArgvError } from "./argv-error.js"
import type { Given, OptionValue } from "./derive.js"
import { renderHelp } from "./help.js"
import { CliIO, type CliIOShape, safeMessage, sayOn, terminalWidth, writeErr, writeOut, writeStyledErr } from "./io.js"
import { effectCliFlag, resolveArgv } from "./resolve.js"
import type { CommandSpec, OptionSpec } from "./spec.js"

export { safeMessage, writeErr, writeOut, writeText } from "./io.js"

/** What a leaf is handed: the shared options and its own, as typed. */
export interface Invocation extends Given {
  readonly shared: Readonly<Record<string, OptionValue>>
  readonly path: ReadonlyArray<string>
}

export interface Leaf {
  readonly path: ReadonlyArray<string>
  readonly spec: CommandSpec
  /** May use the HttpClient (the program provides Node's) and the command's streams and environment. */
  /** Fails with ItemsFailed when a many-item result was printed but some items failed (only the exit code follows). */
  readonly run: (
    invocation: Invocation
  ) => Effect.Effect<void, WrapperError | ItemsFailed, HttpClient.HttpClient | CliIO>
  /** The name of the registry operation it runs, if any: remedies name commands by it (kept in the light index). */
  readonly operation?: string | undefined
}

/** The program's words, plus how each of its operations is run: taskGet → 'taskmgr task get'. */
const vocabularyOf = (program: Program, path: ReadonlyArray<string>): Vocabulary => ({
  ...program.vocabulary(path),
  operation: (name) => {
    const leaf = program.leaves.find((l) => l.operation === name)
    return leaf === undefined ? undefined : `'${[program.name, ...leaf.path].join(" ")}'`
  }
})

/**
 * A lost write's error names the read that shows whether it was done. The
 * registry's definitions are loaded for it on this error path only, so a
 * command's start-up still loads its own group alone.
 */
const withCheckOf = (program: Program, leaf: Leaf, error: WrapperError): Effect.Effect<WrapperError> => {
  const name = leaf.operation
  if (name === undefined || program.operations === undefined || !lostWriteAnswer(error)) return Effect.succeed(error)
  return Effect.promise(program.operations).pipe(
    Effect.map((operations) => {
      const write = operations.find((op) => op.name === name)
      return write === undefined ? error : withCheck(error, operations, write)
    })
  )
}

export interface Program {
  readonly name: string
  readonly version: string
  readonly summary: string
  readonly shared: ReadonlyArray<OptionSpec>
  readonly groups: Readonly<Record<string, string>>
  readonly leaves: ReadonlyArray<Leaf>
  /** Every registry operation, loaded on demand: only a lost write's error needs them (withCheckOf). */
  readonly operations?: (() => Promise<ReadonlyArray<AnyOperation<never>>>) | undefined
  /** The words remedies use, for the command a failure came from. */
  readonly vocabulary: (path: ReadonlyArray<string>) => Vocabulary
  readonly examples: ReadonlyArray<string>
}

/**
 * The command tree: groups from the leading command words, leaves below
 * ("comment reaction list" sits in the group "comment reaction", inside
 * "comment"). Groups are summarised by their words joined with spaces.
 */
export const programTree = (program: Program): CommandSpec => {
  const groupAt = (path: ReadonlyArray<string>, leaves: ReadonlyArray<Leaf>): Array<CommandSpec> => {
    const depth = path.length
    const here = leaves.filter((l) => l.path.length === depth + 1).map((l) => l.spec)
    const names = [...new Set(leaves.filter((l) => l.path.length > depth + 1).map((l) => l.path[depth]!))]
    const groups = names.map((name): CommandSpec => {
      const words = [...path, name]
      return {
        name,
        summary: program.groups[words.join(" ")] ?? name,
        options: [],
        positionals: [],
        examples: [],
        subcommands: groupAt(words, leaves.filter((l) => l.path[depth] === name))
      }
    })
    return depth === 0 ? [...groups, ...here] : [...here, ...groups]
  }
  return {
    name: program.name,
    summary: program.summary,
    options: [],
    positionals: [],
    examples: program.examples,
    subcommands: groupAt([], program.leaves)
  }
}

/** Each part is made safe before it is styled, so our colours survive and nothing else reaches the terminal raw. */
const renderError = (error: WrapperError, say: Vocabulary, color: boolean) => {
  const s = style(color)
  const headers = error._tag === "RateLimitError"
    ? Object.entries(error.headers).map(([k, v]) => safeMessage(`  ${k}: ${v}`))
    : []
  return [
    `${s.red("Error:")} ${safeMessage(worded(error, say))}`,
    ...headers,
    s.dim(safeMessage(`→ ${remedy(error, say)}`))
  ].join("\n")
}

const renderArgvError = (error: ArgvError, color: boolean) => {
  const s = style(color)
  return [
    `${s.red("Error:")} ${safeMessage(error.message)}`,
    ...(error.suggestion === undefined ? [] : [safeMessage(`Did you mean ${error.suggestion}?`)]),
    s.dim(safeMessage(`→ ${error.remedy}`))
  ].join("\n")
}

const seconds = (d: Duration.Duration) => `${Math.ceil(Duration.toSeconds(d))}s`

const waitLine = (event: WaitEvent) =>
  event.reason === "rate-limited"
    ? `Rate limited (429): waiting ${seconds(event.delay)} as Retry-After asks, then attempt ${event.attempt}…`
    : event.reason === "retry"
    ? `Request failed (${event.detail ?? "error"}): retrying in ${seconds(event.delay)} (attempt ${event.attempt})…`
    : event.reason === "job"
    ? `Waiting for ${event.detail ?? "the job"}: looking again in ${seconds(event.delay)}…`
    : `Pacing to stay within the rate limit: waiting ${seconds(event.delay)}…`

const exchangeLines = (e: ExchangeEvent) => [
  `> ${e.method} ${e.url}`,
  ...Object.entries(e.headers).map(([k, v]) => `> ${k}: ${v}`),
  e.status === null ? `< (no answer: ${e.error ?? "error"}) ${e.millis} ms` : `< ${e.status} (${e.millis} ms)`,
  ...Object.entries(e.responseHeaders).map(([k, v]) => `< ${k}: ${v}`)
]

/** Waits are said on a terminal; every exchange is said in debug mode (`<PROGRAM>_DEBUG=api`). */
export const cliObserver = (io: CliIOShape, debug: boolean): Observer => {
  const say = sayOn(io)
  return {
    onWait: (event) => (io.stderr.isTTY === true ? say(waitLine(event)) : Effect.void),
    onNotice: (message) => say(`Note: ${message}`),
    onExchange: debug ? (event) => say(exchangeLines(event).join("\n")) : undefined
  }
}

/** An @effect/cli command for a leaf, whose options and arguments are those of its spec. */
const effectLeaf = <R>(
  spec: CommandSpec,
  handle: (given: Given) => Effect.Effect<void, WrapperError | ItemsFailed, R>
) => {
  const config: Record<string, Options.Options<unknown> | Args.Args<unknown>> = {}
  spec.options.forEach((o, i) => {
    const name = effectCliFlag(o.flag).replace(/^--/, "")
    config[`o${i}`] = !o.takesValue
      ? Options.boolean(name)
      : o.repeatable === true
      ? Options.repeated(Options.text(name))
      : Options.optional(Options.text(name))
  })
  config.positionals = Args.repeated(Args.text({ name: "args" }))
  return Command.make(spec.name, config, (parsed) => {
    const options: Record<string, OptionValue> = {}
    spec.options.forEach((o, i) => {
      const value = parsed[`o${i}`]
      if (value === true) options[o.flag] = true
      else if (Array.isArray(value)) {
        const words = (value as Array<string>).flatMap((v) => v.split(",")).map((v) => v.trim()).filter((v) => v !== "")
        if (words.length > 0) options[o.flag] = words
      } else if (Option.isOption(value) && Option.isSome(value)) options[o.flag] = value.value as string
    })
    return handle({ options, positionals: parsed.positionals as ReadonlyArray<string> })
  })
}

const sharedConfig = (shared: ReadonlyArray<OptionSpec>) => {
  const config: Record<string, Options.Options<unknown>> = {}
  shared.forEach((o, i) => {
    const name = o.flag.replace(/^--/, "")
    config[`s${i}`] = o.takesValue ? Options.optional(Options.text(name)) : Options.boolean(name)
  })
  return config
}

/**
 * A command of any parsed shape: a group's parsed value is its child's plus
 * `subcommand`, and the handler's parameter makes the type invariant there.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyCommand<R, E> = Command.Command<string, R, E, any>

/** The leaf's command wrapped in one command per group word along its path, innermost first. */
const withinGroups = <R, E>(words: ReadonlyArray<string>, leaf: AnyCommand<R, E>): AnyCommand<R, E> =>
  words.reduceRight<AnyCommand<R, E>>((inner, word) => Command.make(word).pipe(Command.withSubcommands([inner])), leaf)

/**
 * @effect/cli asks for a Terminal, for prompts we never show: one on the
 * command's own stdout that reads no input, so nothing touches process.stdin.
 */
const terminalOf = (io: CliIOShape): Terminal.Terminal => ({
  columns: Effect.sync(() => terminalWidth(io)),
  rows: Effect.succeed(0),
  isTTY: Effect.sync(() => io.stdout.isTTY === true),
  readInput: Effect.die("the command line reads no keys"),
  readLine: Effect.fail(new Terminal.QuitException()),
  display: (text) => Effect.sync(() => void io.stdout.write(text))
})

/** Node's platform, loaded when a command runs (http/node-platform.ts). */
const nodePlatform = Layer.unwrapEffect(
  Effect.promise(() => import("../http/node-platform.js")).pipe(Effect.map((m) => m.nodePlatform))
)

/** What a command runs on: Node's platform, the command's streams, and a pacing store of its own (the run's, not the process's). */
const platformFor = (io: CliIOShape) =>
  Layer.mergeAll(
    nodePlatform,
    RateLimiter.layer,
    // --rate-store: the Redis client, loaded when a store is first used.
    Layer.succeed(RedisStoreConnector, connectRedisLazily),
    Layer.succeed(Terminal.Terminal, terminalOf(io)),
    Layer.succeed(CliIO, io),
    Layer.succeed(ConfigDirWarning, (line: string) => void io.stderr.write(`${safeMessage(line)}\n`))
  )

/**
 * Runs the program on argv (without node and script) against `io` (its
 * environment and streams) and resolves with the exit code. Nothing here or
 * below reads or writes the process's own.
 */
export const runProgram = (program: Program, argv: ReadonlyArray<string>, io: CliIOShape): Effect.Effect<number> =>
  runResolved(program, argv, io).pipe(Effect.provideService(CliIO, io))

const runResolved = (
  program: Program,
  argv: ReadonlyArray<string>,
  io: CliIOShape
): Effect.Effect<number, never, CliIO> => {
  const errColor = useColor(io.stderr, io.env)
  const tree = programTree(program)
  const resolved = resolveArgv(tree, program.shared, argv)
  if (!resolved.ok) return Effect.as(writeStyledErr(renderArgvError(resolved.error, errColor)), 2)
  const r = resolved.value
  if (r.version) return Effect.as(writeOut(`${program.name} ${program.version}`), 0)
  if (r.help) {
    const width = Math.min(100, terminalWidth(io))
    return Effect.as(
      writeOut(renderHelp(tree, r.path, program.shared, { width, color: useColor(io.stdout, io.env) })),
      0
    )
  }
  const leaf = program.leaves.find((l) => l.path.join(" ") === r.path.join(" "))
  if (leaf === undefined) {
    return Effect.as(writeErr(`Error: no command at '${[program.name, ...r.path].join(" ")}'.`), 2)
  }

  // The app along the path alone; shared options are read from the root command.
  const root = Command.make(program.name, sharedConfig(program.shared))
  const sharedOf = (parsed: Record<string, unknown>) => {
    const values: Record<string, OptionValue> = {}
    program.shared.forEach((o, i) => {
      const value = parsed[`s${i}`]
      if (value === true) values[o.flag] = true
      else if (Option.isOption(value) && Option.isSome(value)) values[o.flag] = value.value as string
    })
    return values
  }
  const leafCommand = effectLeaf(
    leaf.spec,
    (given) =>
      Effect.flatMap(
        root,
        (parsed) => leaf.run({ ...given, shared: sharedOf(parsed as Record<string, unknown>), path: r.path })
      )
  )
  const info = { name: program.name, version: program.version }
  const nested = withinGroups(r.path.slice(0, -1), leafCommand)
  const app = Command.run(root.pipe(Command.withSubcommands([nested])), info)

  return app([program.name, program.name, ...r.normalized]).pipe(
    Effect.provide(platformFor(io)),
    Effect.exit,
    Effect.flatMap((exit) => {
      if (Exit.isSuccess(exit)) return Effect.succeed(0)
      const failure = Cause.failureOption(exit.cause)
      // Each failed item is already in the output: only the code is left to give.
      if (Option.isSome(failure) && failure.value instanceof ItemsFailed) return Effect.succeed(failure.value.code)
      if (Option.isSome(failure) && isWrapperError(failure.value)) {
        return Effect.flatMap(
          withCheckOf(program, leaf, inService(program.name)(failure.value)),
          (error) =>
            Effect.as(writeStyledErr(renderError(error, vocabularyOf(program, r.path), errColor)), exitCodeOf(error))
        )
      }
      if (Option.isSome(failure)) {
        // resolveArgv accepted the line; @effect/cli refusing it is our bug, not the user's.
        return Effect.as(
          writeErr(
            `Error: the command line could not be parsed after it was checked.\n→ Report this with the command you ran.`
          ),
          1
        )
      }
      if (Cause.isInterruptedOnly(exit.cause)) return Effect.succeed(130)
      const pretty = Cause.pretty(exit.cause).split("\n")[0]
      return Effect.as(writeErr(`Error: unexpected failure: ${pretty}\n→ Report this with the command you ran.`), 1)
    })
  )
}

/** The program as a function of argv, environment and streams, resolving with the exit code. */
export const runCommandLine = (program: Program, argv: ReadonlyArray<string>, io: CliIOShape): Promise<number> =>
  Effect.runPromiseExit(runProgram(program, argv, io)).then((exit) =>
    Exit.isSuccess(exit) ? exit.value : Cause.isInterruptedOnly(exit.cause) ? 0 : 1
  )
