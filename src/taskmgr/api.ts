/**
 * TaskmgrApi: the library face of the task-management service, built like
 * DesignApi (core/service/api.ts `ServiceApi`): `make(options)` checks the
 * options and closes over them; the HttpClient is a requirement.
 */
import * as Effect from "effect/Effect"
import * as Stream from "effect/Stream"
import { inService, type InvalidInputError } from "../core/errors.js"
import { makeApi, ServiceApi } from "../core/service/api.js"
import type { TaskmgrApiMethods, TaskmgrApiStreams } from "./api-methods.js"
import type { TaskmgrError } from "./define.js"
import { type EventFeed, followEvents, followFeed, type FollowOptions } from "./groups/events.js"
import { taskmgrOperations } from "./operations.js"
import { taskmgrConfig, type TaskmgrOptions } from "./options.js"
import type { Event } from "./records/typed-records.js"
import { makeTaskmgrClient, type TaskmgrClient, taskmgrService } from "./service.js"

export interface TaskmgrApiService extends TaskmgrApiMethods {
  /** The checked settings this client was built with (the token stays Redacted). */
  readonly settings: TaskmgrClient["settings"]
  /** Every item of each paged list, page after page, fetched as the stream is pulled; and the event feeds. */
  readonly streams: TaskmgrApiStreams & {
    /**
     * Every change to a task or project (gid or URL) as it happens: the feed
     * polled until the stream is interrupted, the sync token carried across
     * reads and resets, each event once and in order even when the stream is
     * run again (`Stream.retry` after an outage goes on after the last event
     * it gave) (groups/events.ts `followEvents`).
     */
    readonly events: (
      resource: string,
      options?: FollowOptions
    ) => Stream.Stream<Event, TaskmgrError | InvalidInputError>
    /**
     * The same feed one read at a time: its new events (often none) with the
     * sync token after them, to store and start from later (`{ sync }`).
     */
    readonly eventFeed: (
      resource: string,
      options?: FollowOptions
    ) => Stream.Stream<EventFeed, TaskmgrError | InvalidInputError>
  }
}

const make = (options: TaskmgrOptions) =>
  Effect.map(makeTaskmgrClient(options), (client): TaskmgrApiService => {
    const api = makeApi(taskmgrService, taskmgrOperations, client)
    const read = (resource: string) => (sync: string | undefined) =>
      api.eventList(sync === undefined ? { resource_gid: resource } : { resource_gid: resource, sync })
    const named = inService(taskmgrService.name)
    const events = (resource: string, follow?: FollowOptions) =>
      followEvents(read(resource), follow).pipe(Stream.mapError(named))
    const eventFeed = (resource: string, follow?: FollowOptions) =>
      followFeed(read(resource), follow).pipe(Stream.mapError(named))
    return { ...api, streams: { ...api.streams, events, eventFeed }, settings: client.settings }
  })

/**
 * The task manager as an Effect service: one method per operation, typed
 * errors, and `streams` for every paged list and event feed. Build it with
 * `layer(options)` or `layerConfig()` (TASKMGR_* variables) on an HttpClient
 * of your choice.
 */
export class TaskmgrApi extends ServiceApi<TaskmgrApi>()("design-taskmgr/TaskmgrApi", "taskmgr", make, taskmgrConfig) {}
