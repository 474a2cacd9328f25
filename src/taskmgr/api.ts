/**
 * TaskmgrApi: the library face of the task-management service, built like
 * DesignApi: `make(options)` checks the options and closes over them; the
 * HttpClient is a requirement.
 */
import * as NodeHttpClient from "@effect/platform-node/NodeHttpClient"
import type * as HttpClient from "@effect/platform/HttpClient"
import * as Config from "effect/Config"
import type * as ConfigError from "effect/ConfigError"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import type * as Stream from "effect/Stream"
import { type ApiOf, makeApi } from "../core/api.js"
import type { InvalidInputError, InvalidSettingsError } from "../core/errors.js"
import { makeTaskmgrClient, type TaskmgrClient } from "./client.js"
import type { TaskmgrError } from "./define.js"
import { followEvents, type FollowOptions } from "./groups/events.js"
import { type TaskmgrOperations, taskmgrOperations } from "./operations.js"
import { taskmgrConfig, type TaskmgrOptions } from "./options.js"
import type { Event } from "./records/typed-records.js"

type Methods = ApiOf<TaskmgrOperations>

export type TaskmgrApiService = Methods & {
  /** The checked settings this client was built with (the token stays Redacted). */
  readonly settings: TaskmgrClient["settings"]
  readonly streams: Methods["streams"] & {
    /**
     * Every change to a task or project (gid or URL) as it happens: the feed
     * polled until the stream is interrupted, the sync token carried across
     * reads and resets (events.ts `followEvents`).
     */
    readonly events: (
      resource: string,
      options?: FollowOptions
    ) => Stream.Stream<Event, TaskmgrError | InvalidInputError>
  }
}

export class TaskmgrApi extends Context.Tag("design-taskmgr/TaskmgrApi")<TaskmgrApi, TaskmgrApiService>() {
  static readonly make = (
    options: TaskmgrOptions
  ): Effect.Effect<TaskmgrApiService, InvalidSettingsError, HttpClient.HttpClient> =>
    Effect.map(makeTaskmgrClient(options), (client): TaskmgrApiService => {
      const api = makeApi("TaskmgrApi", taskmgrOperations, client)
      const events = (resource: string, follow?: FollowOptions) =>
        followEvents(
          (sync) => api.eventList(sync === undefined ? { resource_gid: resource } : { resource_gid: resource, sync }),
          follow
        )
      return { ...api, streams: { ...api.streams, events }, settings: client.settings }
    })

  /** From options in code; every layer built is independent. */
  static readonly layer = (
    options: TaskmgrOptions
  ): Layer.Layer<TaskmgrApi, InvalidSettingsError, HttpClient.HttpClient> =>
    Layer.effect(TaskmgrApi, TaskmgrApi.make(options))

  /** From configuration: TASKMGR_* variables by default, or any `Config` of the options. */
  static readonly layerConfig = (
    config: Config.Config.Wrap<TaskmgrOptions> = taskmgrConfig
  ): Layer.Layer<TaskmgrApi, ConfigError.ConfigError | InvalidSettingsError, HttpClient.HttpClient> =>
    Layer.effect(TaskmgrApi, Effect.flatMap(Config.unwrap(config), TaskmgrApi.make))

  /** `layerConfig` with Node's HTTP client included. */
  static readonly layerNode = (
    config?: Config.Config.Wrap<TaskmgrOptions>
  ): Layer.Layer<TaskmgrApi, ConfigError.ConfigError | InvalidSettingsError> =>
    TaskmgrApi.layerConfig(config).pipe(Layer.provide(NodeHttpClient.layer))
}
