/**
 * Turns a design-service error response into a typed error. The service uses
 * two bodies, `{status, err}` and `{error, status, message}`, chosen per
 * endpoint; both are read here and nowhere else.
 */
import {
  AuthError,
  ForbiddenError,
  InvalidRequestError,
  NotFoundError,
  PlanRequiredError,
  RateLimitError,
  ServiceError,
  UnexpectedError,
  type WrapperError
} from "../core/errors.js"

export interface ErrorContext {
  /** What was asked for, for messages: "webhook 42", "the current user". */
  readonly subject: string
  /** The plan or role the operation needs, when the group is plan-gated. */
  readonly planGate?: string | undefined
  /** The seat and plan the user configured, to explain 429s. */
  readonly seat?: string | undefined
  readonly plan?: string | undefined
  readonly maxWaitSeconds: number
}

/** The service's own message from either body form. */
export const serviceMessage = (body: unknown): string | undefined => {
  if (typeof body !== "object" || body === null) return undefined
  const b = body as { err?: unknown; message?: unknown }
  if (typeof b.err === "string" && b.err !== "") return b.err
  if (typeof b.message === "string" && b.message !== "") return b.message
  return undefined
}

const RATE_HEADERS = ["retry-after", "x-design-plan-tier", "x-design-rate-limit-type", "x-design-upgrade-link"] as const
const HEADER_NAMES: Record<(typeof RATE_HEADERS)[number], string> = {
  "retry-after": "Retry-After",
  "x-design-plan-tier": "X-Design-Plan-Tier",
  "x-design-rate-limit-type": "X-Design-Rate-Limit-Type",
  "x-design-upgrade-link": "X-Design-Upgrade-Link"
}

const humanSeconds = (s: number) =>
  s >= 86_400 ? `${(s / 86_400).toFixed(1)} days` : s >= 3_600 ? `${(s / 3_600).toFixed(1)} hours` : `${s} s`

/** What the four 429 headers say, in words (spec section 8). */
const explain429 = (headers: Readonly<Record<string, string | undefined>>, ctx: ErrorContext): Array<string> => {
  const notes: Array<string> = []
  const retryAfter = Number(headers["retry-after"])
  if (Number.isFinite(retryAfter)) {
    if (retryAfter >= 86_400) {
      notes.push(`A Retry-After of ${humanSeconds(retryAfter)} means the monthly Tier 1 quota is used up; it is not a pause to wait out.`)
    } else if (retryAfter > ctx.maxWaitSeconds) {
      notes.push(`Retry-After (${humanSeconds(retryAfter)}) is longer than --max-wait (${ctx.maxWaitSeconds} s), so it was not waited out.`)
    }
  }
  const type = headers["x-design-rate-limit-type"]?.toLowerCase()
  const tier = headers["x-design-plan-tier"]?.toLowerCase()
  const fullSeat = ctx.seat === "full" || ctx.seat === "dev"
  const paidPlan = ctx.plan !== undefined && ctx.plan !== "starter"
  if ((type === "low" && fullSeat) || (tier === "starter" && paidPlan)) {
    notes.push("The resource lives in a Starter context, so Starter limits apply, not those of your seat and plan.")
  } else if (type === "low") {
    notes.push("Type low: the limits of a View or Collab seat apply (or the resource lives in a Starter context).")
  } else if (tier === "starter") {
    notes.push("Plan tier starter: the resource lives in a Starter context, whose limits are the lowest.")
  }
  return notes
}

export const classifyResponse = (
  status: number,
  body: unknown,
  headers: Readonly<Record<string, string | undefined>>,
  ctx: ErrorContext
): WrapperError => {
  const said = serviceMessage(body)
  const quoted = said === undefined ? "" : `: ${said}`
  if (status === 401 || (status === 403 && /invalid token/i.test(said ?? ""))) {
    return new AuthError({
      status,
      message: `The service rejected the token (${status}${quoted}). It is missing, revoked or expired; the service reports expiry as 403.`,
      remedy: "Create a new token and set it in DESIGN_ACCESS_TOKEN or --token; check --auth-mode matches the token kind."
    })
  }
  if (status === 402 || (status === 403 && ctx.planGate !== undefined && !/invalid scope/i.test(said ?? ""))) {
    return new PlanRequiredError({
      status,
      message: `${ctx.subject} needs ${ctx.planGate ?? "a higher plan"} (${status}${quoted}).`,
      remedy: "Use a token from a plan that has this feature, or ask an org admin to enable it."
    })
  }
  if (status === 403) {
    return new ForbiddenError({
      status,
      message: `Access to ${ctx.subject} was refused (403${quoted}).`,
      remedy: /invalid scope/i.test(said ?? "")
        ? "Create a token that has the scope named above."
        : "Check your role: team webhooks need a team admin; project and file webhooks need edit access on that project or file."
    })
  }
  if (status === 404) {
    return new NotFoundError({
      message: `${ctx.subject} was not found (404${quoted}).`,
      remedy: "Check the id or key, and that your token can see it."
    })
  }
  if (status === 429) {
    const lines = RATE_HEADERS.map((name) => `${HEADER_NAMES[name]}: ${headers[name] ?? "(absent)"}`)
    return new RateLimitError({
      message: [`Rate limited (429${quoted}).`, ...lines, ...explain429(headers, ctx)].join("\n"),
      remedy: "Wait for the budget to refill, raise --max-wait to wait longer, or see X-Design-Upgrade-Link for higher limits.",
      retry_after: headers["retry-after"] ?? null,
      plan_tier: headers["x-design-plan-tier"] ?? null,
      rate_limit_type: headers["x-design-rate-limit-type"] ?? null,
      upgrade_link: headers["x-design-upgrade-link"] ?? null
    })
  }
  if (status === 400) {
    return new InvalidRequestError({
      status,
      message: `The service rejected the request for ${ctx.subject} (400${quoted}).`,
      remedy: "Correct the input named above and try again."
    })
  }
  if (status >= 500) {
    return new ServiceError({
      status,
      message: `The service failed (${status}${quoted}).`,
      remedy: "Try again later. Reads are retried with backoff, writes are not: check whether a write took effect before repeating it."
    })
  }
  return new UnexpectedError({
    message: `Unexpected answer ${status}${quoted} for ${ctx.subject}.`,
    remedy: "Report this with the command you ran."
  })
}
