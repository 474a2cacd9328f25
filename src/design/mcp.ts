/** `design mcp`: the design registry as a tool server (core/tool-server.ts). */
import * as Effect from "effect/Effect"
import type { ToolServer } from "../core/tool-server.js"
import { VERSION } from "../version.js"
import { cliSettings, requireToken } from "./cli-options.js"
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
