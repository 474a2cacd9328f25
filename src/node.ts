/**
 * "design-taskmgr/node": what needs Node.js. The services themselves need
 * only `effect` and `@effect/platform` and run on any HttpClient
 * (`FetchHttpClient.layer` in a browser, an edge runtime or Node); these
 * layers add Node's own HTTP client (`@effect/platform-node`, an optional
 * peer dependency) in one line.
 *
 *   Effect.runPromise(program.pipe(Effect.provide(layerDesignApi())))
 */
import * as NodeHttpClient from "@effect/platform-node/NodeHttpClient"
import type * as Config from "effect/Config"
import type * as ConfigError from "effect/ConfigError"
import * as Layer from "effect/Layer"
import type { InvalidSettingsError } from "./core/errors.js"
import { DesignApi } from "./design/api.js"
import type { DesignOptions } from "./design/options.js"
import { TaskmgrApi } from "./taskmgr/api.js"
import type { TaskmgrOptions } from "./taskmgr/options.js"

/** `DesignApi.layerConfig(config)` on Node's HTTP client: the DESIGN_* variables by default. */
export const layerDesignApi = (
  config?: Config.Config.Wrap<DesignOptions>
): Layer.Layer<DesignApi, ConfigError.ConfigError | InvalidSettingsError> =>
  DesignApi.layerConfig(config).pipe(Layer.provide(NodeHttpClient.layer))

/** `TaskmgrApi.layerConfig(config)` on Node's HTTP client: the TASKMGR_* variables by default. */
export const layerTaskmgrApi = (
  config?: Config.Config.Wrap<TaskmgrOptions>
): Layer.Layer<TaskmgrApi, ConfigError.ConfigError | InvalidSettingsError> =>
  TaskmgrApi.layerConfig(config).pipe(Layer.provide(NodeHttpClient.layer))
