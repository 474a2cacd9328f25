/**
 * The design-service operation registry: every wrapped operation, once. The
 * library (api.ts), the CLI (cli.ts) and the tool server (mcp.ts) all walk it.
 */
import { userMe } from "./users.js"
import { webhookCreate, webhookDelete, webhookGet, webhookList, webhookListTeam, webhookRequests, webhookUpdate } from "./webhooks.js"

export const designOperations = {
  webhookList,
  webhookGet,
  webhookCreate,
  webhookUpdate,
  webhookDelete,
  webhookRequests,
  webhookListTeam,
  userMe
} as const

export type DesignOperations = typeof designOperations

export const designOperationList = Object.values(designOperations)

/** One line per namespace for `design --help`. */
export const designNamespaces: Readonly<Record<string, string>> = {
  webhook: "Webhooks v2: list, inspect, create, update, delete, delivery history",
  user: "The current user"
}
