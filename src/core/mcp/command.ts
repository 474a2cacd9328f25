/**
 * `<program> mcp`, for any service: the registry's tools over stdio, with
 * toolsets (--toolsets / <PREFIX>_TOOLSETS), --read-only (<PREFIX>_READ_ONLY=1),
 * --list-toolsets, TOON results (<PREFIX>_MCP_FORMAT=toon) and the waiting
 * budget (<PREFIX>_MCP_BUDGET) and the largest result (<PREFIX>_MCP_MAX_BYTES). Nothing but protocol goes to stdout.
 */
import type { HttpClient } from "@effect/platform/HttpClient"
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import { CliIO, type Env, sayOn, writeOut } from "../cli/io.js"
import type { Invocation, Leaf } from "../cli/runtime.js"
import { invalidInput, type WrapperError } from "../errors.js"
import type { AnyOperation } from "../operation.js"
import type { AnyView } from "../view.js"
import { hasTool, toolEntry, type ToolOptions } from "./derive.js"
import { aliasEntries, DEPRECATED_TOOL_NAMES, DEPRECATED_TOOLSETS, toolNameOf } from "./names.js"
import { toolBudget, toolVocabulary } from "./remedy.js"
import { toolMaxBytes } from "./result-bound.js"
import { sayOnce } from "./said-once.js"
import { serveStdio } from "./stdio.js"
import { renameToolsets, selectTools, toolsetSummary } from "./toolsets.js"

export interface ToolServer<C> {
  readonly name: string
  readonly version: string
  /** DESIGN, TASKMGR: the prefix of the server's variables. */
  readonly prefix: string
  readonly tokenVariable: string
  /** The service takes more than one kind of token, chosen by {prefix}_AUTH_MODE. */
  readonly authModes: boolean
  readonly views: ReadonlyArray<AnyView>
  /** The client, or why there is none: a server without a token still serves, and each call says why. */
  readonly client: (invocation: Invocation, env: Env) => Effect.Effect<C, WrapperError, HttpClient>
}

const listOf = (value: unknown, fallback: string | undefined) =>
  (Array.isArray(value) ? value.join(",") : typeof value === "string" ? value : fallback ?? "")
    .split(",").map((s) => s.trim()).filter((s) => s !== "")

export const runToolServer = <C>(server: ToolServer<C>, invocation: Invocation) =>
  Effect.gen(function*() {
    const io = yield* CliIO
    const env = io.env
    const tools = server.views.filter(hasTool)
    const say = sayOn(io)
    const options: ToolOptions = {
      program: server.name,
      format: env[`${server.prefix}_MCP_FORMAT`]?.toLowerCase() === "toon" ? "toon" : "json",
      budget: yield* toolBudget(env[`${server.prefix}_MCP_BUDGET`]),
      maxBytes: yield* toolMaxBytes(env[`${server.prefix}_MCP_MAX_BYTES`], `${server.prefix}_MCP_MAX_BYTES`),
      vocabulary: {
        ...toolVocabulary(server.tokenVariable, server.prefix, server.authModes),
        operation: (name) => {
          const v = tools.find((t) => (t.operation as AnyOperation<never>).name === name)
          return v === undefined ? undefined : toolNameOf(server.name, v)
        }
      },
      operations: server.views.map((v) => v.operation as AnyOperation<never>),
      say
    }
    const client = yield* Effect.either(server.client(invocation, env))
    const all = tools.map((v) => toolEntry(client, v, options))
    const readOnly = env[`${server.prefix}_READ_ONLY`]
    const requested = renameToolsets(
      listOf(invocation.options["--toolsets"], env[`${server.prefix}_TOOLSETS`]),
      all,
      DEPRECATED_TOOLSETS
    )
    for (const note of requested.notes) yield* say(`Note: ${note}`)
    const selected = selectTools(all, {
      toolsets: requested.toolsets,
      readOnly: invocation.options["--read-only"] === true || readOnly === "1" || readOnly === "true"
    })
    if (Either.isLeft(selected)) return yield* Effect.fail(invalidInput(selected.left.message, "toolsets"))
    if (invocation.options["--list-toolsets"] === true) {
      const lines = toolsetSummary(selected.right).map((t) =>
        `${t.name}\t${t.tools.length} tool${t.tools.length === 1 ? "" : "s"} (${t.readOnlyTools.length} read-only)\t${
          t.tools.join(", ")
        }`
      )
      return yield* writeOut(lines.join("\n"))
    }
    const { instructions, tools: listed } = sayOnce(selected.right)
    // Old tool names answer calls but are not listed, so agents learn the new ones.
    const aliases = aliasEntries(listed, DEPRECATED_TOOL_NAMES, say)
    return yield* serveStdio(
      { name: server.name, version: server.version, instructions },
      [...listed, ...aliases],
      io
    )
  })

/** What the `mcp` command's help says of its server, known without loading it. */
export interface ToolServerInfo {
  readonly name: string
  readonly prefix: string
}

/** `<program> mcp`; the server, with every group's tools, is loaded only when the command runs. */
export const toolServerLeaf = <C>(server: ToolServerInfo, load: () => Promise<ToolServer<C>>): Leaf => ({
  path: ["mcp"],
  spec: {
    name: "mcp",
    summary: `Serve the ${server.name} tools over stdio (Model Context Protocol).`,
    options: [
      {
        flag: "--toolsets",
        takesValue: true,
        valueName: "LIST",
        description: `Only these toolsets ($${server.prefix}_TOOLSETS)`,
        required: false,
        repeatable: true
      },
      {
        flag: "--read-only",
        takesValue: false,
        description: `Only tools that change nothing ($${server.prefix}_READ_ONLY=1)`,
        required: false
      },
      {
        flag: "--list-toolsets",
        takesValue: false,
        description: "Print the toolsets and their tools, then exit",
        required: false
      }
    ],
    positionals: [],
    examples: [`${server.name} mcp --read-only`, `${server.name} mcp --list-toolsets`],
    subcommands: []
  },
  run: (invocation) => Effect.flatMap(Effect.promise(load), (loaded) => runToolServer(loaded, invocation))
})
