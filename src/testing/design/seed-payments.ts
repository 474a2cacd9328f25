/**
 * The public ids of the payments seed (they become `designSeed.payments`).
 * Data only, no imports, so seed.ts can import it; who owns and who bought
 * what lives in payments.ts.
 */
export const paymentsSeed = {
  /** A paid plugin owned by the base personal token's user (designSeed.users.admin). */
  plugin_id: "1510000000000000001",
  /** A widget with a free trial, owned by the same user. */
  widget_id: "1510000000000000002",
  /** A paid Community file, owned by the same user. */
  community_file_id: "1510000000000000003",
  /** A plugin owned by someone else: querying it answers 403. */
  foreign_plugin_id: "1510000000000000004",
  /**
   * Tokens a plugin gets from getPluginPaymentTokenAsync: each names one
   * buyer and one resource (here: the editor on the plugin, paid).
   */
  plugin_payment_token: "sbx_plugin_payment_token_0001EditorPaid"
} as const
