/**
 * The webhook capability (spec: "Wrapper commands for webhooks"; wire:
 * design-wire.md section 4). The passcode is write-only: it is decoded into a
 * Redacted value, sent in the body, and never part of any result.
 */
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Redacted from "effect/Redacted"
import * as Schema from "effect/Schema"
import * as Stream from "effect/Stream"
import { usage } from "../core/errors.js"
import { defineOperation, definePagedOperation, Flag, FromEnv, Positional } from "../core/operation.js"
import { DEFAULT_MAX_PAGES, noPaging, Paginator, urlCursor } from "../core/paginate.js"
import { ALL_MODES, call } from "./call.js"
import { type ContextKind, parseContextRef } from "./context-ref.js"
import { encodePath } from "./http.js"
import { DesignConfig } from "./settings.js"

// ---- wire shapes -----------------------------------------------------------

/** Ids arrive as strings ("22"); accept a number too and keep a string. */
const WireId = Schema.Union(Schema.String, Schema.Number).pipe(
  Schema.transform(Schema.String, { decode: String, encode: (s) => s })
)

/** A webhook as the wrapper shows it: every field but the passcode (dropped on decode). */
export const Webhook = Schema.Struct({
  id: WireId,
  event_type: Schema.String,
  context: Schema.String,
  context_id: WireId,
  status: Schema.String,
  endpoint: Schema.String,
  description: Schema.optionalWith(Schema.NullOr(Schema.String), { default: () => null }),
  plan_api_id: Schema.optionalWith(Schema.NullOr(Schema.String), { default: () => null }),
  client_id: Schema.optionalWith(Schema.NullOr(Schema.String), { default: () => null })
})
export type Webhook = typeof Webhook.Type

const WebhookList = Schema.Struct({
  webhooks: Schema.Array(Webhook),
  pagination: Schema.optional(Schema.Struct({
    prev_page: Schema.optional(Schema.NullOr(Schema.String)),
    next_page: Schema.optional(Schema.NullOr(Schema.String))
  }))
})

const DeliveryRequest = Schema.Struct({
  webhook_id: Schema.optional(WireId),
  request_info: Schema.Struct({
    id: Schema.optional(WireId),
    endpoint: Schema.optional(Schema.String),
    sent_at: Schema.String,
    // The payload echoes the passcode: only the event type is ever read from it.
    payload: Schema.optional(Schema.Struct({ event_type: Schema.optional(Schema.String) }))
  }),
  response_info: Schema.NullOr(Schema.Struct({ status: Schema.Union(Schema.String, Schema.Number), received_at: Schema.optional(Schema.String) })),
  error_msg: Schema.NullOr(Schema.String)
})
const DeliveryList = Schema.Struct({ requests: Schema.Array(DeliveryRequest) })

// ---- input fields ----------------------------------------------------------

export const EVENTS = ["PING", "FILE_UPDATE", "FILE_VERSION_UPDATE", "FILE_DELETE", "LIBRARY_PUBLISH", "FILE_COMMENT", "DEV_MODE_STATUS_UPDATE"] as const
const CONTEXTS = ["team", "project", "file"] as const

const WebhookId = Schema.String.pipe(
  Schema.pattern(/^\d+$/, { message: () => "must be a numeric webhook id" })
).annotations({ description: "Webhook id", [Positional]: true })

const Event = Schema.Literal(...EVENTS).annotations({ description: "Event type", [Flag]: "event" })
const Context = Schema.Literal(...CONTEXTS)
const ContextId = Schema.String.annotations({ description: "Team, project or file id, or its URL" })

const Endpoint = Schema.String.pipe(
  Schema.filter((s) => {
    if (s.length > 2048) return `must be at most 2048 characters (got ${s.length})`
    try {
      return new URL(s).protocol === "https:" || "must be an https:// URL"
    } catch {
      return "must be an https:// URL"
    }
  })
).annotations({ description: "HTTPS URL to deliver to (max 2048 chars)" })

const Passcode = Schema.Redacted(
  Schema.String.pipe(
    Schema.minLength(1, { message: () => "must not be empty" }),
    Schema.maxLength(100, { message: () => "must be at most 100 characters" })
  )
).annotations({ description: "Shared secret echoed in deliveries (never shown)", [FromEnv]: true })

const Status = Schema.Literal("ACTIVE", "PAUSED").annotations({ description: "Default ACTIVE" })
const Description = Schema.String.pipe(Schema.maxLength(150, { message: () => "must be at most 150 characters" }))
  .annotations({ description: "Free-text note" })

const MaxPages = Schema.Int.pipe(Schema.greaterThanOrEqualTo(1)).annotations({
  description: `Page ceiling for all (default ${DEFAULT_MAX_PAGES})`,
  message: () => "must be a whole number of at least 1"
})

const missingPasscode = "A passcode is required: --passcode-env NAME (preferred) or --passcode (tool: passcode)."

const passcodeField = Schema.propertySignature(Passcode).annotations({ missingMessage: () => missingPasscode })

