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
import { taskmgrCommandIndex, taskmgrGroupLoaders } from "./command-index.js"
import { repoLeaves } from "./repo.js"

const commandGroups: Readonly<Record<string, string>> = {
  user: "Users (read-only)",
  team: "Teams (read-only)",
  workspace: "Workspaces (read-only)",
  tag: "Tags, the tasks they mark, and the tags of a task",
  "tag task": "The tasks of a tag: list, add, remove",
  story: "Stories: a task's activity feed (comments and system stories)",
  comment: "Comments on tasks (only your own can be changed)",
  task: "Tasks: list, read, search, create, change, delete, and their links",
  "task my-tasks": "Your My Tasks list",
  "task subtask": "Subtasks of a task",
  "task project": "The projects a task is in",
  "task follower": "The followers of a task",
  "task dependency": "Tasks a task waits on",
  "task dependent": "Tasks that wait on a task",
  project: "Projects: list, read, search, create, change, delete",
  section: "Sections of a project, and putting tasks into them",
  "section task": "Tasks in a section",
  goal: "Goals: list, read, create, change, delete",
  portfolio: "Portfolios and their projects",
  status: "Status updates of projects, portfolios and goals, and the roll-up overview",
  "custom-field": "Custom fields: a workspace's, and those on a project, portfolio, goal or team",
  membership: "Who has access to a project, portfolio or goal",
  ooo: "Out-of-office entries",
  attachment: "Files and links attached to tasks: list, get, upload or link, delete",
  event: "Changes to a task or project since a sync token (--follow to keep watching)",
  "task-template": "Task templates: list, read, make a task from one",
  "project-template": "Project templates: list, read, make a project from one",
  job: "Jobs: the service's asynchronous work (template instantiations)",
  rule: "Rules: fire a rule's web-request trigger",
  search: "Typeahead: objects of one type by name",
  url: "App URLs: what one names"
}

export const taskmgrCli: CliService<TaskmgrOptions, TaskmgrSettings, TaskmgrRoute, PlanRequiredError> = {
  service: taskmgrService,
  signIn: taskmgrSignIn,
  noun: "task-management",
  summary: "Script the task-management service: tasks, projects, sections, tags and comments, from the terminal.",
  commandGroups,
  index: taskmgrCommandIndex,
  loaders: taskmgrGroupLoaders,
  examples: ["taskmgr user me", "taskmgr workspace list --json", "taskmgr sandbox"],
  tokenVariables: ["TASKMGR_ACCESS_TOKEN", "TASKMGR_TOKEN"],
  baseUrlNote: " with /api/1.0",
  appUrlNote: "Host of the OAuth pages and of task and project URLs",
  flags: [option("--plan", "Your workspace's plan, for pacing ($TASKMGR_PLAN)", { valueName: "PLAN", choices: PLANS })],
  options: (shared, env) =>
    Effect.map(loadRepo(process.cwd()), (repo) => ({
      // The layers: a command's --workspace-gid (its own input), the variable, then the repository's file.
      workspace: flagOrEnv({}, "", env, "TASKMGR_WORKSPACE") ??
        Option.getOrUndefined(Option.flatMap(repo, (r) => Option.flatMapNullable(r.file, (f) => f.workspace_gid))),
      plan: flagOrEnv(shared, "--plan", env, "TASKMGR_PLAN") as TaskmgrOptions["plan"]
    })),
  settingSources: {
    workspace: "--workspace-gid, TASKMGR_WORKSPACE or workspace_gid in the repository's .taskmgr.json",
    plan: "--plan or TASKMGR_PLAN",
    clientId: "--client-id, TASKMGR_API_CLIENT_ID, TASKMGR_CLIENT_ID or client_id in settings.json",
    clientSecret: "TASKMGR_API_CLIENT_SECRET, TASKMGR_CLIENT_SECRET, --client-secret or client_secret in settings.json"
  },
  fieldFlags: { timeout_seconds: "--timeout" },
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
