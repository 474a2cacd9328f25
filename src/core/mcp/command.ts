/**
 * `<program> mcp`, for any service: the registry's tools over stdio, with
 * toolsets (--toolsets / <PREFIX>_TOOLSETS: the defaults and the toolsets
 * tool when none is named, `all`, or names), --read-only (<PREFIX>_READ_ONLY=1),
 * --list-toolsets, TOON results (<PREFIX>_MCP_FORMAT=toon), the waiting
 * budget (<PREFIX>_MCP_BUDGET), the largest result (<PREFIX>_MCP_MAX_BYTES)
 * and, with <PREFIX>_DEBUG=api, each call and exchange on stderr. Nothing but
 * protocol goes to stdout.
 */
import type { HttpClient } from "@effect/platform/HttpClient"
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import { CliIO, type Env, sayOn, writeOut } from "../cli/io.js"
import { debugOf } from "../cli/leaf.js"
import { exchangeLines, type Invocation, type Leaf } from "../cli/runtime.js"
import { invalidInput, type WrapperError } from "../errors.js"
import type { AnyOperation } from "../operation.js"
import { machineText } from "../output.js"
import { configDirs } from "../protected-paths.js"
import type { AnyView } from "../view.js"
import { makeCatalog } from "./catalog.js"
import { hasTool, toolEntry, type ToolOptions, type ToolView } from "./derive.js"
import { allowedPaths } from "./local-paths.js"
import { aliasEntries, DEPRECATED_TOOL_NAMES, DEPRECATED_TOOLSETS, toolNameOf, toolsetOf } from "./names.js"
import { toolBudget, toolVocabulary } from "./remedy.js"
import { toolMaxBytes } from "./result-bound.js"
import { sayOnce } from "./said-once.js"
import { serveStdio } from "./stdio.js"
import { chooseToolsets, renameToolsets, serves, toolsetSummary } from "./toolsets.js"

export interface ToolServer<C> {
  readonly name: string
  readonly version: string
  /** DESIGN, TASKMGR: the prefix of the server's variables. */
  readonly prefix: string
  readonly tokenVariable: string
  /** The service takes more than one kind of token, chosen by {prefix}_AUTH_MODE. */
  readonly authModes: boolean
  readonly views: ReadonlyArray<AnyView>
  /** The toolsets served when none is named: what most work with the service needs (the README says why). */
  readonly defaultToolsets?: ReadonlyArray<string> | undefined
  /** Help's line for each command group ("comment": "Comments: ..."): a toolset's line is its commands' groups'. */
  readonly commandGroups: Readonly<Record<string, string>>
  /** The client, or why there is none: a server without a token still serves, and each call says why. */
  readonly client: (invocation: Invocation, env: Env) => Effect.Effect<C, WrapperError, HttpClient>
}

const listOf = (value: unknown, fallback: string | undefined) =>
  (Array.isArray(value) ? value.join(",") : typeof value === "string" ? value : fallback ?? "")
    .split(",").map((s) => s.trim()).filter((s) => s !== "")

/** One line about each toolset: the help lines of the command groups its tools are in. */
const toolsetLines = (
  views: ReadonlyArray<ToolView>,
  groups: Readonly<Record<string, string>>
): ReadonlyMap<string, string> => {
  const words = new Map<string, Array<string>>()
  for (const v of views) {
    const toolset = toolsetOf(v.operation as AnyOperation<never>)
    const group = groups[v.command[0]!] === undefined ? v.command.slice(0, 2).join(" ") : v.command[0]!
    const list = words.get(toolset) ?? []
    if (groups[group] !== undefined && !list.includes(group)) list.push(group)
    words.set(toolset, list)
  }
  // Help's lines may name a flag in passing ("(--follow to keep watching)"): an agent has parameters instead.
  const withoutFlags = (line: string) => line.replace(/\s*\([^)]*--[a-z][^)]*\)/g, "")
  return new Map([...words].map(([toolset, list]) => [toolset, list.map((g) => withoutFlags(groups[g]!)).join("; ")]))
}

const isOn = (value: string | undefined) => value === "1" || value === "true"

