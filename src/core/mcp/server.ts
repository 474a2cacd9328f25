/**
 * The MCP tool server over any line transport: reads newline-delimited
 * JSON-RPC, answers initialize, ping and tools/list at once, runs each
 * tools/call in its own fiber (so a slow call blocks nothing and can be
 * cancelled), and keeps serving after every bad line. Until initialize has
 * been answered, only ping is served besides it.
 */
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import * as Fiber from "effect/Fiber"
import * as FiberMap from "effect/FiberMap"
import * as Option from "effect/Option"
import * as Stream from "effect/Stream"
import {
  ErrorCode,
  failure,
  type Incoming,
  parseMessage,
  type RequestId,
  success,
  tokenNotification
} from "./jsonrpc.js"
import { type CallRequest, cancelledRequest, initializeResult, listedTool, parseCall } from "./protocol.js"
import { errorResult, runTool } from "./tool-call.js"
import type { Progress, ServerInfo, ToolEntry, ToolResult } from "./types.js"

export interface McpIo<E = never> {
  /** Text as the client sends it: a line may be split across chunks, or a chunk hold many lines. Ends when the client closes. */
  readonly input: Stream.Stream<string, E>
  /** Writes one message as one line; the line has no newline, the io adds it. */
  readonly writeLine: (line: string) => Effect.Effect<void>
}

/**
 * What the official SDK's server answers a request that comes before
 * initialize (its HTTP transport: -32000 "Bad Request: Server not
 * initialized"); the MCP lifecycle lets only ping come first.
 */
export const NOT_INITIALIZED = -32000

/**
 * Serves until the input ends, then lets the calls in flight finish and
 * write their answers. Fails only when the input fails (in-flight calls are
 * then interrupted).
 */
export const serveMcp = <E>(info: ServerInfo, tools: ReadonlyArray<ToolEntry>, io: McpIo<E>): Effect.Effect<void, E> =>
  Effect.scoped(Effect.gen(function*() {
    const byName = new Map(tools.map((tool) => [tool.name, tool]))
    const toolList = { tools: tools.filter((tool) => tool.unlisted !== true).map(listedTool) }
    const calls = yield* FiberMap.make<string, void, never>()
    // Calls answer from their own fibers: one writer at a time keeps lines whole.
    const writing = yield* Effect.makeSemaphore(1)

    // Uninterruptible: once an answer starts it is written whole, even if its call is cancelled meanwhile.
    const sendLine = (line: string) => writing.withPermits(1)(Effect.uninterruptible(io.writeLine(line)))

    const sendResult = (id: RequestId, result: ToolResult) =>
      Effect.suspend(() => {
        let line: string
        try {
          line = success(id, result)
        } catch (e) {
          // A BigInt or a cycle in structuredContent must not leave the client waiting.
          line = success(id, errorResult(`The result could not be encoded as JSON: ${(e as Error).message}`))
        }
        return sendLine(line)
      })

    const call = (id: RequestId, request: CallRequest) => {
      let answered = false
      const progress = (p: Progress): Effect.Effect<void> => {
        const token = request.progressToken
        // A token names a request in progress: nothing may be sent for it once it is answered.
        if (token === undefined || answered || !Number.isFinite(p.progress)) return Effect.void
        return sendLine(tokenNotification("notifications/progress", "progressToken", token, {
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

    const startCall = (id: RequestId, params: unknown, line: string) => {
      const parsed = parseCall(params, byName, line)
      if (Either.isLeft(parsed)) return sendLine(failure(id, ErrorCode.InvalidParams, parsed.left))
      // Running it would replace the call in flight, whose client would then wait forever.
      if (FiberMap.unsafeHas(calls, id)) {
        return sendLine(failure(id, ErrorCode.InvalidRequest, `Invalid Request: id ${id} is already in use`))
      }
      return Effect.asVoid(FiberMap.run(calls, id, call(id, parsed.right)))
    }

    const cancel = (params: unknown, line: string) => {
      const id = cancelledRequest(params, line)
      if (id === undefined) return Effect.void
      // Interrupt without waiting: the handler's finalizers must not hold up the next line.
      return Option.match(FiberMap.unsafeGet(calls, id), {
        onNone: () => Effect.void,
        onSome: (fiber) => Effect.asVoid(Fiber.interruptFork(fiber))
      })
    }

    // Set once initialize is answered; the initialized notification is not waited for (the lifecycle does not ask it).
    let initialized = false

    const request = (id: RequestId, method: string, params: unknown, line: string): Effect.Effect<void> => {
      if (method === "initialize") {
        return sendLine(Either.match(initializeResult(info, params), {
          onLeft: (message) => failure(id, ErrorCode.InvalidParams, message),
          onRight: (result) => {
            initialized = true
            return success(id, result)
          }
        }))
      }
      if (method === "ping") return sendLine(success(id, {}))
      if (!initialized) {
        return sendLine(
          failure(
            id,
            NOT_INITIALIZED,
            `Server not initialized: send initialize before ${method} (only ping may come first)`
          )
        )
      }
      switch (method) {
        case "tools/list":
          return sendLine(success(id, toolList))
        case "tools/call":
          return startCall(id, params, line)
        default:
          return sendLine(failure(id, ErrorCode.MethodNotFound, `Method not found: ${method}`))
      }
    }

    const handle = (message: Incoming): Effect.Effect<void> => {
      switch (message._tag) {
        case "Request":
          return request(message.id, message.method, message.params, message.line)
        case "Notification":
          // Notifications are never answered, whatever they are.
          return message.method === "notifications/cancelled" ? cancel(message.params, message.line) : Effect.void
        case "Reply":
          return Effect.void
        case "Invalid":
          return sendLine(failure(message.id, message.code, message.message))
      }
    }

    yield* io.input.pipe(
      Stream.splitLines,
      Stream.runForEach((line) => line.trim() === "" ? Effect.void : handle(parseMessage(line)))
    )
    yield* FiberMap.awaitEmpty(calls)
  }))
