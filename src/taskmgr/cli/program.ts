/**
 * The `taskmgr` command line: one command per registry view (core/cli/leaf.ts)
 * plus `sandbox`, `mcp` and `completion`.
 */
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import { indexedLeaves, operationsOf } from "../../core/cli/command-index.js"
import { completionLeaf, sandboxLeaf } from "../../core/cli/extra.js"
import type { Leaf, Program } from "../../core/cli/runtime.js"
import { toolServerLeaf } from "../../core/mcp/command.js"
import { VERSION } from "../../version.js"
import { makeTaskmgrClient } from "../client.js"
import { taskmgrCommandIndex } from "../command-index.js"
import { taskmgrGroupModules, taskmgrGroups } from "../groups.js"
import { loadRepo, projectAliases } from "../local/repo-file.js"
import { authLeaves } from "./auth.js"
import { cliSettings, requireToken, TASKMGR_SHARED, taskmgrVocabulary } from "./options.js"
import { repoLeaves } from "./repo.js"

/** From the light index: a command's group module is loaded only when it runs (core/cli/command-index.ts). */
const operationLeaves: ReadonlyArray<Leaf> = indexedLeaves(taskmgrCommandIndex, taskmgrGroupModules, {
  debugVariable: "TASKMGR_DEBUG",
  // Inside a git repository with a .taskmgr.json, a registered project's name stands for its gid.
  aliases: (gids, raw) =>
    Effect.flatMap(
      loadRepo(process.cwd()),
      (repo) =>
        Option.match(Option.flatMap(repo, (r) => Option.map(r.file, (file) => ({ file, path: r.path }))), {
          onNone: () => Effect.succeed(raw),
          onSome: ({ file, path }) => projectAliases(file, path, gids, raw)
        })
    ),
  client: (invocation, env) =>
    cliSettings(invocation.shared, env).pipe(Effect.flatMap(requireToken), Effect.flatMap(makeTaskmgrClient))
})

export const taskmgrProgram: Program = {
  name: "taskmgr",
  version: VERSION,
  summary: "Script the task-management service: tasks, projects, sections, tags and comments, from the terminal.",
  shared: TASKMGR_SHARED,
  groups: {
    auth: "Sign-in: status, login, token, logout",
    repo: "This git repository's default workspace and projects (.taskmgr.json)",
    ...taskmgrGroups
  },
  leaves: [
    ...authLeaves,
    ...operationLeaves,
    ...repoLeaves,
    sandboxLeaf("taskmgr", "task-management", {
      prefix: "TASKMGR",
      of: (info: { base_url: string; app_url: string; tokens: { personal: string }; workspace_gid: string }) => ({
        TASKMGR_BASE_URL: info.base_url,
        TASKMGR_APP_URL: info.app_url,
        TASKMGR_ACCESS_TOKEN: info.tokens.personal,
        TASKMGR_WORKSPACE: info.workspace_gid
      })
    }, () => import("./sandbox.js")),
    toolServerLeaf({ name: "taskmgr", prefix: "TASKMGR" }, () => import("../mcp.js").then((m) => m.taskmgrToolServer)),
    completionLeaf("taskmgr", () => taskmgrProgram)
  ],
  operations: operationsOf(taskmgrGroupModules),
  vocabulary: taskmgrVocabulary,
  examples: ["taskmgr user me", "taskmgr workspace list --json", "taskmgr sandbox"]
}
