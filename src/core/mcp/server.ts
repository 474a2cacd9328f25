/**
 * The MCP tool server over any line transport: reads newline-delimited
 * JSON-RPC, answers initialize, ping and tools/list at once, runs each
 * tools/call in its own fiber (so a slow call blocks nothing and can be
 * cancelled), and keeps serving after every bad line.
 */
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import * as Fiber from "effect/Fiber"
import * as FiberMap from "effect/FiberMap"
import * as Option from "effect/Option"
import * as Stream from "effect/Stream"
import { ErrorCode, failure, type Incoming, notification, type Outgoing, parseMessage, type RequestId, success } from "./jsonrpc.js"
import { type CallRequest, cancelledRequest, initializeResult, listedTool, parseCall } from "./protocol.js"
import { errorResult, runTool } from "./tool-call.js"
import type { Progress, ServerInfo, ToolEntry, ToolResult } from "./types.js"

export interface McpIo<E = never> {
  /** Text as the client sends it: a line may be split across chunks, or a chunk hold many lines. Ends when the client closes. */
  readonly input: Stream.Stream<string, E>
  /** Writes one message as one line; the line has no newline, the io adds it. */
  readonly writeLine: (line: string) => Effect.Effect<void>
}

/** 1 and "1" are different requests. */
const callKey = (id: RequestId): string => `${typeof id}:${id}`

/**
 * Serves until the input ends, then lets the calls in flight finish and
 * write their answers. Fails only when the input fails (in-flight calls are
 * then interrupted).
 */
export const serveMcp = <E>(info: ServerInfo, tools: ReadonlyArray<ToolEntry>, io: McpIo<E>): Effect.Effect<void, E> =>
  Effect.scoped(Effect.gen(function*() {
    const byName = new Map(tools.map((tool) => [tool.name, tool]))
    const toolList = { tools: tools.map(listedTool) }
    const calls = yield* FiberMap.make<string, void, never>()
    // Calls answer from their own fibers: one writer at a time keeps lines whole.
    const writing = yield* Effect.makeSemaphore(1)

    const send = (message: Outgoing): Effect.Effect<void> => sendLine(JSON.stringify(message))
    // Uninterruptible: once an answer starts it is written whole, even if its call is cancelled meanwhile.
    const sendLine = (line: string) => writing.withPermits(1)(Effect.uninterruptible(io.writeLine(line)))

    const sendResult = (id: RequestId, result: ToolResult) =>
      Effect.suspend(() => {
        let line: string
        try {
          line = JSON.stringify(success(id, result))
        } catch (e) {
          // A BigInt or a cycle in structuredContent must not leave the client waiting.
          line = JSON.stringify(success(id, errorResult(`The result could not be encoded as JSON: ${(e as Error).message}`)))
        }
        return sendLine(line)
      })

    const call = (id: RequestId, request: CallRequest) => {
      let answered = false
      const progress = (p: Progress): Effect.Effect<void> => {
        const token = request.progressToken
        // A token names a request in progress: nothing may be sent for it once it is answered.
        if (token === undefined || answered || !Number.isFinite(p.progress)) return Effect.void
        return send(notification("notifications/progress", {
          progressToken: token,
          progress: p.progress,
          ...(p.total === undefined ? {} : { total: p.total }),
          ...(p.message === undefined ? {} : { message: p.message })
        }))
      }
      return runTool(request.tool, request.args, { progress }).pipe(
        Effect.tap(() => Effect.sync(() => void (answered = true))),
        Effect.flatMap((result) => sendResult(id, result))
      )
    }

    const startCall = (id: RequestId, params: unknown) => {
      const parsed = parseCall(params, byName)
      if (Either.isLeft(parsed)) return send(failure(id, ErrorCode.InvalidParams, parsed.left))
      const key = callKey(id)
      // Running it would replace the call in flight, whose client would then wait forever.
      if (FiberMap.unsafeHas(calls, key)) {
        return send(failure(id, ErrorCode.InvalidRequest, `Invalid Request: id ${JSON.stringify(id)} is already in use`))
      }
      return Effect.asVoid(FiberMap.run(calls, key, call(id, parsed.right)))
    }

    const cancel = (params: unknown) => {
      const id = cancelledRequest(params)
      if (id === undefined) return Effect.void
      // Interrupt without waiting: the handler's finalizers must not hold up the next line.
      return Option.match(FiberMap.unsafeGet(calls, callKey(id)), {
        onNone: () => Effect.void,
        onSome: (fiber) => Effect.asVoid(Fiber.interruptFork(fiber))
      })
    }

    const request = (id: RequestId, method: string, params: unknown): Effect.Effect<void> => {
      switch (method) {
        case "initialize":
          return send(Either.match(initializeResult(info, params), {
            onLeft: (message) => failure(id, ErrorCode.InvalidParams, message),
            onRight: (result) => success(id, result)
          }))
        case "ping":
          return send(success(id, {}))
        case "tools/list":
          return send(success(id, toolList))
        case "tools/call":
          return startCall(id, params)
        default:
          return send(failure(id, ErrorCode.MethodNotFound, `Method not found: ${method}`))
      }
    }

    const handle = (message: Incoming): Effect.Effect<void> => {
      switch (message._tag) {
        case "Request":
          return request(message.id, message.method, message.params)
        case "Notification":
          // Notifications are never answered, whatever they are.
          return message.method === "notifications/cancelled" ? cancel(message.params) : Effect.void
        case "Reply":
          return Effect.void
        case "Invalid":
          return send(failure(message.id, message.code, message.message))
      }
    }

    yield* io.input.pipe(
      Stream.splitLines,
      Stream.runForEach((line) => line.trim() === "" ? Effect.void : handle(parseMessage(line)))
    )
    yield* FiberMap.awaitEmpty(calls)
  }))
