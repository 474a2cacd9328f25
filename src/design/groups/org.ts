/**
 * Organisation reads (tier 3 but discovery; spec section 4, design-wire
 * sections 1 and 5): activity logs (a plan token or an org-level OAuth
 * token, never a personal one; paged by moving the time window), developer
 * logs (plan token only, Governance+; a read sent as POST with its filters
 * and cursor in the body), AI usage (plan token only; next-cursor pages) and
 * discovery (OAuth only, Governance+).
 */
import * as Schema from "effect/Schema"
import { CalendarDate, UtcDateTime } from "../../core/calendar.js"
import { metaCursor, nextCursor, timeWindow } from "../../core/paginate.js"
import { view } from "../../core/view.js"
import { designOperation } from "../define.js"
import { idLike, json, ordered, WireId } from "../params.js"

const ENTERPRISE = { label: "Enterprise", plan: "enterprise" } as const
const GOVERNANCE = { label: "Enterprise plus Governance+", plan: "enterprise" } as const

const UnixSeconds = Schema.Int.pipe(Schema.nonNegative())

// ---- activity logs ------------------------------------------------------------------

const ActivityEventStruct = Schema.Struct({
  id: WireId,
  timestamp: Schema.Number,
  actor: Schema.NullOr(
    Schema.Struct({
      type: Schema.String,
      id: Schema.optional(Schema.NullOr(WireId)),
      name: Schema.optional(Schema.NullOr(Schema.String)),
      email: Schema.optional(Schema.NullOr(Schema.String))
    })
  ),
  action: Schema.Struct({
    type: Schema.String,
    details: Schema.NullOr(Schema.Record({ key: Schema.String, value: Schema.Unknown }))
  }),
  entity: Schema.Record({ key: Schema.String, value: Schema.Unknown }),
  context: Schema.Record({ key: Schema.String, value: Schema.Unknown })
})
/** One entry of the organization's activity log. */
export interface ActivityEvent extends Schema.Schema.Type<typeof ActivityEventStruct> {}
export const ActivityEvent: Schema.Schema<ActivityEvent, typeof ActivityEventStruct.Encoded> = ActivityEventStruct

const ActivityPage = Schema.Struct({
  meta: Schema.Struct({
    activity_logs: Schema.Array(ActivityEvent),
    cursor: Schema.optional(Schema.NullOr(Schema.String)),
    next_page: Schema.Boolean,
    /** Not the service's: the order asked for, which time-window paging reads to move the right edge. */
    order: Schema.optional(Schema.Literal("asc", "desc"))
  })
})

export const activityLogList = designOperation({
  name: "activityLogList",
  group: "activity_logs",
  summary: "The organisation's activity log.",
  input: Schema.Struct({
    events: Schema.optional(
      Schema.Array(idLike(/^[a-z_]+$/, "must be an event type such as file_export")).annotations({
        description: "Only these event types (such as file_export)"
      })
    ),
    start_time: Schema.optional(UnixSeconds.annotations({ description: "Events from this time (Unix seconds)" })),
    end_time: Schema.optional(UnixSeconds.annotations({ description: "Events before this time (Unix seconds)" })),
    limit: Schema.optional(Schema.Int.pipe(Schema.between(1, 1000)).annotations({ description: "Records a page" })),
    order: Schema.optional(
      Schema.Literal("asc", "desc").annotations({ description: "asc: oldest first (default desc)" })
    )
  }).pipe(Schema.filter(ordered("start_time", "end_time"))),
  impact: "read",
  idempotent: true,
  tier: 3,
  modes: ["plan", "oauth"],
  planGate: ENTERPRISE,
  subject: () => "the activity log",
  request: (i) => ({
    method: "GET",
    path: "/v1/activity_logs",
    query: {
      events: i.events === undefined || i.events.length === 0 ? undefined : i.events,
      start_time: i.start_time,
      end_time: i.end_time,
      limit: i.limit,
      // Newest first unless asked (the service's own default is oldest first).
      order: i.order ?? "desc"
    }
  }),
  response: ActivityPage,
  result: (page, i) => ({ ...page, meta: { ...page.meta, order: i.order ?? "desc" } }),
  paging: { model: timeWindow, items: (p) => p.meta.activity_logs, itemsKey: "activity_logs", key: (e) => e.id }
})

