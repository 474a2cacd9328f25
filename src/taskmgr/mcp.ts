/** `taskmgr mcp`: the task-management registry as a tool server (core/mcp/command.ts). */
import * as Effect from "effect/Effect"
import type { ToolServer } from "../core/mcp/command.js"
import { VERSION } from "../version.js"
import { cliSettings, requireToken } from "./cli/options.js"
import { makeTaskmgrClient, type TaskmgrClient } from "./client.js"
import { taskmgrViews } from "./operations.js"

export const taskmgrToolServer: ToolServer<TaskmgrClient> = {
  name: "taskmgr",
  version: VERSION,
  prefix: "TASKMGR",
  tokenVariable: "TASKMGR_ACCESS_TOKEN",
  authModes: false,
  views: taskmgrViews,
  client: (invocation, env) =>
    cliSettings(invocation.shared, env).pipe(Effect.flatMap(requireToken), Effect.flatMap(makeTaskmgrClient))
}
