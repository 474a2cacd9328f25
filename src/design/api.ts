/**
 * DesignApi: the library face of the design service, in the manner of
 * Effect's provider clients (core/service/api.ts `ServiceApi`): `make(options)`
 * checks the options and closes over them; the HttpClient is a requirement,
 * so tests and programs choose it (`FetchHttpClient.layer` anywhere, or
 * `DesignApi.layerNode()` from "design-taskmgr/node" on Node).
 *
 *   const me = yield* (yield* DesignApi).userMe({})
 *   program.pipe(Effect.provide(DesignApi.layerConfig()), Effect.provide(FetchHttpClient.layer))
 */
import * as Effect from "effect/Effect"
import * as Stream from "effect/Stream"
import { inService, type InvalidInputError, type PlanRequiredError, type RequestError } from "../core/errors.js"
import { validateInput } from "../core/input.js"
import { makeApi, ServiceApi } from "../core/service/api.js"
import type { DesignApiMethods, DesignApiStreams } from "./api-methods.js"
import { fileGet, fileGetBytes, type FileGetInput } from "./groups/files.js"
import { designOperations } from "./operations.js"
import { designConfig, type DesignOptions } from "./options.js"
import { type DesignClient, designService, makeDesignClient } from "./service.js"

export interface DesignApiService extends DesignApiMethods {
  /** Every item of each paged list, page after page, fetched as the stream is pulled. */
  readonly streams: DesignApiStreams
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
    ...makeApi(designService, designOperations, client),
    settings: client.settings,
    fileGetBytes: (input) =>
      Stream.unwrap(Effect.map(validateInput(fileGet.input, input), (valid) => fileGetBytes(client, valid))).pipe(
        Stream.mapError(inService(designService.name))
      )
  }))

/**
 * The design service as an Effect service: one method per operation, typed
 * errors, and `streams` for every paged list. Build it with `layer(options)`
 * or `layerConfig()` (DESIGN_* variables) on an HttpClient of your choice.
 */
export class DesignApi extends ServiceApi<DesignApi>()("design-taskmgr/DesignApi", "design", make, designConfig) {}
