/**
 * Webhook bodies and objects on the wire (wire reference section 4):
 * validation of the create and update bodies, the per-context caps, and the
 * object as every response shows it (passcode always "").
 */
import * as Either from "effect/Either"
import type { ContextKind, Webhook, WebhookStatus } from "./state.js"

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
type Check<A> = Either.Either<A, string>

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

export const parseCreate = (body: unknown): Check<CreateInput> =>
  Either.gen(function*() {
    const obj = yield* asObject(body)
    yield* onlyKeys(obj, CREATE_KEYS, {})
    const event_type = yield* eventType(obj)
    if (obj.context === undefined) return yield* Either.left(`"context" is required`)
    const context = contextFromRequest(obj.context)
    if (context === null) {
      return yield* Either.left(
        `Invalid "context": ${JSON.stringify(obj.context)}. Expected one of team, project, file`
      )
    }
    const context_id = yield* requiredString(obj, "context_id", Infinity)
    const rest = yield* settingsAfterEvent(obj)
    yield* deprecatedTeamId(obj)
    return { event_type, context, context_id, ...rest }
  })

export const parseUpdate = (body: unknown): Check<Settings> =>
  Either.gen(function*() {
    const obj = yield* asObject(body)
    const fixed = "cannot be changed: a webhook's context is fixed at creation"
    yield* onlyKeys(obj, UPDATE_KEYS, { context: fixed, context_id: fixed })
    const event_type = yield* eventType(obj)
    const rest = yield* settingsAfterEvent(obj)
    yield* deprecatedTeamId(obj)
    return { event_type, ...rest }
  })

const asObject = (body: unknown): Check<Body> =>
  typeof body === "object" && body !== null && !Array.isArray(body)
    ? Either.right(body as Body)
    : Either.left("Request body must be a JSON object")

const onlyKeys = (obj: Body, allowed: ReadonlyArray<string>, reasons: Record<string, string>): Check<void> => {
  const unknown = Object.keys(obj).find((key) => !allowed.includes(key))
  if (unknown === undefined) return Either.right(undefined)
  return Either.left(`"${unknown}" ${reasons[unknown] ?? "is not a known field of this request body"}`)
}

const eventType = (obj: Body): Check<string> => {
  if (obj.event_type === undefined) return Either.left(`"event_type" is required`)
  return typeof obj.event_type === "string" && (EVENT_TYPES as ReadonlyArray<string>).includes(obj.event_type)
    ? Either.right(obj.event_type)
    : Either.left(`Invalid "event_type": ${JSON.stringify(obj.event_type)}. Expected one of ${EVENT_TYPES.join(", ")}`)
}

/** A string, else ignored: the context is what counts (context/context_id on create, fixed after). */
const deprecatedTeamId = (obj: Body): Check<void> =>
  obj.team_id === undefined || typeof obj.team_id === "string"
    ? Either.right(undefined)
    : Either.left(`"team_id" must be a string`)

const requiredString = (obj: Body, key: string, max: number): Check<string> => {
  const value = obj[key]
  if (value === undefined || value === null || value === "") return Either.left(`"${key}" is required`)
  if (typeof value !== "string") return Either.left(`"${key}" must be a string`)
  if (value.length > max) return Either.left(`"${key}" must be at most ${max} characters (got ${value.length})`)
  return Either.right(value)
}

const settingsAfterEvent = (obj: Body): Check<Omit<Settings, "event_type">> =>
  Either.gen(function*() {
    const endpoint = yield* requiredString(obj, "endpoint", MAX_ENDPOINT)
    if (!isHttpUrl(endpoint)) return yield* Either.left(`"endpoint" must be an http(s) URL`)
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

const statusOf = (obj: Body): Check<WebhookStatus> => {
  if (obj.status === undefined) return Either.right("ACTIVE")
  return obj.status === "ACTIVE" || obj.status === "PAUSED"
    ? Either.right(obj.status)
    : Either.left(`Invalid "status": ${JSON.stringify(obj.status)}. Expected one of ACTIVE, PAUSED`)
}

const descriptionOf = (obj: Body): Check<string | null> => {
  const value = obj.description
  if (value === undefined || value === null) return Either.right(null)
  if (typeof value !== "string") return Either.left(`"description" must be a string`)
  return value.length > MAX_DESCRIPTION
    ? Either.left(`"description" must be at most ${MAX_DESCRIPTION} characters (got ${value.length})`)
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