// ---- developer logs -------------------------------------------------------------------

/** A nullable field the service describes as always present; kept when it is left out, as null. */
const Nullable = <S extends Schema.Schema.Any>(schema: S) =>
  Schema.optionalWith(Schema.NullOr(schema), { default: () => null })

/** One logged call, as the service describes it (reference/design-wire.md, section 5). */
const DeveloperLogItemStruct = Schema.Struct({
  uuid: Schema.String,
  timestamp: Schema.String,
  action: Schema.Struct({ event_name: Schema.String, event_source: Schema.String }),
  actor: Schema.Struct({
    user_id: Nullable(WireId),
    user_name: Nullable(Schema.String),
    user_email: Nullable(Schema.String),
    token_name: Schema.String,
    token_type: Schema.String
  }),
  resource: Schema.Struct({
    id_or_key: Nullable(Schema.String),
    name: Nullable(Schema.String),
    type: Nullable(Schema.String),
    org_id: WireId
  }),
  context: Schema.Struct({
    ip_address: Schema.String,
    city: Nullable(Schema.String),
    country_region: Nullable(Schema.String),
    country: Nullable(Schema.String)
  })
})
/** One entry of the developer log: a call made with a token. */
export interface DeveloperLogItem extends Schema.Schema.Type<typeof DeveloperLogItemStruct> {}
export const DeveloperLogItem: Schema.Schema<DeveloperLogItem, typeof DeveloperLogItemStruct.Encoded> =
  DeveloperLogItemStruct

const DeveloperPage = Schema.Struct({
  meta: Schema.Struct({
    items: Schema.Array(DeveloperLogItem),
    cursor: Schema.NullOr(Schema.String),
    has_more: Schema.Boolean
  })
})

const DEVELOPER_FILTERS = [
  "token_type",
  "token",
  "token_name",
  "user_email",
  "ip_address",
  "event_source",
  "date_range",
  "limit"
] as const

export const developerLogList = designOperation({
  name: "developerLogList",
  group: "developer_logs",
  summary: "The organisation's API and MCP call log.",
  input: Schema.Struct({
    token_type: Schema.optional(
      Schema.Literal("developer_token", "plan_access_token", "oauth_token").annotations({
        description: "Only this kind of token"
      })
    ),
    token: Schema.optional(Schema.String.annotations({ description: "Only this token (its id)" })),
    token_name: Schema.optional(
      Schema.String.annotations({ description: "Only the token of this name" })
    ),
    user_email: Schema.optional(Schema.String.annotations({ description: "Only this user (email address)" })),
    ip_address: Schema.optional(Schema.String.annotations({ description: "Only from this IP address" })),
    event_source: Schema.optional(
      Schema.Literal("rest_api", "mcp_server").annotations({ description: "Only from this source" })
    ),
    date_range: Schema.optional(
      Schema.Literal("last_24h", "last_7d", "last_30d").annotations({ description: "How far back to look" })
    ),
    limit: Schema.optional(Schema.Int.pipe(Schema.between(1, 100)).annotations({ description: "Records a page" }))
  }),
  impact: "read",
  idempotent: true,
  tier: 3,
  modes: ["plan"],
  planGate: GOVERNANCE,
  subject: () => "the developer logs",
  request: (i) => {
    const body: Record<string, unknown> = {}
    for (const key of DEVELOPER_FILTERS) if (i[key] !== undefined) body[key] = i[key]
    return { method: "POST", path: "/v1/developer_logs", body: json(body) }
  },
  response: DeveloperPage,
  paging: { model: metaCursor, items: (p) => p.meta.items, itemsKey: "developer_logs", key: (e) => e.uuid }
})

// ---- AI usage -----------------------------------------------------------------------------

/** The first day the service has AI usage for (spec section 8). */
export const AI_USAGE_FLOOR = "2025-12-01"

