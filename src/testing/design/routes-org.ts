/**
 * The org-level endpoints: activity logs (plan token or org-level OAuth,
 * Enterprise, org admin), developer logs (plan token, Governance+; a read
 * sent as POST), AI usage (plan token, Enterprise) and discovery (org-level
 * OAuth, Governance+, org admin, and its own limit of 20 requests a second).
 */
import * as Either from "effect/Either"
import type { Call } from "../core/call.js"
import { DAY_MS, HOUR_MS } from "../core/clock.js"
import {
  commaList,
  dateText,
  dateTimeText,
  decodeCursor,
  encodeCursor,
  integerIn,
  isRecord,
  oneOf
} from "../core/params.js"
import type { Parsed } from "../core/rejection.js"
import { invalid } from "../core/rejection.js"
import { route } from "../core/route.js"
import { countingScope } from "./access.js"
import type { ApiRoute, CallerCtx } from "./gate.js"
import { endpoint } from "./gate.js"
import { resolveOrg } from "./org-access.js"
import type { DeveloperLogCall, DeveloperLogItem } from "./org-data.js"
import {
  ACTIVITY_EVENT_TYPES,
  activityLog,
  AI_USAGE_FLOOR_MS,
  AI_USAGE_LAG_MS,
  aiUsageRows,
  DATE_RANGES,
  DEVELOPER_LOG_STEP_MS,
  developerLogCall,
  discoveryLinks,
  EVENT_SOURCES,
  hourKey,
  orgUsers,
  TOKEN_TYPES
} from "./org-data.js"
import { dayText, groupQuery, groupValue, groupWords, notANumber, requiredGroupQuery } from "./params.js"
import { overDiscoveryLimit } from "./ratelimit.js"
import { json, plainError } from "./responses.js"

/** A cursor of ours whose fields `read` accepts. */
const cursorField = <A>(text: string, read: (fields: Record<string, unknown>) => A | null): Parsed<A> => {
  const fields = decodeCursor(text)
  const value = fields === null ? null : read(fields)
  return value === null ? invalid(`Invalid 'cursor'`) : Either.right(value)
}

// ---- activity logs ---------------------------------------------------------

const activityRule = endpoint(3, "org:activity_log_read", { accepts: ["plan", "oauth_org"], errors: "rich" })

const UNIX_RANGE = { min: 0, max: 99_999_999_999 }
const LIMIT_1000 = { min: 1, max: 1000 }
const YEAR_S = 365 * 24 * 3600

const activityLogs = ({ call, caller }: CallerCtx) =>
  Either.gen(function*() {
    const org = yield* resolveOrg(caller, { governancePlus: false, admin: true })
    const now_s = Math.floor(call.now_ms / 1000)
    const events = commaList(yield* groupValue(call, "events"))
    const unknown = events.find((e) => !(ACTIVITY_EVENT_TYPES as ReadonlyArray<string>).includes(e))
    if (unknown !== undefined) {
      return yield* invalid(
        `'events' has an unknown event type "${unknown}"; known: ${ACTIVITY_EVENT_TYPES.join(", ")}`
      )
    }
    const start = yield* groupQuery(call, "start_time", integerIn(UNIX_RANGE, groupWords), Math.max(0, now_s - YEAR_S))
    const end = yield* groupQuery(call, "end_time", integerIn(UNIX_RANGE, groupWords), now_s)
    const limit = yield* groupQuery(call, "limit", integerIn(LIMIT_1000, groupWords), 1000)
    const order = yield* oneOf(["asc", "desc"], groupWords)("order", (yield* groupValue(call, "order")) ?? "asc")
    if (start > end) return yield* invalid(`'start_time' must not be after 'end_time'`)
    const matching = activityLog(org).filter((e) =>
      e.timestamp >= start && e.timestamp <= end &&
      (events.length === 0 || events.includes(e.action.type))
    )
    const sorted = order === "asc" ? matching : [...matching].reverse()
    const page = sorted.slice(0, limit)
    const last = page[page.length - 1]
    const cursor = last === undefined ? "" : encodeCursor({ id: last.id, timestamp: last.timestamp })
    return json(200, {
      status: 200,
      error: false,
      meta: { activity_logs: page, cursor, next_page: sorted.length > page.length }
    })
  })

// ---- developer logs --------------------------------------------------------

const developerRule = endpoint(3, "org:developer_log_read", { accepts: ["plan"], errors: "rich" })

const DEVELOPER_KEYS = [
  "token_type",
  "token",
  "token_name",
  "user_email",
  "ip_address",
  "event_source",
  "date_range",
  "limit",
  "cursor"
]

