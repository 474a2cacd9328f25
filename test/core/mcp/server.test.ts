/**
 * Our MCP server, in process: the official SDK client talks to it through a
 * Transport over the server's line io, and raw lines cover what a well-behaved
 * client never sends (garbage, batches, unknown methods, bad arguments).
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js"
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js"
import {
  type JSONRPCMessage,
  JSONRPCMessageSchema,
  McpError,
  type MessageExtraInfo
} from "@modelcontextprotocol/sdk/types.js"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Mailbox from "effect/Mailbox"
import { describe, expect, it } from "vitest"
import { DEFAULT_HINTS, listedHints } from "../../../src/core/mcp/protocol.js"
import { type McpIo, serveMcp } from "../../../src/core/mcp/server.js"
import type { ToolAnnotations, ToolCallContext, ToolEntry, ToolResult } from "../../../src/core/mcp/types.js"

const INFO = { name: "test-server", version: "1.2.3" }
/** Tests that would hang if the server got it wrong fail by this timeout instead. */
const QUICK = 3_000

const READ: ToolAnnotations = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true }
const text = (t: string): ToolResult => ({ isError: false, content: [{ type: "text", text: t }] })

const tool = (
  name: string,
  call: (args: Record<string, unknown>, context: ToolCallContext) => Effect.Effect<ToolResult>
): ToolEntry => ({
  name,
  description: `The ${name} tool`,
  inputSchema: { type: "object", properties: { word: { type: "string" } } },
  annotations: READ,
  toolset: "things",
  call
})

/** A promise whose resolve function is at hand. */
const latch = <A = void>() => {
  let resolve!: (a: A) => void
  const promise = new Promise<A>((r) => (resolve = r))
  return { promise, resolve }
}

const tick = (ms = 20) => new Promise((r) => setTimeout(r, ms))

// ---------------------------------------------------------------------------
// The server on an in-memory line io

interface Running {
  /** Sends text as one chunk, exactly as given. */
  readonly feed: (chunk: string) => void
  /** Ends the input, like a client closing stdin. */
  readonly end: () => void
  /** Every line the server wrote, in order. */
  readonly lines: Array<string>
  readonly listeners: Set<(line: string) => void>
  /** Settles when serveMcp returns. */
  readonly done: Promise<void>
}

const HANDSHAKE = `${
  JSON.stringify({
    jsonrpc: "2.0",
    id: "handshake",
    method: "initialize",
    params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "0" } }
  })
}\n`

/** Initialized first (its answer is not among the lines) unless `initialized` is false. */
const start = (tools: ReadonlyArray<ToolEntry>, { initialized = true } = {}): Running => {
  const input = Effect.runSync(Mailbox.make<string>())
  const lines: Array<string> = []
  const listeners = new Set<(line: string) => void>()
  // The handshake's answer is the first line written: lines are handled in order.
  let skip = initialized ? 1 : 0
  if (initialized) input.unsafeOffer(HANDSHAKE)
  const io: McpIo = {
    input: Mailbox.toStream(input),
    writeLine: (line) =>
      Effect.sync(() => {
        if (skip > 0) return void skip--
        lines.push(line)
        for (const listener of listeners) listener(line)
      })
  }
  return {
    feed: (chunk) => void input.unsafeOffer(chunk),
    end: () => void input.unsafeDone(Exit.void),
    lines,
    listeners,
    done: Effect.runPromise(serveMcp(INFO, tools, io))
  }
}

const line = (message: Record<string, unknown>) => `${JSON.stringify({ jsonrpc: "2.0", ...message })}\n`
const req = (id: unknown, method: string, params?: unknown) =>
  line({ id, method, ...(params === undefined ? {} : { params }) })

