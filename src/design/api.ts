/**
 * DesignApi: the library face of the design service, in the manner of
 * Effect's provider clients (core/service/api.ts `ServiceApi`): `make(options)`
 * checks the options and closes over them; the HttpClient is a requirement,
 * so tests and programs choose it.
 *
 *   const me = yield* (yield* DesignApi).userMe({})
 *   program.pipe(Effect.provide(DesignApi.layerConfig()), Effect.provide(NodeHttpClient.layer))
 */
import * as NodeHttpClient from "@effect/platform-node/NodeHttpClient"
import type * as Config from "effect/Config"
import type * as ConfigError from "effect/ConfigError"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Stream from "effect/Stream"
import type { InvalidInputError, InvalidSettingsError, PlanRequiredError, RequestError } from "../core/errors.js"
import { validateInput } from "../core/input.js"
import { type ApiOf, makeApi, ServiceApi } from "../core/service/api.js"
import { fileGet, fileGetBytes, type FileGetInput } from "./groups/files.js"
import { type DesignOperations, designOperations } from "./operations.js"
import { designConfig, type DesignOptions } from "./options.js"
import { type DesignClient, makeDesignClient } from "./service.js"

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

const make = (options: DesignOptions) =>
  Effect.map(makeDesignClient(options), (client): DesignApiService => ({
    ...makeApi("DesignApi", designOperations, client),
    settings: client.settings,
    fileGetBytes: (input) =>
      Stream.unwrap(Effect.map(validateInput(fileGet.input, input), (valid) => fileGetBytes(client, valid)))
  }))

export class DesignApi extends ServiceApi<DesignApi>()("design-taskmgr/DesignApi", make, designConfig) {
  /** `layerConfig` with Node's HTTP client included: one line for a Node program. */
  static readonly layerNode = (
    config?: Config.Config.Wrap<DesignOptions>
  ): Layer.Layer<DesignApi, ConfigError.ConfigError | InvalidSettingsError> =>
    DesignApi.layerConfig(config).pipe(Layer.provide(NodeHttpClient.layer))
}
