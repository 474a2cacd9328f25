/**
 * The tool server's ids and lifecycle, in process: ids (and progress tokens)
 * come back exactly as the client wrote them, also beyond 2^53, and nothing
 * but ping is served before initialize.
 */
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Mailbox from "effect/Mailbox"
import { describe, expect, it } from "vitest"
import { idAt, numberTextAt, parseMessage } from "../../../src/core/mcp/jsonrpc.js"
import { NOT_INITIALIZED, serveMcp } from "../../../src/core/mcp/server.js"
import type { ToolEntry, ToolResult } from "../../../src/core/mcp/types.js"

const BIG = "9007199254740993" // 2^53 + 1: JSON.parse reads 9007199254740992

const text = (t: string): ToolResult => ({ isError: false, content: [{ type: "text", text: t }] })
const tool = (name: string, call: ToolEntry["call"]): ToolEntry => ({
  name,
  description: name,
  inputSchema: { type: "object" },
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  toolset: "things",
  call
})

const INIT =
  `{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"0"}}}`

/** Serves `lines` (raw text, one message each), and returns the raw lines written. */
const serve = async (tools: ReadonlyArray<ToolEntry>, lines: ReadonlyArray<string>) => {
  const input = Effect.runSync(Mailbox.make<string>())
  const out: Array<string> = []
  const feed = (l: string) => void input.unsafeOffer(`${l}\n`)
  const done = Effect.runPromise(serveMcp({ name: "t", version: "0" }, tools, {
    input: Mailbox.toStream(input),
    writeLine: (line) => Effect.sync(() => void out.push(line))
  }))
  for (const l of lines) feed(l)
  return { out, done, feed, end: () => void input.unsafeDone(Exit.void) }
}

const exchange = async (tools: ReadonlyArray<ToolEntry>, lines: ReadonlyArray<string>) => {
  const s = await serve(tools, lines)
  s.end()
  await s.done
  return s.out
}

describe("reading a number's text out of a JSON line", () => {
  it("finds the member at the path, the last one when a key repeats, and ignores look-alikes", () => {
    const line =
      `{"params":{"id":1,"requestId":${BIG},"x":["requestId",2]},"id" : -12345678901234567890123, "s":"\\"id\\":5"}`
    expect(numberTextAt(line, ["id"])).toBe("-12345678901234567890123")
    expect(numberTextAt(line, ["params", "requestId"])).toBe(BIG)
    expect(numberTextAt(line, ["params", "id"])).toBe("1")
    expect(numberTextAt(`{"id":1,"id":${BIG}}`, ["id"])).toBe(BIG)
    // An escaped key is the same key.
    expect(numberTextAt(`{"\\u0069d":1.50e+3}`, ["id"])).toBe("1.50e+3")
    expect(numberTextAt(`[{"id":${BIG}}]`, ["id"])).toBeUndefined()
  })

  it("strings are re-encoded, safe integers taken as parsed, other numbers as written", () => {
    expect(idAt(`{"id":"a\\"b"}`, ["id"], "a\"b")).toBe(`"a\\"b"`)
    expect(idAt(`{"id":7}`, ["id"], 7)).toBe("7")
    expect(idAt(`{"id":${BIG}}`, ["id"], JSON.parse(BIG))).toBe(BIG)
    expect(idAt(`{"id":null}`, ["id"], null)).toBeUndefined()
    expect(parseMessage(`{"jsonrpc":"2.0","id":${BIG},"method":"ping"}`)).toMatchObject({ _tag: "Request", id: BIG })
  })
})