/** Feeds the chunks, ends the input and returns every message written once the server is done. */
const exchange = async (tools: ReadonlyArray<ToolEntry>, ...chunks: Array<string>): Promise<Array<any>> => {
  const server = start(tools)
  for (const chunk of chunks) server.feed(chunk)
  server.end()
  await server.done
  return server.lines.map((l) => JSON.parse(l))
}

/** Resolves with the first message written after now that matches. */
const nextMessage = (server: Running, match: (message: any) => boolean): Promise<any> =>
  new Promise((resolve) => {
    const listener = (l: string) => {
      const message = JSON.parse(l)
      if (match(message)) {
        server.listeners.delete(listener)
        resolve(message)
      }
    }
    server.listeners.add(listener)
  })

// ---------------------------------------------------------------------------
// The SDK client over the same io

/** The SDK's Transport over the server's lines, checking each line as the stdio transport would. */
class LineTransport implements Transport {
  onclose?: () => void
  onerror?: (error: Error) => void
  onmessage?: <T extends JSONRPCMessage>(message: T, extra?: MessageExtraInfo) => void
  protocolVersion: string | undefined

  constructor(readonly server: Running) {
    server.listeners.add((l) =>
      // One line per macrotask, like separate reads from a pipe. The SDK handles notifications a
      // microtask late but responses at once, so a progress line delivered in the same tick as its
      // response is dropped by the client (its handler is gone); that is the SDK's, not the server's.
      setImmediate(() => {
        const parsed = JSONRPCMessageSchema.safeParse(JSON.parse(l))
        if (parsed.success) this.onmessage?.(parsed.data)
        else this.onerror?.(new Error(`not a JSON-RPC message: ${l}`))
      })
    )
  }
  async start() {}
  async send(message: JSONRPCMessage) {
    this.server.feed(`${JSON.stringify(message)}\n`)
  }
  async close() {
    this.server.end()
    await this.server.done
    this.onclose?.()
  }
  setProtocolVersion(version: string) {
    this.protocolVersion = version
  }
}

const connect = async (tools: ReadonlyArray<ToolEntry>) => {
  const server = start(tools)
  const transport = new LineTransport(server)
  const client = new Client({ name: "test-client", version: "0.0.0" })
  const errors: Array<Error> = []
  client.onerror = (error) => void errors.push(error)
  await client.connect(transport)
  return { client, server, transport, errors }
}

// ---------------------------------------------------------------------------

const echo = (seen: Array<Record<string, unknown>> = []) =>
  tool("echo", (args) => Effect.sync(() => (seen.push(args), text(JSON.stringify(args)))))

