/**
 * The MCP stdio transport: requests on stdin, protocol and nothing else on
 * stdout (the command's streams, core/cli/io.ts). Effect's default logger
 * writes to stdout, so while serving it writes to stderr instead, for the
 * handlers' logs too.
 */
import * as Effect from "effect/Effect"
import * as Logger from "effect/Logger"
import * as Stream from "effect/Stream"
import type { CliIOShape, InStream, OutStream } from "../cli/io.js"
import { serveMcp, type ServeOptions } from "./server.js"
import type { ServerInfo, ToolCatalog, ToolEntry } from "./types.js"

// A failing stdin means the client is gone: end as if it had closed.
const textOf = (stdin: InStream): Stream.Stream<string> =>
  Stream.suspend(() => {
    // Decodes UTF-8 across chunk boundaries, so a character split between reads stays whole.
    stdin.setEncoding("utf8")
    return Stream.fromAsyncIterable<unknown, unknown>(stdin, (e) => e)
  }).pipe(
    Stream.map(String),
    Stream.catchAll(() => Stream.empty)
  )

// Waits for the write to be handed to the OS; an error means the client is gone and nothing can be told.
const lineWriter = (stdout: OutStream) => (line: string): Effect.Effect<void> =>
  Effect.async<void>((resume) => {
    stdout.write(`${line}\n`, () => resume(Effect.void))
  })

const stderrLogger = (stderr: OutStream) =>
  Logger.replace(Logger.defaultLogger, Logger.map(Logger.stringLogger, (text) => void stderr.write(`${text}\n`)))

/** Serves on the command's stdin and stdout until stdin ends and the calls in flight have answered. */
export const serveStdio = (
  info: ServerInfo,
  tools: ReadonlyArray<ToolEntry> | ToolCatalog,
  io: CliIOShape,
  options: ServeOptions = {}
): Effect.Effect<void> =>
  Effect.acquireUseRelease(
    // Without a listener, EPIPE from a client that left would crash the process with an unhandled error.
    Effect.sync(() => {
      const ignore = () => {}
      io.stdout.on("error", ignore)
      return ignore
    }),
    () =>
      serveMcp(info, tools, { input: textOf(io.stdin), writeLine: lineWriter(io.stdout) }, options).pipe(
        Effect.provide(stderrLogger(io.stderr))
      ),
    (ignore) => Effect.sync(() => void io.stdout.off("error", ignore))
  )
