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

/**
 * The directories the client lets the server use, from MCP roots/list:
 * `declared` is false when the client does not offer roots (the server's
 * working directory stands in), and `paths` are the file:// roots as paths.
 */
export interface ClientRoots {
  readonly declared: boolean
  readonly paths: ReadonlyArray<string>
}

export interface ToolCallContext {
  /** Sends notifications/progress to the caller; a no-op when the request carried no progressToken. */
  readonly progress: (p: Progress) => Effect.Effect<void>
  /** Notes for the agent the result carries after its own content ("Note: ..."): the tool was called by an old name. */
  readonly notes?: ReadonlyArray<string> | undefined
  /** The client's roots, asked for when a call first needs them (a local path); unset: none declared. */
  readonly roots?: Effect.Effect<ClientRoots> | undefined
  /** Tells the client the tool list changed (notifications/tools/list_changed). */
  readonly listChanged?: Effect.Effect<void> | undefined
  /** The bytes of the JSON-RPC line around this call's result (its id included): the result bound counts them. */
  readonly envelopeBytes?: number | undefined
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

/** The tools a server answers: those listed now, and any other it knows of (to say why it is not served). */
export interface ToolCatalog {
  /** The tools tools/list shows now. */
  readonly listed: () => ReadonlyArray<ToolEntry>
  /** The tool tools/call runs by this name (a tool not served answers why); undefined: no such tool at all. */
  readonly find: (name: string) => ToolEntry | undefined
  /** Whether the listing may change while serving (capabilities: tools.listChanged). */
  readonly dynamic: boolean
}

export interface ServerInfo {
  readonly name: string
  readonly version: string
  /** Said once at initialize: what the tools share (mcp/said-once.ts). */
  readonly instructions?: string | undefined
}
