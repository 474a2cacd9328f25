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
} from "./analytics.js"
import { devResourceCreate, devResourceDelete, devResourceList, devResourceUpdate, devResourceViews } from "./dev-resources.js"
import { fileMeta, fileViews } from "./files.js"
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
  file: "Files: metadata",
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
