/**
 * The design registry's group modules, each loaded only when a command or
 * tool of it is used (core/cli/command-index.ts). operations.ts lists the same
 * views eagerly for the library and the tool server; the registry test checks
 * that both agree.
 */
import type { GroupModules } from "../core/view.js"

export const designGroupModules: GroupModules = {
  webhooks: () => import("./groups/webhooks.js").then((m) => m.webhookViews),
  users: () => import("./groups/users.js").then((m) => m.userViews),
  files: () => import("./groups/files.js").then((m) => m.fileViews),
  projects: () => import("./groups/projects.js").then((m) => m.projectViews),
  comments: () => import("./groups/comments.js").then((m) => m.commentViews),
  library: () => import("./groups/library.js").then((m) => m.libraryViews),
  variables: () => import("./groups/variables.js").then((m) => m.variableViews),
  "dev-resources": () => import("./groups/dev-resources.js").then((m) => m.devResourceViews),
  analytics: () => import("./groups/analytics.js").then((m) => m.analyticsViews),
  org: () => import("./groups/org.js").then((m) => m.orgViews),
  payments: () => import("./groups/payments.js").then((m) => m.paymentViews),
  oembed: () => import("./groups/oembed.js").then((m) => m.oembedViews)
}

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
