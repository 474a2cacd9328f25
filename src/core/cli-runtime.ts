/**
 * Running a command-line app: the process boundary. Renders typed errors as
 * "Error: …" plus a remedy line on stderr and maps them to exit codes
 * (errors.ts), keeps @effect/cli's help free of colour when not on a terminal,
 * and provides the platform services @effect/cli needs.
 */
import * as Command from "@effect/cli/Command"
import * as ValidationError from "@effect/cli/ValidationError"
import * as NodeFileSystem from "@effect/platform-node/NodeFileSystem"
import * as NodePath from "@effect/platform-node/NodePath"
import * as NodeTerminal from "@effect/platform-node/NodeTerminal"
import * as Cause from "effect/Cause"
import * as Console from "effect/Console"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Layer from "effect/Layer"
import { exitCode, isWrapperError, type WrapperError } from "./errors.js"
import { stripAnsi, style, useColor } from "./output.js"

export const writeOut = (text: string) => Effect.sync(() => void process.stdout.write(text.endsWith("\n") ? text : `${text}\n`))
export const writeErr = (text: string) => Effect.sync(() => void process.stderr.write(text.endsWith("\n") ? text : `${text}\n`))

export const stdoutColor = () => useColor(process.stdout, process.env)
export const stderrColor = () => useColor(process.stderr, process.env)

/** @effect/cli prints help and its own errors with ANSI codes: strip them unless the stream is a colour terminal. */
const plainConsole = (base: Console.Console): Console.Console => {
  const clean = (color: boolean, args: ReadonlyArray<unknown>) => (color ? args : args.map((a) => (typeof a === "string" ? stripAnsi(a) : a)))
  return {
    ...base,
    log: (...args) => base.log(...clean(stdoutColor(), args)),
    info: (...args) => base.info(...clean(stdoutColor(), args)),
    error: (...args) => base.error(...clean(stderrColor(), args)),
    warn: (...args) => base.warn(...clean(stderrColor(), args))
  }
}

export const renderError = (error: WrapperError) => {
  const s = style(stderrColor())
  return `${s.red("Error:")} ${error.message}\n${s.dim(`→ ${error.remedy}`)}`
}

const PlatformLive = Layer.mergeAll(NodeFileSystem.layer, NodePath.layer, NodeTerminal.layer)

/**
 * Runs the app on argv and resolves with the exit code. Expected failures
 * are rendered here; a defect prints its message, never a token.
 */
export const runCli = <Name extends string, R, E>(
  command: Command.Command<Name, R, E, any>,
  info: { readonly name: string; readonly version: string },
  argv: ReadonlyArray<string>
) => {
  return Console.consoleWith((base) => Effect.withConsole(Command.run(command, info)(argv), plainConsole(base))).pipe(
    Effect.provide(PlatformLive),
    Effect.exit,
    Effect.flatMap((exit) => {
      if (Exit.isSuccess(exit)) return Effect.succeed(0)
      const failure = Cause.failureOption(exit.cause)
      if (failure._tag === "Some") {
        const error = failure.value
        if (isWrapperError(error)) return Effect.as(writeErr(renderError(error)), exitCode(error))
        // @effect/cli has already printed what was wrong with the arguments.
        if (ValidationError.isValidationError(error)) return Effect.succeed(2)
      }
      if (Cause.isInterruptedOnly(exit.cause)) return Effect.succeed(130)
      return Effect.as(writeErr(`Error: unexpected failure: ${Cause.pretty(exit.cause).split("\n")[0]}\n→ Report this with the command you ran.`), 1)
    })
  )
}

/**
 * The process entry: runs the app on process.argv and exits with its code.
 * Exiting at once skips tearing down the heap (tens of milliseconds); stdout
 * and stderr are synchronous for files and pipes on Linux, so nothing written
 * is lost. A stdio server whose input closes ends by interruption: a normal end.
 */
export const runMain = <Name extends string, E>(
  command: Command.Command<Name, never, E, any>,
  info: { readonly name: string; readonly version: string },
  argv: ReadonlyArray<string> = process.argv
) =>
  Effect.runPromiseExit(runCli(command, info, argv)).then((exit) => {
    process.exit(Exit.isSuccess(exit) ? exit.value : Cause.isInterruptedOnly(exit.cause) ? 0 : 1)
  })
