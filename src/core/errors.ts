/**
 * Every failure the library reports, as values a program can catch by tag.
 * They say what happened, in fields a program can use (a Duration, the 429's
 * headers, the plan needed); they never name a flag, a tool parameter or an
 * environment variable. Each front end words its own remedy at its edge
 * (cli/remedy.ts, mcp/remedy.ts).
 *
 * Every error also says which service's code raised it (`service`), so a
 * program using both services knows which token, plan or limit to look at:
 * the errors are made in code shared by both, and `inService` names the
 * service where an error leaves it (a library method, stream or layer, the
 * command line, a tool server).
 */
import type * as ParseResult from "effect/ParseResult"
import * as Schema from "effect/Schema"

/** The services this package wraps, by their program names. */
export const ServiceName = Schema.Literal("design", "taskmgr")
export type ServiceName = typeof ServiceName.Type

/** The fields every error has. */
const errorFields = {
  /** What happened, in words for people; never a flag, a tool parameter or a secret. */
  message: Schema.String,
  /**
   * Which service's code raised the error: `"design"` or `"taskmgr"`. Set on
   * every error a `DesignApi` or `TaskmgrApi` method, stream or layer fails
   * with, and on every error the command lines and tool servers report;
   * absent only on an error a program constructs itself.
   */
  service: Schema.optional(ServiceName)
}

/** Input that breaks the operation's constraints, found before anything was sent. */
export class InvalidInputError extends Schema.TaggedError<InvalidInputError>()("InvalidInputError", {
  ...errorFields,
  /** The input fields at fault, by their library names (context_id). */
  fields: Schema.Array(Schema.String)
}) {}

/** A setting of the client (base URL, seat, ...) that cannot work; nothing was sent. */
export class InvalidSettingsError extends Schema.TaggedError<InvalidSettingsError>()("InvalidSettingsError", {
  ...errorFields,
  /** The option's name (baseUrl, seat, ...). */
  setting: Schema.String
}) {}

/** The configured credential kind cannot call this operation (spec: token support by endpoint); nothing was sent. */
export class AuthModeError extends Schema.TaggedError<AuthModeError>()("AuthModeError", {
  ...errorFields,
  mode: Schema.String,
  allowed: Schema.Array(Schema.String)
}) {}

/** The service rejected the request as malformed (400). */
export class InvalidRequestError extends Schema.TaggedError<InvalidRequestError>()("InvalidRequestError", {
  ...errorFields,
  status: Schema.Number,
  /** The service said a list's position (its paging cursor) had expired: nothing the caller typed was wrong. */
  cursorExpired: Schema.optional(Schema.Boolean),
  /** Where to start again, when the service handed a fresh position with the refusal (an event feed's sync token). */
  freshCursor: Schema.optional(Schema.String),
  /**
   * The input field the service's words name, by its library name (cursor
   * for a paging position the service calls offset or after; type for the
   * status_type it was sent as), so a front end names its own flag or parameter.
   */
  field: Schema.optional(Schema.String),
  /** A limit was reached: the operations (library names) that show and free it (webhookList, webhookDelete). */
  freedBy: Schema.optional(Schema.Array(Schema.String))
}) {}

/** No credential, or the service refused it: missing, rejected (invalid or revoked), expired. */
export class AuthError extends Schema.TaggedError<AuthError>()("AuthError", {
  ...errorFields,
  reason: Schema.Literal("missing", "rejected", "expired"),
  status: Schema.NullOr(Schema.Number)
}) {}

/**
 * Signing in (OAuth authorization code) or using the stored sign-in failed:
 * nobody completed the login in time, the redirect did not carry this
 * login's state, the user or the service refused, the code exchange or a
 * refresh was refused, or the credential file cannot be trusted or read.
 * Never carries a token, code, verifier or client secret.
 */
