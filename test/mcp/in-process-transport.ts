/**
 * The official MCP client talking to `<program> mcp` run in this process: the
 * same command line and stdio transport as the binary (core/mcp/stdio.ts),
 * with the command's stdin and stdout as in-memory streams instead of pipes
 * to a child. Use `StdioClientTransport` where the process itself matters.
 */
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js"
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js"
import * as Effect from "effect/Effect"
import { PassThrough } from "node:stream"
import type { Env } from "../../src/core/cli/io.js"
import { type Program, runProgram } from "../../src/core/cli/runtime.js"
import { memoryStream, programNamed } from "../e2e/in-process.js"

export interface InProcessServer {
  readonly transport: Transport
  /** What the server wrote to stderr so far. */
  readonly stderr: () => string
  /** The command's exit code, once stdin has closed and it has ended. */
  readonly exited: Promise<number>
}

/** `program mcp ...args` with exactly `env`, served over in-memory stdio once the client starts the transport. */
export const inProcessServer = (
  program: "design" | "taskmgr" | Program,
  args: ReadonlyArray<string>,
  env: Env
): InProcessServer => {
  const stdin = new PassThrough()
  const stdout = new PassThrough()
  const err = memoryStream()
  let resolveExit: (code: number) => void = () => {}
  const exited = new Promise<number>((resolve) => void (resolveExit = resolve))
  const transport: Transport = {
    start: async () => {
      let buffered = ""
      stdout.setEncoding("utf8").on("data", (chunk: string) => {
        buffered += chunk
        for (let newline = buffered.indexOf("\n"); newline >= 0; newline = buffered.indexOf("\n")) {
          const line = buffered.slice(0, newline)
          buffered = buffered.slice(newline + 1)
          if (line.trim() === "") continue
          try {
            transport.onmessage?.(JSON.parse(line) as JSONRPCMessage)
          } catch (e) {
            transport.onerror?.(e instanceof Error ? e : new Error(String(e)))
          }
        }
      })
      const loaded = typeof program === "string" ? await programNamed(program) : program
      void Effect.runPromise(runProgram(loaded, ["mcp", ...args], { env, stdin, stdout, stderr: err.stream })).then(
        (code) => {
          resolveExit(code)
          transport.onclose?.()
        }
      )
    },
    send: (message: JSONRPCMessage) =>
      new Promise<void>((resolve) => {
        stdin.write(`${JSON.stringify(message)}\n`, () => resolve())
      }),
    close: async () => {
      stdin.end()
      await exited
    }
  }
  return { transport, stderr: err.text, exited }
}
