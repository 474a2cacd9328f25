/**
 * Every help example of a program, run in this process against a simulator
 * served on loopback whose every API answer is recorded: what the
 * published-description checks read. The simulator goes back to its seed
 * before each example, so each runs on the world its words assume.
 */
import * as HttpServerRequest from "@effect/platform/HttpServerRequest"
import type * as HttpServerResponse from "@effect/platform/HttpServerResponse"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Scope from "effect/Scope"
import type { Program } from "../../../src/core/cli/runtime.js"
import { isControlPath } from "../../../src/testing/core/control-routes.js"
import { serveSimulator } from "../../../src/testing/core/serve.js"
import type { Simulator } from "../../../src/testing/core/simulator.js"
import { runProgramInProcess } from "../../e2e/in-process.js"
import type { Answer } from "./described.js"

/** An example's words as a shell would split them: quotes kept together, a backslash-newline joining lines. */
export const shellWords = (line: string): Array<string> => {
  const words: Array<string> = []
  let word: string | null = null
  let quote: "'" | "\"" | null = null
  const text = line.replace(/\\\n\s*/g, "")
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!
    if (quote !== null) {
      if (c === quote) quote = null
      else word = (word ?? "") + c
    } else if (c === "'" || c === "\"") {
      quote = c
      word = word ?? ""
    } else if (/\s/.test(c)) {
      if (word !== null) words.push(word)
      word = null
    } else {
      word = (word ?? "") + c
    }
  }
  if (word !== null) words.push(word)
  return words
}

const bodyText = (response: HttpServerResponse.HttpServerResponse): string | undefined => {
  const body = response.body
  return body._tag === "Uint8Array" ? new TextDecoder().decode(body.body) : undefined
}

/** The simulator with every API answer (not its /_sandbox controls) pushed onto `answers`. */
const recording = (simulator: Simulator, answers: Array<Answer>): Simulator => ({
  ...simulator,
  app: Effect.gen(function*() {
    const request = yield* HttpServerRequest.HttpServerRequest
    const response = yield* simulator.app
    const url = new URL(request.url, "http://simulator")
    const text = bodyText(response)
    if (!isControlPath(url.pathname) && text !== undefined) {
      let body: unknown = text
      try {
        body = JSON.parse(text)
      } catch {
        // Kept as text: a checker says it is not the described JSON.
      }
      answers.push({
        method: request.method,
        path: url.pathname,
        query: url.searchParams,
        status: response.status,
        body
      })
    }
    return response
  })
})

export interface ExampleRun {
  readonly example: string
  readonly code: number | null
  readonly answers: ReadonlyArray<Answer>
}

/**
 * Examples that send nothing, change this machine (files, settings, the checkout's repository file), or never
 * end by themselves (--follow).
 */
const LOCAL = /\b(sandbox|mcp|auth|repo|scan-todos|completion)\b|--(out|file|body-file|follow)(?=[\s=]|$)|\s@\S|[|>]/

/**
 * The program's examples that ask the service something, each as it runs alone on a fresh simulator: under
 * each credential of `envs` in turn until one succeeds (an Enterprise group refuses the first, personal token),
 * every answer of every try recorded.
 */
export const runExamples = async (
  program: Program,
  simulator: Simulator,
  envs: ReadonlyArray<(origin: string) => Record<string, string>>,
  /**
   * Command lines run in turn on one fresh simulator, for what no example reaches (a webhook made first); a
   * line may come with what its stdin holds.
   */
  sequences: ReadonlyArray<ReadonlyArray<string | readonly [line: string, stdin: string]>> = []
): Promise<Array<ExampleRun>> => {
  const scope = Effect.runSync(Scope.make())
  const answers: Array<Answer> = []
  try {
    const { base_url } = await Effect.runPromise(
      Scope.extend(serveSimulator(recording(simulator, answers), 0), scope)
    )
    const runs: Array<ExampleRun> = []
    const examples = program.leaves.flatMap((leaf) => leaf.spec.examples).filter((e) => !LOCAL.test(e))
    for (const sequence of sequences) {
      answers.length = 0
      let code: number | null = null
      // Like an example: under each credential in turn until every step succeeds.
      for (const env of envs) {
        await Effect.runPromise(simulator.control.reset)
        code = 0
        for (const step of sequence) {
          const [line, stdin] = typeof step === "string" ? [step, undefined] : step
          const [, ...argv] = shellWords(line)
          const ran = (await runProgramInProcess(program, argv, { NO_COLOR: "1", ...env(base_url) }, { stdin })).code
          if (ran !== 0) code = ran
        }
        if (code === 0) break
      }
      runs.push({
        example: sequence.map((s) => (typeof s === "string" ? s : s[0])).join(" && "),
        code,
        answers: [...answers]
      })
    }
    for (const example of examples) {
      answers.length = 0
      const [, ...argv] = shellWords(example)
      let code: number | null = null
      for (const env of envs) {
        await Effect.runPromise(simulator.control.reset)
        code = (await runProgramInProcess(program, argv, { NO_COLOR: "1", ...env(base_url) })).code
        if (code === 0) break
      }
      runs.push({ example, code, answers: [...answers] })
    }
    return runs
  } finally {
    await Effect.runPromise(Scope.close(scope, Exit.void))
  }
}
