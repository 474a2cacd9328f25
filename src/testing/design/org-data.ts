/**
 * The org-level data: the activity log (a fixed set of events in January and
 * February 2026, each at its own second, so a client can page by moving its
 * time window), and three series computed from time so that any window has
 * data and the same window always answers the same: developer logs (one API
 * call every 2 hours), AI usage (per user and day) and discovery links (per
 * hour). Counts derive from a hash of their labels, like the analytics.
 */
import { DAY_MS, HOUR_MS } from "../core/clock.js"
import type { OrgRecord } from "./seed-enterprise.js"
import { enterpriseSeed } from "./seed-enterprise.js"
import { seedWorld } from "./seed.js"
import { fakeKey } from "./variables.js"
import type { UserRecord } from "./world.js"

const count = (label: string, n: number, max: number): number =>
  parseInt(fakeKey(`${label}#${n}`).slice(0, 8), 16) % (max + 1)

const mod = (n: number, m: number) => ((n % m) + m) % m

const userById = (id: string): UserRecord | undefined => seedWorld.users.find((u) => u.id === id)

const membersOf = (org: OrgRecord): ReadonlyArray<UserRecord> =>
  org.members.map(userById).filter((u): u is UserRecord => u !== undefined)

// ---- activity log ----------------------------------------------------------

export const ACTIVITY_EVENT_TYPES = [
  "login",
  "file_create",
  "file_export",
  "file_permission_change",
  "team_user_add",
  "plugin_install",
  "file_delete"
] as const

export interface ActivityEvent {
  readonly id: string
  readonly timestamp: number
  readonly actor: { type: "user"; id: string; name: string; email: string } | null
  readonly action: { type: string; details: Record<string, string> | null }
  readonly entity: Record<string, string>
  readonly context: {
    client_name: string | null
    ip_address: string
    is_design_support_team_action: boolean
    org_id: string
    team_id: string | null
  }
}

/** Seconds between events: a little over 6 hours, so no two share a second. */
const ACTIVITY_STEP_S = 21_607

const activityEvent = (org: OrgRecord, i: number): ActivityEvent => {
  const type = ACTIVITY_EVENT_TYPES[i % ACTIVITY_EVENT_TYPES.length]!
  const members = membersOf(org)
  const user = members[i % members.length]!
  const system = i % 12 === 11
  // The description's file entity: key, name, editor_type, link_access and proto_link_access (no project name).
  const file = {
    type: "file",
    key: enterpriseSeed.file_key,
    name: "Sandbox Enterprise Library",
    editor_type: "design",
    link_access: "org_view",
    proto_link_access: "inherit"
  }
  const team = org.team_ids[0] ?? null
  const byType: Record<string, Pick<ActivityEvent, "action" | "entity">> = {
    login: {
      action: { type, details: null },
      entity: { type: "user", id: user.id, name: user.handle, email: user.email }
    },
    file_create: { action: { type, details: null }, entity: file },
    file_export: { action: { type, details: { format: i % 2 === 0 ? "png" : "pdf" } }, entity: file },
    file_permission_change: {
      action: { type, details: { old_link_access: "inherit", new_link_access: "org_view" } },
      entity: file
    },
    team_user_add: {
      action: { type, details: { role: "editor" } },
      entity: { type: "team", id: team ?? "", name: "Sandbox Enterprise Design System" }
    },
    plugin_install: {
      action: { type, details: null },
      entity: { type: "plugin", id: "1510000000000000001", name: "Sandbox Tokens Sync", editor_type: "design" }
    },
    file_delete: { action: { type, details: null }, entity: file }
  }
  return {
    id: String(9100000000000000000n + BigInt(i + 1)),
    timestamp: enterpriseSeed.activity_logs.first_timestamp + i * ACTIVITY_STEP_S,
    actor: system ? null : { type: "user", id: user.id, name: user.handle, email: user.email },
    ...byType[type]!,
    context: {
      client_name: i % 4 === 0 ? "Sandbox Tokens Sync" : null,
      ip_address: `203.0.113.${(i % 250) + 1}`,
      is_design_support_team_action: false,
      org_id: org.id,
      team_id: type === "team_user_add" || type === "file_create" ? team : null
    }
  }
}