// ---- helpers ----------------------------------------------------------------

/** The context and id to use: from --context-id (an id or URL), else the configured team. */
const resolveContext = (context: ContextKind | undefined, contextId: string | undefined) =>
  Effect.gen(function*() {
    const settings = yield* DesignConfig
    if (contextId === undefined) {
      if (context !== undefined && context !== "team") {
        return yield* Effect.fail(usage(`--context ${context} needs --context-id (an id or a ${context} URL).`))
      }
      return yield* Option.match(settings.teamId, {
        onNone: () =>
          Effect.fail(usage("No team id configured for the team context.", "Pass --context-id (an id or URL) or set DESIGN_TEAM_ID / --team.")),
        onSome: (id) => Effect.succeed({ context: "team" as ContextKind, id })
      })
    }
    const ref = yield* parseContextRef(contextId)
    if (context !== undefined && ref.context !== undefined && ref.context !== context) {
      return yield* Effect.fail(usage(`--context ${context} does not match the ${ref.context} URL given to --context-id.`))
    }
    const resolved = context ?? ref.context
    if (resolved === undefined) {
      return yield* Effect.fail(usage("--context is required with a bare --context-id (team, project or file)."))
    }
    return { context: resolved, id: ref.id }
  })

/** The settings a create and an update both send; the passcode leaves its Redacted box only here. */
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

const webhookPath = (id: string, ...rest: Array<string>) => `/v2/webhooks/${encodePath(id, ...rest)}`

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

const listRows = (o: { webhooks: ReadonlyArray<Webhook> }) => o.webhooks.map(describeWebhook)

// ---- operations -------------------------------------------------------------

const ListInput = Schema.Struct({
  context: Schema.optional(Context.annotations({ description: "Context kind (default team)" })),
  context_id: Schema.optional(ContextId),
  plan_api_id: Schema.optional(Schema.String.annotations({ description: "List by plan id instead, e.g. team-123 (paged)", [Flag]: "plan" })),
  cursor: Schema.optional(Schema.String.annotations({ description: "Resume a plan listing" })),
  all: Schema.optional(Schema.Boolean.annotations({ description: "Follow pages up to max_pages" })),
  max_pages: Schema.optional(MaxPages)
})

/**
 * The pages of a listing: by plan, a URL-cursor walk; by context, the one
 * page that holds everything.
 */
const webhookPages = (input: typeof ListInput.Type) =>
  Effect.gen(function*() {
    const paginator = yield* Paginator
    const fetch = (query: Record<string, string | number | boolean | undefined>, subject: string) =>
      call({ method: "GET", path: "/v2/webhooks", query, tier: TIER, modes: ALL_MODES, subject }, WebhookList)
    if (input.plan_api_id !== undefined) {
      if (input.context_id !== undefined || input.context !== undefined) {
        return yield* Effect.fail(usage("--context-id (or --context) and --plan are mutually exclusive.", "List by context, or by plan, not both."))
      }
      const subject = `webhooks of plan ${input.plan_api_id}`
      return paginator.pages(urlCursor, { query: { plan_api_id: input.plan_api_id } }, (req) => fetch(req.query, subject), input.cursor)
    }
    if (input.cursor !== undefined) {
      return yield* Effect.fail(usage("--cursor applies to the plan form only (--plan); a context listing returns everything at once."))
    }
    const { context, id } = yield* resolveContext(input.context, input.context_id)
    return paginator.pages(noPaging, { query: { context, context_id: id } }, (req) => fetch(req.query, `webhooks of ${context} ${id}`))
  })

export const webhookList = definePagedOperation({
  command: ["webhook", "list"],
  tool: "design_webhook_list",
  summary: "List webhooks of a team, project or file (default: the configured team), or of a plan (paged).",
  input: ListInput,
  effect: "read",
  idempotent: true,
  run: (input) =>
    Effect.gen(function*() {
      const paginator = yield* Paginator
      const pages = yield* webhookPages(input)
      const options = { all: input.all === true, maxPages: input.max_pages ?? DEFAULT_MAX_PAGES }
      const result = yield* paginator.collect(pages, (p) => p.webhooks, options, (w) => w.id)
      return { webhooks: result.items, next_cursor: result.next_cursor, complete: result.complete, pages: result.pages }
    }),
  // Every webhook, page after page, for library callers that consume lazily.
  stream: (input) => Stream.unwrap(Effect.map(webhookPages(input), Stream.flatMap((page) => Stream.fromIterable(page.body.webhooks)))),
  text: {
    kind: "table",
    rows: listRows,
    columns: WEBHOOK_COLUMNS,
    notice: (o) => (o.complete ? undefined : `More webhooks: pass --cursor ${o.next_cursor} (or --all) to continue.`)
  }
})

