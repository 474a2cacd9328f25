/** `design mcp`: the design registry as a tool server (core/mcp/command.ts). */
import * as Effect from "effect/Effect"
import type { ToolServer } from "../core/mcp/command.js"
import { VERSION } from "../version.js"
import { cliSettings, requireToken } from "./cli/options.js"
import { type DesignClient, makeDesignClient } from "./client.js"
import { designViews } from "./operations.js"

export const designToolServer: ToolServer<DesignClient> = {
  name: "design",
  version: VERSION,
  prefix: "DESIGN",
  tokenVariable: "DESIGN_ACCESS_TOKEN",
  authModes: true,
  views: designViews,
  client: (invocation, env) =>
    cliSettings(invocation.shared, env).pipe(Effect.flatMap(requireToken), Effect.flatMap(makeDesignClient))
}
