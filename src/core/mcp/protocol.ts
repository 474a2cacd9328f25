/**
 * The MCP side of the messages we serve: version negotiation, the initialize
 * and tools/list results, and reading tools/call and notifications/cancelled
 * params. Pure functions; the server does the sending.
 */
import * as Either from "effect/Either"
import { fileURLToPath } from "node:url"
import { idAt, isRecord, type RequestId } from "./jsonrpc.js"
import type { ServerInfo, ToolAnnotations, ToolEntry } from "./types.js"

/** Newest first: a client asking for one we do not know gets the first. */
export const PROTOCOL_VERSIONS = ["2025-06-18", "2025-03-26", "2024-11-05"] as const

/** Like an id, kept as the client wrote it. */
export type ProgressToken = RequestId

export const negotiateVersion = (requested: string): string =>
  (PROTOCOL_VERSIONS as ReadonlyArray<string>).includes(requested) ? requested : PROTOCOL_VERSIONS[0]

/** `listChanged`: the server may change its tool list while serving, and says so with notifications/tools/list_changed. */
export const initializeResult = (
  info: ServerInfo,
  params: unknown,
  listChanged = false
): Either.Either<unknown, string> => {
  if (!isRecord(params) || typeof params.protocolVersion !== "string") {
    return Either.left(`initialize needs params with a "protocolVersion" string`)
  }
  return Either.right({
    protocolVersion: negotiateVersion(params.protocolVersion),
    capabilities: { tools: { listChanged } },
    serverInfo: { name: info.name, version: info.version },
    ...(info.instructions === undefined ? {} : { instructions: info.instructions })
  })
}

/** What MCP assumes of a tool that gives no hint (2025-06-18, ToolAnnotations). */
export const DEFAULT_HINTS: ToolAnnotations = {
  readOnlyHint: false,
  destructiveHint: true,
  idempotentHint: false,
  openWorldHint: true
}

/**
 * The hints a client cannot assume: those that differ from MCP's defaults.
 * Beside readOnlyHint: true the destructive and idempotent hints mean nothing
 * (the spec says so) and are left out too. A client reading the listing with
 * the defaults gets back exactly the tool's annotations.
 */
export const listedHints = (a: ToolAnnotations): Partial<ToolAnnotations> => {
  const out: { -readonly [K in keyof ToolAnnotations]?: boolean } = {}
  if (a.readOnlyHint) out.readOnlyHint = true
  else {
    if (a.destructiveHint !== DEFAULT_HINTS.destructiveHint) out.destructiveHint = a.destructiveHint
    if (a.idempotentHint !== DEFAULT_HINTS.idempotentHint) out.idempotentHint = a.idempotentHint
  }
  if (a.openWorldHint !== DEFAULT_HINTS.openWorldHint) out.openWorldHint = a.openWorldHint
  return out
}

/** A tool as tools/list shows it: an agent pays for every byte, so the toolset, the handler and default hints stay home. */
export const listedTool = (tool: ToolEntry) => ({
  name: tool.name,
  description: tool.description,
  inputSchema: tool.inputSchema,
  annotations: listedHints(tool.annotations)
})

export interface CallRequest {
  readonly tool: ToolEntry
  readonly args: Record<string, unknown>
  readonly progressToken: ProgressToken | undefined
}

/** Whether the client offers roots (MCP roots/list), from its initialize params. */
export const offersRoots = (params: unknown): boolean =>
  isRecord(params) && isRecord(params.capabilities) && isRecord(params.capabilities.roots)

/** The local paths of a roots/list result: its file:// roots (any other scheme names no directory here). */
export const rootPaths = (result: unknown): ReadonlyArray<string> => {
  const roots = isRecord(result) && Array.isArray(result.roots) ? result.roots : []
  return roots.flatMap((root: unknown) => {
    if (!isRecord(root) || typeof root.uri !== "string" || !root.uri.startsWith("file://")) return []
    try {
      return [fileURLToPath(root.uri)]
    } catch {
      return []
    }
  })
}

/** Reads tools/call params; the Left is the message of an invalid-params error. */
export const parseCall = (
  params: unknown,
  find: (name: string) => ToolEntry | undefined,
  line: string
): Either.Either<CallRequest, string> => {
  if (!isRecord(params) || typeof params.name !== "string") {
    return Either.left(`tools/call needs params with a "name" string`)
  }
  const tool = find(params.name)
  if (tool === undefined) return Either.left(`Unknown tool: ${JSON.stringify(params.name)}`)
  // The protocol makes arguments optional; a tool with no required input is called without them.
  const args = params.arguments === undefined ? {} : params.arguments
  if (!isRecord(args)) return Either.left(`"arguments" of ${tool.name} must be an object`)
  return Either.right({ tool, args, progressToken: progressTokenOf(params, line) })
}

const progressTokenOf = (params: Record<string, unknown>, line: string): ProgressToken | undefined => {
  const meta = params._meta
  return isRecord(meta) ? idAt(line, ["params", "_meta", "progressToken"], meta.progressToken) : undefined
}

/** The request a notifications/cancelled names, if it names one. */
export const cancelledRequest = (params: unknown, line: string): RequestId | undefined =>
  isRecord(params) ? idAt(line, ["params", "requestId"], params.requestId) : undefined
