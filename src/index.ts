/**
 * The library: typed services for the design service, to import into Effect
 * programs. Simulators for tests live in the "./testing" entry point.
 */
export * from "./core/errors.js"
export { type PageResult, Paginator, paginationModels } from "./core/paginate.js"
export { DesignApi, type DesignApiService } from "./design/api.js"
export { Auth } from "./design/auth.js"
export { DesignHttp } from "./design/http.js"
export { designEnv, designEnvFromConfig, designEnvFromSettings } from "./design/layers.js"
export { designOperations } from "./design/operations.js"
export { RateLimiter } from "./design/rate-limiter.js"
export { DesignConfig, type DesignFlags, type DesignSettings, resolveDesignSettings } from "./design/settings.js"
export type { Webhook } from "./design/webhooks.js"
