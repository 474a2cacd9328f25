/**
 * What a command line runs against: its environment and its three streams.
 * The CLI reads and writes nothing process-global; the executables hand in
 * the process's own (`processIO`), and tests hand in strings and buffers, so
 * a whole command runs as a function from argv, environment and streams to an
 * exit code (cli/runtime.ts `runProgram`).
 */
import * as Context from "effect/Context"
import * as Deferred from "effect/Deferred"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import type * as Scope from "effect/Scope"
import type { Readable, Writable } from "node:stream"
import { visible } from "../output.js"
import { scrubSecrets } from "../secrets.js"

export type Env = Readonly<Record<string, string | undefined>>

/** A writable stream, and whether it is a terminal (and how wide) as Node's tty streams say. */
export type OutStream = Writable & { readonly isTTY?: boolean; readonly columns?: number }
export type InStream = Readable & { readonly isTTY?: boolean }

export interface CliIOShape {
  readonly env: Env
  readonly stdout: OutStream
  readonly stderr: OutStream
  readonly stdin: InStream
  /**
   * Calls `handler` on the user's interrupt (Ctrl-C, SIGINT) or a request to
   * stop (SIGTERM) until the returned function is called; only a command
   * that ends cleanly on it (a `--follow`) listens. Absent: nothing interrupts.
   */
  readonly onInterrupt?: ((handler: () => void) => () => void) | undefined
}

export class CliIO extends Context.Tag("design-taskmgr/CliIO")<CliIO, CliIOShape>() {}

/**
 * How wide the command's terminal is: `COLUMNS` when it is a positive whole
 * number (the user's word wins, as with ls and gh), else what stdout reports,
 * and 80 when that is unknown (a terminal that reports 0x0, or none).
 */
export const terminalWidth = (io: Pick<CliIOShape, "env" | "stdout">): number => {
  const fromEnv = Number(io.env.COLUMNS?.trim() ?? "")
  if (io.env.COLUMNS !== undefined && Number.isInteger(fromEnv) && fromEnv > 0) return fromEnv
  const reported = io.stdout.columns
  return reported !== undefined && Number.isFinite(reported) && reported > 0 ? reported : 80
}

/** A write to a reader that went away (`| head -n 1`), or any write after it. */
const readerGone = (error: NodeJS.ErrnoException) => error.code === "EPIPE" || error.code === "ERR_STREAM_DESTROYED"

/**
 * The process's own: what the executables run with. A stdout whose reader
 * went away is not a failure of the command: what is written after is
 * dropped, without Node's stack trace (a follow ends there, cli/follow.ts).
 */
export const processIO = (): CliIOShape => {
  process.stdout.on("error", (error: NodeJS.ErrnoException) => {
    if (!readerGone(error)) throw error
  })
  return {
    env: process.env,
    stdout: process.stdout,
    stderr: process.stderr,
    stdin: process.stdin,
    onInterrupt: (handler) => {
      process.on("SIGINT", handler)
      process.on("SIGTERM", handler)
      return () => {
        process.off("SIGINT", handler)
        process.off("SIGTERM", handler)
      }
    }
  }
}

/** Resolves when stdout's reader has gone away (EPIPE): a command that writes until interrupted ends there. */
export const stdoutClosed = (io: Pick<CliIOShape, "stdout">): Effect.Effect<void> =>
  Effect.async<void>((resume) => {
    const closed = () => resume(Effect.void)
    io.stdout.once("error", closed)
    return Effect.sync(() => void io.stdout.off("error", closed))
  })

/**
 * Exits with `code` once stdout and stderr have handed everything written to
 * the system: a pipe whose reader is slower than us holds back what does not
 * fit its buffer (64 KiB), and exiting at once would drop it. A closed reader
 * (EPIPE) ends the wait too.
 */
export const exitWhenWritten = (code: number): Promise<never> => {
  const written = (stream: NodeJS.WriteStream) =>
    new Promise<void>((resolve) => {
      if (stream.destroyed || stream.writableLength === 0) return resolve()
      stream.once("error", () => resolve())
      stream.write("", () => resolve())
    })
  return Promise.all([written(process.stdout), written(process.stderr)]).then(() => process.exit(code))
}

const line = (text: string) => (text.endsWith("\n") ? text : `${text}\n`)

/** Data on stdout, as given: JSON and TOON (already safe, output.ts), a token asked for, a script. */
/** How much of a long output is handed to stdout at once. */
const CHUNK = 64 * 1024

/**
 * Lines to stdout in chunks as they are made, waiting whenever stdout asks to (a reader slower than the
 * writer): a long document is never held whole, here or in the stream's buffer.
 */
export const writeLines = (lines: Iterable<string>): Effect.Effect<void, never, CliIO> =>
  Effect.flatMap(CliIO, (io) =>
    Effect.async<void>((resume) => {
      const iterator = lines[Symbol.iterator]()
      const pump = () => {
        for (let done = false; !done;) {
          let chunk = ""
          for (;;) {
            const next = iterator.next()
            if (next.done === true) {
              done = true
              break
            }
            chunk += `${next.value}\n`
            if (chunk.length >= CHUNK) break
          }
          if (chunk !== "" && !io.stdout.write(chunk) && !done) {
            io.stdout.once("drain", pump)
            return
          }
        }
        resume(Effect.void)
      }
      pump()
    }))

export const writeOut = (text: string): Effect.Effect<void, never, CliIO> =>
  Effect.flatMap(CliIO, (io) => Effect.sync(() => void io.stdout.write(line(text))))

/** Text for people on stdout that may hold service data: control characters made visible. */
export const writeText = (text: string): Effect.Effect<void, never, CliIO> => writeOut(visible(text))

/** Our own styled text on stderr, whose parts were made safe before styling. */
export const writeStyledErr = (text: string): Effect.Effect<void, never, CliIO> =>
  Effect.flatMap(CliIO, (io) => Effect.sync(() => void io.stderr.write(line(text))))

/** A message for people: no credential, no terminal control. */
export const safeMessage = (text: string) => visible(scrubSecrets(text))

/**
 * Any message on stderr: whatever it quotes (the service's words, input
 * echoed, a debug line) has every credential the process holds masked and
 * its control characters made visible.
 */
export const writeErr = (text: string): Effect.Effect<void, never, CliIO> => writeStyledErr(safeMessage(text))

/** A writer of lines to this command's stderr, for code that takes a `say` function. */
export const sayOn = (io: CliIOShape) => (text: string): Effect.Effect<void> =>
  Effect.sync(() => void io.stderr.write(line(safeMessage(text))))

/** Resolves when the user interrupts (Ctrl-C); never, where nothing can interrupt. */
export const interrupted = (io: CliIOShape): Effect.Effect<void> =>
  Effect.scoped(Effect.flatMap(listenForInterrupt(io), (came) => came))

/**
 * Listens for the user's interrupt from now on (until the scope closes), so
 * one that comes while the command is still starting is not missed; the
 * effect returned resolves once it came.
 */
export const listenForInterrupt = (io: CliIOShape): Effect.Effect<Effect.Effect<void>, never, Scope.Scope> =>
  io.onInterrupt === undefined ? Effect.succeed(Effect.never) : Effect.gen(function*() {
    const came = yield* Deferred.make<void>()
    const stop = io.onInterrupt!(() => Deferred.unsafeDone(came, Exit.void))
    yield* Effect.addFinalizer(() => Effect.sync(stop))
    return Deferred.await(came)
  })

/** The command's environment. */
export const cliEnv: Effect.Effect<Env, never, CliIO> = Effect.map(CliIO, (io) => io.env)