/** The seeded log of an organisation: the Governance+ Enterprise org has events, the others none. */
export const activityLog = (org: OrgRecord): ReadonlyArray<ActivityEvent> =>
  org.id === enterpriseSeed.org_id
    ? Array.from({ length: enterpriseSeed.activity_logs.count }, (_, i) => activityEvent(org, i))
    : []

// ---- developer logs --------------------------------------------------------

/** The token kinds the service names in developer-log items and accepts as the token_type filter. */
export const TOKEN_TYPES = ["developer_token", "plan_access_token", "oauth_token"] as const
export const EVENT_SOURCES = ["rest_api", "mcp_server"] as const
export const DATE_RANGES = { last_24h: DAY_MS, last_7d: 7 * DAY_MS, last_30d: 30 * DAY_MS } as const

/** One API call every 2 hours. */
export const DEVELOPER_LOG_STEP_MS = 2 * HOUR_MS

interface TokenUse {
  readonly token_type: typeof TOKEN_TYPES[number]
  readonly token: string
  readonly token_name: string
  /** Whose token it is; a plan token belongs to no user. */
  readonly user: UserRecord | null
}

const tokenUses = (org: OrgRecord): ReadonlyArray<TokenUse> => {
  const [first, second] = membersOf(org)
  return [
    { token_type: "developer_token", token: `${org.id}-t1`, token_name: "CI tokens sync", user: first ?? null },
    { token_type: "plan_access_token", token: `${org.id}-t2`, token_name: "Governance export", user: null },
    { token_type: "oauth_token", token: `${org.id}-t3`, token_name: "Sandbox Enterprise App", user: first ?? null },
    { token_type: "developer_token", token: `${org.id}-t4`, token_name: "Design lint", user: second ?? first ?? null }
  ]
}

/** REST calls by the description's operation names, and whether they touch the enterprise file. */
const REST_CALLS = [
  ["getFileMeta", true],
  ["getLocalVariables", true],
  ["postVariables", true],
  ["getDevResources", true],
  ["getActivityLogs", false]
] as const
const MCP_TOOLS = ["get_metadata", "get_variable_defs", "get_design_context"] as const

/** Where calls come from: a located address, and one the service could not place. */
const PLACES = [
  { city: "Lisbon", country_region: "Lisbon", country: "PT" },
  { city: "Austin", country_region: "Texas", country: "US" },
  { city: null, country_region: null, country: null }
] as const

/** A developer-log item as the service sends it (reference/design-wire.md). */
export interface DeveloperLogItem {
  readonly uuid: string
  readonly timestamp: string
  readonly action: { readonly event_name: string; readonly event_source: typeof EVENT_SOURCES[number] }
  readonly actor: {
    readonly user_id: string | null
    readonly user_name: string | null
    readonly user_email: string | null
    readonly token_name: string
    readonly token_type: TokenUse["token_type"]
  }
  readonly resource: {
    readonly id_or_key: string | null
    readonly name: string | null
    readonly type: "file" | "team" | "project" | null
    readonly org_id: string
  }
  readonly context: {
    readonly ip_address: string
    readonly city: string | null
    readonly country_region: string | null
    readonly country: string | null
  }
}

/** A logged call: the item, and the token it was made with (a filter, never sent back). */
export interface DeveloperLogCall {
  readonly item: DeveloperLogItem
  readonly token: string
}

