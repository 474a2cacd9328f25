/**
 * The design-service registry: every wrapped operation once, and how the
 * front ends show each. The library (api.ts), the CLI (cli.ts) and the tool
 * server (mcp.ts) all walk it.
 */
import type { AnyView } from "../core/view.js"
import {
  analyticsComponentActions,
  analyticsComponentUsages,
  analyticsStyleActions,
  analyticsStyleUsages,
  analyticsVariableActions,
  analyticsVariableUsages,
  analyticsViews
} from "./groups/analytics.js"
import {
  commentCreate,
  commentDelete,
  commentList,
  commentReactionAdd,
  commentReactionDelete,
  commentReactionList,
  commentViews
} from "./groups/comments.js"
import {
  devResourceCreate,
  devResourceDelete,
  devResourceList,
  devResourceUpdate,
  devResourceViews
} from "./groups/dev-resources.js"
import { fileGet, fileImageFills, fileImages, fileMeta, fileNodes, fileVersions, fileViews } from "./groups/files.js"
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
} from "./groups/library.js"
import { oembedGet, oembedViews } from "./groups/oembed.js"
import { activityLogList, aiUsageDaily, developerLogList, discoveryTextEvents, orgViews } from "./groups/org.js"
import { paymentGet, paymentViews } from "./groups/payments.js"
import { projectFiles, projectGet, projectList, projectViews } from "./groups/projects.js"
import { userMe, userViews } from "./groups/users.js"
import { variableApply, variableLocal, variablePublished, variableViews } from "./groups/variables.js"
import {
  webhookCreate,
  webhookDelete,
  webhookGet,
  webhookList,
  webhookListTeam,
  webhookRequests,
  webhookUpdate,
  webhookViews
} from "./groups/webhooks.js"

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

/** The group summaries live beside the lazy group modules, which the command line loads without this file. */
export { designGroups } from "./groups.js"
