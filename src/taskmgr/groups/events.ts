/**
 * The event feed of a task or project: what changed since a sync token. It
 * is not paged. With no token, or one too old, the service answers 412 with
 * a fresh token; that is a normal result here (`sync_reset: true`, no
 * events): keep the token and ask again later.
 *
 * Following the feed (`followEvents`: the library's `streams.events`, the
 * command's `--follow`) polls it, at once again while the service says it
 * has more, else after the interval, carrying the token across resets.
 */
import * as Chunk from "effect/Chunk"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import * as Stream from "effect/Stream"
import { InvalidRequestError } from "../../core/errors.js"
import type { Operation } from "../../core/operation.js"
import { view } from "../../core/view.js"
import { taskmgrAnswer, type TaskmgrError } from "../define.js"
import { GidOrUrl } from "../records/records.js"
import { Event as EventRecord } from "../records/typed-records.js"
import type { TaskmgrClient } from "../service.js"

const SyncToken = Schema.String.pipe(
  Schema.pattern(/^[\x21-\x7e]{1,1000}$/, { message: () => "must be a sync token as the feed gave it" })
)
  .annotations({ jsonSchema: {}, description: "Token from the last call (none: get one)" })

const Feed = Schema.Struct({
  data: Schema.Array(EventRecord),
  sync: Schema.String,
  has_more: Schema.optionalWith(Schema.Boolean, { default: () => false })
})

/** One read of the feed. */
export interface EventFeed {
  readonly events: ReadonlyArray<Event>
  /** The token to pass next time. */
  readonly sync: string
  /** More events are waiting: ask again at once. */
  readonly has_more: boolean
  /** The token was missing or too old: this is a fresh one, and no events came with it. */
  readonly sync_reset: boolean
}

type Event = typeof EventRecord.Type

export interface EventListInput {
  readonly resource_gid: string
  readonly sync?: string | undefined
}

const read = taskmgrAnswer({
  name: "eventList",
  group: "events",
  summary: "Changes to a task or project since a sync token.",
  input: Schema.Struct({
    resource_gid: GidOrUrl.annotations({ description: "Task or project: gid or URL" }),
    sync: Schema.optional(SyncToken)
  }),
  impact: "read",
  idempotent: true,
  gids: { resource_gid: "any" },
  subject: (i) => `the event feed of ${i.resource_gid}`,
  request: (i) => ({ method: "GET", path: "/events", query: { resource: i.resource_gid, sync: i.sync } }),
  body: Feed,
  result: (body): EventFeed => ({ events: body.data, sync: body.sync, has_more: body.has_more, sync_reset: false })
})

const isReset = (e: unknown): e is InvalidRequestError & { readonly freshCursor: string } =>
  e instanceof InvalidRequestError && e.status === 412 && e.freshCursor !== undefined

export const eventList: Operation<EventListInput, EventListInput, EventFeed, TaskmgrError, TaskmgrClient> = {
  ...read,
  run: (client, input, cursor) =>
    Effect.catchIf(
      read.run(client, input, cursor),
      isReset,
      (e) => Effect.succeed<EventFeed>({ events: [], sync: e.freshCursor, has_more: false, sync_reset: true })
    )
}

export const DEFAULT_EVENT_INTERVAL = Duration.seconds(5)

export interface FollowOptions {
  /** Where to start: a token from an earlier read. Without one, the feed starts now (its first read is a reset). */
  readonly sync?: string | undefined
  /** Between reads that found nothing more waiting (default 5 seconds). */
  readonly interval?: Duration.DurationInput | undefined
  /**
   * Told when a token given or carried turned out too old: the events between
   * it and now are lost to this feed (the fresh token is passed).
   */
  readonly onReset?: ((sync: string) => Effect.Effect<void>) | undefined
}

/** Every event from the feed as it comes, until the stream is interrupted; `read` is one read of it. */
export const followEvents = <E, R>(
  read: (sync: string | undefined) => Effect.Effect<EventFeed, E, R>,
  options: FollowOptions = {}
): Stream.Stream<Event, E, R> => {
  const interval = Duration.decode(options.interval ?? DEFAULT_EVENT_INTERVAL)
  return Stream.unfoldChunkEffect(
    { sync: options.sync, wait: false, known: options.sync !== undefined },
    (state) =>
      Effect.gen(function*() {
        if (state.wait) yield* Effect.sleep(interval)
        const feed = yield* read(state.sync)
        // A reset of a token we had (given, or carried from an earlier read) may have skipped events: say so.
        if (feed.sync_reset && state.known && options.onReset !== undefined) yield* options.onReset(feed.sync)
        return Option.some(
          [Chunk.fromIterable(feed.events), {
            sync: feed.sync as string | undefined,
            wait: !feed.has_more,
            known: true
          }] as const
        )
      })
  )
}

const text = (e: Event) => ({
  created_at: e.created_at,
  action: e.action,
  resource: e.resource === undefined ? undefined : `${e.resource.resource_type ?? ""} ${e.resource.gid ?? ""}`.trim(),
  name: e.resource?.name,
  field: e.change?.field,
  user: e.user?.name
})

const COLUMNS = ["created_at", "action", "resource", "name", "field", "user"] as const

export const views = [
  view(eventList, {
    command: ["event", "list"],
    positional: ["resource_gid"],
    valueNames: { resource_gid: "GID|URL", sync: "TOKEN" },
    text: {
      kind: "table",
      rows: (o) => o.events.map(text),
      columns: COLUMNS,
      noun: "events",
      footer: (
        o
      ) => [
        o.sync_reset
          ? `New sync token (the feed starts now): --sync ${o.sync}`
          : `Next: --sync ${o.sync}${o.has_more ? " (more waiting)" : ""}`
      ]
    },
    follow: {
      line: (e: Event) => Object.values(text(e)).map((v) => v ?? "").join("\t"),
      run: (
        client: TaskmgrClient,
        input: EventListInput,
        interval: Duration.Duration,
        onReset: (sync: string) => Effect.Effect<void>
      ) =>
        followEvents((sync) => eventList.run(client, { ...input, sync }, undefined), {
          sync: input.sync,
          interval,
          onReset
        })
    },
    help:
      "Changes to a task or project since --sync TOKEN. Without a token (or with one too old) it answers a fresh token and no events: " +
      "keep it and pass it next time. --follow polls until interrupted (Ctrl-C), one event a line (JSON with --json).",
    examples: [
      "taskmgr event list 1200000000000601",
      "taskmgr event list 1200000000000301 --sync de4774f6915eae04714ca93bb2f5ee81",
      "taskmgr event list 1200000000000301 --follow --interval 10 --json"
    ]
  })
] as const
