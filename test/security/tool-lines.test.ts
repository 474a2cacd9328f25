/**
 * Tool lines: both tool servers (`design mcp`, `taskmgr mcp`, in this
 * process over in-memory stdio) fed lines no honest client sends, before and
 * after initialize. Each line gets one JSON-RPC error, or a tool error, with
 * the request's id when it could be read (exactly as written, however large),
 * and none when it was a notification; the server stays up and answers the
 * next ping; stdout holds JSON-RPC lines and nothing else, in well-formed
 * UTF-8, without a raw bidi control or terminal escape. A line past the
 * bound (16 MiB) is dropped as it arrives and answered as invalid.
 */
import * as Effect from "effect/Effect"
import { PassThrough } from "node:stream"
import { afterEach, expect, it } from "vitest"
import { runProgram } from "../../src/core/cli/runtime.js"
import { MAX_LINE_LENGTH, MAX_LINE_TEXT } from "../../src/core/mcp/lines.js"
import { NOT_INITIALIZED } from "../../src/core/mcp/server.js"
import { baseEnv } from "../e2e/helpers.js"
import { memoryStream, programNamed } from "../e2e/in-process.js"
import { cellName, covering, securityClass } from "./cells.js"

interface Answer {
  readonly jsonrpc: string
  readonly id?: unknown
  readonly result?: { readonly isError?: boolean; readonly content?: ReadonlyArray<{ text?: string }> }
  readonly error?: { readonly code: number; readonly message: string }
}

