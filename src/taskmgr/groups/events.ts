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
/** The shortest pause after a read that brought nothing: whatever `has_more` says, the feed is not polled faster. */
export const MIN_EVENT_PAUSE = Duration.seconds(1)

export interface FollowOptions {
  /** Where to start: a token from an earlier read. Without one, the feed starts now (its first read is a reset). */
  readonly sync?: string | undefined
  /** Between reads that found nothing more waiting (default 5 seconds, at least 1 second). */
  readonly interval?: Duration.DurationInput | undefined
  /**
   * Told when a token given or carried turned out too old (the service's
   * 412): the events between it and now are lost to this feed (the fresh
   * token is passed).
   */
  readonly onReset?: ((sync: string) => Effect.Effect<void>) | undefined
}

/**
 * How far a follower has come: the token of its last read and how many of
 * that read's events it has given out. It belongs to the stream value, not
 * to one run of it, so a stream run again (`Stream.retry` after a failure, or
 * a second `Stream.take`) goes on after the last event it gave: none lost,
 * none repeated. One consumer at a time.
 */
interface Place {
  sync: string | undefined
  given: number
  /** A token was given or carried: its reset loses events (onReset). */
  known: boolean
}

interface Read {
  /** The token it was read from. */
  readonly from: string | undefined
  /** How many of its events were given out before (a run cut short). */
  readonly skipped: number
  /** The answer, without those. */
  readonly feed: EventFeed
}

/**
 * The feed read again and again: at once while the service has more (events
 * came and the token moved), else after the pause; an empty read pauses
 * whatever `has_more` says, so no answer makes a busy loop.
 */
const polls = <E, R>(
  read: (sync: string | undefined) => Effect.Effect<EventFeed, E, R>,
  options: FollowOptions,
  place: Place
): Stream.Stream<Read, E, R> => {
  const pause = Duration.max(Duration.decode(options.interval ?? DEFAULT_EVENT_INTERVAL), MIN_EVENT_PAUSE)
  return Stream.unfoldEffect(false, (wait) =>
    Effect.gen(function*() {
      if (wait) yield* Effect.sleep(pause)
      const from = place.sync
      const feed = yield* read(from)
      // A reset of a token we had (given, or carried from an earlier read) may have skipped events: say so.
      if (feed.sync_reset && place.known && options.onReset !== undefined) yield* options.onReset(feed.sync)
      place.known = true
      const skipped = feed.sync_reset ? 0 : Math.min(place.given, feed.events.length)
      const again = feed.has_more && feed.events.length > 0 && feed.sync !== from
      return Option.some([{ from, skipped, feed: { ...feed, events: feed.events.slice(skipped) } }, !again] as const)
    }))
}

const startAt = (options: FollowOptions): Place => ({
  sync: options.sync,
  given: 0,
  known: options.sync !== undefined
})

/**
 * The feed followed until the stream is interrupted, one element a read:
 * the events it brought that were not given before (often none) and the
 * token to resume from after them (`sync`, for a later `followFeed` or
 * `eventList`). `read` is one read of the feed.
 */
export const followFeed = <E, R>(
  read: (sync: string | undefined) => Effect.Effect<EventFeed, E, R>,
  options: FollowOptions = {}
): Stream.Stream<EventFeed, E, R> => {
  const place = startAt(options)
  return polls(read, options, place).pipe(
    Stream.tap((r) =>
      Effect.sync(() => {
        place.sync = r.feed.sync
        place.given = 0
      })
    ),
    Stream.map((r) => r.feed)
  )
}

/** Every event from the feed as it comes, until the stream is interrupted, each once and in order (see `Place`). */
export const followEvents = <E, R>(
  read: (sync: string | undefined) => Effect.Effect<EventFeed, E, R>,
  options: FollowOptions = {}
): Stream.Stream<Event, E, R> => {
  const place = startAt(options)
  return Stream.flatMap(polls(read, options, place), ({ feed, from, skipped }) =>
    Stream.concat(
      Stream.fromIterable(feed.events).pipe(
        Stream.zipWithIndex,
        // Each event counted as given when it goes out, so a run cut short resumes after it.
        Stream.tap(([, i]) =>
          Effect.sync(() => {
            place.sync = from
            place.given = skipped + i + 1
          })
        ),
        Stream.map(([event]) => event)
      ),
      Stream.execute(Effect.sync(() => {
        place.sync = feed.sync
        place.given = 0
      }))
    ))
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
      position: "sync",
      run: (
        client: TaskmgrClient,
        input: EventListInput,
        options: { readonly interval: Duration.Duration; readonly onReset: (sync: string) => Effect.Effect<void> }
      ) =>
        Stream.map(
          followFeed((sync) => eventList.run(client, { ...input, sync }, undefined), { sync: input.sync, ...options }),
          (feed) => ({ items: feed.events, position: feed.sync })
        )
    },
    help:
      "Changes to a task or project since --sync TOKEN. Without a token (or with one too old) it answers a fresh token and no events: " +
      "keep it and pass it next time. --follow polls until interrupted (Ctrl-C), one event a line (JSON with --json), " +
      "rides out outages, and ends by saying the --sync to resume from.",
    examples: [
      "taskmgr event list 1200000000000601",
      "taskmgr event list 1200000000000301 --sync de4774f6915eae04714ca93bb2f5ee81",
      "taskmgr event list 1200000000000301 --follow --interval 10 --json"
    ]
  })
] as const

/** Help's line for each command group of this module (`taskmgr --help`). */
export const commandGroups: { readonly [words: string]: string } = {
  event: "Changes to a task or project since a sync token (--follow to keep watching)"
}
