/** The one mapping from errors to process exit codes (also reported in tool results). */
import type { WrapperError } from "./errors.js"

export const EXIT_CODES = {
  InvalidInputError: 2,
  InvalidSettingsError: 2,
  AuthModeError: 2,
  InvalidRequestError: 2,
  AuthError: 3,
  SignInError: 3,
  ForbiddenError: 4,
  NotFoundError: 5,
  RateLimitError: 6,
  PlanRequiredError: 7,
  ServiceError: 8,
  UnexpectedError: 1,
  JobFailedError: 10,
  JobTimeoutError: 11
} as const satisfies Record<WrapperError["_tag"], number>

export const exitCodeOf = (error: WrapperError): number => EXIT_CODES[error._tag]

/** The exit code of an error named by its tag (an item's error in a many-item result); 1 for a tag we do not know. */
export const exitCodeOfTag = (
  tag: string
): number => (Object.hasOwn(EXIT_CODES, tag) ? EXIT_CODES[tag as WrapperError["_tag"]] : 1)

/**
 * Partial result: a many-item command (task get-many, file images) where some
 * items failed, or all failed for different reasons (or for none of their own,
 * a node that did not render). Each failed item is in the output with what
 * went wrong; item-failures.ts decides when it applies.
 */
export const PARTIAL_EXIT_CODE = 9
