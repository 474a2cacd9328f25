/**
 * The MCP tool server over any line transport: reads newline-delimited
 * JSON-RPC, answers initialize, ping and tools/list at once, runs each
 * tools/call in its own fiber (so a slow call blocks nothing and can be
 * cancelled), and keeps serving after every bad line. Until initialize has
 * been answered, only ping is served besides it. It asks the client for its
 * roots (roots/list) when a call first needs them, and tells it when the tool
 * list changes.
 */
import * as Deferred from "effect/Deferred"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import * as Fiber from "effect/Fiber"
import * as FiberId from "effect/FiberId"
import * as FiberMap from "effect/FiberMap"
import * as Option from "effect/Option"
import * as Stream from "effect/Stream"
import {
  ErrorCode,
  failure,
  type Incoming,
  notification,
  parseMessage,
  request as requestLine,
  type RequestId,
  success,
  tokenNotification
} from "./jsonrpc.js"
import { boundedLines, MAX_LINE_TEXT } from "./lines.js"
import {
  type CallRequest,
  cancelledRequest,
  initializeResult,
  listedTool,
  offersRoots,
  parseCall,
  rootPaths
} from "./protocol.js"
import { errorResult, runTool } from "./tool-call.js"
import type { ClientRoots, Progress, ServerInfo, ToolCatalog, ToolEntry, ToolResult } from "./types.js"

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

/** How long a call waits for the client's roots before going on without them (then only the allowed paths are). */
export const ROOTS_TIMEOUT = Duration.seconds(10)

export interface ServeOptions {
  /** Debug mode: a line about each tools/call (tool, outcome, bytes, time) for whoever runs the server. */
  readonly log?: ((line: string) => Effect.Effect<void>) | undefined
}

/** A fixed list of tools, all served. */
export const staticCatalog = (tools: ReadonlyArray<ToolEntry>): ToolCatalog => {
  const byName = new Map(tools.map((tool) => [tool.name, tool]))
  const listed = tools.filter((tool) => tool.unlisted !== true)
  return { listed: () => listed, find: (name) => byName.get(name), dynamic: false }
}

/**
 * Serves until the input ends, then lets the calls in flight finish and
 * write their answers. Fails only when the input fails (in-flight calls are
 * then interrupted).
 */
