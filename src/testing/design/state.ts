/**
 * The mutable state of one simulator instance. JavaScript runs each
 * synchronous block to completion, so plain maps mutated inside
 * `Effect.sync` sections are consistent without locks.
 */
import type { ContentState } from "./content-state.js"
import { makeContentState } from "./content-state.js"
import type { OAuthState } from "./oauth.js"
import { makeOAuthState } from "./oauth.js"
import type { Buckets } from "./ratelimit.js"

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

export interface Fault {
  readonly method: string
  readonly path: string
  readonly status: number
  readonly headers: Record<string, string>
  readonly body: unknown
  readonly delay_ms: number
  times: number
}

export interface LoggedRequest {
  readonly method: string
  readonly path: string
  readonly query: Record<string, string | Array<string>>
  readonly body: unknown
}

export interface SimState {
  webhooks: Map<string, Webhook>
  nextWebhookId: number
  deliveries: Array<DeliveryRecord>
  nextDeliveryId: number
  pendingRetries: Array<PendingRetry>
  receivers: Map<string, ReceiverBehaviour>
  faults: Array<Fault>
  log: Array<LoggedRequest>
  buckets: Buckets
  /** Added to the Clock by POST /_sandbox/clock. */
  clockOffsetMs: number
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
  faults: [],
  log: [],
  buckets: new Map(),
  clockOffsetMs: 0,
  content: makeContentState(),
  oauth: makeOAuthState()
})

/** Back to the seed: the seed holds no webhooks, so a fresh state is the seed state. */
export const resetState = (state: SimState): void => {
  Object.assign(state, makeState())
}
