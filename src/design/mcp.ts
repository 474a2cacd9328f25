/**
 * `design mcp`: the registry's tools over stdio. Nothing but protocol goes to
 * stdout; settings problems are reported on stderr before serving.
 * --toolsets / DESIGN_TOOLSETS and --read-only / DESIGN_READ_ONLY=1 let an
 * agent load less; DESIGN_MCP_FORMAT=toon makes results TOON.
 */
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import type { Invocation } from "../core/cli-runtime.js"
import { writeOut } from "../core/cli-runtime.js"
import { hasTool, type ToolOptions, toolEntry } from "../core/derive-tool.js"
import { invalidInput, type WrapperError } from "../core/errors.js"
import { serveStdio } from "../core/mcp/stdio.js"
import { selectTools, toolsetSummary } from "../core/mcp/toolsets.js"
import type { ToolEntry } from "../core/mcp/types.js"
import { toolBudget, toolVocabulary } from "../core/mcp/remedy.js"
import { VERSION } from "../version.js"
import type { DesignClient } from "./client.js"
import { makeDesignClient } from "./client.js"
import { cliSettings, requireToken } from "./cli-options.js"
import { designViews } from "./operations.js"

type Env = Readonly<Record<string, string | undefined>>

export const designTools = (client: Effect.Effect<DesignClient, WrapperError>, options: ToolOptions): ReadonlyArray<ToolEntry> =>
  designViews.filter(hasTool).map((v) => toolEntry(client, v, options))

const listOf = (value: unknown, fallback: string | undefined) =>
  (Array.isArray(value) ? value.join(",") : typeof value === "string" ? value : fallback ?? "")
    .split(",").map((s) => s.trim()).filter((s) => s !== "")

export const runMcp = (invocation: Invocation, env: Env) =>
  Effect.gen(function*() {
    const settings = yield* cliSettings(invocation.shared, env)
    const options: ToolOptions = {
      format: env.DESIGN_MCP_FORMAT?.toLowerCase() === "toon" ? "toon" : "json",
      budget: yield* toolBudget(env.DESIGN_MCP_BUDGET),
      vocabulary: toolVocabulary("DESIGN_ACCESS_TOKEN", "DESIGN")
    }
    const listing = invocation.options["--list-toolsets"] === true
    // Without a token the server still serves: each call answers with the auth error and its remedy.
    const client = yield* Effect.either(requireToken(settings).pipe(Effect.flatMap(makeDesignClient)))
    const all = designTools(client, options)
    const selected = selectTools(all, {
      toolsets: listOf(invocation.options["--toolsets"], env.DESIGN_TOOLSETS),
      readOnly: invocation.options["--read-only"] === true || env.DESIGN_READ_ONLY === "1" || env.DESIGN_READ_ONLY === "true"
    })
    if (Either.isLeft(selected)) {
      return yield* Effect.fail(invalidInput(selected.left.message, "toolsets"))
    }
    if (listing) {
      const lines = toolsetSummary(selected.right).map((t) => `${t.name}\t${t.tools.length} tools (${t.readOnlyTools.length} read-only)\t${t.tools.join(", ")}`)
      return yield* writeOut(lines.join("\n"))
    }
    return yield* serveStdio({ name: "design", version: VERSION }, selected.right)
  })
