/**
 * Who owns which plugin, widget and Community file, and who bought what.
 * Only the owner may ask about a resource; a user with no purchase is UNPAID,
 * and a refunded purchase keeps its date_of_purchase while UNPAID.
 */
import { paymentsSeed } from "./seed-payments.js"
import { designSeed } from "./seed.js"

export type ResourceType = "PLUGIN" | "WIDGET" | "COMMUNITY_FILE"
export type PaymentStatus = "UNPAID" | "PAID" | "TRIAL"

export interface PaidResource {
  readonly id: string
  readonly type: ResourceType
  readonly owner_id: string
}

interface Purchase {
  readonly resource_id: string
  readonly user_id: string
  readonly status: PaymentStatus
  readonly date_of_purchase: string | null
}

const u = designSeed.users

export const paidResources: ReadonlyArray<PaidResource> = [
  { id: paymentsSeed.plugin_id, type: "PLUGIN", owner_id: u.admin.id },
  { id: paymentsSeed.widget_id, type: "WIDGET", owner_id: u.admin.id },
  { id: paymentsSeed.community_file_id, type: "COMMUNITY_FILE", owner_id: u.admin.id },
  { id: paymentsSeed.foreign_plugin_id, type: "PLUGIN", owner_id: designSeed.enterprise.users.admin.id }
]

const purchases: ReadonlyArray<Purchase> = [
  {
    resource_id: paymentsSeed.plugin_id,
    user_id: u.editor.id,
    status: "PAID",
    date_of_purchase: "2026-01-10T08:00:00Z"
  },
  // Bought, then refunded: no access any more, the date stays.
  {
    resource_id: paymentsSeed.plugin_id,
    user_id: u.viewer.id,
    status: "UNPAID",
    date_of_purchase: "2025-12-24T17:30:00Z"
  },
  { resource_id: paymentsSeed.widget_id, user_id: u.viewer.id, status: "TRIAL", date_of_purchase: null },
  {
    resource_id: paymentsSeed.widget_id,
    user_id: u.editor.id,
    status: "PAID",
    date_of_purchase: "2026-02-02T12:00:00Z"
  },
  {
    resource_id: paymentsSeed.community_file_id,
    user_id: u.starter.id,
    status: "PAID",
    date_of_purchase: "2026-01-05T09:15:00Z"
  }
]

/** What getPluginPaymentTokenAsync would have handed the plugin: one buyer and one resource each. */
export const paymentTokens: ReadonlyMap<string, { readonly user_id: string; readonly resource_id: string }> = new Map([
  [paymentsSeed.plugin_payment_token, { user_id: u.editor.id, resource_id: paymentsSeed.plugin_id }]
])

export const paymentInformation = (resource: PaidResource, user_id: string) => {
  const purchase = purchases.find((p) => p.resource_id === resource.id && p.user_id === user_id)
  return {
    user_id,
    resource_id: resource.id,
    resource_type: resource.type,
    payment_status: { type: purchase?.status ?? "UNPAID" },
    ...(purchase?.date_of_purchase == null ? {} : { date_of_purchase: purchase.date_of_purchase })
  }
}
