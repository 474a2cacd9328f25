/**
 * The design service as the kit knows it (core/service): its names, options,
 * credential header, failure reading and pacing. The client, the library's
 * layers, the command line and the tool server are derived from this.
 */
import type * as HttpClient from "@effect/platform/HttpClient"
import type * as Effect from "effect/Effect"
import type { InvalidSettingsError, PlanRequiredError } from "../core/errors.js"
import { makeClient, resolveOptions, type ServiceClient } from "../core/service/client.js"
import type { ServiceDescriptor } from "../core/service/descriptor.js"
import { countingScope, credentialHeaders } from "./auth.js"
import { classifyDesign, type DesignRoute, designVerdict } from "./classify.js"
import { designPacer } from "./limits.js"
import { designConfig, designHosts, type DesignOptions, type DesignSettings, designSettings } from "./options.js"

export const designService: ServiceDescriptor<DesignOptions, DesignSettings, DesignRoute, PlanRequiredError> = {
  name: "design",
  prefix: "DESIGN",
  apiName: "DesignApi",
  hosts: designHosts,
  settings: designSettings,
  config: designConfig,
  credential: (settings, token) => credentialHeaders({ ...settings, token }),
  classify: classifyDesign,
  verdict: designVerdict,
  pacer: (settings, limiter) => {
    const pacer = designPacer(settings, limiter, countingScope(settings))
    return { pace: (route) => pacer.pace(route.tier), learn: (answer, route) => pacer.learn(route.tier, answer) }
  }
}

/** A design-service client: its checked settings and its pipeline. */
export type DesignClient = ServiceClient<DesignSettings, DesignRoute, PlanRequiredError>

export const makeDesignClient = (
  options: DesignOptions
): Effect.Effect<DesignClient, InvalidSettingsError, HttpClient.HttpClient> => makeClient(designService, options)

export const resolveDesignOptions = (options: DesignOptions): Effect.Effect<DesignSettings, InvalidSettingsError> =>
  resolveOptions(designService, options)