/** The call of one 2-hour slot (slot k happens at k * 2 h since the epoch). */
export const developerLogCall = (org: OrgRecord, slot: number): DeveloperLogCall => {
  const use = tokenUses(org)[mod(slot, 4)]!
  const mcp = mod(slot, 5) === 0
  const [restName, onFile] = REST_CALLS[mod(slot, REST_CALLS.length)]!
  const file = mcp || onFile
  // A stable uuid from the org and the slot, in the 8-4-4-4-12 form.
  const hex = fakeKey(`${org.id}/developer-log/${slot}`)
  return {
    token: use.token,
    item: {
      uuid: `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`,
      timestamp: new Date(slot * DEVELOPER_LOG_STEP_MS).toISOString(),
      action: {
        event_name: mcp ? MCP_TOOLS[mod(slot, MCP_TOOLS.length)]! : restName,
        event_source: mcp ? "mcp_server" : "rest_api"
      },
      actor: {
        user_id: use.user?.id ?? null,
        user_name: use.user?.handle ?? null,
        user_email: use.user?.email ?? null,
        token_name: use.token_name,
        token_type: use.token_type
      },
      resource: file
        ? { id_or_key: enterpriseSeed.file_key, name: "Sandbox Enterprise Library", type: "file", org_id: org.id }
        : { id_or_key: null, name: null, type: null, org_id: org.id },
      context: { ip_address: `198.51.100.${mod(slot, 20) + 1}`, ...PLACES[mod(slot, PLACES.length)]! }
    }
  }
}

// ---- AI usage --------------------------------------------------------------

/** The service keeps AI usage from this day on (spec section 8). */
export const AI_USAGE_FLOOR_MS = Date.UTC(2025, 11, 1)
/** Usage shows up 6 hours after the day it belongs to has begun being counted. */
export const AI_USAGE_LAG_MS = 6 * HOUR_MS

const EDITOR_TYPES = ["design", "figjam", "make"] as const

const monthBounds = (dayMs: number): [string, string] => {
  const d = new Date(dayMs)
  const start = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1)
  const end = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)
  return [new Date(start).toISOString().slice(0, 10), new Date(end).toISOString().slice(0, 10)]
}

/** The users of an organisation, for the user_email filter. */
export const orgUsers = membersOf

/** Rows of the days first..last (UTC midnights), per member and editor, leaving out zero usage. */
export const aiUsageRows = (org: OrgRecord, first: number, last: number, user: UserRecord | null) => {
  const rows: Array<Record<string, string | number | null>> = []
  const team = org.team_ids[0] ?? null
  for (let day = first; day <= last; day += DAY_MS) {
    const dayIndex = Math.round(day / DAY_MS)
    const [metering_period_start, metering_period_end] = monthBounds(day)
    for (const member of membersOf(org)) {
      if (user !== null && member.id !== user.id) continue
      for (const editor_type of EDITOR_TYPES) {
        const seat = count(`${org.id}/${member.id}/${editor_type}/seat`, dayIndex, 30)
        if (seat === 0 || (editor_type !== "design" && seat % 3 !== 0)) continue
        rows.push({
          plan_id: org.id,
          user_id: member.id,
          user_email: member.email,
          day: new Date(day).toISOString().slice(0, 10),
          editor_type,
          seat_credits_sum: seat,
          plan_credits_sum: count(`${org.id}/${member.id}/${editor_type}/plan`, dayIndex, 12),
          workspace_id: null,
          workspace_name: null,
          team_id: team,
          team_name: team === null ? null : "Sandbox Enterprise Design System",
          license_group_id: null,
          license_group_name: null,
          metering_period_start,
          metering_period_end
        })
      }
    }
  }
  return rows
}

// ---- discovery -------------------------------------------------------------

/** Download links of one hour (0 to 2 JSON files); hours start at `hour` ms. */
export const discoveryLinks = (org: OrgRecord, hour: number, expiresAt_s: number): Array<string> => {
  const path = hourKey(hour)
  const files = count(`${org.id}/discovery`, Math.round(hour / HOUR_MS), 2)
  return Array.from({ length: files }, (_, n) => {
    const signature = fakeKey(`${org.id}/${hour}/${n}/${expiresAt_s}`).slice(0, 32)
    return `https://discovery.design.example/${org.id}/${path}/part-${n}.json?expires=${expiresAt_s}&signature=${signature}`
  })
}

export const hourKey = (hour: number): string => new Date(hour).toISOString().slice(0, 13).replace(/[-T]/g, "/")
