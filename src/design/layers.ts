/**
 * How the design services fit together. Everything an operation needs
 * (pipeline, auth, pacing, paging) from settings and an HttpClient; library
 * users pick `layerConfig` (environment) or `layer` (explicit settings), tests
 * swap the HttpClient for the in-process simulator.
 */
import * as NodeHttpClient from "@effect/platform-node/NodeHttpClient"
import type * as HttpClient from "@effect/platform/HttpClient"
import * as Layer from "effect/Layer"
import { Paginator } from "../core/paginate.js"
import { Auth } from "./auth.js"
import { DesignHttp } from "./http.js"
import { RateLimiter } from "./rate-limiter.js"
import { DesignConfig, type DesignFlags, type DesignSettings } from "./settings.js"

/** The services operations run on, from a DesignConfig and an HttpClient. */
export const DesignCore = DesignHttp.layer.pipe(
  Layer.provideMerge(RateLimiter.layer),
  Layer.provideMerge(Auth.layer),
  Layer.merge(Paginator.layer)
)

export type DesignEnv = Layer.Layer.Success<typeof DesignCore> | DesignConfig

export const designEnv = (
  config: Layer.Layer<DesignConfig, any>,
  client: Layer.Layer<HttpClient.HttpClient> = NodeHttpClient.layer
) => DesignCore.pipe(Layer.provideMerge(config), Layer.provide(client))

export const designEnvFromSettings = (settings: DesignSettings, client?: Layer.Layer<HttpClient.HttpClient>) =>
  designEnv(DesignConfig.layer(settings), client)

export const designEnvFromConfig = (flags: DesignFlags = {}, client?: Layer.Layer<HttpClient.HttpClient>) =>
  designEnv(DesignConfig.layerConfig(flags), client)
