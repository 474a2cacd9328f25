/**
 * The design-service registry: every wrapped operation once, and how the
 * front ends show each. The library (api.ts), the CLI (cli.ts) and the tool
 * server (mcp.ts) all walk it.
 */
import type { AnyView } from "../core/view.js"
import {
  commentCreate,
  commentDelete,
  commentList,
  commentReactionAdd,
  commentReactionDelete,
  commentReactionList,
  commentViews
} from "./comments.js"
import {
  componentFileList,
  componentGet,
  componentSetFileList,
  componentSetGet,
  componentSetTeamList,
  componentTeamList,
  libraryViews,
  styleFileList,
  styleGet,
  styleTeamList
} from "./library.js"
import { fileGet, fileImageFills, fileImages, fileMeta, fileNodes, fileVersions, fileViews } from "./files.js"
import { projectFiles, projectGet, projectList, projectViews } from "./projects.js"
import {
  analyticsComponentActions,
  analyticsComponentUsages,
  analyticsStyleActions,
  analyticsStyleUsages,
  analyticsVariableActions,
  analyticsVariableUsages,
  analyticsViews
} from "./analytics.js"
import { devResourceCreate, devResourceDelete, devResourceList, devResourceUpdate, devResourceViews } from "./dev-resources.js"
import { oembedGet, oembedViews } from "./oembed.js"
import { activityLogList, aiUsageDaily, developerLogList, discoveryTextEvents, orgViews } from "./org.js"
import { paymentGet, paymentViews } from "./payments.js"
import { userMe, userViews } from "./users.js"
import { variableApply, variableLocal, variablePublished, variableViews } from "./variables.js"
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
  commentList,
  commentCreate,
  commentDelete,
  commentReactionList,
  commentReactionAdd,
  commentReactionDelete,
  componentTeamList,
  componentFileList,
  componentGet,
  componentSetTeamList,
  componentSetFileList,
  componentSetGet,
  styleTeamList,
  styleFileList,
  styleGet,
  fileGet,
  fileNodes,
  fileImages,
  fileImageFills,
  fileVersions,
  projectList,
  projectGet,
  projectFiles,
  variableLocal,
  variablePublished,
  variableApply,
  devResourceList,
  devResourceCreate,
  devResourceUpdate,
  devResourceDelete,
  analyticsComponentActions,
  analyticsComponentUsages,
  analyticsStyleActions,
  analyticsStyleUsages,
  analyticsVariableActions,
  analyticsVariableUsages,
  activityLogList,
  developerLogList,
  aiUsageDaily,
  discoveryTextEvents,
  paymentGet,
  oembedGet
} as const

export type DesignOperations = typeof designOperations

export const designViews: ReadonlyArray<AnyView> = [
  ...webhookViews,
  ...userViews,
  ...fileViews,
  ...projectViews,
  ...commentViews,
  ...libraryViews,
  ...variableViews,
  ...devResourceViews,
  ...analyticsViews,
  ...orgViews,
  ...paymentViews,
  ...oembedViews
]

/** One line per command group for `design --help`. */
export const designGroups: Readonly<Record<string, string>> = {
  webhook: "Webhooks v2: list, inspect, create, update, delete, delivery history",
  user: "The current user",
  comment: "Comments: list, post, reply, delete; reactions",
  "comment reaction": "Reactions to a comment: list, add, remove",
  component: "Published components: by team, by file, by key",
  "component-set": "Published component sets: by team, by file, by key",
  style: "Published styles: by team, by file, by key",
  file: "Files: the document, nodes, rendered images, image fills, metadata, versions",
  project: "Projects: a team's projects, a project's metadata and files",
  variable: "Variables (Enterprise): local, published, bulk apply",
  "dev-resource": "Dev resources: links on nodes; list, create, update, delete",
  analytics: "Library analytics (Enterprise): actions and usages of components, styles, variables",
  "activity-log": "The organisation's activity log (plan token or org OAuth)",
  "developer-log": "API and MCP calls in the organisation (plan token, Governance+)",
  "ai-usage": "AI credits per user and day (plan token)",
  discovery: "Text-event download links (OAuth, Governance+)",
  payment: "Payment status of your plugins, widgets and Community files",
  oembed: "Embeds of file URLs"
}
