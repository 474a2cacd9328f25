/**
 * The mutable state of one design simulator instance (faults, the request log
 * and the clock offset are the common core's). JavaScript runs each
 * synchronous block to completion, so plain maps mutated inside
 * `Effect.sync` sections are consistent without locks.
 */
import type { Buckets } from "../core/bucket.js"
import type { ContentState } from "./content-state.js"
import { makeContentState } from "./content-state.js"
import type { NewerStore } from "./newer-store.js"
import type { OAuthState } from "./oauth.js"
import { makeOAuthState } from "./oauth.js"

export type ContextKind = "TEAM" | "PROJECT" | "FILE"
export type WebhookStatus = "ACTIVE" | "PAUSED"

export interface Webhook {
  readonly id: string
  event_type: string
  readonly team_id: string
  readonly context: ContextKind
  readonly context_id: string
  readonly plan_api_id: string
  status: WebhookStatus
  readonly client_id: string | null
  /** The secret; it leaves the simulator only inside delivered payloads. */
  passcode: string
  endpoint: string
  description: string | null
}

/** One delivery attempt, as the requests endpoint lists it. */
export interface DeliveryRecord {
  readonly webhook_id: string
  readonly request_info: {
    readonly id: string
    readonly endpoint: string
    readonly payload: Record<string, unknown>
    readonly sent_at: string
  }
  readonly response_info: { readonly status: string; readonly received_at: string } | null
  readonly error_msg: string | null
  /** For the 7-day window; not part of the wire object. */
  readonly sent_at_ms: number
}

/** A retry of a failed delivery, run lazily once simulator time reaches due_at_ms. */
export interface PendingRetry {
  readonly webhook_id: string
  readonly endpoint: string
  /** The payload without `retries`; each attempt adds its own count. */
  readonly payload: Record<string, unknown>
  readonly retries: number
  readonly due_at_ms: number
}

/** How the simulated receiver at one endpoint URL answers deliveries. */
export interface ReceiverBehaviour {
  readonly status: number
  readonly error: string | null
  readonly timeout: boolean
  /** Remaining answers; null = until changed. */
  times: number | null
}

export interface SimState {
  /** Variables, dev resources and discovery limits (newer-store.ts), built on first use. */
  newer: NewerStore | undefined
  webhooks: Map<string, Webhook>
  nextWebhookId: number
  deliveries: Array<DeliveryRecord>
  nextDeliveryId: number
  pendingRetries: Array<PendingRetry>
  receivers: Map<string, ReceiverBehaviour>
  buckets: Buckets
  /** Comments, reactions and generated files (content-state.ts). */
  content: ContentState
  /** Authorization codes, grants and issued tokens (oauth.ts). */
  oauth: OAuthState
}

export const makeState = (): SimState => ({
  webhooks: new Map(),
  nextWebhookId: 1,
  deliveries: [],
  nextDeliveryId: 1,
  pendingRetries: [],
  receivers: new Map(),
  buckets: new Map(),
  newer: undefined,
  content: makeContentState(),
  oauth: makeOAuthState()
})

/** Back to the seed: the seed holds no webhooks, so a fresh state is the seed state. */
export const resetState = (state: SimState): void => {
  Object.assign(state, makeState())
}
