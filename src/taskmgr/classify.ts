/**
 * Reading the task-management service's failures: the `{errors: [{message,
 * help}]}` body and every status of taskmgr-wire.md, as typed errors.
 */
import {
  AuthError,
  ForbiddenError,
  InvalidRequestError,
  NotFoundError,
  PlanRequiredError,
  type RequestError,
  ServiceError,
  UnexpectedError
} from "../core/errors.js"
import { saysExpired } from "../core/expiry.js"
import { type Answer, foundNothing, rateLimited, retryAfter, tooLargeStatus } from "../core/http/pipeline.js"
import type { Verdict } from "../core/http/retry.js"

/** Per request: what the pipeline needs to pace it and to word its failures. */
export interface TaskmgrRoute {
  /** Names the target in messages: "task 1200", "tasks of project 1300". */
  readonly subject: string
  /** Search has its own budget of 60 requests a minute. */
  readonly search: boolean
  /** How many requests the service counts this one as (a batch: its actions too); 1 when not given. */
  readonly cost?: number | undefined
  /** Why a 403 happens here, when the service's message does not say (editing a system story). */
  readonly forbiddenHint?: string | undefined
  /** Who alone may change the target, when a 403 here is not about roles (stories: the service or the author). */
  readonly changedOnlyBy?: "service" | "author" | "service_or_author" | undefined
  /** What the operation needs above a free workspace; a 402 elsewhere is not a plan gate. */
  readonly planGate?: TaskmgrPlanGate | undefined
}

/** A feature above the free plan (search, rules): the service answers 402 Payment Required without it. */
export interface TaskmgrPlanGate {
  /** As people say it: "a paid (premium) workspace". */
  readonly label: string
}

export const PREMIUM: TaskmgrPlanGate = { label: "a paid (premium) workspace" }

/** The service's own message (the first error's), with its help line apart. */
export const serviceError = (
  body: unknown
): { readonly message: string | undefined; readonly help: string | undefined } => {
  const first = typeof body === "object" && body !== null && Array.isArray((body as { errors?: unknown }).errors)
    ? ((body as { errors: Array<unknown> }).errors[0] as { message?: unknown; help?: unknown } | undefined)
    : undefined
  return {
    message: typeof first?.message === "string" ? first.message : undefined,
    help: typeof first?.help === "string" ? first.help : undefined
  }
}

/** The service's word that a list's offset has expired (taskmgr-wire: "an opaque token that expires"). */
const OFFSET_EXPIRED = /^offset:.*(expired|no longer valid)/i

export const taskmgrVerdict = (answer: Answer): Verdict =>
  answer.status === 429
    ? { kind: "rate-limited", retryAfter: retryAfter(answer.headers["retry-after"]) }
    : answer.status >= 500
    ? { kind: "transient", reason: String(answer.status) }
    : { kind: "final" }

/**
 * A 404 that is not about a record: no errors body, or the router's bare
 * "Not found" / "No matching route" (a missing record is "Unknown object:
 * GID"). The request missed the API altogether, as when /api/1.0 is left out.
 */
const unknownPath = (said: string | undefined) => said === undefined || /^\s*(not found|no matching route)/i.test(said)

export const classifyTaskmgr = (
  answer: Answer,
  route: TaskmgrRoute,
  attempts: number
): RequestError | PlanRequiredError => {
  const { status } = answer
  const said = serviceError(answer.body).message
  const quoted = said === undefined ? `${status}` : `${status}: ${said}`
  switch (true) {
    case status === 401:
      return saysExpired(said)
        ? new AuthError({ status, reason: "expired", message: `The token has expired (${quoted}).` })
        : new AuthError({
          status,
          reason: "rejected",
          message:
            `The service rejected the token (${quoted}): it is invalid, revoked or expired, or the workspace disabled the app.`
        })
    case status === 402 && route.planGate !== undefined:
      return new PlanRequiredError({
        status,
        plan: route.planGate.label,
        upgradeLink: null,
        message: `${route.subject} needs ${route.planGate.label} (${quoted}).`
      })
    case status === 403:
      return new ForbiddenError({
        status,
        scope: null,
        message: `Access to ${route.subject} was refused (${quoted}).${
          route.forbiddenHint === undefined ? "" : ` ${route.forbiddenHint}`
        }`,
        ...(route.changedOnlyBy === undefined ? {} : { changedOnlyBy: route.changedOnlyBy })
      })
    case status === 404:
      return unknownPath(said)
        ? new NotFoundError({
          unknownPath: true,
          message: `The service has no address for ${route.subject} (${quoted}): the base URL is likely wrong.`
        })
        : new NotFoundError({ message: foundNothing(route.subject, quoted) })
    case status === 429:
      return rateLimited(
        answer.headers,
        `Rate limited (${quoted}) after ${attempts} attempt${attempts === 1 ? "" : "s"}.`,
        attempts
      )
    case status === 400 && said !== undefined && OFFSET_EXPIRED.test(said):
      return new InvalidRequestError({
        status,
        cursorExpired: true,
        message:
          `The service no longer knows where the listing of ${route.subject} had got to: its position (offset) expired (${quoted}).`
      })
    case status === 412:
      // An event feed's sync token missing or too old: the body carries a fresh one to start from.
      return new InvalidRequestError({
        status,
        cursorExpired: true,
        ...(typeof (answer.body as { sync?: unknown } | null)?.sync === "string"
          ? { freshCursor: (answer.body as { sync: string }).sync }
          : {}),
        message:
          `The service no longer knows the position in ${route.subject}: its sync token is missing or too old (${quoted}).`
      })
    case status === 400 || tooLargeStatus(status):
      return new InvalidRequestError({
        status,
        message: `The service rejected the request for ${route.subject}${
          status === 400 ? "" : " as too large"
        } (${quoted}).`
      })
    case status >= 500:
      return new ServiceError({
        status,
        attempts,
        message: `The service failed (${quoted})${attempts > 1 ? ` on all ${attempts} attempts` : ""}.`
      })
    default:
      return new UnexpectedError({ message: `Unexpected answer ${quoted} for ${route.subject}.` })
  }
}
