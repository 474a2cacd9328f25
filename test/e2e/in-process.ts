/**
 * The CLI run in the test's own process: the program's entry (a function of
 * argv, environment and streams, src/core/cli/runtime.ts) against strings in
 * place of stdout and stderr. It answers in the shape of the spawning `run`
 * (helpers.ts), so a test moves between the two by swapping the helper; what
 * depends on the process itself (signals, a crash's exit code, a terminal,
 * the binary's start) stays with `run`.
 */
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Fiber from "effect/Fiber"
import { basename } from "node:path"
import { PassThrough, Readable } from "node:stream"
import type { CliIOShape, Env, OutStream } from "../../src/core/cli/io.js"
import type { Program } from "../../src/core/cli/runtime.js"

/** A stream that keeps what is written, and says it is a terminal of `columns` when asked to. */
export const memoryStream = (terminal?: { readonly columns: number }) => {
  const chunks: Array<Buffer> = []
  const stream = new PassThrough() as PassThrough & { isTTY?: boolean; columns?: number }
  stream.on("data", (chunk: Buffer) => void chunks.push(chunk))
  if (terminal !== undefined) {
    stream.isTTY = true
    stream.columns = terminal.columns
  }
  return { stream: stream as OutStream, text: () => Buffer.concat(chunks).toString("utf8") }
}

export interface MemoryIO {
  readonly io: CliIOShape
  readonly stdout: () => string
  readonly stderr: () => string
}

export interface MemoryIOOptions {
  /** What stdin holds (default: nothing, as with a child's stdin on /dev/null). */
  readonly stdin?: string | undefined
  /** stdout (and stderr) are a terminal this wide. */
  readonly tty?: { readonly columns: number } | undefined
  /**
   * Answers a prompt: called with all of stderr so far after each write, its
   * first non-undefined answer is written to stdin, which then ends. Without
   * it stdin holds `stdin` and ends at once.
   */
  readonly answer?: ((stderr: string) => string | undefined) | undefined
  /**
   * The user presses Ctrl-C: a command that listens for it (a `--follow`) is
   * interrupted once it printed its first output, or after this many ms.
   */
  readonly interruptAfterMs?: number | undefined
}

/** Calls a command's interrupt handler as a user would: once output came, or after a while. */
const interruptOf = (out: ReturnType<typeof memoryStream>, ms: number): CliIOShape["onInterrupt"] => (handler) => {
  let done = false
  const fire = () => {
    if (done) return
    done = true
    clearTimeout(timer)
    out.stream.off("data", fire)
    handler()
  }
  const timer = setTimeout(fire, ms)
  out.stream.on("data", fire)
  return () => {
    done = true
    clearTimeout(timer)
    out.stream.off("data", fire)
  }
}

export const memoryIO = (env: Env, options: MemoryIOOptions = {}): MemoryIO => {
  const out = memoryStream(options.tty)
  const err = memoryStream(options.tty)
  const answer = options.answer
  const interrupt = options.interruptAfterMs === undefined
    ? {}
    : { onInterrupt: interruptOf(out, options.interruptAfterMs) }
  if (answer === undefined) {
    const stdin = Readable.from(options.stdin === undefined ? [] : [Buffer.from(options.stdin)])
    return {
      io: { env, stdout: out.stream, stderr: err.stream, stdin, ...interrupt },
      stdout: out.text,
      stderr: err.text
    }
  }
  const stdin = new PassThrough()
  const onErr = () => {
    const line = answer(err.text())
    if (line === undefined) return
    err.stream.off("data", onErr)
    stdin.end(line)
  }
  // After memoryStream's own listener, so the text includes this chunk.
  err.stream.on("data", onErr)
  return {
    io: { env, stdout: out.stream, stderr: err.stream, stdin, ...interrupt },
    stdout: out.text,
    stderr: err.text
  }
}

const programs: Record<string, () => Promise<Program>> = {
  design: () => import("../../src/design/cli/program.js").then((m) => m.designProgram),
  taskmgr: () => import("../../src/taskmgr/cli/program.js").then((m) => m.taskmgrProgram)
}

/** design or taskmgr, from a binary's path (dist/taskmgr.js) or name. */
export const programNamed = (bin: string): Promise<Program> => {
  const name = basename(bin).replace(/\.js$/, "")
  const load = programs[name]
  if (load === undefined) throw new Error(`no program for ${bin}: design or taskmgr`)
  return load()
}

export interface InProcessResult {
  /** The exit code the process would have ended with; null when the run outlived its time and was interrupted. */
  readonly code: number | null
  readonly stdout: string
  readonly stderr: string
  readonly ms: number
}

/** Runs `program` on argv with exactly `env` and resolves with what it printed and its exit code. */
export const runProgramInProcess = async (
  program: Program,
  argv: ReadonlyArray<string>,
  env: Env,
  options: MemoryIOOptions & { readonly timeoutMs?: number | undefined } = {}
): Promise<InProcessResult> => {
  const { runProgram } = await import("../../src/core/cli/runtime.js")
  const started = Date.now()
  const memory = memoryIO(env, options)
  const fiber = Effect.runFork(runProgram(program, argv, memory.io))
  const timer = setTimeout(() => Effect.runFork(Fiber.interrupt(fiber)), options.timeoutMs ?? 25_000)
  const exit = await Effect.runPromise(Fiber.await(fiber))
  clearTimeout(timer)
  // Writes are handed to the streams synchronously; their "data" events follow on the next ticks.
  await new Promise((resolve) => setImmediate(resolve))
  const code = Exit.isSuccess(exit) ? exit.value : null
  return { code, stdout: memory.stdout(), stderr: memory.stderr(), ms: Date.now() - started }
}
