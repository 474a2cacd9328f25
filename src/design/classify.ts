/**
 * Reading the design service's failures. It answers errors in two bodies,
 * `{status, err}` and `{error, status, message, i18n}`, chosen per endpoint;
 * both are read here and nowhere else, and every status becomes a typed error.
 */
import * as Duration from "effect/Duration"
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
import type { Tier } from "./limits.js"
import type { Plan } from "./options.js"

/** What a plan-gated group needs (spec section 8, "Plan and role gates"). */
export interface PlanGate {
  /** As people say it: "Enterprise", "Enterprise plus Governance+". */
  readonly label: string
  /** The lowest plan that has it. */
  readonly plan: Plan
}

/** Per request: what the pipeline needs to pace it and to word its failures. */
export interface DesignRoute {
  readonly tier: Tier | null
  /** Names the target in messages: "webhook 42", "the current user". */
  readonly subject: string
  readonly planGate?: PlanGate | undefined
  /** The longest wait allowed, to explain a 429 that was not waited out. */
  readonly maxWait: Duration.Duration
}

/** The service's own message from either body form. */
export const serviceMessage = (body: unknown): string | undefined => {
  if (typeof body !== "object" || body === null) return typeof body === "string" && body.length < 200 ? body : undefined
  const b = body as { err?: unknown; message?: unknown }
  if (typeof b.err === "string" && b.err !== "") return b.err
  if (typeof b.message === "string" && b.message !== "") return b.message
  return undefined
}

export const RATE_LIMIT_HEADERS = [
  "Retry-After",
  "X-Design-Plan-Tier",
  "X-Design-Rate-Limit-Type",
  "X-Design-Upgrade-Link"
] as const

const humanSeconds = (s: number) =>
  s >= 86_400 ? `${(s / 86_400).toFixed(1)} days` : s >= 3_600 ? `${(s / 3_600).toFixed(1)} hours` : `${s} s`

/** What the 429 headers mean, in words (spec section 8). */
const explain429 = (answer: Answer, route: DesignRoute): Array<string> => {
  const notes: Array<string> = []
  const wait = retryAfter(answer.headers["retry-after"])
  if (wait !== null) {
    const seconds = Math.round(Duration.toSeconds(wait))
    if (seconds >= 86_400) {
      notes.push(
        `A Retry-After of ${
          humanSeconds(seconds)
        } means the monthly Tier 1 quota is used up; it is not a pause to wait out.`
      )
    } else if (Duration.greaterThan(wait, route.maxWait)) {
      notes.push(
        `Retry-After (${humanSeconds(seconds)}) is longer than the longest wait allowed (${
          Duration.format(route.maxWait)
        }), so it was not waited out.`
      )
    }
  }
  const type = answer.headers["x-design-rate-limit-type"]?.toLowerCase()
  const tier = answer.headers["x-design-plan-tier"]?.toLowerCase()
  if (type === "low") {
    notes.push("Type low: the limits of a View or Collab seat apply, or the resource lives in a Starter context.")
  }
  if (tier === "starter") {
    notes.push("Plan tier starter: the resource lives in a Starter context, whose limits are the lowest.")
  }
  return notes
}

/**
 * Whether a 403 on a plan-gated route is the plan gate: the service names
 * the plan (`Limited by Design plan`); other refusals there (no access to the
 * file, not an org admin, a token kind the endpoint does not take, a plan
 * access token outside its allowlist) are not about the plan. A 403 that
 * says nothing is read as the gate, as before.
 */
const planLimited = (said: string | undefined) => said === undefined || /\bplan\b(?! access token)|upgrade/i.test(said)

/** The scope a 403 `Invalid scope: [...]. This endpoint requires the X scope.` names. */
const requiredScope = (said: string | undefined) => /requires the ([\w:]+) scope/i.exec(said ?? "")?.[1] ?? null

export const designVerdict = (answer: Answer): Verdict =>
  answer.status === 429
    ? { kind: "rate-limited", retryAfter: retryAfter(answer.headers["retry-after"]) }
    : answer.status >= 500 && answer.status !== 501
    ? { kind: "transient", reason: String(answer.status) }
    : { kind: "final" }

export const classifyDesign = (
  answer: Answer,
  route: DesignRoute,
  attempts: number
): RequestError | PlanRequiredError => {
  const { status } = answer
  const said = serviceMessage(answer.body)
  const quoted = said === undefined ? `${status}` : `${status}: ${said}`
  if (status === 401 || (status === 403 && (/invalid token/i.test(said ?? "") || saysExpired(said)))) {
    return new AuthError({
      status,
      reason: saysExpired(said) ? "expired" : "rejected",
      message:
        `The service rejected the token (${quoted}): it is missing, revoked or expired (the service reports expiry as 403), or it is not of the configured kind.`
    })
  }
  const scope = status === 403 ? requiredScope(said) : null
  if (route.planGate !== undefined && (status === 402 || (status === 403 && scope === null && planLimited(said)))) {
    return new PlanRequiredError({
      status,
      plan: route.planGate.label,
      upgradeLink: answer.headers["x-design-upgrade-link"] ?? null,
      message: `${route.subject} needs ${route.planGate.label} (${quoted}).`
    })
  }
  if (status === 403) {
    return new ForbiddenError({
      status,
      scope,
      // No role lifts it: only whoever wrote the comment may change or delete it.
      ...(/only the author/i.test(said ?? "") ? { changedOnlyBy: "author" as const } : {}),
      message: scope === null
        ? `Access to ${route.subject} was refused (${quoted}).`
        : `The token lacks the ${scope} scope that ${route.subject} needs (${quoted}).`
    })
  }
  if (status === 404) return new NotFoundError({ message: foundNothing(route.subject, quoted) })
  if (status === 429) {
    return rateLimited(
      answer.headers,
      [`Rate limited (${quoted}) after ${attempts} attempt${attempts === 1 ? "" : "s"}.`, ...explain429(answer, route)]
        .join("\n"),
      attempts,
      {
        quote: RATE_LIMIT_HEADERS,
        planTier: answer.headers["x-design-plan-tier"] ?? null,
        rateLimitType: answer.headers["x-design-rate-limit-type"] ?? null,
        upgradeLink: answer.headers["x-design-upgrade-link"] ?? null
      }
    )
  }
  if (status === 400 || tooLargeStatus(status)) {
    return new InvalidRequestError({
      status,
      message: `The service rejected the request for ${route.subject}${
        status === 400 ? "" : " as too large"
      } (${quoted}).`,
      // A context holds a capped number of webhooks: listing them and deleting one frees a place.
      ...(/webhook limit reached/i.test(said ?? "") ? { freedBy: ["webhookList", "webhookDelete"] } : {})
    })
  }
  if (status >= 500) {
    return new ServiceError({
      status,
      attempts,
      message: `The service failed (${quoted})${attempts > 1 ? ` on all ${attempts} attempts` : ""}.`
    })
  }
  return new UnexpectedError({ message: `Unexpected answer ${quoted} for ${route.subject}.` })
}