export class SignInError extends Schema.TaggedError<SignInError>()("SignInError", {
  ...errorFields,
  reason: Schema.Literal(
    "timeout",
    "state_mismatch",
    "denied",
    "exchange",
    "client_rejected",
    "no_code",
    "refresh_refused",
    "revoke_refused",
    "not_signed_in",
    "insecure_store",
    "store_unusable",
    "settings_unusable"
  ),
  /** The token endpoint's status, when it answered. */
  status: Schema.NullOr(Schema.Number),
  /** The credential file concerned, for the store reasons. */
  path: Schema.NullOr(Schema.String)
}) {}

/** A permission, role or scope refusal. */
export class ForbiddenError extends Schema.TaggedError<ForbiddenError>()("ForbiddenError", {
  ...errorFields,
  status: Schema.Number,
  /** The scope the endpoint needs, when the service named it. */
  scope: Schema.NullOr(Schema.String),
  /**
   * Who alone may change the thing, when no role or scope of the caller's
   * would help: the service itself (a system story), its author (another
   * user's comment), or one of those when the service did not say which.
   */
  changedOnlyBy: Schema.optional(Schema.Literal("service", "author", "service_or_author"))
}) {}

export class NotFoundError extends Schema.TaggedError<NotFoundError>()("NotFoundError", {
  ...errorFields,
  /** The service knows no such path at all (not just no such record): the base URL is likely wrong. */
  unknownPath: Schema.optional(Schema.Boolean),
  /** The input field whose value the service found nothing for, when the answer names it (a rule trigger's resource). */
  field: Schema.optional(Schema.String),
  /** The setting whose value it found nothing for, when no input gave one (a default workspace from the configuration). */
  setting: Schema.optional(Schema.String)
}) {}

/** A 429 that waiting did not resolve; the rate-limit headers are kept as the service sent them. */
export class RateLimitError extends Schema.TaggedError<RateLimitError>()("RateLimitError", {
  ...errorFields,
  retryAfter: Schema.NullOr(Schema.DurationFromSelf),
  /** Every header of the 429 that describes the limit, verbatim (Retry-After, X-Design-Plan-Tier, ...). */
  headers: Schema.Record({ key: Schema.String, value: Schema.String }),
  planTier: Schema.NullOr(Schema.String),
  rateLimitType: Schema.NullOr(Schema.String),
  upgradeLink: Schema.NullOr(Schema.String),
  attempts: Schema.Number
}) {}

/** The operation needs a higher plan, an add-on or an org role. */
export class PlanRequiredError extends Schema.TaggedError<PlanRequiredError>()("PlanRequiredError", {
  ...errorFields,
  /** What it needs, as the spec names it: "Enterprise", "Enterprise plus Governance+", "premium". */
  plan: Schema.String,
  upgradeLink: Schema.NullOr(Schema.String),
  /** The service's status, or null when the wrapper knew before sending. */
  status: Schema.NullOr(Schema.Number)
}) {}

/** 5xx, timeout or a broken connection, after the retries the method allows. */
export class ServiceError extends Schema.TaggedError<ServiceError>()("ServiceError", {
  ...errorFields,
  status: Schema.NullOr(Schema.Number),
  attempts: Schema.Number,
  /**
   * A write was sent and its answer never came (timeout, connection cut):
   * the service may have done it, so repeating it blindly may do it twice.
   */
  unconfirmed: Schema.optional(Schema.Boolean),
  /** The operation that shows whether it did (library name: taskGet), when one is known. */
  check: Schema.optional(Schema.String),
  /** The service's host name did not resolve (ENOTFOUND, EAI_AGAIN): the address, or the network's DNS, is at fault. */
  hostUnresolved: Schema.optional(Schema.Boolean),
  /** Nothing listened at the address (ECONNREFUSED): a wrong port or host, or a service (a sandbox) not running. */
  connectionRefused: Schema.optional(Schema.Boolean),
  /** The caller's deadline (a tool call's budget) ended the call, not the service nor a timeout of ours. */
  deadline: Schema.optional(Schema.Boolean)
}) {}

