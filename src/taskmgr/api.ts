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
import { type ApiOf, makeApi } from "../core/api.js"
import type { InvalidSettingsError } from "../core/errors.js"
import { makeTaskmgrClient, type TaskmgrClient } from "./client.js"
import { type TaskmgrOperations, taskmgrOperations } from "./operations.js"
import { taskmgrConfig, type TaskmgrOptions } from "./options.js"

export type TaskmgrApiService = ApiOf<TaskmgrOperations> & {
  /** The checked settings this client was built with (the token stays Redacted). */
  readonly settings: TaskmgrClient["settings"]
}

export class TaskmgrApi extends Context.Tag("design-taskmgr/TaskmgrApi")<TaskmgrApi, TaskmgrApiService>() {
  static readonly make = (options: TaskmgrOptions): Effect.Effect<TaskmgrApiService, InvalidSettingsError, HttpClient.HttpClient> =>
    Effect.map(makeTaskmgrClient(options), (client) => ({ ...makeApi("TaskmgrApi", taskmgrOperations, client), settings: client.settings }))

  /** From options in code; every layer built is independent. */
  static readonly layer = (options: TaskmgrOptions): Layer.Layer<TaskmgrApi, InvalidSettingsError, HttpClient.HttpClient> =>
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