export const serveMcp = <E>(
  info: ServerInfo,
  tools: ReadonlyArray<ToolEntry> | ToolCatalog,
  io: McpIo<E>,
  options: ServeOptions = {}
): Effect.Effect<void, E> =>
  Effect.scoped(Effect.gen(function*() {
    const catalog = "listed" in tools ? tools : staticCatalog(tools)
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
        return Effect.as(sendLine(line), Buffer.byteLength(line))
      })

    // Requests of ours to the client, by id, waiting for its reply.
    const pending = new Map<string, Deferred.Deferred<unknown, string>>()
    let requests = 0
    const ask = (method: string) =>
      Effect.suspend(() => {
        const id = JSON.stringify(`server-${++requests}`) as RequestId
        const reply = Deferred.unsafeMake<unknown, string>(FiberId.none)
        pending.set(id, reply)
        return Effect.zipRight(sendLine(requestLine(id, method)), Deferred.await(reply)).pipe(
          Effect.ensuring(Effect.sync(() => void pending.delete(id)))
        )
      })

    // The client's roots: asked for once, again after it says they changed; a client that does not answer in time
    // (or fails) is taken to allow none, and is asked again by the next call that needs them.
    let clientOffersRoots = false
    let roots: Deferred.Deferred<ClientRoots> | undefined
    const rootsOf: Effect.Effect<ClientRoots> = Effect.suspend(() => {
      if (!clientOffersRoots) return Effect.succeed<ClientRoots>({ declared: false, paths: [] })
      if (roots !== undefined) return Deferred.await(roots)
      const answer = Deferred.unsafeMake<ClientRoots>(FiberId.none)
      roots = answer
      return ask("roots/list").pipe(
        Effect.timeoutFail({ duration: ROOTS_TIMEOUT, onTimeout: () => "no answer" }),
        Effect.map((result): ClientRoots => ({ declared: true, paths: rootPaths(result) })),
        Effect.catchAll(() =>
          Effect.sync((): ClientRoots => {
            if (roots === answer) roots = undefined
            return { declared: true, paths: [] }
          })
        ),
        Effect.tap((found) => Deferred.succeed(answer, found))
      )
    })

    const listChanged = sendLine(notification("notifications/tools/list_changed"))

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
      const context = {
        progress,
        roots: rootsOf,
        listChanged,
        // What the line adds around the result: `{"jsonrpc":"2.0","id":ID,"result":}`.
        envelopeBytes: Buffer.byteLength(success(id, null)) - 4
      }
      const started = Date.now()
      return runTool(request.tool, request.args, context).pipe(
        Effect.tap(() => Effect.sync(() => void (answered = true))),
        Effect.flatMap((result) =>
          Effect.flatMap(sendResult(id, result), (bytes) =>
            options.log === undefined ? Effect.void : options.log(callLine(request.tool.name, result, bytes, started)))
        )
      )
    }

    const startCall = (id: RequestId, params: unknown, line: string) => {
      const parsed = parseCall(params, catalog.find, line)
      if (Either.isLeft(parsed)) {
        return sendLine(failure(id, ErrorCode.InvalidParams, parsed.left))
      }
      // Running it would replace the call in flight, whose client would then wait forever.
      if (FiberMap.unsafeHas(calls, id)) {
        return sendLine(failure(id, ErrorCode.InvalidRequest, `Invalid Request: id ${id} is already in use`))
      }
      return Effect.asVoid(FiberMap.run(calls, id, call(id, parsed.right)))
    }

    const cancel = (params: unknown, line: string) => {
      const id = cancelledRequest(params, line)
      if (id === undefined) {
        return Effect.void
      }
      // Interrupt without waiting: the handler's finalizers must not hold up the next line.
      return Option.match(FiberMap.unsafeGet(calls, id), {
        onNone: () =>
          Effect.void,
        onSome: (fiber) =>
          Effect.asVoid(Fiber.interruptFork(fiber))
      })
    }

    // Set once initialize is answered; the initialized notification is not waited for (the lifecycle does not ask it).
    let initialized = false

    const request = (id: RequestId, method: string, params: unknown, line: string): Effect.Effect<void> => {
      if (method === "initialize") {
        return sendLine(Either.match(initializeResult(info, params, catalog.dynamic), {
          onLeft: (message) => failure(id, ErrorCode.InvalidParams, message),
          onRight: (result) => {
            initialized = true
            clientOffersRoots = offersRoots(params)
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
          return sendLine(success(id, { tools: catalog.listed().map(listedTool) }))
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
          if (message.method === "notifications/roots/list_changed") {
            return Effect.sync(() => void (roots = undefined))
          }
          return message.method === "notifications/cancelled" ? cancel(message.params, message.line) : Effect.void
        case "Reply": {
          const waiting = pending.get(message.id)
          if (waiting === undefined) return Effect.void
          return Effect.asVoid(
            message.error === undefined
              ? Deferred.succeed(waiting, message.result)
              : Deferred.fail(waiting, message.error)
          )
        }
        case "Invalid":
          return sendLine(failure(message.id, message.code, message.message))
      }
    }

    yield* io.input.pipe(
      boundedLines(),
      Stream.runForEach((line) =>
        typeof line !== "string"
          ? sendLine(failure(
            null,
            ErrorCode.InvalidRequest,
            `Invalid Request: a line longer than ${MAX_LINE_TEXT} was dropped; send each message as one line below it`
          ))
          : line.trim() === ""
          ? Effect.void
          : handle(parseMessage(line))
      )
    )
    yield* FiberMap.awaitEmpty(calls)
  }))

/** One tools/call in the debug log: no argument is said (they may hold secrets), only what came of it. */
const callLine = (name: string, result: ToolResult, bytes: number, started: number) => {
  const error = result.isError ? result.structuredContent?.error : undefined
  const type = typeof error === "object" && error !== null ? (error as { type?: unknown }).type : undefined
  return `mcp: tools/call ${name}: ${
    result.isError ? `error${typeof type === "string" ? ` ${type}` : ""}` : "ok"
  }, ${bytes} bytes, ${Date.now() - started} ms`
}