/**
 * An asynchronous job of the service (a template's instantiation) that ended
 * in failure: what it was to make was not made, whatever the request said.
 */
export class JobFailedError extends Schema.TaggedError<JobFailedError>()("JobFailedError", {
  ...errorFields,
  /** The job's gid. */
  job: Schema.String
}) {}

/** A wait for a job that ran out before the job finished; the job goes on at the service. */
export class JobTimeoutError extends Schema.TaggedError<JobTimeoutError>()("JobTimeoutError", {
  ...errorFields,
  /** The job's gid, to look it up later. */
  job: Schema.String,
  /** Its status when the wait ended (in_progress, not_started). */
  status: Schema.String,
  waited: Schema.DurationFromSelf,
  /** The caller's deadline (a tool call's budget) ended the wait before the wait's own timeout. */
  deadline: Schema.optional(Schema.Boolean)
}) {}

/**
 * An answer we could not read, or a bug. When an answer did not have its
 * documented shape, the message says where in a line or two (the operation,
 * the record's gid, the JSON path, the value found and what was expected),
 * and `issue` holds the whole Schema issue for a debugger
 * (`ParseResult.TreeFormatter.formatIssueSync(error.issue)` prints it).
 */
export class UnexpectedError extends Schema.TaggedError<UnexpectedError>()("UnexpectedError", {
  ...errorFields,
  /** The operation whose answer could not be read, by its library name (taskGet). */
  operation: Schema.optional(Schema.String),
  /** The gid of the record the unreadable value is in, when it has one. */
  record: Schema.optional(Schema.String),
  /** Where in the answer, as a JSON path: `data[3].assignee.gid`. */
  path: Schema.optional(Schema.String)
}) {
  /** The whole Schema issue of an unreadable answer (not enumerable: no message or tool result carries it). */
  declare readonly issue?: ParseResult.ParseIssue | undefined
}

/** What any request to a service can fail with once it is sent. */
export type RequestError =
  | InvalidRequestError
  | AuthError
  | ForbiddenError
  | NotFoundError
  | RateLimitError
  | ServiceError
  | UnexpectedError

export type WrapperError =
  | RequestError
  | InvalidInputError
  | InvalidSettingsError
  | AuthModeError
  | PlanRequiredError
  | SignInError
  | JobFailedError
  | JobTimeoutError

const TAGS: ReadonlySet<string> = new Set<WrapperError["_tag"]>([
  "InvalidInputError",
  "InvalidSettingsError",
  "AuthModeError",
  "InvalidRequestError",
  "AuthError",
  "ForbiddenError",
  "NotFoundError",
  "RateLimitError",
  "PlanRequiredError",
  "ServiceError",
  "UnexpectedError",
  "SignInError",
  "JobFailedError",
  "JobTimeoutError"
])

export const isWrapperError = (u: unknown): u is WrapperError =>
  typeof u === "object" && u !== null && "_tag" in u && TAGS.has((u as { _tag: string })._tag)

export const invalidInput = (message: string, ...fields: ReadonlyArray<string>) =>
  new InvalidInputError({ message, fields })

/** How each service is named where a message says "The service". */
const SERVICE_TITLES: Readonly<Record<ServiceName, string>> = {
  design: "The design service",
  taskmgr: "The task manager"
}

const isServiceName = (name: string): name is ServiceName => Object.hasOwn(SERVICE_TITLES, name)

/**
 * The error as it leaves a service's code: `service` set (an error already
 * naming one keeps it), and a message that began "The service" naming it.
 * Anything else passes unchanged. A copy: errors are values.
 */
export const inService = (name: string) => <E>(error: E): E => {
  if (!isServiceName(name) || !isWrapperError(error) || error.service !== undefined) return error
  const copy = Object.create(
    Object.getPrototypeOf(error) as object,
    Object.getOwnPropertyDescriptors(error)
  ) as { service: ServiceName; message: string }
  copy.service = name
  copy.message = error.message.replace(/^The service\b/, SERVICE_TITLES[name])
  return copy as E
}
