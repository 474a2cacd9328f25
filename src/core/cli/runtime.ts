/**
 * Running a command-line program, for either service. The argv is resolved
 * against the command tree once (cli/resolve.ts): help, version and every
 * usage error are answered there, in our voice. A valid line then runs its
 * leaf's @effect/cli command (effect-command.ts), whose handler is handed the
 * resolver's values; only that leaf's command is built, so the registry's
 * size does not cost start-up. Typed errors become `Error:` and a `→` remedy
 * on stderr, and an exit code (exit-codes.ts).
 */
import type * as HttpClient from "@effect/platform/HttpClient"
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
import { invoke, leafCommand, rootCommand } from "./effect-command.js"
import { renderHelp } from "./help.js"
import { CliIO, type CliIOShape, safeMessage, sayOn, terminalWidth, writeErr, writeOut, writeStyledErr } from "./io.js"
import { resolveArgv } from "./resolve.js"
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
    : `Pacing to stay within the rate limit${
      event.detail === undefined ? "" : ` shared through ${event.detail}`
    }: waiting ${seconds(event.delay)}…`

export const exchangeLines = (e: ExchangeEvent) => [
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

/** Node's HTTP client, loaded when a command runs (http/node-platform.ts). */
const nodePlatform = Layer.unwrapEffect(
  Effect.promise(() => import("../http/node-platform.js")).pipe(Effect.map((m) => m.nodePlatform))
)

/** What a command runs on: Node's HTTP client, the command's streams, and a pacing store of its own (the run's, not the process's). */
const platformFor = (io: CliIOShape) =>
  Layer.mergeAll(
    nodePlatform,
    RateLimiter.layer,
    // --rate-store: the Redis client, loaded when a store is first used.
    Layer.succeed(RedisStoreConnector, connectRedisLazily),
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

  const root = rootCommand(program.name, program.shared)
  const command = leafCommand(root, leaf.spec, (given) => leaf.run({ ...given, path: r.path }))

  return invoke(root, command, r).pipe(
    // What the command's clients hold (a rate store's connection) is closed when it ends.
    Effect.scoped,
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
