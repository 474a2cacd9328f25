/**
 * The library: typed services for the design service and the
 * task-management service, to import into Effect programs. Simulators for
 * tests live in the "./testing" entry point.
 */
export * from "./core/errors.js"
export { type ExchangeEvent, HttpObserver, type Observer, type WaitEvent } from "./core/http/observe.js"
export type { Impact, Operation, Paging } from "./core/operation.js"
export { type Pace, RateLimiter, type RateLimiterService } from "./core/pacing/rate-limit.js"
export { type PaginationModel, paginationModels } from "./core/paginate.js"
export type { ApiOf, CursorInput, PageOf } from "./core/service/api.js"
export { DesignApi, type DesignApiService } from "./design/api.js"
export type { PlanGate } from "./design/classify.js"
export type { FileMetadata } from "./design/groups/files.js"
export type { Webhook } from "./design/groups/webhooks.js"
export { designOperations } from "./design/operations.js"
export {
  type AuthMode,
  designConfig,
  type DesignOptions,
  type DesignSettings,
  type Plan,
  type Seat
} from "./design/options.js"
export { TaskmgrApi, type TaskmgrApiService } from "./taskmgr/api.js"
export type { ListPage } from "./taskmgr/define.js"
export type { EventFeed, FollowOptions as EventFollowOptions } from "./taskmgr/groups/events.js"
export { taskmgrOperations } from "./taskmgr/operations.js"
export {
  type Plan as TaskmgrPlan,
  taskmgrConfig,
  type TaskmgrOptions,
  type TaskmgrSettings
} from "./taskmgr/options.js"
export {
  Attachment,
  CustomField,
  CustomFieldSetting,
  Event,
  Goal,
  Job,
  Membership,
  OutOfOffice,
  Portfolio,
  Project,
  ProjectTemplate,
  Section,
  StatusUpdate,
  Story,
  Tag,
  Task,
  TaskCount,
  TaskTemplate,
  Team,
  User,
  UserTaskList,
  Workspace
} from "./taskmgr/records/typed-records.js"
