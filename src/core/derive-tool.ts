/**
 * The tool-server side of an operation: its tool definition (a compact JSON
 * Schema, because an agent pays for every byte of tools/list, and truthful
 * annotations) and the handler that decodes, runs and shapes the result.
 */
import * as McpSchema from "@effect/ai/McpSchema"
import * as McpServer from "@effect/ai/McpServer"
import { encode as toToon } from "@toon-format/toon"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { toToolError, type WrapperError } from "./errors.js"
import { decodeInput } from "./input.js"
import { fieldsOf, type Operation } from "./operation.js"

export const toolInputSchema = (op: Operation): Record<string, unknown> => {
  const properties: Record<string, unknown> = {}
  const required: Array<string> = []
  for (const f of fieldsOf(op.input)) {
    properties[f.name] = {
      type: f.kind === "choice" ? "string" : f.kind,
      ...(f.choices.length > 0 ? { enum: f.choices } : {}),
      ...(f.description === undefined ? {} : { description: f.description })
    }
    if (!f.optional) required.push(f.name)
  }
  return { type: "object", properties, ...(required.length > 0 ? { required } : {}) }
}

export const toolDefinition = (op: Operation & { tool: string }) =>
  new McpSchema.Tool({
    name: op.tool,
    description: op.summary,
    inputSchema: toolInputSchema(op),
    annotations: new McpSchema.ToolAnnotations({
      readOnlyHint: op.effect === "read",
      destructiveHint: op.effect === "destroy",
      idempotentHint: op.effect === "read" || op.idempotent,
      // Every tool talks to a remote service whose state others change too.
      openWorldHint: true
    })
  })

export type ToolFormat = "json" | "toon"

const textOf = (value: unknown, format: ToolFormat) => (format === "toon" ? toToon(value) : JSON.stringify(value))

/** Runs one tool call; a failure becomes a result with isError, never a protocol error. */
export const callTool = <R>(op: Operation<any, any, R>, args: unknown, format: ToolFormat) =>
  decodeInput(op, args ?? {}, "tool").pipe(
    Effect.flatMap((input) => op.run(input) as Effect.Effect<unknown, WrapperError, R>),
    Effect.match({
      onSuccess: (output) =>
        new McpSchema.CallToolResult({ isError: false, content: [{ type: "text", text: textOf(output, format) }] }),
      onFailure: (error) => {
        const structured = { error: toToolError(error) }
        return new McpSchema.CallToolResult({
          isError: true,
          structuredContent: structured,
          content: [{ type: "text", text: textOf(structured, format) }]
        })
      }
    })
  )

export const hasTool = (op: Operation): op is Operation & { tool: string } => op.tool !== null

/** Registers every operation that has a tool with the MCP server in scope. */
export const toolsLayer = <R>(ops: ReadonlyArray<Operation<any, any, R>>, format: ToolFormat) =>
  Layer.effectDiscard(
    Effect.gen(function*() {
      const server = yield* McpServer.McpServer
      const context = yield* Effect.context<R>()
      for (const op of ops.filter(hasTool)) {
        yield* server.addTool({
          tool: toolDefinition(op),
          handle: (args) => callTool(op, args, format).pipe(Effect.provide(context))
        })
      }
    })
  )
