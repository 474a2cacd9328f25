/**
 * The library: typed services for the design service (and, as it arrives,
 * the task-management service), to import into Effect programs. Simulators
 * for tests live in the "./testing" entry point.
 */
export type { ApiOf, CursorInput, PageOf } from "./core/api.js"
export * from "./core/errors.js"
export { type ExchangeEvent, HttpObserver, type Observer, type WaitEvent } from "./core/observe.js"
export type { Impact, Operation, Paging } from "./core/operation.js"
export { type PaginationModel, paginationModels } from "./core/paginate.js"
export { type Pace, RateLimiter, type RateLimiterService } from "./core/rate-limit.js"
export { DesignApi, type DesignApiService } from "./design/api.js"
export type { PlanGate } from "./design/classify.js"
export type { FileMetadata } from "./design/files.js"
export { designOperations } from "./design/operations.js"
export { type AuthMode, designConfig, type DesignOptions, type DesignSettings, type Plan, type Seat } from "./design/options.js"
export type { Webhook } from "./design/webhooks.js"
