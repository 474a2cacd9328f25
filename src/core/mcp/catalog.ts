/**
 * What one tool server serves, and what it says of the rest. A server starts
 * with some toolsets (the service's defaults, those named, or all); started
 * with the defaults it also serves `<program>_toolsets`, which lists every
 * toolset in a line and serves one more on request, telling the client its
 * tool list changed, as GitHub's tool server does with its dynamic toolsets.
 * A call of a tool the server has but does not serve answers why (its toolset
 * is not served, or it writes and the server is read-only) and what to do.
 */
import * as Effect from "effect/Effect"
import { bareNames, instructionsFor, meaningLines } from "./said-once.js"
import { serves, type ToolsetChoice } from "./toolsets.js"
import type { ToolCatalog, ToolEntry, ToolResult } from "./types.js"

export interface CatalogOptions {
  /** "taskmgr": the toolsets tool is taskmgr_toolsets. */
  readonly program: string
  /** TASKMGR: the server's variables (TASKMGR_TOOLSETS, TASKMGR_READ_ONLY). */
  readonly prefix: string
  /** Every tool the server has, as listed (mcp/said-once.ts). */
  readonly tools: ReadonlyArray<ToolEntry>
  /** Old names, answered but never listed; each is served when the tool it names is. */
  readonly aliases?: ReadonlyArray<ToolEntry> | undefined
  /** What the parameters listed bare mean (mcp/said-once.ts). */
  readonly meanings: ReadonlyMap<string, string>
  /** One line about each toolset, for the toolsets tool. */
  readonly toolsetLines: ReadonlyMap<string, string>
  readonly choice: ToolsetChoice
  readonly readOnly: boolean
  /** A value as result text, in the server's format (JSON or TOON). */
  readonly render: (value: unknown) => string
}

export interface Catalog extends ToolCatalog {
  /** What the server says at initialize. */
  readonly instructions: string
}

const NOT_SERVED_EXIT_CODE = 2

const refusal = (error: Record<string, unknown>, render: (value: unknown) => string): ToolResult => {
  const structured = { error: { type: "ToolNotServed", exit_code: NOT_SERVED_EXIT_CODE, ...error } }
  return { isError: true, structuredContent: structured, content: [{ type: "text", text: render(structured) }] }
}

export const toolsetsToolName = (program: string) => `${program}_toolsets`