export const runToolServer = <C>(server: ToolServer<C>, invocation: Invocation) =>
  Effect.gen(function*() {
    const io = yield* CliIO
    const env = io.env
    const views = server.views.filter(hasTool)
    const say = sayOn(io)
    const debug = debugOf(env, `${server.prefix}_DEBUG`)
    const format = env[`${server.prefix}_MCP_FORMAT`]?.toLowerCase() === "toon" ? "toon" : "json"
    const options: ToolOptions = {
      program: server.name,
      format,
      budget: yield* toolBudget(env[`${server.prefix}_MCP_BUDGET`]),
      maxBytes: yield* toolMaxBytes(env[`${server.prefix}_MCP_MAX_BYTES`], `${server.prefix}_MCP_MAX_BYTES`),
      vocabulary: {
        ...toolVocabulary(server.tokenVariable, server.prefix, server.authModes),
        operation: (name) => {
          const v = views.find((t) => (t.operation as AnyOperation<never>).name === name)
          return v === undefined ? undefined : toolNameOf(server.name, v)
        }
      },
      operations: server.views.map((v) => v.operation as AnyOperation<never>),
      say,
      exchange: debug ? (event) => say(exchangeLines(event).join("\n")) : undefined
    }
    const allowed = yield* allowedPaths(
      listOf(invocation.options["--allow-path"], undefined),
      `${server.prefix}_ALLOW_PATHS`,
      env[`${server.prefix}_ALLOW_PATHS`]
    )
    const withPaths: ToolOptions = {
      ...options,
      paths: { cwd: process.cwd(), allowed, protectedDirs: configDirs(env), prefix: server.prefix }
    }
    const client = yield* Effect.either(server.client(invocation, env))
    // Said once over every tool, served or not, so a tool lists the same schema whichever toolsets are served.
    const { meanings, tools } = sayOnce(views.map((v) => toolEntry(client, v, withPaths)))
    const requested = renameToolsets(
      listOf(invocation.options["--toolsets"], env[`${server.prefix}_TOOLSETS`]),
      tools,
      DEPRECATED_TOOLSETS
    )
    for (const note of requested.notes) yield* say(`Note: ${note}`)
    const readOnly = invocation.options["--read-only"] === true || isOn(env[`${server.prefix}_READ_ONLY`])
    const chosen = chooseToolsets(tools, { toolsets: requested.toolsets, defaults: server.defaultToolsets })
    if (Either.isLeft(chosen)) return yield* Effect.fail(invalidInput(chosen.left.message, "toolsets"))
    if (invocation.options["--list-toolsets"] === true) {
      // Without toolsets named, every toolset, the defaults marked; with some named, those.
      const named = requested.toolsets.length > 0 && !chosen.right.dynamic
      const shown = named ? new Set(chosen.right.toolsets) : new Set(tools.map((t) => t.toolset))
      const defaults = new Set(chosen.right.dynamic ? chosen.right.toolsets : [])
      const lines = toolsetSummary(tools.filter(serves(shown, readOnly))).map((t) =>
        `${t.name}\t${t.tools.length} tool${t.tools.length === 1 ? "" : "s"} (${t.readOnlyTools.length} read-only)${
          defaults.has(t.name) ? ", served at start" : ""
        }\t${t.tools.join(", ")}`
      )
      return yield* writeOut(lines.join("\n"))
    }
    const catalog = makeCatalog({
      program: server.name,
      prefix: server.prefix,
      tools,
      // Old tool names answer calls but are not listed, so agents learn the new ones.
      aliases: aliasEntries(tools, DEPRECATED_TOOL_NAMES, say),
      meanings,
      toolsetLines: toolsetLines(views, server.commandGroups),
      choice: chosen.right,
      readOnly,
      render: (value) => machineText(value, format)
    })
    return yield* serveStdio(
      { name: server.name, version: server.version, instructions: catalog.instructions },
      catalog,
      io,
      debug ? { log: say } : {}
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
        description:
          `Only these toolsets, or all ($${server.prefix}_TOOLSETS; default: the usual ones and a tool that serves more)`,
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
        flag: "--allow-path",
        takesValue: true,
        valueName: "DIR",
        description: `Let tools read and write local files in DIR too ($${server.prefix}_ALLOW_PATHS); ` +
          "by default only in the client's roots, or the working directory",
        required: false,
        repeatable: true
      },
      {
        flag: "--list-toolsets",
        takesValue: false,
        description: "Print the toolsets and their tools, then exit",
        required: false
      }
    ],
    positionals: [],
    examples: [
      `${server.name} mcp --read-only`,
      `${server.name} mcp --toolsets all`,
      `${server.name} mcp --list-toolsets`
    ],
    subcommands: []
  },
  run: (invocation) => Effect.flatMap(Effect.promise(load), (loaded) => runToolServer(loaded, invocation))
})
