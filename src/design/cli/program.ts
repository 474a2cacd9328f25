/**
 * The `design` command line: one command per registry view (core/cli/leaf.ts)
 * plus `auth status`, `sandbox`, `mcp` and `completion`.
 */
import * as Effect from "effect/Effect"
import { indexedLeaves, operationsOf } from "../../core/cli/command-index.js"
import { completionLeaf, sandboxLeaf } from "../../core/cli/extra.js"
import type { Leaf, Program } from "../../core/cli/runtime.js"
import { toolServerLeaf } from "../../core/mcp/command.js"
import { VERSION } from "../../version.js"
import { makeDesignClient } from "../client.js"
import { designCommandIndex } from "../command-index.js"
import { designGroupModules, designGroups } from "../groups.js"
import { authLoginLeaf, authLogoutLeaf, authRefreshLeaf } from "./auth-login.js"
import { authStatusLeaf } from "./auth-status.js"
import { cliSettings, DESIGN_SHARED, designVocabulary, requireToken } from "./options.js"

/** From the light index: a command's group module is loaded only when it runs (core/cli/command-index.ts). */
const operationLeaves: ReadonlyArray<Leaf> = indexedLeaves(designCommandIndex, designGroupModules, {
  debugVariable: "DESIGN_DEBUG",
  client: (invocation, env) =>
    cliSettings(invocation.shared, env).pipe(Effect.flatMap(requireToken), Effect.flatMap(makeDesignClient))
})

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
    sandboxLeaf("design", "design-service", {
      prefix: "DESIGN",
      of: (info: { base_url: string; tokens: { personal: string }; team_id: string }) => ({
        DESIGN_BASE_URL: info.base_url,
        DESIGN_ACCESS_TOKEN: info.tokens.personal,
        DESIGN_TEAM_ID: info.team_id
      })
    }, () => import("./sandbox.js")),
    toolServerLeaf({ name: "design", prefix: "DESIGN" }, () => import("../mcp.js").then((m) => m.designToolServer)),
    completionLeaf("design", () => designProgram)
  ],
  operations: operationsOf(designGroupModules),
  vocabulary: designVocabulary,
  examples: ["design auth status --check", "design webhook list --json", "design sandbox"]
}
