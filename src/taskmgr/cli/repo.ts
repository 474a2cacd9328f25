/**
 * `taskmgr repo init|show|add|remove`: the repository registry's commands
 * (repo-file.ts). They change only `.taskmgr.json`; init (with --project) and
 * add read the project once to record its name, before the file is locked:
 * the change itself is made to the file as it is then (updateRepoFile), so
 * commands run at once each keep their change. Command line only: a tool
 * server serves one working directory and an agent can edit the file itself,
 * so the registry has no tools (the server does use the file's workspace).
 */
import type { HttpClient } from "@effect/platform/HttpClient"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import { refusal } from "../../core/allowed.js"
import { CliIO, writeErr } from "../../core/cli/io.js"
import { formatOf, printResult } from "../../core/cli/leaf.js"
import { option } from "../../core/cli/options.js"
import type { Invocation, Leaf } from "../../core/cli/runtime.js"
import type { ClientMaker } from "../../core/cli/service.js"
import type { CommandSpec } from "../../core/cli/spec.js"
import { invalidInput, type PlanRequiredError, type WrapperError } from "../../core/errors.js"
import { deletedResult } from "../../core/operation.js"
import type { AnyView } from "../../core/view.js"
import type { TaskmgrRoute } from "../classify.js"
import {
  loadRepo,
  notRegistered,
  projectNamed,
  replaceMalformed,
  type Repo,
  repoAround,
  type RepoFile,
  updateRepoFile
} from "../local/repo-file.js"
import type { TaskmgrSettings } from "../options.js"
import { gidOf } from "../refs.js"

const RECORD = { text: { kind: "record" } } as unknown as AnyView

const spec = (name: string, summary: string, more: Partial<CommandSpec>): CommandSpec => ({
  name,
  summary,
  options: [],
  positionals: [],
  examples: [],
  subcommands: [],
  ...more
})

/** The repository around the working directory; outside one, a usage error. */
const inRepo = <R>(repo: Option.Option<R>) =>
  Option.match(repo, {
    onNone: () =>
      Effect.fail(
        invalidInput(
          `${process.cwd()} is not inside a git repository.`,
          "repository"
        )
      ),
    onSome: Effect.succeed
  })

const currentRepo = Effect.flatMap(loadRepo(process.cwd()), inRepo)

const fileOf = (repo: Repo): RepoFile => Option.getOrElse(repo.file, () => ({ projects: [] }))

const shown = (repo: Repo, file: RepoFile) => ({
  path: repo.path,
  workspace_gid: file.workspace_gid ?? null,
  projects: file.projects
})

const print = (invocation: Invocation, value: Readonly<Record<string, unknown>>) =>
  Effect.flatMap(
    formatOf(invocation.shared),
    (format) => printResult(RECORD, value, value, format, invocation.shared["--full"] === true)
  )

/** Reads a project's gid and name once from the service (a gid or a project URL), on the command's client. */
type ProjectReader = (
  invocation: Invocation,
  given: string,
  field: string
) => Effect.Effect<{ gid: string; name: string; workspace: string | undefined }, WrapperError, HttpClient | CliIO>

const projectReader =
  (clientOf: ClientMaker<TaskmgrSettings, TaskmgrRoute, PlanRequiredError>): ProjectReader =>
  (invocation, given, field) =>
    Effect.gen(function*() {
      const io = yield* CliIO
      const client = yield* clientOf(invocation, io.env)
      const gid = yield* gidOf(given, "project", field, client.settings.appUrl)
      // The projects group is loaded only here: the command line starts without it.
      const { projectGet } = yield* Effect.promise(() => import("../groups/projects.js"))
      const project = yield* projectGet.run(client, { project_gid: gid }, undefined)
      return { gid, name: project.name ?? gid, workspace: project.workspace?.gid }
    })

/** Reads a workspace once, so init never writes one the token cannot see; a 404 names the flag. */
type WorkspaceReader = (invocation: Invocation, gid: string) => Effect.Effect<void, WrapperError, HttpClient | CliIO>

const workspaceReader =
  (clientOf: ClientMaker<TaskmgrSettings, TaskmgrRoute, PlanRequiredError>): WorkspaceReader => (invocation, gid) =>
    Effect.gen(function*() {
      const io = yield* CliIO
      const client = yield* clientOf(invocation, io.env)
      const { workspaceGet } = yield* Effect.promise(() => import("../groups/people.js"))
      yield* Effect.catchTag(
        Effect.asVoid(workspaceGet.run(client, { workspace_gid: gid }, undefined)),
        "NotFoundError",
        () =>
          Effect.fail(
            invalidInput(
              `--workspace-gid: no workspace ${gid} is visible to this token ('taskmgr workspace list' shows those that are); nothing was written.`,
              "workspace_gid"
            )
          )
      )
    })

const withProject = (file: RepoFile, project: { readonly gid: string; readonly name: string }): RepoFile => {
  const clash = file.projects.find((p) => p.name === project.name && p.gid !== project.gid)
  const name = clash === undefined ? project.name : `${project.name} (${project.gid})`
  const others = file.projects.filter((p) => p.gid !== project.gid)
  return { ...file, projects: [...others, { gid: project.gid, name }] }
}

