/**
 * Running one tool handler so that nothing it does can take the server down:
 * a thrown error, a defect or a self-interruption becomes a result with
 * isError, and the result is reduced to the fields the protocol defines.
 */
import * as Cause from "effect/Cause"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import { scrubSecrets } from "../secrets.js"
import { isRecord } from "./jsonrpc.js"
import type { ToolCallContext, ToolEntry, ToolResult } from "./types.js"

export const errorResult = (text: string): ToolResult => ({
  isError: true,
  content: [{ type: "text", text: scrubSecrets(text) }]
})

const describe = (cause: Cause.Cause<unknown>): string => {
  if (Cause.isInterruptedOnly(cause)) return "it was interrupted"
  const error = Cause.squash(cause)
  // Only the message: a stack trace costs the agent bytes and tells it nothing it can act on.
  return error instanceof Error ? error.message : String(error)
}

/** Only what the protocol knows, so a handler's extra fields never reach the wire. */
const wireResult = (tool: ToolEntry, result: unknown): ToolResult => {
  if (!isRecord(result) || !Array.isArray(result.content)) {
    return errorResult(`Tool ${tool.name} failed unexpectedly: it returned no content`)
  }
  const structured = result.structuredContent
  return {
    isError: result.isError === true,
    content: result.content as ToolResult["content"],
    ...(isRecord(structured) ? { structuredContent: structured } : {})
  }
}

/** Interruption from outside (a cancelled request) still interrupts: only the handler's own failures are caught. */
export const runTool = (
  tool: ToolEntry,
  args: Record<string, unknown>,
  context: ToolCallContext
): Effect.Effect<ToolResult> =>
  Effect.suspend(() => tool.call(args, context)).pipe(
    Effect.exit,
    Effect.map((exit) =>
      Exit.isSuccess(exit)
        ? wireResult(tool, exit.value)
        : errorResult(`Tool ${tool.name} failed unexpectedly: ${describe(exit.cause)}`)
    )
  )
