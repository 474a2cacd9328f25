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
  UnexpectedError: 1
} as const satisfies Record<WrapperError["_tag"], number>

export const exitCodeOf = (error: WrapperError): number => EXIT_CODES[error._tag]