describe("ids come back exactly as sent", () => {
  it("for results, errors and invalid requests, numbers beyond 2^53 included", async () => {
    const out = await exchange([tool("echo", () => Effect.succeed(text("hi")))], [
      INIT,
      `{"jsonrpc":"2.0","id":${BIG},"method":"ping"}`,
      `{"jsonrpc":"2.0","id":-98765432109876543210,"method":"tools/call","params":{"name":"echo"}}`,
      `{"jsonrpc":"2.0","id":1.0000000000000000001,"method":"no/such"}`,
      `{"jsonrpc":"1.0","id":123456789012345678901234567890,"method":"ping"}`,
      `{"jsonrpc":"2.0","id":"${BIG}","method":"ping"}`
    ])
    // The call answers from its own fiber, so order aside.
    expect(out.slice(1).sort()).toStrictEqual([
      `{"jsonrpc":"2.0","id":${BIG},"result":{}}`,
      `{"jsonrpc":"2.0","id":-98765432109876543210,"result":{"isError":false,"content":[{"type":"text","text":"hi"}]}}`,
      `{"jsonrpc":"2.0","id":1.0000000000000000001,"error":{"code":-32601,"message":"Method not found: no/such"}}`,
      `{"jsonrpc":"2.0","id":123456789012345678901234567890,"error":{"code":-32600,"message":"Invalid Request: \\"jsonrpc\\" must be \\"2.0\\""}}`,
      `{"jsonrpc":"2.0","id":"${BIG}","result":{}}`
    ].sort())
  })

  it("two ids that JSON.parse reads as one number are two calls; a progress token comes back as sent", async () => {
    const steps = tool("steps", (_, { progress }) => Effect.as(progress({ progress: 1, total: 2 }), text("done")))
    const out = await exchange([steps], [
      INIT,
      `{"jsonrpc":"2.0","id":9007199254740992,"method":"tools/call","params":{"name":"steps"}}`,
      `{"jsonrpc":"2.0","id":${BIG},"method":"tools/call","params":{"name":"steps","_meta":{"progressToken":${BIG}5}}}`
    ])
    const answers = out.slice(1).filter((l) => l.includes(`"result"`)).map((l) => l.slice(0, l.indexOf(",\"result\"")))
    expect(answers.sort()).toStrictEqual([`{"jsonrpc":"2.0","id":9007199254740992`, `{"jsonrpc":"2.0","id":${BIG}`])
    expect(out).toContain(
      `{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":${BIG}5,"progress":1,"total":2}}`
    )
  })

  it("notifications/cancelled finds a call by an id beyond 2^53, and not by its rounded neighbour", async () => {
    let started!: () => void
    const running = new Promise<void>((r) => (started = r))
    let interrupted = false
    const hang = tool("hang", () =>
      Effect.sync(() => started()).pipe(
        Effect.zipRight(Effect.never),
        Effect.onInterrupt(() => Effect.sync(() => void (interrupted = true)))
      ))
    const s = await serve([hang], [
      INIT,
      `{"jsonrpc":"2.0","id":${BIG},"method":"tools/call","params":{"name":"hang"}}`
    ])
    await running
    const cancel = (id: string) => `{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":${id}}}`
    const feedAndSettle = async (l: string) => {
      s.feed(l)
      await new Promise((r) => setTimeout(r, 30))
    }
    await feedAndSettle(cancel("9007199254740992"))
    expect(interrupted).toBe(false)
    await feedAndSettle(cancel(BIG))
    expect(interrupted).toBe(true)
    s.end()
    // Without the cancellation the server would wait for the call forever.
    await s.done
    expect(s.out).toHaveLength(1) // the initialize answer; a cancelled call is not answered
  }, 3_000)
})

describe("before initialize", () => {
  it("only ping is answered; tools/list and tools/call get the SDK's not-initialized error and no tool runs", async () => {
    let calls = 0
    const counted = tool("counted", () => Effect.sync(() => (calls++, text("ran"))))
    const out = (await exchange([counted], [
      `{"jsonrpc":"2.0","id":1,"method":"ping"}`,
      `{"jsonrpc":"2.0","id":2,"method":"tools/list"}`,
      `{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"counted"}}`,
      `{"jsonrpc":"2.0","method":"notifications/initialized"}`,
      `{"jsonrpc":"2.0","id":4,"method":"tools/list"}`,
      INIT,
      `{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"counted"}}`
    ])).map((l) => JSON.parse(l))
    expect(out[0]).toStrictEqual({ jsonrpc: "2.0", id: 1, result: {} })
    for (const [i, id, method] of [[1, 2, "tools/list"], [2, 3, "tools/call"], [3, 4, "tools/list"]] as const) {
      expect(out[i]).toStrictEqual({
        jsonrpc: "2.0",
        id,
        error: { code: NOT_INITIALIZED, message: expect.stringContaining(method) }
      })
      expect(out[i].error.message).toMatch(/initialize/)
    }
    expect(out[4]).toMatchObject({ id: 0, result: { protocolVersion: "2025-06-18" } })
    expect(out[5]).toStrictEqual({ jsonrpc: "2.0", id: 5, result: text("ran") })
    expect(calls).toBe(1)
  })

  it("a failed initialize does not open the server", async () => {
    const out = (await exchange([], [
      `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}`,
      `{"jsonrpc":"2.0","id":2,"method":"tools/list"}`
    ])).map((l) => JSON.parse(l))
    expect(out.map((m) => m.error?.code)).toStrictEqual([-32602, NOT_INITIALIZED])
  })
})
