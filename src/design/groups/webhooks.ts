/**
 * Webhooks v2 (spec: "Wrapper commands for webhooks"; wire: design-wire.md
 * section 4). The passcode is write-only: it is held as a Redacted value, sent
 * in the body, and never part of any result.
 */
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Redacted from "effect/Redacted"
import * as Schema from "effect/Schema"
import { invalidInput } from "../../core/errors.js"
import { pathOf } from "../../core/http/pipeline.js"
import { oneOf } from "../../core/open-record.js"
import { absentIsDone } from "../../core/operation.js"
import { urlCursor } from "../../core/paginate.js"
import { urlFault } from "../../core/settings.js"
import { view } from "../../core/view.js"
import { designOperation } from "../define.js"
import { ContextIdOrUrl, type ContextKind, parseContextRef } from "../refs.js"
import type { DesignClient } from "../service.js"

// ---- wire shapes -----------------------------------------------------------

/** Ids arrive as strings ("22"); accept a number too and keep a string. */
const WireId = Schema.Union(Schema.String, Schema.Number).pipe(
  Schema.transform(Schema.String, { decode: String, encode: (s) => s })
)

const EVENTS = [
  "PING",
  "FILE_UPDATE",
  "FILE_VERSION_UPDATE",
  "FILE_DELETE",
  "LIBRARY_PUBLISH",
  "FILE_COMMENT",
  "DEV_MODE_STATUS_UPDATE"
] as const
const CONTEXTS = ["team", "project", "file"] as const
const Status = Schema.Literal("ACTIVE", "PAUSED")

// Every field but the passcode (dropped on decode); an event, context or status the service adds still reads.
const WebhookStruct = Schema.Struct({
  id: WireId,
  event_type: oneOf(...EVENTS),
  // Upper case in answers, lower case in requests.
  context: oneOf("TEAM", "PROJECT", "FILE"),
  context_id: WireId,
  status: oneOf("ACTIVE", "PAUSED"),
  endpoint: Schema.String,
  description: Schema.optionalWith(Schema.NullOr(Schema.String), { default: () => null }),
  plan_api_id: Schema.optionalWith(Schema.NullOr(Schema.String), { default: () => null }),
  client_id: Schema.optionalWith(Schema.NullOr(Schema.String), { default: () => null })
})
/** A webhook: every field but its passcode, which is write-only. */
export interface Webhook extends Schema.Schema.Type<typeof WebhookStruct> {}
export const Webhook: Schema.Schema<Webhook, typeof WebhookStruct.Encoded> = WebhookStruct

const WebhookList = Schema.Struct({
  webhooks: Schema.Array(Webhook),
  pagination: Schema.optional(Schema.Struct({
    prev_page: Schema.optional(Schema.NullOr(Schema.String)),
    next_page: Schema.optional(Schema.NullOr(Schema.String))
  }))
})

const WebhookDeliveryStruct = Schema.Struct({
  webhook_id: Schema.optional(WireId),
  request_info: Schema.Struct({
    id: Schema.optional(WireId),
    endpoint: Schema.optional(Schema.String),
    sent_at: Schema.String,
    // The payload echoes the passcode: only the event type is ever read from it.
    payload: Schema.optional(Schema.Struct({ event_type: Schema.optional(Schema.String) }))
  }),
  response_info: Schema.NullOr(
    Schema.Struct({ status: Schema.Union(Schema.String, Schema.Number), received_at: Schema.optional(Schema.String) })
  ),
  error_msg: Schema.NullOr(Schema.String)
})
/** One delivery of a webhook: the request sent and the endpoint's answer. */
export interface WebhookDelivery extends Schema.Schema.Type<typeof WebhookDeliveryStruct> {}
export const WebhookDelivery: Schema.Schema<WebhookDelivery, typeof WebhookDeliveryStruct.Encoded> =
  WebhookDeliveryStruct
const DeliveryList = Schema.Struct({ requests: Schema.Array(WebhookDelivery) })

// ---- inputs -------------------------------------------------------------------

const WebhookId = Schema.String.pipe(Schema.pattern(/^\d+$/, { message: () => "must be a numeric webhook id" }))
  .annotations({ description: "The webhook's id" })
const Event = Schema.Literal(...EVENTS).annotations({ description: "What triggers deliveries" })
const ContextKindSchema = Schema.Literal(...CONTEXTS)
const ContextId = ContextIdOrUrl

