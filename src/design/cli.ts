/**
 * The `design` command line: one command per registry view (core/cli-leaf.ts)
 * plus `auth status`, `sandbox`, `mcp` and `completion`.
 */
import * as Effect from "effect/Effect"
import { operationLeaf } from "../core/cli-leaf.js"
import type { Leaf, Program } from "../core/cli-runtime.js"
import { completionLeaf } from "../core/cli-extra.js"
import { VERSION } from "../version.js"
import { authLoginLeaf, authLogoutLeaf, authRefreshLeaf } from "./auth-login.js"
import { authStatusLeaf } from "./auth-status.js"
import { makeDesignClient } from "./client.js"
import { cliSettings, DESIGN_SHARED, designVocabulary, requireToken } from "./cli-options.js"
import { designGroups, designViews } from "./operations.js"

const env = process.env

const operationLeaves: ReadonlyArray<Leaf> = designViews.map((v) =>
  operationLeaf(v, {
    env,
    debug: /\bapi\b/.test(env.DESIGN_DEBUG ?? ""),
    client: (invocation) =>
      cliSettings(invocation.shared, env).pipe(Effect.flatMap(requireToken), Effect.flatMap(makeDesignClient))
  })
)

const sandboxLeaf: Leaf = {
  path: ["sandbox"],
  spec: {
    name: "sandbox",
    summary: "Serve the built-in design-service simulator on 127.0.0.1; prints one JSON line with its URL and tokens.",
    options: [{ flag: "--port", takesValue: true, valueName: "PORT", description: "Port on 127.0.0.1 (0: any free port)", required: false, defaultText: "0" }],
    positionals: [],
    examples: ["design sandbox --port 4010"],
    subcommands: []
  },
  run: ({ options }) => Effect.flatMap(Effect.promise(() => import("./sandbox.js")), (m) => m.runSandbox(options["--port"]))
}

const mcpLeaf: Leaf = {
  path: ["mcp"],
  spec: {
    name: "mcp",
    summary: "Serve the design tools over stdio (Model Context Protocol).",
    options: [
      { flag: "--toolsets", takesValue: true, valueName: "LIST", description: "Only these toolsets, comma-separated ($DESIGN_TOOLSETS)", required: false, repeatable: true },
      { flag: "--read-only", takesValue: false, description: "Only tools that change nothing ($DESIGN_READ_ONLY=1)", required: false },
      { flag: "--list-toolsets", takesValue: false, description: "Print the toolsets and their tools, then exit", required: false }
    ],
    positionals: [],
    examples: ["design mcp --toolsets webhooks,users --read-only", "design mcp --list-toolsets"],
    subcommands: []
  },
  run: (invocation) => Effect.flatMap(Effect.promise(() => import("./mcp.js")), (m) => m.runMcp(invocation, env))
}

export const designProgram: Program = {
  name: "design",
  version: VERSION,
  summary: "Script the design-file service: files, comments, webhooks and more, from the terminal.",
  shared: DESIGN_SHARED,
  groups: { auth: "Credentials: OAuth sign-in, which token is in use, and whether it works", ...designGroups },
  leaves: [authStatusLeaf, authLoginLeaf, authRefreshLeaf, authLogoutLeaf, ...operationLeaves, sandboxLeaf, mcpLeaf, completionLeaf("design", () => designProgram)],
  vocabulary: designVocabulary,
  examples: ["design auth status --check", "design webhook list --json", "design sandbox"]
}