interface DeveloperQuery {
  readonly filters: Partial<
    Record<"token_type" | "token" | "token_name" | "user_email" | "ip_address" | "event_source", string>
  >
  readonly range: keyof typeof DATE_RANGES
  readonly limit: number
  /** Continue with slots before this one. */
  readonly before: number | null
}

const developerQuery = (call: Call): Parsed<DeveloperQuery> =>
  Either.gen(function*() {
    if (call.bodyInvalid) return yield* invalid("Request body is not valid JSON")
    const body = call.body ?? {}
    if (!isRecord(body)) return yield* invalid("Request body must be a JSON object")
    const extra = Object.keys(body).find((k) => !DEVELOPER_KEYS.includes(k))
    if (extra !== undefined) return yield* invalid(`Unknown field '${extra}'`)
    const filters: Record<string, string> = {}
    for (const key of ["token_type", "token", "token_name", "user_email", "ip_address", "event_source"]) {
      const value = body[key]
      if (value === undefined || value === null) continue
      if (typeof value !== "string") return yield* invalid(`'${key}' must be a string`)
      filters[key] = value
    }
    if (filters.token_type !== undefined) yield* oneOf(TOKEN_TYPES, groupWords)("token_type", filters.token_type)
    if (filters.event_source !== undefined) {
      yield* oneOf(EVENT_SOURCES, groupWords)("event_source", filters.event_source)
    }
    const rangeValue = body.date_range ?? "last_30d"
    if (typeof rangeValue !== "string") return yield* invalid(`'date_range' must be a string`)
    const range = yield* oneOf(["last_24h", "last_7d", "last_30d"], groupWords)("date_range", rangeValue)
    const limit = body.limit === undefined || body.limit === null ? 25 : yield* integerBody("limit", body.limit)
    const cursorValue = body.cursor
    if (cursorValue !== undefined && cursorValue !== null && typeof cursorValue !== "string") {
      return yield* invalid(`'cursor' must be a string`)
    }
    const before = typeof cursorValue === "string" && cursorValue !== ""
      ? yield* cursorField(cursorValue, (v) => typeof v.before === "number" ? v.before : null)
      : null
    return { filters, range, limit, before }
  })

/** `limit` in a JSON body, where a string is the wrong type. */
const integerBody = (name: string, value: unknown): Parsed<number> => {
  if (typeof value === "string") return invalid(notANumber(name))
  if (typeof value !== "number" || !Number.isInteger(value)) return invalid(`'${name}' must be an integer`)
  return integerIn({ min: 1, max: 100 }, groupWords)(name, String(value))
}

/** The value each filter is compared with: the filters are flat, the item is not. */
const filtered = (call: DeveloperLogCall): Record<keyof DeveloperQuery["filters"], string | null> => ({
  token_type: call.item.actor.token_type,
  token: call.token,
  token_name: call.item.actor.token_name,
  user_email: call.item.actor.user_email,
  ip_address: call.item.context.ip_address,
  event_source: call.item.action.event_source
})

const matchesFilters = (call: DeveloperLogCall, filters: DeveloperQuery["filters"]): boolean => {
  const actual = filtered(call)
  return Object.entries(filters).every(([key, value]) => {
    const found = actual[key as keyof DeveloperQuery["filters"]]
    return key === "user_email"
      ? typeof found === "string" && found.toLowerCase() === value.toLowerCase()
      : found === value
  })
}

const developerLogs = ({ call, caller }: CallerCtx) =>
  Either.gen(function*() {
    const org = yield* resolveOrg(caller, { governancePlus: true, admin: true })
    const query = yield* developerQuery(call)
    const newest = Math.floor(call.now_ms / DEVELOPER_LOG_STEP_MS)
    // The range reaches back from now, exclusive: last_24h holds 12 calls. Retention is the longest range.
    const oldest = Math.floor((call.now_ms - DATE_RANGES[query.range]) / DEVELOPER_LOG_STEP_MS) + 1
    const page: Array<{ readonly slot: number; readonly item: DeveloperLogItem }> = []
    let more = false
    for (let slot = query.before === null ? newest : query.before - 1; slot >= oldest; slot--) {
      const logged = developerLogCall(org, slot)
      if (!matchesFilters(logged, query.filters)) continue
      if (page.length === query.limit) {
        more = true
        break
      }
      page.push({ slot, item: logged.item })
    }
    const last = page[page.length - 1]
    const cursor = more && last !== undefined ? encodeCursor({ before: last.slot }) : null
    const items = page.map((p) => p.item)
    return json(200, { status: 200, error: false, meta: { items, cursor, has_more: more } })
  })

// ---- AI usage --------------------------------------------------------------

const aiRule = endpoint(3, "org:ai_metering_usage_read", { accepts: ["plan"], errors: "rich" })

