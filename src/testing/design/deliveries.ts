/**
 * Webhook deliveries without any network traffic: each attempt asks the
 * simulated receiver (configured by POST /_sandbox/endpoint, default 200)
 * for its answer and is recorded for the requests endpoint. A failed attempt
 * schedules the next retry; retries run lazily when a later request finds
 * simulator time past their due time, stamped with that due time.
 */
import { DAY_MS, HOUR_MS, isoTime, MINUTE_MS } from "../core/clock.js"
import type { DeliveryRecord, ReceiverBehaviour, Webhook, WebhookState } from "./webhooks.js"

/** Wait before retry 1, 2 and 3, each counted from the previous failed attempt. */
export const RETRY_DELAYS_MS: ReadonlyArray<number> = [5 * MINUTE_MS, 30 * MINUTE_MS, 3 * HOUR_MS]

/** The requests endpoint lists one week of attempts. */
export const HISTORY_MS = 7 * DAY_MS

const defaultReceiver: ReceiverBehaviour = { status: 200, error: null, timeout: false, times: null }

/** The receiver's answer for one delivery; a limited behaviour is used up. */
const receiverAnswer = (state: WebhookState, endpoint: string): ReceiverBehaviour => {
  const behaviour = state.receivers.get(endpoint)
  if (behaviour === undefined) return defaultReceiver
  if (behaviour.times !== null) {
    behaviour.times -= 1
    if (behaviour.times <= 0) state.receivers.delete(endpoint)
  }
  return behaviour
}

const attempt = (
  state: WebhookState,
  webhook_id: string,
  endpoint: string,
  payload: Record<string, unknown>,
  retries: number,
  at_ms: number
): void => {
  const answer = receiverAnswer(state, endpoint)
  const sent_at = isoTime(at_ms)
  const ok = !answer.timeout && answer.status === 200
  const record: DeliveryRecord = {
    webhook_id,
    request_info: { id: String(state.nextDeliveryId++), endpoint, payload: { ...payload, retries }, sent_at },
    response_info: answer.timeout ? null : { status: String(answer.status), received_at: sent_at },
    error_msg: ok ? null : answer.error ?? (answer.timeout
      ? "Request timed out"
      : `Endpoint responded with status ${answer.status}`),
    sent_at_ms: at_ms
  }
  state.deliveries.push(record)
  const delay = RETRY_DELAYS_MS[retries]
  if (!ok && delay !== undefined) {
    state.pendingRetries.push({ webhook_id, endpoint, payload, retries: retries + 1, due_at_ms: at_ms + delay })
  }
}

/**
 * Sends an event to an ACTIVE webhook. Payload fields common to every event
 * come first, then the event's own fields, then protocol_version (retries is
 * added per attempt).
 */
export const sendEvent = (
  state: WebhookState,
  webhook: Webhook,
  fields: Record<string, unknown>,
  at_ms: number
): void => {
  if (webhook.status !== "ACTIVE") return
  const payload = {
    passcode: webhook.passcode,
    timestamp: isoTime(at_ms),
    webhook_id: webhook.id,
    ...fields,
    protocol_version: "2"
  }
  attempt(state, webhook.id, webhook.endpoint, payload, 0, at_ms)
}

export const sendPing = (state: WebhookState, webhook: Webhook, at_ms: number): void =>
  sendEvent(state, webhook, { event_type: "PING" }, at_ms)

/**
 * Runs every retry due by `now_ms`, oldest first. Retries of a deleted or
 * PAUSED webhook are dropped: a paused webhook delivers nothing.
 */
export const processDue = (state: WebhookState, now_ms: number): void => {
  for (;;) {
    const due = state.pendingRetries
      .filter((retry) => retry.due_at_ms <= now_ms)
      .sort((a, b) => a.due_at_ms - b.due_at_ms)[0]
    if (due === undefined) return
    state.pendingRetries = state.pendingRetries.filter((retry) => retry !== due)
    const webhook = state.hooks.get(due.webhook_id)
    if (webhook !== undefined && webhook.status === "ACTIVE") {
      attempt(state, due.webhook_id, due.endpoint, due.payload, due.retries, due.due_at_ms)
    }
  }
}

/** The requests endpoint's list: this webhook's attempts of the last week, oldest first. */
export const recentDeliveries = (state: WebhookState, webhook_id: string, now_ms: number) =>
  state.deliveries
    .filter((d) => d.webhook_id === webhook_id && d.sent_at_ms >= now_ms - HISTORY_MS)
    .map(({ sent_at_ms: _, ...wire }) => wire)

/** Where an event happened: the file, and the project and team it lives in. */
export interface EventPlace {
  readonly file_key: string
  readonly project_id: string | null
  readonly team_id: string
}

/** Whether a webhook watches a place: its file, the project holding it, or the team holding that. */
const watches = (webhook: Webhook, place: EventPlace): boolean => {
  switch (webhook.context) {
    case "FILE":
      return webhook.context_id === place.file_key
    case "PROJECT":
      return webhook.context_id === place.project_id
    case "TEAM":
      return webhook.context_id === place.team_id
  }
}

/** Sends an event to every ACTIVE webhook of its type that watches where it happened, in id order. */
export const publishEvent = (
  state: WebhookState,
  event_type: string,
  place: EventPlace,
  fields: Record<string, unknown>,
  at_ms: number
): void => {
  const hooks = [...state.hooks.values()].filter((hook) => hook.event_type === event_type && watches(hook, place))
  for (const hook of hooks.sort((a, b) => Number(a.id) - Number(b.id))) {
    sendEvent(state, hook, { event_type, ...fields }, at_ms)
  }
}
