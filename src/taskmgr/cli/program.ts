/**
 * The `taskmgr` command line and tool server, derived from this descriptor
 * by core/cli/program.ts: the task manager's own shared flag (the pacing
 * plan), the workspace and project names a repository's .taskmgr.json gives,
 * the repository commands, the sandbox and the check that proves a token
 * works.
 */
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import { sandboxLeaf } from "../../core/cli/extra.js"
import { flagOrEnv, option } from "../../core/cli/options.js"
import { serviceProgram } from "../../core/cli/program.js"
import type { CliService } from "../../core/cli/service.js"
import type { PlanRequiredError } from "../../core/errors.js"
import type { TaskmgrRoute } from "../classify.js"
import { loadRepo, projectAliases } from "../local/repo-file.js"
import { taskmgrSignIn } from "../oauth.js"
import { PLANS, type TaskmgrOptions, type TaskmgrSettings } from "../options.js"
import { taskmgrService } from "../service.js"
import { taskmgrCommandGroups, taskmgrCommandIndex, taskmgrGroupLoaders } from "./command-index.js"
import { repoLeaves } from "./repo.js"

export const taskmgrCli: CliService<TaskmgrOptions, TaskmgrSettings, TaskmgrRoute, PlanRequiredError> = {
  service: taskmgrService,
  signIn: taskmgrSignIn,
  noun: "task-management",
  summary: "Script the task-management service: tasks, projects, sections, tags and comments, from the terminal.",
  // Working on tasks: tasks and their links, comments on them, and finding anything by name (typeahead).
  defaultToolsets: ["tasks", "comments", "typeahead"],
  commandGroups: taskmgrCommandGroups,
  index: taskmgrCommandIndex,
  loaders: taskmgrGroupLoaders,
  examples: ["taskmgr user me", "taskmgr workspace list --json", "taskmgr sandbox"],
  tokenVariables: ["TASKMGR_ACCESS_TOKEN", "TASKMGR_TOKEN"],
  baseUrlNote: " with /api/1.0",
  appUrlNote: "Host of the OAuth pages and of task and project URLs",
  flags: [option("--plan", "Your workspace's plan, for pacing ($TASKMGR_PLAN)", { valueName: "PLAN", choices: PLANS })],
  options: (shared, env) =>
    Effect.map(loadRepo(process.cwd()), (repo) => {
      const file = Option.flatMap(repo, (r) => r.file)
      return {
        // The layers: a command's --workspace-gid (its own input), the variable, then the repository's file.
        workspace: flagOrEnv({}, "", env, "TASKMGR_WORKSPACE") ??
          Option.getOrUndefined(Option.flatMapNullable(file, (f) => f.workspace_gid)),
        // The one project a repository registers is the project of a command given none; of two, none is.
        project: Option.getOrUndefined(
          Option.flatMapNullable(file, (f) => (f.projects.length === 1 ? f.projects[0]!.gid : undefined))
        ),
        plan: flagOrEnv(shared, "--plan", env, "TASKMGR_PLAN") as TaskmgrOptions["plan"]
      }
    }),
  settingSources: {
    workspace: "--workspace-gid, TASKMGR_WORKSPACE or workspace_gid in the repository's .taskmgr.json",
    plan: "--plan or TASKMGR_PLAN",
    clientId: "--client-id, TASKMGR_API_CLIENT_ID, TASKMGR_CLIENT_ID or client_id in settings.json",
    clientSecret: "TASKMGR_API_CLIENT_SECRET, TASKMGR_CLIENT_SECRET, --client-secret or client_secret in settings.json"
  },
  fieldFlags: { timeout_seconds: "--timeout" },
  referenceWords: "gid or URL",
  configured: {
    workspace_gid:
      "Pass --workspace-gid GID, set TASKMGR_WORKSPACE, or run 'taskmgr repo init --workspace-gid GID' in your repository (it writes .taskmgr.json); 'taskmgr workspace list' shows your workspaces.",
    repository: "Run 'git init' there first, or cd into a git repository.",
    repo_file:
      "Run 'taskmgr repo init' there: it writes .taskmgr.json, with the workspace and the projects you register by name."
  },
  statusFields: (own) => ({ workspace: own.workspace ?? null, plan: own.plan ?? null }),
  check: (client) =>
    Effect.gen(function*() {
      const { userMe } = yield* Effect.promise(() => import("../groups/people.js"))
      const me = yield* userMe.run(client, {}, undefined)
      return `ok: signed in as ${me.name ?? me.gid}${me.email === undefined ? "" : ` <${me.email}>`}`
    }),
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
  leaves: repoLeaves,
  leafGroups: { repo: "This git repository's default workspace and projects (.taskmgr.json)" },
  sandbox: sandboxLeaf("taskmgr", "task-management", {
    prefix: "TASKMGR",
    of: (info: { base_url: string; app_url: string; tokens: { personal: string }; workspace_gid: string }) => ({
      TASKMGR_BASE_URL: info.base_url,
      TASKMGR_APP_URL: info.app_url,
      TASKMGR_ACCESS_TOKEN: info.tokens.personal,
      TASKMGR_WORKSPACE: info.workspace_gid
    })
  }, () => import("./sandbox.js"))
}

export const taskmgrProgram = serviceProgram(taskmgrCli)
