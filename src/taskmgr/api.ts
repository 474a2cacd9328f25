/**
 * TaskmgrApi: the library face of the task-management service, built like
 * DesignApi (core/service/api.ts `ServiceApi`): `make(options)` checks the
 * options and closes over them; the HttpClient is a requirement.
 */
import * as NodeHttpClient from "@effect/platform-node/NodeHttpClient"
import type * as Config from "effect/Config"
import type * as ConfigError from "effect/ConfigError"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import type * as Stream from "effect/Stream"
import type { InvalidInputError, InvalidSettingsError } from "../core/errors.js"
import { type ApiOf, makeApi, ServiceApi } from "../core/service/api.js"
import type { TaskmgrError } from "./define.js"
import { type EventFeed, followEvents, followFeed, type FollowOptions } from "./groups/events.js"
import { type TaskmgrOperations, taskmgrOperations } from "./operations.js"
import { taskmgrConfig, type TaskmgrOptions } from "./options.js"
import type { Event } from "./records/typed-records.js"
import { makeTaskmgrClient, type TaskmgrClient } from "./service.js"

type Methods = ApiOf<TaskmgrOperations>

export type TaskmgrApiService = Methods & {
  /** The checked settings this client was built with (the token stays Redacted). */
  readonly settings: TaskmgrClient["settings"]
  readonly streams: Methods["streams"] & {
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
    const api = makeApi("TaskmgrApi", taskmgrOperations, client)
    const read = (resource: string) => (sync: string | undefined) =>
      api.eventList(sync === undefined ? { resource_gid: resource } : { resource_gid: resource, sync })
    const events = (resource: string, follow?: FollowOptions) => followEvents(read(resource), follow)
    const eventFeed = (resource: string, follow?: FollowOptions) => followFeed(read(resource), follow)
    return { ...api, streams: { ...api.streams, events, eventFeed }, settings: client.settings }
  })

export class TaskmgrApi extends ServiceApi<TaskmgrApi>()("design-taskmgr/TaskmgrApi", make, taskmgrConfig) {
  /** `layerConfig` with Node's HTTP client included. */
  static readonly layerNode = (
    config?: Config.Config.Wrap<TaskmgrOptions>
  ): Layer.Layer<TaskmgrApi, ConfigError.ConfigError | InvalidSettingsError> =>
    TaskmgrApi.layerConfig(config).pipe(Layer.provide(NodeHttpClient.layer))
}