export const makeCatalog = (options: CatalogOptions): Catalog => {
  const { meanings, program, prefix, readOnly, render, tools } = options
  const served = new Set(options.choice.toolsets)
  const isServed = (tool: ToolEntry) => serves(served, readOnly)(tool)
  const toolsets = [...new Set(tools.map((t) => t.toolset))].sort()
  const toolsetsTool = toolsetsToolName(program)
  // Said at initialize or when a toolset was enabled: each meaning once a session.
  const said = new Set(bareNames(tools.filter(isServed), meanings))

  const membersOf = (toolset: string) =>
    tools.filter((t) => t.toolset === toolset && (!readOnly || t.annotations.readOnlyHint))

  const listing = (): ToolResult => {
    const rows = toolsets.map((name) => ({
      name,
      description: options.toolsetLines.get(name) ?? membersOf(name).map((t) => t.name).join(", "),
      tools: membersOf(name).length,
      served: served.has(name)
    }))
    const value = {
      toolsets: rows,
      how: `Call ${toolsetsTool} with enable: "<name>" to serve a toolset's tools from now on.`
    }
    return { isError: false, content: [{ type: "text", text: render(value) }] }
  }

  const enable = (name: string, listChanged: Effect.Effect<void>): Effect.Effect<ToolResult> =>
    Effect.suspend(() => {
      const members = membersOf(name).map((t) => t.name)
      if (served.has(name)) {
        return Effect.succeed({
          isError: false,
          content: [{ type: "text", text: render({ enabled: name, already_served: true, tools: members }) }]
        })
      }
      served.add(name)
      const fresh = [...bareNames(tools.filter((t) => t.toolset === name && isServed(t)), meanings)].filter((n) =>
        !said.has(n)
      )
      for (const n of fresh) said.add(n)
      const value = {
        enabled: name,
        tools: members,
        ...(readOnly ? { read_only: "this server is read-only: the toolset's writes stay unserved" } : {}),
        ...(fresh.length === 0 ? {} : { parameters_listed_bare_mean: meaningLines(fresh, meanings).join("\n") })
      }
      return Effect.as(listChanged, { isError: false, content: [{ type: "text" as const, text: render(value) }] })
    })

  const refusalOfInput = (extra: ReadonlyArray<string>, name: unknown): ToolResult => {
    const structured = {
      error: {
        type: "InvalidInputError",
        exit_code: 2,
        message: extra.length > 0
          ? extra.map((k) => `${k} is not a parameter of ${toolsetsTool}.`).join("\n")
          : `enable: ${JSON.stringify(name)} is not a toolset of this server.`,
        remedy: `Pass enable with one of: ${toolsets.join(", ")}; or no parameter to list them.`
      }
    }
    return { isError: true, structuredContent: structured, content: [{ type: "text", text: render(structured) }] }
  }

  const toolsetsEntry: ToolEntry = {
    name: toolsetsTool,
    description:
      "Lists this server's toolsets, a line each, and which are served; with enable, serves one more from now on.",
    inputSchema: {
      type: "object",
      properties: { enable: { enum: toolsets, description: "A toolset to serve from now on" } }
    },
    // It changes what this server offers, nothing at the service.
    annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    toolset: "toolsets",
    call: (args, context) => {
      const extra = Object.keys(args).filter((k) => k !== "enable")
      const name = args.enable
      if (extra.length > 0 || (name !== undefined && (typeof name !== "string" || !toolsets.includes(name)))) {
        return Effect.succeed(refusalOfInput(extra, name))
      }
      return name === undefined ? Effect.succeed(listing()) : enable(name, context.listChanged ?? Effect.void)
    }
  }

  const notServed = (tool: ToolEntry): ToolEntry => ({
    ...tool,
    call: () =>
      Effect.succeed(
        readOnly && !tool.annotations.readOnlyHint
          ? refusal({
            message:
              `${tool.name} changes data, and this server is read-only: it serves only tools that change nothing.`,
            remedy:
              `Do without it, or ask the user to restart the server without read-only mode (unset ${prefix}_READ_ONLY and the read-only switch in its arguments).`,
            tool: tool.name,
            toolset: tool.toolset,
            read_only: true
          }, render)
          : refusal({
            message: `${tool.name} is in the ${tool.toolset} toolset, which this server does not serve${
              options.choice.dynamic ? " yet" : ""
            }.`,
            remedy: options.choice.dynamic
              ? `Call ${toolsetsTool} with enable: "${tool.toolset}", then call ${tool.name} again.`
              : `Ask the user to add ${tool.toolset} to the server's toolsets (${prefix}_TOOLSETS, or the toolsets in its arguments), or to serve all.`,
            tool: tool.name,
            toolset: tool.toolset
          }, render)
      )
  })

  const byName = new Map([...tools, ...(options.aliases ?? [])].map((t) => [t.name, t]))
  const dynamic = options.choice.dynamic
  return {
    dynamic,
    listed: () => [...tools.filter(isServed), ...(dynamic ? [toolsetsEntry] : [])],
    find: (name) => {
      if (dynamic && name === toolsetsTool) return toolsetsEntry
      const tool = byName.get(name)
      if (tool === undefined) return undefined
      return isServed(tool) ? tool : notServed(tool)
    },
    instructions: instructionsFor(
      tools.filter(isServed),
      meanings,
      dynamic
        ? [
          `This server serves some toolsets at first: ${toolsetsTool} lists the others, a line each, and serves one on request.`
        ]
        : []
    )
  }
}
