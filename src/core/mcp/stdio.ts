/**
 * The MCP stdio transport: requests on stdin, protocol and nothing else on
 * stdout. Effect's default logger writes to stdout, so while serving it writes
 * to stderr instead, for the handlers' logs too.
 */
import * as Effect from "effect/Effect"
import * as Logger from "effect/Logger"
import * as Stream from "effect/Stream"
import { serveMcp } from "./server.js"
import type { ServerInfo, ToolEntry } from "./types.js"

// A failing stdin means the client is gone: end as if it had closed.
const stdinText: Stream.Stream<string> = Stream.suspend(() => {
  // Decodes UTF-8 across chunk boundaries, so a character split between reads stays whole.
  process.stdin.setEncoding("utf8")
  return Stream.fromAsyncIterable<unknown, unknown>(process.stdin, (e) => e)
}).pipe(
  Stream.map(String),
  Stream.catchAll(() => Stream.empty)
)

// Waits for the write to be handed to the OS; an error means the client is gone and nothing can be told.
const writeStdout = (line: string): Effect.Effect<void> =>
  Effect.async<void>((resume) => {
    process.stdout.write(`${line}\n`, () => resume(Effect.void))
  })

const stderrLogger = Logger.replace(Logger.defaultLogger, Logger.withConsoleError(Logger.stringLogger))

/** Serves on stdin and stdout until stdin ends and the calls in flight have answered. */
export const serveStdio = (info: ServerInfo, tools: ReadonlyArray<ToolEntry>): Effect.Effect<void> =>
  Effect.acquireUseRelease(
    // Without a listener, EPIPE from a client that left would crash the process with an unhandled error.
    Effect.sync(() => {
      const ignore = () => {}
      process.stdout.on("error", ignore)
      return ignore
    }),
    () => serveMcp(info, tools, { input: stdinText, writeLine: writeStdout }).pipe(Effect.provide(stderrLogger)),
    (ignore) => Effect.sync(() => void process.stdout.off("error", ignore))
  )