const aiUsage = ({ call, caller }: CallerCtx) =>
  Either.gen(function*() {
    const org = yield* resolveOrg(caller, { governancePlus: false, admin: true })
    const start = yield* requiredGroupQuery(call, "start_date", dateText(groupWords))
    const end = yield* requiredGroupQuery(call, "end_date", dateText(groupWords))
    const today = Math.floor(call.now_ms / DAY_MS) * DAY_MS
    if (start < AI_USAGE_FLOOR_MS) {
      return yield* invalid(`'start_date' must be on or after ${dayText(AI_USAGE_FLOOR_MS)}`)
    }
    if (start < today - 366 * DAY_MS) return yield* invalid(`'start_date' must be at most 366 days before today`)
    if (end < start) return yield* invalid(`'end_date' must not be before 'start_date'`)
    const email = yield* groupValue(call, "user_email")
    const user = email === undefined
      ? null
      : orgUsers(org).find((u) => u.email.toLowerCase() === email.toLowerCase()) ?? null
    if (email !== undefined && user === null) return yield* invalid(`No user with email ${email} in this organization`)
    const limit = yield* groupQuery(call, "limit", integerIn(LIMIT_1000, groupWords), 1000)
    const fingerprint = `${dayText(start)}|${dayText(end)}|${user?.id ?? ""}`
    const cursorText = yield* groupValue(call, "cursor")
    const offset = cursorText === undefined || cursorText === ""
      ? 0
      : yield* cursorField(cursorText, (v) => typeof v.offset === "number" && v.query === fingerprint ? v.offset : null)
    const lastDay = Math.min(end, Math.floor((call.now_ms - AI_USAGE_LAG_MS) / DAY_MS) * DAY_MS)
    const rows = aiUsageRows(org, start, lastDay, user)
    const page = rows.slice(offset, offset + limit)
    const more = offset + limit < rows.length
    return json(200, {
      rows: page,
      next_cursor: more ? encodeCursor({ offset: offset + limit, query: fingerprint }) : "",
      has_next_page: more
    })
  })

// ---- discovery -------------------------------------------------------------

const discoveryRule = endpoint(2, "org:discovery_read", { accepts: ["oauth_org"], errors: "rich" })

/** A UTC time to the millisecond, as its epoch milliseconds. */
const timestamp = (name: string, text: string): Parsed<number> =>
  Either.flatMap(dateTimeText(groupWords, { utc: true, fractionDigits: 3 })(name, text), (valid) => {
    const ms = Date.parse(valid)
    return Number.isNaN(ms) ? invalid(groupWords.notADateTime(name, text)) : Either.right(ms)
  })

const discovery = ({ call, caller, state }: CallerCtx) =>
  Either.gen(function*() {
    if (overDiscoveryLimit(state.limits, countingScope(caller), call.now_ms)) {
      return yield* plainError(429, "Rate limit exceeded", { "Retry-After": "1" })
    }
    const org = yield* resolveOrg(caller, { governancePlus: true, admin: true })
    const start = yield* requiredGroupQuery(call, "start_date", timestamp)
    // Without end_date the service answers one hour from start_date.
    const end = yield* groupQuery(call, "end_date", timestamp, start + HOUR_MS)
    const ttl = yield* groupQuery(call, "file_ttl_in_seconds", integerIn({ min: 60, max: 86_400 }, groupWords), 86_400)
    if (start > call.now_ms - HOUR_MS) return yield* invalid(`'start_date' must be at least 1 hour in the past`)
    if (end <= start) return yield* invalid(`'end_date' must be after 'start_date'`)
    if (end - start > 24 * HOUR_MS) return yield* invalid(`'end_date' must be at most 24 hours after 'start_date'`)
    const expires = Math.floor(call.now_ms / 1000) + ttl
    const urls: Record<string, Array<string>> = {}
    // Whole hours from start's hour up to end; an hour appears once it is over.
    for (
      let hour = Math.floor(start / HOUR_MS) * HOUR_MS;
      hour < end && hour + HOUR_MS <= call.now_ms;
      hour += HOUR_MS
    ) {
      urls[hourKey(hour)] = discoveryLinks(org, hour, expires)
    }
    return json(200, { error: false, status: 200, meta: { urls }, i18n: null })
  })

export const orgRoutes: ReadonlyArray<ApiRoute> = [
  route("GET", "/v1/activity_logs", activityRule, activityLogs),
  route("POST", "/v1/developer_logs", developerRule, developerLogs),
  route("GET", "/v1/ai_usage/daily", aiRule, aiUsage),
  route("GET", "/v1/discovery", discoveryRule, discovery)
]