export const webhookGet = defineOperation({
  command: ["webhook", "get"],
  tool: "design_webhook_get",
  summary: "Show one webhook: event, context, status, endpoint, description, plan id, OAuth client.",
  input: Schema.Struct({ webhook_id: WebhookId }),
  effect: "read",
  idempotent: true,
  run: ({ webhook_id }) =>
    call({ method: "GET", path: webhookPath(webhook_id), tier: TIER, modes: ALL_MODES, subject: `Webhook ${webhook_id}` }, Webhook),
  text: { kind: "record", record: describeWebhook }
})

export const webhookCreate = defineOperation({
  command: ["webhook", "create"],
  tool: "design_webhook_create",
  summary: "Create a webhook on a team (admin), project or file (edit access). ACTIVE sends a PING.",
  input: Schema.Struct({
    event: Event,
    context: Context.annotations({ description: "Context kind" }),
    context_id: Schema.optional(ContextId.annotations({ description: "Id or URL (team default: the configured team)" })),
    endpoint: Endpoint,
    passcode: passcodeField,
    status: Schema.optional(Status),
    description: Schema.optional(Description)
  }),
  effect: "write",
  idempotent: false,
  run: (input) =>
    Effect.gen(function*() {
      const { context, id } = yield* resolveContext(input.context, input.context_id)
      return yield* call({
        method: "POST",
        path: "/v2/webhooks",
        body: { ...settingsBody(input), context, context_id: id },
        tier: TIER,
        modes: ALL_MODES,
        subject: `a webhook on ${context} ${id}`
      }, Webhook)
    }),
  text: { kind: "record", record: describeWebhook }
})

export const webhookUpdate = defineOperation({
  command: ["webhook", "update"],
  tool: "design_webhook_update",
  summary: "Replace a webhook's settings; event, endpoint and passcode are required every time.",
  input: Schema.Struct({
    webhook_id: WebhookId,
    event: Event,
    endpoint: Endpoint,
    passcode: passcodeField,
    status: Schema.optional(Status),
    description: Schema.optional(Description)
  }),
  effect: "write",
  idempotent: true,
  run: (input) =>
    call({
      method: "PUT",
      path: webhookPath(input.webhook_id),
      body: settingsBody(input),
      tier: TIER,
      modes: ALL_MODES,
      subject: `Webhook ${input.webhook_id}`
    }, Webhook),
  text: { kind: "record", record: describeWebhook }
})

export const webhookDelete = defineOperation({
  command: ["webhook", "delete"],
  tool: "design_webhook_delete",
  summary: "Delete a webhook. Idempotent: already_absent is true when it was gone.",
  input: Schema.Struct({ webhook_id: WebhookId }),
  effect: "destroy",
  idempotent: true,
  run: ({ webhook_id }) =>
    call({ method: "DELETE", path: webhookPath(webhook_id), tier: TIER, modes: ALL_MODES, subject: `Webhook ${webhook_id}` }, Webhook).pipe(
      Effect.as({ deleted: true, id: webhook_id, already_absent: false }),
      Effect.catchTag("NotFoundError", () => Effect.succeed({ deleted: true, id: webhook_id, already_absent: true }))
    ),
  text: { kind: "record" }
})

const delivered = (r: typeof DeliveryRequest.Type) => r.error_msg === null && r.response_info !== null && String(r.response_info.status) === "200"

export const webhookRequests = defineOperation({
  command: ["webhook", "requests"],
  tool: "design_webhook_requests",
  summary: "Delivery attempts of the last week: send time, response status, error; then counts.",
  input: Schema.Struct({
    webhook_id: WebhookId,
    failed_only: Schema.optional(Schema.Boolean.annotations({ description: "Only failed attempts" }))
  }),
  effect: "read",
  idempotent: true,
  run: ({ failed_only, webhook_id }) =>
    Effect.map(
      call({ method: "GET", path: webhookPath(webhook_id, "requests"), tier: TIER, modes: ALL_MODES, subject: `Deliveries of webhook ${webhook_id}` }, DeliveryList),
      ({ requests }) => {
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
    ),
  text: {
    kind: "table",
    rows: (o) => o.requests,
    columns: ["sent_at", "event", "status", "error"],
    footer: (o) => [`Delivered: ${o.delivered}, failed: ${o.failed}`]
  }
})

export const webhookListTeam = defineOperation({
  command: ["webhook", "list-team"],
  // CLI-only: the spec gives the deprecated listing no tool-server tool.
  tool: null,
  summary: "List a team's webhooks with the old team endpoint.",
  deprecated: "use `webhook list --context team` instead",
  input: Schema.Struct({
    team: Schema.optional(Schema.String.annotations({ description: "Team id (default: the configured team)", [Positional]: true }))
  }),
  effect: "read",
  idempotent: true,
  run: ({ team }) =>
    Effect.gen(function*() {
      const { id } = yield* resolveContext("team", team)
      return yield* call({
        method: "GET",
        path: `/v2/teams/${encodePath(id)}/webhooks`,
        tier: TIER,
        modes: ALL_MODES,
        subject: `webhooks of team ${id}`
      }, Schema.Struct({ webhooks: Schema.Array(Webhook) }))
    }),
  text: { kind: "table", rows: listRows, columns: WEBHOOK_COLUMNS }
})