describe("initialize and tools/list", () => {
  it("the SDK client connects, negotiates a version we serve and lists exactly the given tools", async () => {
    const tools = [echo(), { ...tool("write_thing", () => Effect.succeed(text("ok"))), toolset: "writes" }]
    const { client, transport, errors } = await connect(tools)
    expect(client.getServerVersion()).toStrictEqual(INFO)
    expect(client.getServerCapabilities()).toStrictEqual({ tools: { listChanged: false } })
    // The SDK asks for a newer revision than we serve: we answer with our newest and it accepts.
    expect(transport.protocolVersion).toBe("2025-06-18")
    const listed = await client.listTools()
    expect(listed.tools.map((t) => t.name)).toStrictEqual(["echo", "write_thing"])
    await client.close()
    expect(errors).toStrictEqual([])
  })

  it("lists only the hints that differ from MCP's defaults, and reading them with the defaults gives the tool's own", () => {
    const all: Array<ToolAnnotations> = []
    for (const readOnlyHint of [true, false]) {
      for (const destructiveHint of [true, false]) {
        for (const idempotentHint of [true, false]) {
          for (const openWorldHint of [true, false]) {
            all.push({ readOnlyHint, destructiveHint, idempotentHint, openWorldHint })
          }
        }
      }
    }
    for (const hints of all) {
      const read = { ...DEFAULT_HINTS, ...listedHints(hints) }
      expect(read.readOnlyHint).toBe(hints.readOnlyHint)
      expect(read.openWorldHint).toBe(hints.openWorldHint)
      // Beside readOnlyHint: true the other two mean nothing (MCP 2025-06-18).
      if (!hints.readOnlyHint) expect(read).toStrictEqual(hints)
    }
    expect(listedHints({ readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true }))
      .toStrictEqual({ idempotentHint: true })
  })

  it("tools/list carries name, description, inputSchema and annotations and nothing else", async () => {
    const [listed] = await exchange([echo()], req(1, "tools/list"))
    expect(listed).toStrictEqual({
      jsonrpc: "2.0",
      id: 1,
      result: {
        tools: [{
          name: "echo",
          description: "The echo tool",
          inputSchema: { type: "object", properties: { word: { type: "string" } } },
          // MCP's defaults (open world) and hints that mean nothing beside readOnlyHint are not sent.
          annotations: { readOnlyHint: true }
        }]
      }
    })
  })

  it("leaves an unlisted tool (an old name) out of tools/list and still answers tools/call under it", async () => {
    const seen: Array<Record<string, unknown>> = []
    const old = { ...echo(seen), name: "old_echo", unlisted: true }
    const [listed, called] = await exchange(
      [echo(), old],
      req(1, "tools/list"),
      req(2, "tools/call", { name: "old_echo", arguments: { word: "hi" } })
    )
    expect(listed.result.tools.map((t: { name: string }) => t.name)).toStrictEqual(["echo"])
    expect(called.result).toStrictEqual({ isError: false, content: [{ type: "text", text: `{"word":"hi"}` }] })
    expect(seen).toStrictEqual([{ word: "hi" }])
  })

  it("answers initialize with the client's revision when we serve it, else our newest", async () => {
    const init = (v: string) => ({ protocolVersion: v, capabilities: {}, clientInfo: { name: "raw", version: "0" } })
    const answers = await exchange(
      [],
      req(1, "initialize", init("2024-11-05")),
      req(2, "initialize", init("2025-03-26")),
      req(3, "initialize", init("2025-06-18")),
      req(4, "initialize", init("1999-01-01")),
      req(5, "initialize")
    )
    expect(answers.slice(0, 4).map((a) => a.result.protocolVersion)).toStrictEqual([
      "2024-11-05",
      "2025-03-26",
      "2025-06-18",
      "2025-06-18"
    ])
    expect(answers[0].result).toStrictEqual({
      protocolVersion: "2024-11-05",
      capabilities: { tools: { listChanged: false } },
      serverInfo: INFO
    })
    expect(answers[4]).toMatchObject({ id: 5, error: { code: -32602 } })
  })

  it("answers ping and never answers notifications, known or not", async () => {
    const answers = await exchange(
      [],
      line({ method: "notifications/initialized" }),
      line({ method: "notifications/whatever", params: { x: 1 } }),
      line({ method: "notifications/cancelled", params: { requestId: 99 } }),
      req("p", "ping")
    )
    expect(answers).toStrictEqual([{ jsonrpc: "2.0", id: "p", result: {} }])
  })
})

