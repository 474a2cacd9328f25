/**
 * GET /events: a resource's feed (event-feeds.ts) read from a sync token.
 * A token names the feed, the last event it has seen and when it was
 * issued; it is refused (412 with a fresh token, the service's body) when
 * missing, malformed, of another feed, or older than SYNC_TTL_MS of
 * simulator time.
 */
import * as Either from "effect/Either"
import { DAY_MS } from "../core/clock.js"
import { decodeCursor, encodeCursor } from "../core/params.js"
import { route } from "../core/route.js"
import type { ApiRoute, Ctx } from "./context.js"
import type { Reply } from "./errors.js"
import { badRequest, notFound } from "./errors.js"
import { checkGid } from "./input.js"
import type { TaskmgrState } from "./model.js"

export const SYNC_TTL_MS = DAY_MS
/** At most this many events a read (taskmgr-wire.md). */
export const EVENTS_PER_READ = 100

export const SYNC_INVALID_MESSAGE =
  "Sync token invalid or too old. If you are attempting to keep resources in sync, you must fetch the full dataset for this query now and use the new sync token for the next sync."

interface SyncToken {
  readonly r: string
  readonly s: string
  readonly t: number
}

const encode = (token: SyncToken) => encodeCursor({ ...token })

const decode = (raw: string): SyncToken | null => {
  const { r, s, t } = decodeCursor(raw) ?? {}
  return typeof r === "string" && typeof s === "string" && /^\d+$/.test(s) && typeof t === "number"
    ? { r, s, t }
    : null
}

/** The answer to a missing or stale token: 412, with a token at the feed's end (what comes after it will be shown). */
const stale = (ctx: Ctx, resource: string): Reply => {
  const last = ctx.state.eventFeeds.get(resource)?.at(-1)?.seq ?? 0n
  return {
    status: 412,
    body: {
      errors: [{ message: SYNC_INVALID_MESSAGE }],
      sync: encode({ r: resource, s: last.toString(), t: ctx.call.now_ms })
    }
  }
}

const knownResource = (state: TaskmgrState, gid: string): boolean =>
  [
    state.tasks,
    state.projects,
    state.sections,
    state.tags,
    state.stories,
    state.attachments,
    state.users,
    state.teams,
    state.workspaces
  ]
    .some((map) => map.has(gid))

export const eventRoutes: ReadonlyArray<ApiRoute> = [
  route("GET", "/events", null, (ctx) =>
    Either.gen(function*() {
      const resource = ctx.call.search.get("resource")
      if (resource === null || resource === "") return yield* badRequest("resource: Missing input")
      yield* checkGid("resource", resource)
      if (!knownResource(ctx.state, resource)) return yield* notFound(resource)
      const raw = ctx.call.search.get("sync")
      const token = raw === null ? null : decode(raw)
      if (token === null || token.r !== resource || ctx.call.now_ms - token.t > SYNC_TTL_MS) {
        return stale(ctx, resource)
      }
      const after = BigInt(token.s)
      const waiting = (ctx.state.eventFeeds.get(resource) ?? []).filter((e) => e.seq > after)
      const shown = waiting.slice(0, EVENTS_PER_READ)
      const last = shown.at(-1)?.seq ?? after
      const reply: Reply = {
        status: 200,
        body: {
          data: shown.map((e) => e.event),
          sync: encode({ r: resource, s: last.toString(), t: ctx.call.now_ms }),
          has_more: waiting.length > shown.length
        }
      }
      return reply
    }))
]
