/**
 * Webhooks: what one simulator holds of them (the webhooks, their delivery
 * attempts, pending retries and the simulated receivers), the create and
 * update bodies (wire reference section 4), the per-context caps, and the
 * object as every response shows it (passcode always "").
 */
import * as Either from "effect/Either"
import type { Parsed } from "../core/rejection.js"
import { invalid } from "../core/rejection.js"
import type { ContextKind } from "./access.js"

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

export interface WebhookState {
  readonly hooks: Map<string, Webhook>
  nextId: number
  readonly deliveries: Array<DeliveryRecord>
  nextDeliveryId: number
  pendingRetries: Array<PendingRetry>
  /** By endpoint URL. */
  readonly receivers: Map<string, ReceiverBehaviour>
}

/** The seed holds no webhooks. */
export const makeWebhookState = (): WebhookState => ({
  hooks: new Map(),
  nextId: 1,
  deliveries: [],
  nextDeliveryId: 1,
  pendingRetries: [],
  receivers: new Map()
})

export const EVENT_TYPES = [
  "PING",
  "FILE_UPDATE",
  "FILE_VERSION_UPDATE",
  "FILE_DELETE",
  "LIBRARY_PUBLISH",
  "FILE_COMMENT",
  "DEV_MODE_STATUS_UPDATE"
] as const

/** Webhooks allowed on one context (spec section 8). */
export const CAPS: Record<ContextKind, number> = { TEAM: 20, PROJECT: 5, FILE: 3 }

export const MAX_ENDPOINT = 2048
export const MAX_PASSCODE = 100
export const MAX_DESCRIPTION = 150

/** The request form of context is lower case; responses use upper case. */
export const contextFromRequest = (value: unknown): ContextKind | null =>
  value === "team" ? "TEAM" : value === "project" ? "PROJECT" : value === "file" ? "FILE" : null

export interface Settings {
  readonly event_type: string
  readonly endpoint: string
  readonly passcode: string
  readonly status: WebhookStatus
  readonly description: string | null
}

export interface CreateInput extends Settings {
  readonly context: ContextKind
  readonly context_id: string
}

type Body = Record<string, unknown>

// team_id is deprecated but still in the service's published description, and accepted.
const CREATE_KEYS = [
  "event_type",
  "context",
  "context_id",
  "endpoint",
  "passcode",
  "status",
  "description",
  "team_id"
]
const UPDATE_KEYS = ["event_type", "endpoint", "passcode", "status", "description", "team_id"]

export const parseCreate = (body: unknown): Parsed<CreateInput> =>
  Either.gen(function*() {
    const obj = yield* asObject(body)
    yield* onlyKeys(obj, CREATE_KEYS, {})
    const event_type = yield* eventType(obj)
    if (obj.context === undefined) return yield* invalid(`"context" is required`)
    const context = contextFromRequest(obj.context)
    if (context === null) {
      return yield* invalid(
        `Invalid "context": ${JSON.stringify(obj.context)}. Expected one of team, project, file`
      )
    }
    const context_id = yield* requiredString(obj, "context_id", Infinity)
    const rest = yield* settingsAfterEvent(obj)
    yield* deprecatedTeamId(obj)
    return { event_type, context, context_id, ...rest }
  })

export const parseUpdate = (body: unknown): Parsed<Settings> =>
  Either.gen(function*() {
    const obj = yield* asObject(body)
    const fixed = "cannot be changed: a webhook's context is fixed at creation"
    yield* onlyKeys(obj, UPDATE_KEYS, { context: fixed, context_id: fixed })
    const event_type = yield* eventType(obj)
    const rest = yield* settingsAfterEvent(obj)
    yield* deprecatedTeamId(obj)
    return { event_type, ...rest }
  })

const asObject = (body: unknown): Parsed<Body> =>
  typeof body === "object" && body !== null && !Array.isArray(body)
    ? Either.right(body as Body)
    : invalid("Request body must be a JSON object")

const onlyKeys = (obj: Body, allowed: ReadonlyArray<string>, reasons: Record<string, string>): Parsed<void> => {
  const unknown = Object.keys(obj).find((key) => !allowed.includes(key))
  if (unknown === undefined) return Either.right(undefined)
  return invalid(`"${unknown}" ${reasons[unknown] ?? "is not a known field of this request body"}`)
}

const eventType = (obj: Body): Parsed<string> => {
  if (obj.event_type === undefined) return invalid(`"event_type" is required`)
  return typeof obj.event_type === "string" && (EVENT_TYPES as ReadonlyArray<string>).includes(obj.event_type)
    ? Either.right(obj.event_type)
    : invalid(`Invalid "event_type": ${JSON.stringify(obj.event_type)}. Expected one of ${EVENT_TYPES.join(", ")}`)
}

/** A string, else ignored: the context is what counts (context/context_id on create, fixed after). */
const deprecatedTeamId = (obj: Body): Parsed<void> =>
  obj.team_id === undefined || typeof obj.team_id === "string"
    ? Either.right(undefined)
    : invalid(`"team_id" must be a string`)

const requiredString = (obj: Body, key: string, max: number): Parsed<string> => {
  const value = obj[key]
  if (value === undefined || value === null || value === "") return invalid(`"${key}" is required`)
  if (typeof value !== "string") return invalid(`"${key}" must be a string`)
  if (value.length > max) return invalid(`"${key}" must be at most ${max} characters (got ${value.length})`)
  return Either.right(value)
}

const settingsAfterEvent = (obj: Body): Parsed<Omit<Settings, "event_type">> =>
  Either.gen(function*() {
    const endpoint = yield* requiredString(obj, "endpoint", MAX_ENDPOINT)
    if (!isHttpUrl(endpoint)) return yield* invalid(`"endpoint" must be an http(s) URL`)
    const passcode = yield* requiredString(obj, "passcode", MAX_PASSCODE)
    const status = yield* statusOf(obj)
    const description = yield* descriptionOf(obj)
    return { endpoint, passcode, status, description }
  })

const isHttpUrl = (value: string): boolean => {
  try {
    const url = new URL(value)
    return url.protocol === "https:" || url.protocol === "http:"
  } catch {
    return false
  }
}

const statusOf = (obj: Body): Parsed<WebhookStatus> => {
  if (obj.status === undefined) return Either.right("ACTIVE")
  return obj.status === "ACTIVE" || obj.status === "PAUSED"
    ? Either.right(obj.status)
    : invalid(`Invalid "status": ${JSON.stringify(obj.status)}. Expected one of ACTIVE, PAUSED`)
}

const descriptionOf = (obj: Body): Parsed<string | null> => {
  const value = obj.description
  if (value === undefined || value === null) return Either.right(null)
  if (typeof value !== "string") return invalid(`"description" must be a string`)
  return value.length > MAX_DESCRIPTION
    ? invalid(`"description" must be at most ${MAX_DESCRIPTION} characters (got ${value.length})`)
    : Either.right(value)
}

/** The object every response shows; the stored passcode never leaves here. */
export const toWire = (webhook: Webhook) => ({
  id: webhook.id,
  event_type: webhook.event_type,
  team_id: webhook.team_id,
  context: webhook.context,
  context_id: webhook.context_id,
  plan_api_id: webhook.plan_api_id,
  status: webhook.status,
  client_id: webhook.client_id,
  passcode: "",
  endpoint: webhook.endpoint,
  description: webhook.description
})

/** Numeric ids sort as numbers, so lists come back in creation order. */
export const byId = (a: Webhook, b: Webhook): number => Number(a.id) - Number(b.id)
