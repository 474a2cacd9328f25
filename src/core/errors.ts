/**
 * Every failure the wrappers can report, as values. Each carries a `message`
 * (what happened) and a `remedy` (what to do next); `exitCode` and
 * `toToolError` below are the only places that turn them into process exit
 * codes and tool-server results.
 */
import * as Schema from "effect/Schema"

const common = { message: Schema.String, remedy: Schema.String }

/** Bad input found before anything was sent (exit 2). */
export class UsageError extends Schema.TaggedError<UsageError>()("UsageError", common) {}

/** The service rejected the request as malformed (400); exit 2 as well. */
export class InvalidRequestError extends Schema.TaggedError<InvalidRequestError>()("InvalidRequestError", {
  ...common,
  status: Schema.Number
}) {}

/** No token, or the service says the token is missing, invalid or expired (401, 403 Invalid token). */
export class AuthError extends Schema.TaggedError<AuthError>()("AuthError", {
  ...common,
  status: Schema.optional(Schema.Number)
}) {}

/** A permission, role or scope refusal (any other 403). */
export class ForbiddenError extends Schema.TaggedError<ForbiddenError>()("ForbiddenError", {
  ...common,
  status: Schema.Number
}) {}

export class NotFoundError extends Schema.TaggedError<NotFoundError>()("NotFoundError", common) {}

/** A 429 that waiting did not resolve; the four headers are kept verbatim. */
export class RateLimitError extends Schema.TaggedError<RateLimitError>()("RateLimitError", {
  ...common,
  retry_after: Schema.NullOr(Schema.String),
  plan_tier: Schema.NullOr(Schema.String),
  rate_limit_type: Schema.NullOr(Schema.String),
  upgrade_link: Schema.NullOr(Schema.String)
}) {}

/** The operation needs a higher plan, an add-on or an org role (402, or a 403 on a plan-gated group). */
export class PlanRequiredError extends Schema.TaggedError<PlanRequiredError>()("PlanRequiredError", {
  ...common,
  status: Schema.optional(Schema.Number)
}) {}

/** 5xx, timeout or a broken connection, after the retries allowed for the method. */
export class ServiceError extends Schema.TaggedError<ServiceError>()("ServiceError", {
  ...common,
  status: Schema.optional(Schema.Number)
}) {}

/** Anything else: a response we could not read, a bug. */
export class UnexpectedError extends Schema.TaggedError<UnexpectedError>()("UnexpectedError", common) {}

export type WrapperError =
  | UsageError
  | InvalidRequestError
  | AuthError
  | ForbiddenError
  | NotFoundError
  | RateLimitError
  | PlanRequiredError
  | ServiceError
  | UnexpectedError

export const exitCodes = {
  UsageError: 2,
  InvalidRequestError: 2,
  AuthError: 3,
  ForbiddenError: 4,
  NotFoundError: 5,
  RateLimitError: 6,
  PlanRequiredError: 7,
  ServiceError: 8,
  UnexpectedError: 1
} as const satisfies Record<WrapperError["_tag"], number>

export const exitCode = (error: WrapperError): number => exitCodes[error._tag]

export const isWrapperError = (u: unknown): u is WrapperError =>
  typeof u === "object" && u !== null && "_tag" in u && (u as { _tag: string })._tag in exitCodes

/** The structured error a tool result carries: plain JSON, no stack, no secrets. */
export const toToolError = (error: WrapperError): Record<string, unknown> => {
  const { _tag, ...fields } = error as unknown as Record<string, unknown> & { _tag: string }
  // `message` lives on the Error prototype chain, not among the enumerable fields.
  const plain: Record<string, unknown> = { type: _tag, exit_code: exitCode(error), message: error.message }
  for (const [key, value] of Object.entries(fields)) {
    if (value !== undefined && typeof value !== "function") plain[key] = value
  }
  return plain
}

export const usage = (message: string, remedy = "Run the command with --help to see its options.") =>
  new UsageError({ message, remedy })