describe("tools/call", () => {
  it("calls a tool without arguments with {}", async () => {
    const seen: Array<Record<string, unknown>> = []
    const { client } = await connect([echo(seen)])
    const result = await client.callTool({ name: "echo" })
    expect(result).toStrictEqual({ isError: false, content: [{ type: "text", text: "{}" }] })
    expect(seen).toStrictEqual([{}])
    await client.close()
  })

  it("passes the arguments as sent and keeps structuredContent", async () => {
    const structured = tool(
      "structured",
      (args) =>
        Effect.succeed({ isError: true, content: [{ type: "text", text: "no" }], structuredContent: { got: args } })
    )
    const [answer] = await exchange(
      [structured],
      req(1, "tools/call", { name: "structured", arguments: { word: "hi" } })
    )
    expect(answer.result).toStrictEqual({
      isError: true,
      content: [{ type: "text", text: "no" }],
      structuredContent: { got: { word: "hi" } }
    })
  })

  it("an unknown tool is invalid params naming the tool", async () => {
    const { client } = await connect([echo()])
    const error = await client.callTool({ name: "no_such_tool", arguments: {} }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(McpError)
    expect((error as McpError).code).toBe(-32602)
    expect((error as McpError).message).toContain("no_such_tool")
    await client.close()
  })

  it("arguments that are not an object are invalid params, and the tool is not called", async () => {
    const seen: Array<Record<string, unknown>> = []
    const answers = await exchange(
      [echo(seen)],
      req(1, "tools/call", { name: "echo", arguments: [1, 2] }),
      req(2, "tools/call", { name: "echo", arguments: "word" }),
      req(3, "tools/call", { name: "echo", arguments: null }),
      req(4, "tools/call", { name: "echo", arguments: 5 }),
      req(5, "tools/call", { arguments: {} }),
      req(6, "tools/call")
    )
    expect(answers.map((a) => [a.id, a.error?.code])).toStrictEqual([
      [1, -32602],
      [2, -32602],
      [3, -32602],
      [4, -32602],
      [5, -32602],
      [6, -32602]
    ])
    expect(seen).toStrictEqual([])
  })

  it("a handler that throws or dies gives an isError result and the server keeps serving", async () => {
    const throws = tool("throws", () => {
      throw new Error("thrown while building")
    })
    const dies = tool("dies", () => Effect.die(new Error("died inside")))
    const interrupts = tool("interrupts", () => Effect.interrupt)
    const bigint = tool(
      "bigint",
      () => Effect.succeed({ isError: false, content: [{ type: "text", text: "x" }], structuredContent: { n: 1n } })
    )
    const answers = await exchange(
      [throws, dies, interrupts, bigint],
      req(1, "tools/call", { name: "throws" }),
      req(2, "tools/call", { name: "dies" }),
      req(3, "tools/call", { name: "interrupts" }),
      req(4, "tools/call", { name: "bigint" }),
      req(5, "ping")
    )
    const byId = new Map(answers.map((a) => [a.id, a]))
    expect(byId.get(1).result).toMatchObject({
      isError: true,
      content: [{ text: expect.stringContaining("thrown while building") }]
    })
    expect(byId.get(2).result).toMatchObject({
      isError: true,
      content: [{ text: expect.stringContaining("died inside") }]
    })
    expect(byId.get(3).result).toMatchObject({ isError: true })
    expect(byId.get(4).result).toMatchObject({ isError: true, content: [{ text: expect.stringContaining("JSON") }] })
    expect(byId.get(5).result).toStrictEqual({})
  })

  it("an id already used by a call in flight is refused, and the first call still answers", async () => {
    const gate = latch()
    const waits = tool("waits", () => Effect.promise(() => gate.promise).pipe(Effect.as(text("done"))))
    const server = start([waits])
    server.feed(req(1, "tools/call", { name: "waits" }))
    const refused = nextMessage(server, (m) => m.id === 1)
    server.feed(req(1, "tools/call", { name: "waits" }))
    expect(await refused).toMatchObject({ id: 1, error: { code: -32600 } })
    gate.resolve()
    server.end()
    await server.done
    expect(JSON.parse(server.lines[1]!)).toStrictEqual({ jsonrpc: "2.0", id: 1, result: text("done") })
  }, QUICK)
})

describe("JSON-RPC errors", () => {
  it("an unknown method is -32601 with the request's own id", async () => {
    const answers = await exchange(
      [],
      req(7, "resources/list"),
      req("abc", "prompts/get", { name: "x" })
    )
    expect(answers).toStrictEqual([
      { jsonrpc: "2.0", id: 7, error: { code: -32601, message: expect.stringContaining("resources/list") } },
      { jsonrpc: "2.0", id: "abc", error: { code: -32601, message: expect.stringContaining("prompts/get") } }
    ])
  })

  it("a line that is not JSON is -32700 with id null, and the next request in the same chunk is answered", async () => {
    const answers = await exchange([], `this is not json\n${req(1, "ping")}`)
    expect(answers).toStrictEqual([
      { jsonrpc: "2.0", id: null, error: { code: -32700, message: expect.stringMatching(/^Parse error/) } },
      { jsonrpc: "2.0", id: 1, result: {} }
    ])
  })

  it("JSON that is not a request is -32600, with the id when it can be read", async () => {
    const answers = await exchange(
      [],
      `[${JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" })}]\n`,
      "42\n",
      `${JSON.stringify({ jsonrpc: "2.0", id: 3 })}\n`,
      `${JSON.stringify({ jsonrpc: "1.0", id: 4, method: "ping" })}\n`,
      `${JSON.stringify({ id: 5, method: "ping" })}\n`,
      `${JSON.stringify({ jsonrpc: "2.0", id: 6, method: 12 })}\n`,
      `${JSON.stringify({ jsonrpc: "2.0", id: null, method: "ping" })}\n`,
      `${JSON.stringify({ jsonrpc: "2.0", id: { a: 1 }, method: "ping" })}\n`,
      req(9, "ping")
    )
    expect(answers.map((a) => [a.id, a.error?.code])).toStrictEqual([
      [null, -32600],
      [null, -32600],
      [3, -32600],
      [4, -32600],
      [5, -32600],
      [6, -32600],
      [null, -32600],
      [null, -32600],
      [9, undefined]
    ])
  })

  it("a response from the client is not answered", async () => {
    const answers = await exchange(
      [],
      `${JSON.stringify({ jsonrpc: "2.0", id: 1, result: {} })}\n`,
      `${JSON.stringify({ jsonrpc: "2.0", id: 2, error: { code: 1, message: "x" } })}\n`
    )
    expect(answers).toStrictEqual([])
  })

  it("lines split across chunks, many in a chunk, CRLF, blank lines and a last line without newline", async () => {
    const answers = await exchange(
      [],
      `{"jsonrpc":"2.0","id":1,"me`,
      `thod":"ping"}\r\n\n   \n${req(2, "ping")}${req(3, "ping").trimEnd()}`
    )
    expect(answers).toStrictEqual([1, 2, 3].map((id) => ({ jsonrpc: "2.0", id, result: {} })))
  })
})

describe("progress, cancellation and concurrency", () => {
  const steps = tool("steps", (_, { progress }) =>
    Effect.gen(function*() {
      yield* progress({ progress: 1, total: 3, message: "first" })
      yield* progress({ progress: 2, total: 3 })
      yield* progress({ progress: 3 })
      return text("stepped")
    }))

  it("progress notifications reach the SDK client's onprogress", async () => {
    const { client, errors } = await connect([steps])
    const seen: Array<unknown> = []
    const result = await client.callTool({ name: "steps" }, undefined, { onprogress: (p) => void seen.push(p) })
    expect(result).toStrictEqual(text("stepped"))
    expect(seen).toStrictEqual([
      { progress: 1, total: 3, message: "first" },
      { progress: 2, total: 3 },
      { progress: 3 }
    ])
    await client.close()
    expect(errors).toStrictEqual([])
  })

  it("progress is sent with the caller's token, and not at all without one", async () => {
    const answers = await exchange(
      [steps],
      req(1, "tools/call", { name: "steps", _meta: { progressToken: "tok" } }),
      req(2, "tools/call", { name: "steps" })
    )
    const progress = answers.filter((a) => a.method === "notifications/progress")
    expect(progress.map((p) => p.params)).toStrictEqual([
      { progressToken: "tok", progress: 1, total: 3, message: "first" },
      { progressToken: "tok", progress: 2, total: 3 },
      { progressToken: "tok", progress: 3 }
    ])
    expect(answers.filter((a) => a.id !== undefined).map((a) => a.id).sort()).toStrictEqual([1, 2])
  })

  /** A tool that runs until interrupted, reporting when it started and when it was interrupted. */
  const hanging = () => {
    const started = latch()
    const interrupted = latch()
    const entry = tool("hang", () =>
      Effect.sync(() => started.resolve()).pipe(
        Effect.zipRight(Effect.never),
        Effect.onInterrupt(() => Effect.sync(() => interrupted.resolve()))
      ))
    return { entry, started: started.promise, interrupted: interrupted.promise }
  }

  it("notifications/cancelled interrupts the call, and it is not answered", async () => {
    const hang = hanging()
    const server = start([hang.entry])
    server.feed(req(1, "tools/call", { name: "hang" }))
    await hang.started
    server.feed(line({ method: "notifications/cancelled", params: { requestId: 1, reason: "user" } }))
    await hang.interrupted
    server.feed(req(2, "ping"))
    server.end()
    // Without the interruption the server would wait for the call forever.
    await server.done
    expect(server.lines.map((l) => JSON.parse(l))).toStrictEqual([{ jsonrpc: "2.0", id: 2, result: {} }])
  }, QUICK)

  it("aborting an SDK call cancels it on the server", async () => {
    const hang = hanging()
    const { client, errors } = await connect([hang.entry])
    const abort = new AbortController()
    const call = client.callTool({ name: "hang" }, undefined, { signal: abort.signal }).catch((e: unknown) => e)
    await hang.started
    abort.abort("changed my mind")
    await hang.interrupted
    expect(await call).toBeDefined()
    await client.close()
    expect(errors).toStrictEqual([])
  }, QUICK)

  it("a slow call blocks neither ping nor another call", async () => {
    const gate = latch()
    const waits = tool("waits", () => Effect.promise(() => gate.promise).pipe(Effect.as(text("waited"))))
    const opens = tool("opens", () => Effect.sync(() => gate.resolve()).pipe(Effect.as(text("opened"))))
    const server = start([waits, opens])
    server.feed(req(1, "tools/call", { name: "waits" }))
    const pong = nextMessage(server, (m) => m.id === 2)
    server.feed(req(2, "ping"))
    expect(await pong).toStrictEqual({ jsonrpc: "2.0", id: 2, result: {} })
    server.feed(req(3, "tools/call", { name: "opens" }))
    server.end()
    await server.done
    // The second call finished the first: they ran at the same time.
    expect(server.lines.map((l) => JSON.parse(l).id)).toStrictEqual([2, 3, 1])
  }, QUICK)

  it("concurrent SDK calls each get their own answer", async () => {
    const gate = latch()
    const waits = tool("waits", () => Effect.promise(() => gate.promise).pipe(Effect.as(text("waited"))))
    const opens = tool("opens", () => Effect.sync(() => gate.resolve()).pipe(Effect.as(text("opened"))))
    const { client } = await connect([waits, opens])
    const results = await Promise.all([client.callTool({ name: "waits" }), client.callTool({ name: "opens" })])
    expect(results).toStrictEqual([text("waited"), text("opened")])
    await client.close()
  }, QUICK)

  it("when input ends, calls in flight finish and are answered before the server returns", async () => {
    const gate = latch()
    const waits = tool("waits", () => Effect.promise(() => gate.promise).pipe(Effect.as(text("waited"))))
    const server = start([waits])
    server.feed(req(1, "tools/call", { name: "waits" }))
    server.end()
    let finished = false
    void server.done.then(() => (finished = true))
    await tick()
    expect(finished).toBe(false)
    gate.resolve()
    await server.done
    expect(server.lines.map((l) => JSON.parse(l))).toStrictEqual([{ jsonrpc: "2.0", id: 1, result: text("waited") }])
  }, QUICK)
})
