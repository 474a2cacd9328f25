/**
 * Every failure the library reports, as values a program can catch by tag.
 * They say what happened, in fields a program can use (a Duration, the 429's
 * headers, the plan needed); they never name a flag, a tool parameter or an
 * environment variable. Each front end words its own remedy at its edge
 * (cli/remedy.ts, mcp/remedy.ts).
 */
import * as Schema from "effect/Schema"

/** Input that breaks the operation's constraints, found before anything was sent. */
export class InvalidInputError extends Schema.TaggedError<InvalidInputError>()("InvalidInputError", {
  message: Schema.String,
  /** The input fields at fault, by their library names (context_id). */
  fields: Schema.Array(Schema.String)
}) {}

/** A setting of the client (base URL, seat, ...) that cannot work; nothing was sent. */
export class InvalidSettingsError extends Schema.TaggedError<InvalidSettingsError>()("InvalidSettingsError", {
  message: Schema.String,
  /** The option's name (baseUrl, seat, ...). */
  setting: Schema.String
}) {}

/** The configured credential kind cannot call this operation (spec: token support by endpoint); nothing was sent. */
export class AuthModeError extends Schema.TaggedError<AuthModeError>()("AuthModeError", {
  message: Schema.String,
  mode: Schema.String,
  allowed: Schema.Array(Schema.String)
}) {}

/** The service rejected the request as malformed (400). */
export class InvalidRequestError extends Schema.TaggedError<InvalidRequestError>()("InvalidRequestError", {
  message: Schema.String,
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
  message: Schema.String,
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
  message: Schema.String,
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
  message: Schema.String,
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
  message: Schema.String,
  /** The service knows no such path at all (not just no such record): the base URL is likely wrong. */
  unknownPath: Schema.optional(Schema.Boolean),
  /** The input field whose value the service found nothing for, when the answer names it (a rule trigger's resource). */
  field: Schema.optional(Schema.String)
}) {}

/** A 429 that waiting did not resolve; the rate-limit headers are kept as the service sent them. */
export class RateLimitError extends Schema.TaggedError<RateLimitError>()("RateLimitError", {
  message: Schema.String,
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
  message: Schema.String,
  /** What it needs, as the spec names it: "Enterprise", "Enterprise plus Governance+", "premium". */
  plan: Schema.String,
  upgradeLink: Schema.NullOr(Schema.String),
  /** The service's status, or null when the wrapper knew before sending. */
  status: Schema.NullOr(Schema.Number)
}) {}

/** 5xx, timeout or a broken connection, after the retries the method allows. */
export class ServiceError extends Schema.TaggedError<ServiceError>()("ServiceError", {
  message: Schema.String,
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
  connectionRefused: Schema.optional(Schema.Boolean)
}) {}

/**
 * An asynchronous job of the service (a template's instantiation) that ended
 * in failure: what it was to make was not made, whatever the request said.
 */
export class JobFailedError extends Schema.TaggedError<JobFailedError>()("JobFailedError", {
  message: Schema.String,
  /** The job's gid. */
  job: Schema.String
}) {}

/** A wait for a job that ran out before the job finished; the job goes on at the service. */
export class JobTimeoutError extends Schema.TaggedError<JobTimeoutError>()("JobTimeoutError", {
  message: Schema.String,
  /** The job's gid, to look it up later. */
  job: Schema.String,
  /** Its status when the wait ended (in_progress, not_started). */
  status: Schema.String,
  waited: Schema.DurationFromSelf
}) {}

/** An answer we could not read, or a bug. */
export class UnexpectedError extends Schema.TaggedError<UnexpectedError>()("UnexpectedError", {
  message: Schema.String
}) {}

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
