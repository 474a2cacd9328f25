/**
 * Team projects and project files (tier 2, projects:read) and project
 * metadata (tier 3, project_metadata:read), all with `{status, err}` errors.
 * Generated files are listed in the project they were added to.
 */
import * as HttpRouter from "@effect/platform/HttpRouter"
import * as Either from "effect/Either"
import type { Caller } from "./access.js"
import { accessTo, atLeast, findContext } from "./access.js"
import type { Call } from "./call.js"
import { branchesOf, generatedRecords, thumbnailUrl } from "./content-files.js"
import { guardedRoute } from "./content-routing.js"
import type { EndpointRule } from "./guard.js"
import { booleanParam } from "./query-params.js"
import { json, notFoundPlain, plainError } from "./responses.js"
import { projectCreatedAt } from "./seed-content.js"
import type { FileRecord, ProjectRecord } from "./seed.js"
import { seedWorld } from "./seed.js"
import type { SimState } from "./state.js"

const list: EndpointRule = { tier: 2, scope: "projects:read" }
const meta: EndpointRule = { tier: 3, scope: "project_metadata:read" }

const teamProjects = (teamId: string) => (caller: Caller) => {
  const context = findContext("TEAM", teamId)
  if (context === null) return notFoundPlain()
  if (!atLeast(accessTo(caller, context), "view")) return plainError(403, "You do not have access to this team")
  const projects = seedWorld.projects.filter((p) => p.team_id === teamId).map((p) => ({ id: p.id, name: p.name }))
  return json(200, { name: context.team.name, projects })
}

const filesIn = (state: SimState, projectId: string): ReadonlyArray<FileRecord> =>
  [...seedWorld.files, ...generatedRecords(state)].filter((f) => f.project_id === projectId)

/** The project, once the caller may see it; otherwise the 404 or 403. */
const withProject = (
  projectId: string,
  caller: Caller,
  f: (project: ProjectRecord) => ReturnType<typeof json>
) => {
  const context = findContext("PROJECT", projectId)
  if (context?.project == null) return notFoundPlain()
  if (!atLeast(accessTo(caller, context), "view")) return plainError(403, "You do not have access to this project")
  return f(context.project)
}

const projectMeta = (state: SimState, projectId: string) => (caller: Caller) =>
  withProject(projectId, caller, (project) => {
    const files = filesIn(state, project.id)
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

const projectFiles = (state: SimState, projectId: string) => (caller: Caller, call: Call) =>
  withProject(projectId, caller, (project) => {
    const branchData = booleanParam(call.search, "branch_data")
    if (Either.isLeft(branchData)) return plainError(400, branchData.left)
    const files = filesIn(state, project.id).map((f) => ({
      key: f.key,
      name: f.name,
      thumbnail_url: thumbnailUrl(f.key),
      last_modified: f.last_touched_at,
      ...(branchData.right
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

export const projectRoutes = (state: SimState) =>
  HttpRouter.empty.pipe(
    HttpRouter.get("/v1/teams/:team_id/projects", guardedRoute(state, list, (p) => teamProjects(p.team_id ?? ""))),
    HttpRouter.get(
      "/v1/projects/:project_id/meta",
      guardedRoute(state, meta, (p) => projectMeta(state, p.project_id ?? ""))
    ),
    HttpRouter.get(
      "/v1/projects/:project_id/files",
      guardedRoute(state, list, (p) => projectFiles(state, p.project_id ?? ""))
    )
  )
