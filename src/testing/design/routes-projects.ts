/**
 * Team projects and project files (tier 2, projects:read) and project
 * metadata (tier 3, project_metadata:read), all with `{status, err}` errors.
 * Generated files are listed in the project they were added to.
 */
import * as Either from "effect/Either"
import type { Parsed } from "../core/rejection.js"
import { route } from "../core/route.js"
import type { Caller } from "./access.js"
import { accessTo, atLeast, findContext } from "./access.js"
import type { FileState } from "./files.js"
import { branchesOf, generatedRecords, thumbnailUrl } from "./files.js"
import type { ApiRoute, CallerCtx } from "./gate.js"
import { endpoint } from "./gate.js"
import { fileFlag } from "./params.js"
import { json, notFoundPlain, plainError } from "./responses.js"
import { projectCreatedAt } from "./seed-content.js"
import { seedWorld } from "./seed.js"
import type { FileRecord, ProjectRecord } from "./world.js"

const list = endpoint(2, "projects:read")
const meta = endpoint(3, "project_metadata:read")

const teamProjects = ({ caller, params }: CallerCtx) => {
  const teamId = params.team_id ?? ""
  const context = findContext("TEAM", teamId)
  if (context === null) return notFoundPlain()
  if (!atLeast(accessTo(caller, context), "view")) return plainError(403, "You do not have access to this team")
  const projects = seedWorld.projects.filter((p) => p.team_id === teamId).map((p) => ({ id: p.id, name: p.name }))
  return Either.right(json(200, { name: context.team.name, projects }))
}

const filesIn = (files: FileState, projectId: string): ReadonlyArray<FileRecord> =>
  [...seedWorld.files, ...generatedRecords(files)].filter((f) => f.project_id === projectId)

/** The project, once the caller may see it; otherwise the 404 or 403. */
const projectFor = (projectId: string, caller: Caller): Parsed<ProjectRecord> => {
  const context = findContext("PROJECT", projectId)
  if (context?.project == null) return notFoundPlain()
  if (!atLeast(accessTo(caller, context), "view")) return plainError(403, "You do not have access to this project")
  return Either.right(context.project)
}

const projectMeta = ({ caller, params, state }: CallerCtx) =>
  Either.map(projectFor(params.project_id ?? "", caller), (project) => {
    const files = filesIn(state.files, project.id)
    const created_at = projectCreatedAt[project.id] ?? "2025-09-01T08:00:00Z"
    const latest = files.map((f) => f.last_touched_at).sort().at(-1)
    return json(200, {
      id: project.id,
      name: project.name,
      thumbnail_url: files[0] === undefined ? null : thumbnailUrl(files[0].key),
      file_count: files.length,
      updated_at: latest ?? created_at,
      created_at
    })
  })

const projectFiles = ({ call, caller, params, state }: CallerCtx) =>
  Either.gen(function*() {
    const project = yield* projectFor(params.project_id ?? "", caller)
    const branchData = yield* fileFlag(call, "branch_data")
    const files = filesIn(state.files, project.id).map((f) => ({
      key: f.key,
      name: f.name,
      thumbnail_url: thumbnailUrl(f.key),
      last_modified: f.last_touched_at,
      ...(branchData
        ? {
          branches: branchesOf(f.key).map((b) => ({
            key: b.key,
            name: b.name,
            thumbnail_url: thumbnailUrl(b.key),
            last_modified: b.last_modified
          }))
        }
        : {})
    }))
    return json(200, { name: project.name, files })
  })

export const projectRoutes: ReadonlyArray<ApiRoute> = [
  route("GET", "/v1/teams/:team_id/projects", list, teamProjects),
  route("GET", "/v1/projects/:project_id/meta", meta, projectMeta),
  route("GET", "/v1/projects/:project_id/files", list, projectFiles)
]