const AiUsageRowStruct = Schema.Struct({
  plan_id: WireId,
  user_id: WireId,
  user_email: Schema.NullOr(Schema.String),
  day: Schema.String,
  editor_type: Schema.String,
  seat_credits_sum: Schema.Number,
  plan_credits_sum: Schema.Number,
  workspace_id: Schema.optional(Schema.NullOr(WireId)),
  workspace_name: Schema.optional(Schema.NullOr(Schema.String)),
  team_id: Schema.optional(Schema.NullOr(WireId)),
  team_name: Schema.optional(Schema.NullOr(Schema.String)),
  license_group_id: Schema.optional(Schema.NullOr(WireId)),
  license_group_name: Schema.optional(Schema.NullOr(Schema.String)),
  metering_period_start: Schema.optional(Schema.String),
  metering_period_end: Schema.optional(Schema.String)
})
/** A user's AI credits on one day. */
export interface AiUsageRow extends Schema.Schema.Type<typeof AiUsageRowStruct> {}
export const AiUsageRow: Schema.Schema<AiUsageRow, typeof AiUsageRowStruct.Encoded> = AiUsageRowStruct

const AiUsagePage = Schema.Struct({
  rows: Schema.Array(AiUsageRow),
  next_cursor: Schema.String,
  has_next_page: Schema.Boolean
})

export const aiUsageDaily = designOperation({
  name: "aiUsageDaily",
  group: "ai_usage",
  summary: "AI credits used per user and day.",
  input: Schema.Struct({
    start_date: CalendarDate.pipe(Schema.filter((d) => d >= AI_USAGE_FLOOR || `must be ${AI_USAGE_FLOOR} or later`))
      .annotations({ description: `From ${AI_USAGE_FLOOR} on` }),
    end_date: CalendarDate.annotations({ description: "Last day (YYYY-MM-DD)" }),
    user_email: Schema.optional(Schema.String.annotations({ description: "Only this user (email address)" })),
    limit: Schema.optional(Schema.Int.pipe(Schema.between(1, 1000)).annotations({ description: "Records a page" }))
  }).pipe(Schema.filter(ordered("start_date", "end_date"))),
  impact: "read",
  idempotent: true,
  tier: 3,
  modes: ["plan"],
  planGate: ENTERPRISE,
  subject: () => "the AI usage",
  request: (i) => ({
    method: "GET",
    path: "/v1/ai_usage/daily",
    query: { start_date: i.start_date, end_date: i.end_date, user_email: i.user_email, limit: i.limit }
  }),
  response: AiUsagePage,
  paging: { model: nextCursor, items: (p) => p.rows, itemsKey: "rows" }
})

// ---- discovery ------------------------------------------------------------------------------

const DAY_MS = 24 * 3600 * 1000

export const discoveryTextEvents = designOperation({
  name: "discoveryTextEvents",
  group: "discovery",
  summary: "Hourly download links of text-event data.",
  input: Schema.Struct({
    start_date: UtcDateTime.annotations({ description: "≥1 h ago" }),
    // Left out, the service answers the hour from start_date.
    end_date: Schema.optional(UtcDateTime.annotations({ description: "≤24 h after start; default start + 1 h" })),
    file_ttl_in_seconds: Schema.optional(
      Schema.Int.pipe(Schema.between(60, 86_400)).annotations({ description: "How long the links work, in seconds" })
    )
  }).pipe(Schema.filter((i) => {
    if (i.end_date === undefined) return true
    const span = Date.parse(i.end_date) - Date.parse(i.start_date)
    return span <= 0
      ? { path: ["end_date"], message: "must be after start_date" }
      : span > DAY_MS
      ? { path: ["end_date"], message: "must be at most 24 hours after start_date" }
      : true
  })),
  impact: "read",
  idempotent: true,
  tier: 2,
  modes: ["oauth"],
  planGate: GOVERNANCE,
  subject: () => "the discovery text events",
  request: (i) => ({
    method: "GET",
    path: "/v1/discovery",
    query: { start_date: i.start_date, end_date: i.end_date, file_ttl_in_seconds: i.file_ttl_in_seconds }
  }),
  response: Schema.Struct({
    meta: Schema.Struct({ urls: Schema.Record({ key: Schema.String, value: Schema.Array(Schema.String) }) })
  }),
  result: (b) => ({ urls: b.meta.urls })
})

