/**
 * The `design` command line: one command per registry view (core/cli-leaf.ts)
 * plus `auth status`, `sandbox`, `mcp` and `completion`.
 */
import * as Effect from "effect/Effect"
import { operationLeaf } from "../core/cli-leaf.js"
import type { Leaf, Program } from "../core/cli-runtime.js"
import { completionLeaf, sandboxLeaf } from "../core/cli-extra.js"
import { toolServerLeaf } from "../core/tool-server.js"
import { designToolServer } from "./mcp.js"
import { VERSION } from "../version.js"
import { authLoginLeaf, authLogoutLeaf, authRefreshLeaf } from "./auth-login.js"
import { authStatusLeaf } from "./auth-status.js"
import { makeDesignClient } from "./client.js"
import { cliSettings, DESIGN_SHARED, designVocabulary, requireToken } from "./cli-options.js"
import { designGroups, designViews } from "./operations.js"

const operationLeaves: ReadonlyArray<Leaf> = designViews.map((v) =>
  operationLeaf(v, {
    debugVariable: "DESIGN_DEBUG",
    client: (invocation, env) =>
      cliSettings(invocation.shared, env).pipe(Effect.flatMap(requireToken), Effect.flatMap(makeDesignClient))
  })
)

export const designProgram: Program = {
  name: "design",
  version: VERSION,
  summary: "Script the design-file service: files, comments, webhooks and more, from the terminal.",
  shared: DESIGN_SHARED,
  groups: { auth: "Credentials: OAuth sign-in, which token is in use, and whether it works", ...designGroups },
  leaves: [
    authStatusLeaf,
    authLoginLeaf,
    authRefreshLeaf,
    authLogoutLeaf,
    ...operationLeaves,
    sandboxLeaf("design", "design-service", () => import("./sandbox.js")),
    toolServerLeaf(designToolServer),
    completionLeaf("design", () => designProgram)
  ],
  vocabulary: designVocabulary,
  examples: ["design auth status --check", "design webhook list --json", "design sandbox"]
}
