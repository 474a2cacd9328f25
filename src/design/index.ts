/**
 * "design-taskmgr/design": the design service's records, each a named
 * interface (what hovers and type errors say) and its Schema. Enums admit
 * the values the service adds (`Undocumented`). The service itself,
 * `DesignApi`, is in the package's root.
 */
export type { Undocumented } from "../core/open-record.js"
export type { DesignApiMethods, DesignApiStreams } from "./api-methods.js"
export { AnalyticsRow } from "./groups/analytics.js"
export { ClientMeta, Comment, CommentUser, Reaction } from "./groups/comments.js"
export { DevResource } from "./groups/dev-resources.js"
export {
  DocumentNode,
  FileDocument,
  type FileGetInput,
  FileMetadata,
  FileNodes,
  FileVersion,
  RenderedImages
} from "./groups/files.js"
export { LibraryItem } from "./groups/library.js"
export { OEmbed } from "./groups/oembed.js"
export { ActivityEvent, AiUsageRow, DeveloperLogItem } from "./groups/org.js"
export { PaymentInformation } from "./groups/payments.js"
export { Project, ProjectFiles, TeamProjects } from "./groups/projects.js"
export { User } from "./groups/users.js"
export { LocalCollection, LocalVariable, PublishedVariable } from "./groups/variables.js"
export { Webhook, WebhookDelivery } from "./groups/webhooks.js"
