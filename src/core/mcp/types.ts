/**
 * What the tool server serves: a list of tools, each with its JSON Schema,
 * annotations, toolset (resource group) and a handler. The server knows
 * nothing about operations or services; mcp/derive.ts builds these entries.
 */
import type * as Effect from "effect/Effect"

export interface ToolAnnotations {
  readonly readOnlyHint: boolean
  readonly destructiveHint: boolean
  readonly idempotentHint: boolean
  readonly openWorldHint: boolean
}

export interface ToolContent {
  readonly type: "text"
  readonly text: string
}

export interface ToolResult {
  readonly isError: boolean
  readonly content: ReadonlyArray<ToolContent>
  readonly structuredContent?: Record<string, unknown> | undefined
}

/** A progress notification the handler may send while it waits (only sent when the caller gave a progressToken). */
export interface Progress {
  readonly progress: number
  readonly total?: number | undefined
  readonly message?: string | undefined
}

export interface ToolCallContext {
  /** Sends notifications/progress to the caller; a no-op when the request carried no progressToken. */
  readonly progress: (p: Progress) => Effect.Effect<void>
  /** Notes for the agent the result carries after its own content ("Note: ..."): the tool was called by an old name. */
  readonly notes?: ReadonlyArray<string> | undefined
}

export interface ToolEntry {
  /** ^[a-zA-Z0-9_-]{1,64}$ */
  readonly name: string
  readonly description: string
  /** A JSON Schema object ({type: "object", properties, required?}). */
  readonly inputSchema: Record<string, unknown>
  readonly annotations: ToolAnnotations
  /** The resource group the tool belongs to ("webhooks"), for --toolsets. */
  readonly toolset: string
  /** Answered by tools/call but left out of tools/list: an old name kept for a while (mcp/names.ts). */
  readonly unlisted?: boolean | undefined
  /** Arguments as the client sent them ({} when it sent none). Never fails: failures are results with isError. */
  readonly call: (args: Record<string, unknown>, context: ToolCallContext) => Effect.Effect<ToolResult>
}

export interface ServerInfo {
  readonly name: string
  readonly version: string
  /** Said once at initialize: what the tools share (mcp/said-once.ts). */
  readonly instructions?: string | undefined
}
