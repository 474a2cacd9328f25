/**
 * `design mcp`: the registry's tools over stdio. Nothing but protocol goes to
 * stdout; settings problems are reported on stderr before serving.
 * DESIGN_MCP_FORMAT=toon makes text content TOON.
 */
import * as McpServer from "@effect/ai/McpServer"
import * as NodeSink from "@effect/platform-node/NodeSink"
import * as NodeStream from "@effect/platform-node/NodeStream"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { toolsLayer } from "../core/derive-tool.js"
import { VERSION } from "../version.js"
import { designEnvFromSettings } from "./layers.js"
import { designOperationList } from "./operations.js"
import { type DesignFlags, resolveDesignSettings } from "./settings.js"

export const designToolsLayer = (format: "json" | "toon") => toolsLayer(designOperationList, format)

export const runMcpServer = (flags: DesignFlags) =>
  Effect.gen(function*() {
    const settings = yield* resolveDesignSettings(flags)
    const format = process.env.DESIGN_MCP_FORMAT?.toLowerCase() === "toon" ? "toon" : "json"
    const server = designToolsLayer(format).pipe(
      Layer.provide(designEnvFromSettings(settings)),
      Layer.provide(McpServer.layerStdio({ name: "design", version: VERSION, stdin: NodeStream.stdin, stdout: NodeSink.stdout }))
    )
    return yield* Layer.launch(server)
  })
