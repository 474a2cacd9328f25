/**
 * DesignApi: the library face of the design service, in the manner of
 * Effect's provider clients. `make(options)` checks the options and closes
 * over them; the HttpClient is a requirement, so tests and programs choose it.
 *
 *   const me = yield* (yield* DesignApi).userMe({})
 *   program.pipe(Effect.provide(DesignApi.layerConfig()), Effect.provide(NodeHttpClient.layer))
 */
import * as NodeHttpClient from "@effect/platform-node/NodeHttpClient"
import type * as HttpClient from "@effect/platform/HttpClient"
import * as Config from "effect/Config"
import type * as ConfigError from "effect/ConfigError"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Stream from "effect/Stream"
import { type ApiOf, makeApi } from "../core/api.js"
import type { InvalidInputError, InvalidSettingsError, PlanRequiredError, RequestError } from "../core/errors.js"
import { validateInput } from "../core/input.js"
import { type DesignClient, makeDesignClient } from "./client.js"
import { fileGet, fileGetBytes, type FileGetInput } from "./groups/files.js"
import { type DesignOperations, designOperations } from "./operations.js"
import { designConfig, type DesignOptions } from "./options.js"

export type DesignApiService = ApiOf<DesignOperations> & {
  /** The checked settings this client was built with (the token stays Redacted). */
  readonly settings: DesignClient["settings"]
  /**
   * `fileGet`'s answer as the service's bytes, unparsed, for documents too
   * large to decode: pipe them to a file or a streaming parser.
   */
  readonly fileGetBytes: (
    input: FileGetInput
  ) => Stream.Stream<Uint8Array, RequestError | PlanRequiredError | InvalidInputError>
}

export class DesignApi extends Context.Tag("design-taskmgr/DesignApi")<DesignApi, DesignApiService>() {
  static readonly make = (
    options: DesignOptions
  ): Effect.Effect<DesignApiService, InvalidSettingsError, HttpClient.HttpClient> =>
    Effect.map(makeDesignClient(options), (client) => ({
      ...makeApi("DesignApi", designOperations, client),
      settings: client.settings,
      fileGetBytes: (input) =>
        Stream.unwrap(Effect.map(validateInput(fileGet.input, input), (valid) => fileGetBytes(client, valid)))
    }))

  /** From options in code; every layer built is independent (its own credential and settings). */
  static readonly layer = (
    options: DesignOptions
  ): Layer.Layer<DesignApi, InvalidSettingsError, HttpClient.HttpClient> =>
    Layer.effect(DesignApi, DesignApi.make(options))

  /** From configuration: DESIGN_* variables by default, or any `Config` of the options. */
  static readonly layerConfig = (
    config: Config.Config.Wrap<DesignOptions> = designConfig
  ): Layer.Layer<DesignApi, ConfigError.ConfigError | InvalidSettingsError, HttpClient.HttpClient> =>
    Layer.effect(DesignApi, Effect.flatMap(Config.unwrap(config), DesignApi.make))

  /** `layerConfig` with Node's HTTP client included: one line for a Node program. */
  static readonly layerNode = (
    config?: Config.Config.Wrap<DesignOptions>
  ): Layer.Layer<DesignApi, ConfigError.ConfigError | InvalidSettingsError> =>
    DesignApi.layerConfig(config).pipe(Layer.provide(NodeHttpClient.layer))
}