const checkedWorkspace = (value: string | undefined) =>
  value === undefined || /^\d+$/.test(value)
    ? Effect.succeed(value)
    : Effect.fail(invalidInput(refusal("--workspace-gid", "a gid (all digits)", value), "workspace_gid"))

const init = (readProject: ProjectReader, readWorkspace: WorkspaceReader): Leaf => ({
  path: ["repo", "init"],
  spec: spec(
    "init",
    "Register this git repository: its default workspace and projects, in .taskmgr.json at its root.",
    {
      options: [
        option("--workspace-gid", "Default workspace (default: the project's, else TASKMGR_WORKSPACE)", {
          valueName: "GID"
        }),
        option("--project", "A project to register (gid or URL)", { valueName: "GID|URL" })
      ],
      examples: ["taskmgr repo init --project 1200000000000301", "taskmgr repo init --workspace-gid 1200000000000101"]
    }
  ),
  run: (invocation) =>
    Effect.gen(function*() {
      const io = yield* CliIO
      const flag = invocation.options["--workspace-gid"]
      const workspace = yield* checkedWorkspace(typeof flag === "string" ? flag : undefined)
      const given = invocation.options["--project"]
      // init writes the file: a malformed one (which stops every other command) is replaced, saying why.
      const replaced = yield* replaceMalformed(yield* Effect.flatMap(repoAround(process.cwd()), inRepo))
      if (Option.isSome(replaced)) yield* writeErr(`Note: replaced a malformed file: ${replaced.value}`)
      const repo = yield* currentRepo
      const project = typeof given === "string" ? yield* readProject(invocation, given, "--project") : undefined
      if (workspace !== undefined && workspace !== project?.workspace) yield* readWorkspace(invocation, workspace)
      const env = io.env.TASKMGR_WORKSPACE !== undefined && io.env.TASKMGR_WORKSPACE.trim() !== ""
        ? io.env.TASKMGR_WORKSPACE
        : undefined
      const next = yield* updateRepoFile(repo, (base) =>
        Effect.gen(function*() {
          const chosen = workspace ?? project?.workspace ?? base.workspace_gid ?? (yield* checkedWorkspace(env))
          const file: RepoFile = project === undefined ? base : withProject(base, project)
          return chosen === undefined ? file : { ...file, workspace_gid: chosen }
        }))
      yield* print(invocation, shown(repo, next ?? fileOf(repo)))
    })
})

const show: Leaf = {
  path: ["repo", "show"],
  spec: spec("show", "This repository's .taskmgr.json: its default workspace and registered projects.", {
    examples: ["taskmgr repo show --json"]
  }),
  run: (invocation) =>
    Effect.gen(function*() {
      const repo = yield* currentRepo
      if (Option.isNone(repo.file)) {
        return yield* Effect.fail(
          invalidInput(`${repo.root} has no .taskmgr.json yet.`, "repo_file")
        )
      }
      yield* print(invocation, shown(repo, repo.file.value))
    })
}

const add = (readProject: ProjectReader): Leaf => ({
  path: ["repo", "add"],
  spec: spec("add", "Register a project (gid or URL) under its name in this repository's .taskmgr.json.", {
    positionals: [{ name: "project", description: "Project gid or URL", required: true }],
    examples: ["taskmgr repo add 1200000000000301"]
  }),
  run: (invocation) =>
    Effect.gen(function*() {
      const repo = yield* currentRepo
      const project = yield* readProject(invocation, invocation.positionals[0] ?? "", "<project>")
      const next = yield* updateRepoFile(
        repo,
        (base) =>
          Effect.succeed(withProject({ ...base, workspace_gid: base.workspace_gid ?? project.workspace }, project))
      )
      yield* print(invocation, shown(repo, next ?? fileOf(repo)))
    })
})

const remove: Leaf = {
  path: ["repo", "remove"],
  spec: spec("remove", "Unregister a project (gid or registered name); one not registered is already_absent.", {
    positionals: [{ name: "project", description: "Project gid or registered name", required: true }],
    examples: ["taskmgr repo remove 1200000000000301", "taskmgr repo remove 'Launch Plan'"]
  }),
  run: (invocation) =>
    Effect.gen(function*() {
      const repo = yield* currentRepo
      const given = invocation.positionals[0] ?? ""
      let target: RepoFile["projects"][number] | undefined
      yield* updateRepoFile(repo, (base) =>
        Effect.suspend(() => {
          const byGid = base.projects.find((p) => p.gid === given.trim())
          const named = projectNamed(base, given)
          // Names differing only in case: which one is meant is not guessed (nor called absent).
          if (byGid === undefined && named.ambiguous !== undefined) {
            return Effect.fail(notRegistered(base, repo.path, "project", given))
          }
          target = byGid ?? named.project
          const gone = target?.gid
          return Effect.succeed(
            gone === undefined ? undefined : { ...base, projects: base.projects.filter((p) => p.gid !== gone) }
          )
        }))
      // The answer of every delete: deleted, already_absent, and the target under its input name.
      yield* print(invocation, deletedResult({ project: target?.gid ?? given }, target === undefined))
    })
}

export const repoLeaves = (
  client: ClientMaker<TaskmgrSettings, TaskmgrRoute, PlanRequiredError>
): ReadonlyArray<Leaf> => {
  const readProject = projectReader(client)
  return [init(readProject, workspaceReader(client)), show, add(readProject), remove]
}
