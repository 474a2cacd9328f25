/**
 * Projects and teams (spec: "Projects and teams"; wire: design-wire.md rows
 * 6-8). Team and project arguments are ids or the service's URLs; the team
 * defaults to the configured one.
 */
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import { invalidInput } from "../../core/errors.js"
import { pathOf } from "../../core/http/pipeline.js"
import { view } from "../../core/view.js"
import { designOperation } from "../define.js"
import { idOf, ProjectIdOrUrl, TeamIdOrUrl } from "../refs.js"

const GROUP = "projects"

/** Ids arrive as strings or numbers; kept as strings. */
const WireId = Schema.Union(Schema.String, Schema.Number).pipe(
  Schema.transform(Schema.String, { decode: String, encode: (s) => s })
)

const TeamProjectsStruct = Schema.Struct({
  name: Schema.String,
  projects: Schema.Array(Schema.Struct({ id: WireId, name: Schema.String }))
})
/** A team's projects. */
export interface TeamProjects extends Schema.Schema.Type<typeof TeamProjectsStruct> {}
export const TeamProjects: Schema.Schema<TeamProjects, typeof TeamProjectsStruct.Encoded> = TeamProjectsStruct

const ProjectStruct = Schema.Struct({
  id: WireId,
  name: Schema.String,
  thumbnail_url: Schema.NullOr(Schema.String),
  file_count: Schema.Number,
  updated_at: Schema.String,
  created_at: Schema.String
})
/** A project's metadata. */
export interface Project extends Schema.Schema.Type<typeof ProjectStruct> {}
export const Project: Schema.Schema<Project, typeof ProjectStruct.Encoded> = ProjectStruct

const FileBranch = Schema.Struct({
  key: Schema.String,
  name: Schema.String,
  thumbnail_url: Schema.optional(Schema.String),
  last_modified: Schema.String
})

const ProjectFilesStruct = Schema.Struct({
  name: Schema.String,
  files: Schema.Array(Schema.Struct({
    key: Schema.String,
    name: Schema.String,
    thumbnail_url: Schema.optional(Schema.String),
    last_modified: Schema.String,
    /** With branch_data. */
    branches: Schema.optional(Schema.Array(FileBranch))
  }))
})
/** The files of a project. */
export interface ProjectFiles extends Schema.Schema.Type<typeof ProjectFilesStruct> {}
export const ProjectFiles: Schema.Schema<ProjectFiles, typeof ProjectFilesStruct.Encoded> = ProjectFilesStruct

const ProjectArg = ProjectIdOrUrl.annotations({ description: "Id or URL" })

export const projectList = designOperation({
  name: "projectList",
  group: GROUP,
  summary: "A team's projects.",
  input: Schema.Struct({
    team_id: Schema.optional(TeamIdOrUrl.annotations({ description: "Id or URL; default: configured" }))
  }),
  impact: "read",
  idempotent: true,
  tier: 2,
  subject: (i) => `projects of team ${i.team_id ?? ""}`.trim(),
  request: (input, client) =>
    Effect.gen(function*() {
      const team = input.team_id !== undefined
        ? yield* idOf("team", input.team_id, "team_id")
        : yield* Option.match(client.settings.teamId, {
          onNone: () => Effect.fail(invalidInput("team_id is required: no team is configured.", "team_id")),
          onSome: Effect.succeed
        })
      return { method: "GET" as const, path: `/v1/teams/${pathOf(team)}/projects` }
    }),
  response: TeamProjects
})

export const projectGet = designOperation({
  name: "projectGet",
  group: GROUP,
  summary: "A project's metadata.",
  input: Schema.Struct({ project_id: ProjectArg }),
  impact: "read",
  idempotent: true,
  tier: 3,
  subject: (i) => `project ${i.project_id}`,
  request: (input) =>
    Effect.map(
      idOf("project", input.project_id, "project_id"),
      (id) => ({ method: "GET" as const, path: `/v1/projects/${pathOf(id)}/meta` })
    ),
  response: Project
})

export const projectFiles = designOperation({
  name: "projectFiles",
  group: GROUP,
  summary: "The files in a project.",
  input: Schema.Struct({
    project_id: ProjectArg,
    branch_data: Schema.optional(Schema.Boolean.annotations({ description: "Include each file's branches" }))
  }),
  impact: "read",
  idempotent: true,
  tier: 2,
  subject: (i) => `files of project ${i.project_id}`,
  request: (input) =>
    Effect.map(idOf("project", input.project_id, "project_id"), (id) => ({
      method: "GET" as const,
      path: `/v1/projects/${pathOf(id)}/files`,
      query: { branch_data: input.branch_data === true ? true : undefined }
    })),
  response: ProjectFiles
})

const TEAM = "1300000000000000001"
const PROJECT = "210000001"

export const views = [
  view(projectList, {
    command: ["project", "list"],
    positional: ["team_id"],
    valueNames: { team_id: "ID|URL" },
    text: {
      kind: "table",
      rows: (o) => o.projects.map((p) => ({ id: p.id, name: p.name })),
      columns: ["id", "name"],
      footer: (o) => [`Team: ${o.name}`],
      noun: "projects"
    },
    examples: ["design project list", `design project list https://www.design.example/files/team/${TEAM}/Studio`]
  }),
  view(projectGet, {
    command: ["project", "get"],
    positional: ["project_id"],
    valueNames: { project_id: "ID|URL" },
    text: { kind: "record" },
    examples: [`design project get ${PROJECT}`]
  }),
  view(projectFiles, {
    command: ["project", "files"],
    positional: ["project_id"],
    valueNames: { project_id: "ID|URL" },
    text: {
      kind: "table",
      rows: (o) =>
        o.files.flatMap((f) => [
          { key: f.key, name: f.name, last_modified: f.last_modified, branch_of: null },
          ...(f.branches ?? []).map((b) => ({
            key: b.key,
            name: b.name,
            last_modified: b.last_modified,
            branch_of: f.key
          }))
        ]),
      columns: ["key", "name", "last_modified", "branch_of"],
      noun: "files"
    },
    examples: [`design project files ${PROJECT}`, `design project files ${PROJECT} --branch-data --json`]
  })
] as const

/** Help's line for each command group of this module (`design --help`). */
export const commandGroups: { readonly [words: string]: string } = {
  project: "Projects: a team's projects, a project's metadata and files"
}