const Endpoint = Schema.String.pipe(
  Schema.pattern(/^https:\/\//, { message: () => "must be an https:// URL" }),
  Schema.maxLength(2048, {
    message: (issue) => `must be at most 2048 characters (got ${String(issue.actual).length})`
  }),
  Schema.filter((s) => {
    // A parser drops line breaks and tabs: the URL sent would not be the one checked.
    if (urlFault(s) !== undefined) return "must be an https:// URL without line breaks or control characters"
    try {
      return new URL(s).protocol === "https:" || "must be an https:// URL"
    } catch {
      return "must be an https:// URL"
    }
  })
).annotations({ description: "HTTPS URL receiving deliveries" })

const Passcode = Schema.Redacted(
  Schema.String.pipe(
    Schema.minLength(1, { message: () => "must not be empty" }),
    Schema.maxLength(100, { message: () => "must be at most 100 characters" })
  )
).annotations({ description: "Shared secret" })

const Description = Schema.String.pipe(Schema.maxLength(150, { message: () => "must be at most 150 characters" }))
  .annotations({ description: "A note to tell webhooks apart" })

// ---- helpers ------------------------------------------------------------------

/** The context and id to use: from context_id (an id or URL), else the client's team. */
const resolveContext = (
  client: DesignClient,
  context: ContextKind | undefined,
  contextId: string | undefined,
  // The input's own name for the id (list-team calls it team), so a refusal names what was typed.
  field = "context_id"
) =>
  Effect.gen(function*() {
    if (contextId === undefined) {
      if (context !== undefined && context !== "team") {
        return yield* Effect.fail(
          invalidInput(`context ${context} needs a context_id (an id or a ${context} URL).`, "context_id")
        )
      }
      return yield* Option.match(client.settings.teamId, {
        onNone: () => Effect.fail(invalidInput(`No team is configured for the team context: give a ${field}.`, field)),
        onSome: (id) => Effect.succeed({ context: "team" as ContextKind, id })
      })
    }
    const ref = yield* parseContextRef(contextId, field)
    if (context !== undefined && ref.context !== undefined && ref.context !== context) {
      return yield* Effect.fail(
        invalidInput(
          `context ${context} does not match the ${ref.context} URL given as context_id.`,
          "context",
          "context_id"
        )
      )
    }
    const resolved = context ?? ref.context
    if (resolved === undefined) {
      return yield* Effect.fail(invalidInput("A bare context_id needs its context (team, project or file).", "context"))
    }
    return { context: resolved, id: ref.id }
  })

/** The settings create and update both send; the passcode leaves its Redacted box only here. */
const settingsBody = (input: {
  readonly event: string
  readonly endpoint: string
  readonly passcode: Redacted.Redacted<string>
  readonly status?: string | undefined
  readonly description?: string | undefined
}) => ({
  event_type: input.event,
  endpoint: input.endpoint,
  passcode: Redacted.value(input.passcode),
  ...(input.status === undefined ? {} : { status: input.status }),
  ...(input.description === undefined ? {} : { description: input.description })
})

const json = (value: unknown) => ({ _tag: "json" as const, value })
const webhookPath = (id: string, ...rest: Array<string>) => `/v2/webhooks/${pathOf(id, ...rest)}`

const GROUP = "webhooks"
const TIER = 2 as const

const describeWebhook = (w: Webhook) => ({
  id: w.id,
  event: w.event_type,
  context: `${w.context.toLowerCase()} ${w.context_id}`,
  status: w.status,
  endpoint: w.endpoint,
  description: w.description,
  plan_api_id: w.plan_api_id,
  client_id: w.client_id
})

const WEBHOOK_COLUMNS = ["id", "event", "status", "context", "endpoint"]
const listRows = (o: { readonly webhooks: ReadonlyArray<Webhook> }) => o.webhooks.map(describeWebhook)

// ---- operations -----------------------------------------------------------------

const ListInput = Schema.Struct({
  context: Schema.optional(
    ContextKindSchema.annotations({ description: "Attached to (default team)" })
  ),
  context_id: Schema.optional(ContextId),
  plan_api_id: Schema.optional(Schema.String.annotations({ description: "Plan id (paged)" }))
})

export const webhookList = designOperation({
  name: "webhookList",
  group: GROUP,
  summary: "Webhooks of a team, project, file or plan.",
  input: ListInput,
  impact: "read",
  idempotent: true,
  tier: TIER,
  subject: (
    i
  ) => (i.plan_api_id !== undefined
    ? `webhooks of plan ${i.plan_api_id}`
    : `webhooks of ${i.context ?? "team"} ${i.context_id ?? ""}`.trim()),
  request: (input, client) =>
    Effect.gen(function*() {
      if (input.plan_api_id !== undefined) {
        if (input.context_id !== undefined || input.context !== undefined) {
          return yield* Effect.fail(
            invalidInput("context_id (or context) and plan_api_id are mutually exclusive.", "context_id", "plan_api_id")
          )
        }
        return { method: "GET" as const, path: "/v2/webhooks", query: { plan_api_id: input.plan_api_id } }
      }
      const { context, id } = yield* resolveContext(client, input.context, input.context_id)
      return { method: "GET" as const, path: "/v2/webhooks", query: { context, context_id: id } }
    }),
  response: WebhookList,
  paging: { model: urlCursor, items: (page) => page.webhooks, itemsKey: "webhooks", key: (w) => w.id },
  cursorRefused: (
    i
  ) => (i.plan_api_id === undefined
    ? "cursor applies to a plan_api_id listing only; a context listing returns everything at once."
    : undefined)
})

const ById = Schema.Struct({ webhook_id: WebhookId })

export const webhookGet = designOperation({
  name: "webhookGet",
  group: GROUP,
  summary: "One webhook.",
  input: ById,
  impact: "read",
  idempotent: true,
  tier: TIER,
  subject: (i) => `webhook ${i.webhook_id}`,
  request: (i) => ({ method: "GET", path: webhookPath(i.webhook_id) }),
  response: Webhook
})

export const webhookCreate = designOperation({
  name: "webhookCreate",
  group: GROUP,
  summary: "Create a webhook.",
  input: Schema.Struct({
    event: Event,
    context: ContextKindSchema.annotations({ description: "Watched context" }),
    context_id: Schema.optional(ContextId),
    endpoint: Endpoint,
    passcode: Passcode,
    status: Schema.optional(
      Status.annotations({ description: "PAUSED stops deliveries (default ACTIVE)" })
    ),
    description: Schema.optional(Description)
  }),
  impact: "write",
  idempotent: false,
  tier: TIER,
  subject: (i) => `a webhook on ${i.context} ${i.context_id ?? ""}`.trim(),
  request: (input, client) =>
    Effect.map(resolveContext(client, input.context, input.context_id), ({ context, id }) => ({
      method: "POST" as const,
      path: "/v2/webhooks",
      body: json({ ...settingsBody(input), context, context_id: id })
    })),
  response: Webhook
})

export const webhookUpdate = designOperation({
  name: "webhookUpdate",
  group: GROUP,
  summary: "Replace a webhook's settings.",
  input: Schema.Struct({
    webhook_id: WebhookId,
    event: Event,
    endpoint: Endpoint,
    passcode: Passcode,
    status: Schema.optional(Status.annotations({ description: "ACTIVE or PAUSED (omitted: unchanged)" })),
    description: Schema.optional(Description)
  }),
  // It overwrites the endpoint and the passcode: what was there is gone.
  impact: "destroy",
  idempotent: true,
  tier: TIER,
  subject: (i) => `webhook ${i.webhook_id}`,
  request: (input) => ({ method: "PUT", path: webhookPath(input.webhook_id), body: json(settingsBody(input)) }),
  response: Webhook
})

export const webhookDelete = absentIsDone(
  designOperation({
    name: "webhookDelete",
    group: GROUP,
    summary: "Delete a webhook.",
    input: ById,
    impact: "destroy",
    idempotent: true,
    tier: TIER,
    subject: (i) => `webhook ${i.webhook_id}`,
    request: (i) => ({ method: "DELETE", path: webhookPath(i.webhook_id) }),
    response: Webhook
  }),
  (i) => ({ webhook_id: i.webhook_id })
)

const delivered = (r: WebhookDelivery) =>
  r.error_msg === null && r.response_info !== null && String(r.response_info.status) === "200"

export const webhookRequests = designOperation({
  name: "webhookRequests",
  group: GROUP,
  summary: "Last week's delivery attempts.",
  input: Schema.Struct({
    webhook_id: WebhookId,
    failed_only: Schema.optional(Schema.Boolean.annotations({ description: "Only the deliveries that failed" }))
  }),
  impact: "read",
  idempotent: true,
  tier: TIER,
  subject: (i) => `deliveries of webhook ${i.webhook_id}`,
  request: (i) => ({ method: "GET", path: webhookPath(i.webhook_id, "requests") }),
  response: DeliveryList,
  result: ({ requests }, { failed_only }) => {
    const rows = requests.map((r) => ({
      sent_at: r.request_info.sent_at,
      event: r.request_info.payload?.event_type ?? null,
      status: r.response_info === null ? null : String(r.response_info.status),
      error: r.error_msg,
      delivered: delivered(r)
    }))
    const ok = rows.filter((r) => r.delivered).length
    return {
      requests: (failed_only === true ? rows.filter((r) => !r.delivered) : rows).map(({ delivered: _, ...row }) => row),
      delivered: ok,
      failed: rows.length - ok
    }
  }
})

/** Fewer rows than attempts counted: --failed-only left the delivered ones out. */
const deliveriesFiltered = (
  o: { readonly requests: ReadonlyArray<unknown>; readonly delivered: number; readonly failed: number }
) => o.requests.length < o.delivered + o.failed

export const webhookListTeam = designOperation({
  name: "webhookListTeam",
  group: GROUP,
  summary: "List a team's webhooks with the old team endpoint.",
  deprecated: "use webhookList with context team",
  input: Schema.Struct({
    team: Schema.optional(ContextIdOrUrl.annotations({ description: "Team id or URL (default: the configured team)" }))
  }),
  impact: "read",
  idempotent: true,
  tier: TIER,
  subject: (i) => `webhooks of team ${i.team ?? ""}`.trim(),
  request: (input, client) =>
    Effect.map(
      resolveContext(client, "team", input.team, "team"),
      ({ id }) => ({ method: "GET" as const, path: `/v2/teams/${pathOf(id)}/webhooks` })
    ),
  response: Schema.Struct({ webhooks: Schema.Array(Webhook) })
})

// ---- how the front ends show them -----------------------------------------------------

export const views = [
  view(webhookList, {
    command: ["webhook", "list"],
    flags: { plan_api_id: "plan" },
    valueNames: { context_id: "ID|URL", plan_api_id: "PLAN_API_ID" },
    text: { kind: "table", rows: (o) => o.items.map(describeWebhook), columns: WEBHOOK_COLUMNS, noun: "webhooks" },
    examples: [
      "design webhook list",
      "design webhook list --context project --context-id 210000001",
      "design webhook list --plan team-1300000000000000001 --all"
    ]
  }),
  view(webhookGet, {
    command: ["webhook", "get"],
    positional: ["webhook_id"],
    text: { kind: "record", record: describeWebhook },
    examples: ["design webhook get 1"]
  }),
  view(webhookCreate, {
    command: ["webhook", "create"],
    fromEnv: ["passcode"],
    valueNames: { context_id: "ID|URL", endpoint: "URL" },
    text: { kind: "record", record: describeWebhook },
    examples: [
      "design webhook create --event FILE_UPDATE --context team --endpoint https://hooks.example.com/design --passcode-env HOOK_SECRET",
      "design webhook create --event FILE_COMMENT --context file --context-id https://www.design.example/design/SbxF1leKey0000Sandbox01/Sandbox --endpoint https://hooks.example.com/c --passcode-env HOOK_SECRET --status PAUSED"
    ]
  }),
  view(webhookUpdate, {
    command: ["webhook", "update"],
    positional: ["webhook_id"],
    fromEnv: ["passcode"],
    valueNames: { endpoint: "URL" },
    text: { kind: "record", record: describeWebhook },
    examples: [
      "design webhook update 1 --event FILE_UPDATE --endpoint https://hooks.example.com/new --passcode-env HOOK_SECRET --status PAUSED"
    ]
  }),
  view(webhookDelete, {
    command: ["webhook", "delete"],
    positional: ["webhook_id"],
    text: { kind: "record" },
    examples: ["design webhook delete 1"]
  }),
  view(webhookRequests, {
    command: ["webhook", "requests"],
    positional: ["webhook_id"],
    text: {
      kind: "table",
      rows: (o) => o.requests,
      columns: ["sent_at", "event", "status", "error"],
      // The counts are of every attempt; under --failed-only they say so, lest they contradict the shorter list.
      footer: (o) =>
        deliveriesFiltered(o)
          ? [`All attempts: delivered ${o.delivered}, failed ${o.failed}.`]
          : [`Delivered: ${o.delivered}, failed: ${o.failed}`],
      noun: (o) => (deliveriesFiltered(o) ? "failed delivery attempts" : "delivery attempts")
    },
    examples: ["design webhook requests 1 --failed-only"]
  }),
  view(webhookListTeam, {
    command: ["webhook", "list-team"],
    tool: { none: "the spec gives the deprecated team listing no tool" },
    deprecated: "use 'design webhook list --context team'",
    positional: ["team"],
    text: { kind: "table", rows: listRows, columns: WEBHOOK_COLUMNS, noun: "webhooks" },
    examples: ["design webhook list-team 1300000000000000001"]
  })
] as const

/** Help's line for each command group of this module (`design --help`). */
export const commandGroups: { readonly [words: string]: string } = {
  webhook: "Webhooks v2: list, inspect, create, update, delete, delivery history"
}