// ---- views ------------------------------------------------------------------------------------

const isoOf = (seconds: number) => new Date(seconds * 1000).toISOString().replace(".000Z", "Z")
const entityName = (e: ActivityEvent["entity"]) =>
  [e.type, e.name ?? e.email ?? e.id].filter((x) => x !== undefined && x !== null).join(" ")

/** A developer-log item as one table row: who called what, on which resource, from where. */
const developerLogRow = (e: DeveloperLogItem) => ({
  timestamp: e.timestamp,
  event_name: e.action.event_name,
  event_source: e.action.event_source,
  token_name: `${e.actor.token_name} (${e.actor.token_type})`,
  user: e.actor.user_email ?? e.actor.user_name ?? e.actor.user_id ?? "",
  resource: e.resource.type === null
    ? ""
    : [e.resource.type, e.resource.name ?? e.resource.id_or_key].filter((x) => x !== null).join(" "),
  ip_address: e.context.ip_address
})

export const views = [
  view(activityLogList, {
    command: ["activity-log", "list"],
    valueNames: { events: "TYPE,...", start_time: "UNIX_S", end_time: "UNIX_S" },
    text: {
      kind: "table",
      rows: (o) =>
        o.items.map((e) => ({
          time: isoOf(e.timestamp),
          action: e.action.type,
          actor: e.actor === null ? "system" : e.actor.email ?? e.actor.name ?? e.actor.id,
          entity: entityName(e.entity)
        })),
      columns: ["time", "action", "actor", "entity"],
      noun: "activity log events"
    },
    examples: [
      "design activity-log list --events file_export,login --limit 50",
      "design activity-log list --start-time 1767225600 --all --max-pages 5"
    ]
  }),
  view(developerLogList, {
    command: ["developer-log", "list"],
    // The shared --token is the credential; this filter names a token in the log.
    flags: { token: "log-token" },
    valueNames: { token: "TOKEN_ID" },
    text: {
      kind: "table",
      rows: (o) => o.items.map(developerLogRow),
      columns: ["timestamp", "event_name", "event_source", "token_name", "user", "resource", "ip_address"],
      noun: "developer log entries"
    },
    examples: [
      "design developer-log list --date-range last_7d --event-source mcp_server",
      "design developer-log list --user-email someone@example.com --all"
    ]
  }),
  view(aiUsageDaily, {
    command: ["ai-usage", "daily"],
    text: {
      kind: "table",
      rows: (o) => o.items,
      columns: ["day", "user_email", "editor_type", "seat_credits_sum", "plan_credits_sum"],
      noun: "AI usage rows"
    },
    examples: [
      "design ai-usage daily --start-date 2026-01-01 --end-date 2026-01-31",
      "design ai-usage daily --start-date 2026-01-01 --end-date 2026-01-07 --user-email someone@example.com"
    ]
  }),
  view(discoveryTextEvents, {
    command: ["discovery", "text-events"],
    valueNames: { start_date: "UTC_TIME", end_date: "UTC_TIME", file_ttl_in_seconds: "SECONDS" },
    text: {
      kind: "table",
      rows: (o) => Object.entries(o.urls).flatMap(([hour, urls]) => urls.map((url) => ({ hour, url }))),
      columns: ["hour", "url"],
      noun: "download links"
    },
    examples: ["design discovery text-events --start-date 2026-01-01T00:00:00Z --end-date 2026-01-01T12:00:00Z"]
  })
] as const

/** Help's line for each command group of this module (`design --help`). */
export const commandGroups: { readonly [words: string]: string } = {
  "activity-log": "The organisation's activity log (plan token or org OAuth)",
  "developer-log": "API and MCP calls in the organisation (plan token, Governance+)",
  "ai-usage": "AI credits per user and day (plan token)",
  discovery: "Text-event download links (OAuth, Governance+)"
}
