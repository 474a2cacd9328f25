/**
 * The library: typed services for the design service and the
 * task-management service, to import into Effect programs, their options,
 * and the errors they fail with. Each service's records are in
 * "design-taskmgr/design" and "design-taskmgr/taskmgr" (also here as the
 * namespaces `Design` and `Taskmgr`); Node's HTTP client in one line in
 * "design-taskmgr/node"; one rate budget across processes on Redis in
 * "design-taskmgr/redis"; simulators for tests in "design-taskmgr/testing".
 */
export {
  AuthError,
  AuthModeError,
  ForbiddenError,
  InvalidInputError,
  InvalidRequestError,
  InvalidSettingsError,
  JobFailedError,
  JobTimeoutError,
  NotFoundError,
  PlanRequiredError,
  RateLimitError,
  type RequestError,
  ServiceError,
  ServiceName,
  SignInError,
  UnexpectedError,
  type WrapperError
} from "./core/errors.js"
export { type ExchangeEvent, HttpObserver, type Observer, type WaitEvent } from "./core/http/observe.js"
export { type Pace, RateLimiter, type RateLimiterService } from "./core/pacing/rate-limit.js"
export type { CursorInput, PageOf } from "./core/service/api.js"
export { DesignApi, type DesignApiService } from "./design/api.js"
export * as Design from "./design/index.js"
export { type AuthMode, type DesignOptions, type DesignSettings, type Plan, type Seat } from "./design/options.js"
export { TaskmgrApi, type TaskmgrApiService } from "./taskmgr/api.js"
export * as Taskmgr from "./taskmgr/index.js"
export { type Plan as TaskmgrPlan, type TaskmgrOptions, type TaskmgrSettings } from "./taskmgr/options.js"
