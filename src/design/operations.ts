/**
 * The design-service registry: every wrapped operation once, and how the
 * front ends show each. The library (api.ts), the CLI (cli.ts) and the tool
 * server (mcp.ts) all walk it.
 */
import type { AnyView } from "../core/view.js"
import { fileGet, fileImageFills, fileImages, fileMeta, fileNodes, fileVersions, fileViews } from "./files.js"
import { projectFiles, projectGet, projectList, projectViews } from "./projects.js"
import { userMe, userViews } from "./users.js"
import { webhookCreate, webhookDelete, webhookGet, webhookList, webhookListTeam, webhookRequests, webhookUpdate, webhookViews } from "./webhooks.js"

export const designOperations = {
  webhookList,
  webhookGet,
  webhookCreate,
  webhookUpdate,
  webhookDelete,
  webhookRequests,
  webhookListTeam,
  userMe,
  fileMeta,
  fileGet,
  fileNodes,
  fileImages,
  fileImageFills,
  fileVersions,
  projectList,
  projectGet,
  projectFiles
} as const

export type DesignOperations = typeof designOperations

export const designViews: ReadonlyArray<AnyView> = [...webhookViews, ...userViews, ...fileViews, ...projectViews]

/** One line per command group for `design --help`. */
export const designGroups: Readonly<Record<string, string>> = {
  webhook: "Webhooks v2: list, inspect, create, update, delete, delivery history",
  user: "The current user",
  file: "Files: the document, nodes, rendered images, image fills, metadata, versions",
  project: "Projects: a team's projects, a project's metadata and files"
}