/** A server in this process, written to line by line (or byte by byte), its stdout kept as lines. */
const rawServer = async (name: "design" | "taskmgr") => {
  const stdin = new PassThrough()
  const stdout = new PassThrough()
  const stderr = memoryStream()
  const lines: Array<string> = []
  let buffered = ""
  let changed = () => {}
  stdout.setEncoding("utf8").on("data", (chunk: string) => {
    buffered += chunk
    for (let newline = buffered.indexOf("\n"); newline >= 0; newline = buffered.indexOf("\n")) {
      lines.push(buffered.slice(0, newline))
      buffered = buffered.slice(newline + 1)
    }
    changed()
  })
  const env = {
    ...baseEnv(),
    ...(name === "design"
      ? { DESIGN_ACCESS_TOKEN: "token-never-sent", DESIGN_BASE_URL: "https://127.0.0.1:9" }
      : { TASKMGR_ACCESS_TOKEN: "token-never-sent", TASKMGR_BASE_URL: "https://127.0.0.1:9/api/1.0" }),
    [`${name.toUpperCase()}_CONFIG_DIR`]: "/nonexistent/tool-lines"
  }
  const program = await programNamed(name)
  let code: number | undefined
  const exited = Effect.runPromise(
    runProgram(program, ["mcp", "--toolsets", "all"], { env, stdin, stdout, stderr: stderr.stream })
  ).then((c) => void (code = c))
  /** The first line from `from` on that answers `id` (JSON text), within 10 s. */
  const answerTo = (id: string, from: number) =>
    new Promise<Answer>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no answer to ${id} in 10 s; stdout:\n${lines.join("\n")}`)),
        10_000
      )
      const look = () => {
        for (const line of lines.slice(from)) {
          const answer = JSON.parse(line) as Answer
          if (JSON.stringify(answer.id) === id || (id === "null" && answer.id === null)) {
            clearTimeout(timer)
            changed = () => {}
            return resolve(answer)
          }
        }
        if (code !== undefined) {
          clearTimeout(timer)
          reject(new Error(`the server ended (exit ${code}); stderr:\n${stderr.text()}`))
        }
      }
      changed = look
      look()
    })
  return {
    lines,
    answerTo,
    write: (data: string | Buffer) => new Promise<void>((resolve) => void stdin.write(data, () => resolve())),
    stderr: stderr.text,
    alive: () => code === undefined,
    close: async () => {
      stdin.end()
      await exited
    }
  }
}

type Server = Awaited<ReturnType<typeof rawServer>>

const INITIALIZE = JSON.stringify({
  jsonrpc: "2.0",
  id: "init",
  method: "initialize",
  params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "tool-lines", version: "0" } }
})

/** A tool each server checks its argument of before sending anything. */
const TOOL = { design: ["design_file_get", "file_key"], taskmgr: ["taskmgr_task_get", "task_gid"] } as const

const call = (id: unknown, name: string, args: unknown) =>
  JSON.stringify({ jsonrpc: "2.0", id, method: "tools/call", params: { name, arguments: args } })

interface LineKind {
  readonly line: (server: "design" | "taskmgr") => string | Buffer
  /** The id the answer carries, as JSON text; undefined when nothing may answer (a notification). */
  readonly id: string | undefined
  /** The answer once initialized: a JSON-RPC error code, or "tool-error". Before, calls are refused as such. */
  readonly answer: number | "tool-error" | undefined
  readonly check?: (answer: Answer, raw: string) => void
}

const BIDI_AND_ESCAPES = "12\u202e34\u2066x\u2069\u001b[2J\u0007\u009b31m"
const HUGE_ID = "123456789012345678901234567890"

const KINDS: Record<string, LineKind> = {
  "invalid-json": { line: () => `{"jsonrpc":"2.0","id":1,"method":"ping"`, id: "null", answer: -32700 },
  "json-batch": { line: () => `[{"jsonrpc":"2.0","id":2,"method":"ping"}]`, id: "null", answer: -32600 },
  "json-scalar": { line: () => `"ping"`, id: "null", answer: -32600 },
  "wrong-jsonrpc-version": { line: () => `{"jsonrpc":"1.0","id":3,"method":"ping"}`, id: "3", answer: -32600 },
  "unknown-method": { line: () => `{"jsonrpc":"2.0","id":4,"method":"resources/evil"}`, id: "4", answer: -32601 },
  "unknown-notification": {
    line: () => `{"jsonrpc":"2.0","method":"notifications/evil"}`,
    id: undefined,
    answer: undefined
  },
  "call-params-wrong-type": {
    line: () => `{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":5,"arguments":"x"}}`,
    id: "5",
    answer: -32602
  },
  "call-arguments-not-object": { line: (s) => call(6, TOOL[s][0], ["x"]), id: "6", answer: -32602 },
  "call-argument-wrong-type": { line: (s) => call(7, TOOL[s][0], { [TOOL[s][1]]: 42 }), id: "7", answer: "tool-error" },
  "unknown-tool": { line: () => call(8, "no_such_tool", {}), id: "8", answer: -32602 },
  "unknown-tool-bidi-name": { line: () => call(9, `evil${BIDI_AND_ESCAPES}`, {}), id: "9", answer: -32602 },
  "id-object": { line: () => `{"jsonrpc":"2.0","id":{"a":1},"method":"ping"}`, id: "null", answer: -32600 },
  "id-null": { line: () => `{"jsonrpc":"2.0","id":null,"method":"ping"}`, id: "null", answer: -32600 },
  "id-bool": { line: () => `{"jsonrpc":"2.0","id":true,"method":"ping"}`, id: "null", answer: -32600 },
  // Answered with the id exactly as written: JSON.parse rounds it, and the client could not match the answer.
  "id-huge-integer": {
    line: () => `{"jsonrpc":"2.0","id":${HUGE_ID},"method":"resources/evil"}`,
    id: undefined,
    answer: -32601,
    check: (_answer, raw) => expect(raw).toContain(`"id":${HUGE_ID},`)
  },
  "controls-in-argument": {
    line: (s) => call(10, TOOL[s][0], { [TOOL[s][1]]: BIDI_AND_ESCAPES }),
    id: "10",
    answer: "tool-error"
  },
  "lone-surrogate-escaped": {
    line: (s) =>
      `{"jsonrpc":"2.0","id":11,"method":"tools/call","params":{"name":"${TOOL[s][0]}","arguments":{"${
        TOOL[s][1]
      }":"ab\\ud800cd"}}}`,
    id: "11",
    answer: "tool-error"
  },
  "invalid-utf8-bytes": {
    line: () =>
      Buffer.concat([
        Buffer.from(`{"jsonrpc":"2.0","id":12,"method":"x`),
        Buffer.from([0xff, 0xed, 0xa0, 0x80]),
        Buffer.from(`"}`)
      ]),
    id: "12",
    answer: -32601
  },
  // Several megabytes in one argument: read and answered, and the next line too.
  "huge-line": {
    line: (s) => call(13, TOOL[s][0], { [TOOL[s][1]]: "9".repeat(8 * 1024 * 1024) }),
    id: "13",
    answer: "tool-error"
  },
  // Past the bound: dropped as it arrives (memory stays bounded), answered as invalid, and the next line read.
  "line-past-the-bound": {
    line: (s) => call(15, TOOL[s][0], { [TOOL[s][1]]: "9".repeat(MAX_LINE_LENGTH) }),
    id: "null",
    answer: -32600,
    check: (answer) => expect(answer.error?.message).toContain(`longer than ${MAX_LINE_TEXT}`)
  },
  "line-split-in-bytes": {
    line: () => `{"jsonrpc":"2.0","id":14,"method":"ping","params":{"x":"é😀"}}`,
    id: "14",
    answer: undefined
  }
}

/** Written a byte at a time: a character split between reads must stay whole. */
const BYTEWISE = new Set(["line-split-in-bytes"])

const RAW_DECEIT = /[\u202a-\u202e\u2066-\u2069]|[\x00-\x08\x0b-\x1f\x7f-\x9f]/

let open: Array<Server> = []
afterEach(async () => {
  await Promise.all(open.map((s) => s.close()))
  open = []
})

securityClass("tool lines", () => {
  for (
    const cell of covering({
      line: Object.keys(KINDS),
      server: ["design", "taskmgr"],
      state: ["initialized", "before-initialize"]
    })
  ) {
    it(cellName(cell), async () => {
      const name = cell.server as "design" | "taskmgr"
      const kind = KINDS[cell.line]!
      const server = await rawServer(name)
      open.push(server)
      if (cell.state === "initialized") {
        await server.write(`${INITIALIZE}\n`)
        await server.answerTo(`"init"`, 0)
      }
      const from = server.lines.length
      const line = kind.line(name)
      const bytes = Buffer.concat([Buffer.isBuffer(line) ? line : Buffer.from(line), Buffer.from("\n")])
      if (BYTEWISE.has(cell.line)) { for (const byte of bytes) await server.write(Buffer.from([byte])) }
      else await server.write(bytes)
      await server.write(`{"jsonrpc":"2.0","id":"after","method":"ping"}\n`)
      const pong = await server.answerTo(`"after"`, from)
      expect(pong.result, "the next ping is answered").toEqual({})
      expect(server.alive()).toBe(true)
      // A call answers from its own fiber, maybe after the ping: wait for it too.
      const calls = () => server.lines.slice(from).filter((l) => !l.includes(`"id":"after"`))
      for (let waited = 0; kind.answer !== undefined && calls().length === 0 && waited < 10_000; waited += 20) {
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
      const answers = calls()
      const detail = `stdout:\n${server.lines.slice(from).join("\n").slice(0, 4000)}\nstderr:\n${server.stderr()}`
      // Calls before initialize are refused as such; everything else is judged as it is.
      const isCall = cell.line.startsWith("call-") || cell.line.startsWith("unknown-tool") ||
        ["controls-in-argument", "lone-surrogate-escaped", "huge-line"].includes(cell.line)
      const unknown = cell.line === "unknown-method" || cell.line === "invalid-utf8-bytes" ||
        cell.line === "id-huge-integer"
      const before = cell.state === "before-initialize"
      const expected = before && (isCall || unknown) ? NOT_INITIALIZED : kind.answer
      if (cell.line === "line-split-in-bytes") {
        expect(answers.map((l) => JSON.parse(l) as Answer), detail).toEqual([{ jsonrpc: "2.0", id: 14, result: {} }])
      } else if (expected === undefined) {
        expect(answers, detail).toEqual([])
      } else {
        expect(answers, detail).toHaveLength(1)
        const answer = JSON.parse(answers[0]!) as Answer
        if (kind.id !== undefined) expect(JSON.stringify(answer.id), detail).toBe(kind.id)
        if (expected === "tool-error") {
          expect(answer.error, detail).toBeUndefined()
          expect(answer.result?.isError, detail).toBe(true)
          expect(answer.result?.content?.[0]?.text, detail).toMatch(/\S/)
        } else {
          expect(answer.error?.code, detail).toBe(expected)
          expect(answer.error?.message, detail).toMatch(/\S/)
        }
        kind.check?.(answer, answers[0]!)
      }
      // stdout: JSON-RPC lines only, nothing raw a terminal or a reader could be deceived by, no broken UTF-8.
      for (const l of server.lines) {
        expect((JSON.parse(l) as Answer).jsonrpc, detail).toBe("2.0")
        expect(RAW_DECEIT.test(l), `raw control in ${l.slice(0, 500)}`).toBe(false)
        if (cell.line !== "invalid-utf8-bytes") expect(l, detail).not.toContain("\ufffd")
      }
      // Nothing was sent: the token never left (the service is a closed port; a send would be a network error).
      expect(server.stderr()).not.toContain("token-never-sent")
    }, 30_000)
  }
})
