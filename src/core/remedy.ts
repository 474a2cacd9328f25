/**
 * What to do next, worded by each front end at its own edge: the command
 * line names flags and variables, the tool server names parameters. Domain
 * errors carry only what happened (errors.ts).
 */
import * as Duration from "effect/Duration"
import type { WrapperError } from "./errors.js"

/** The words one front end of one service uses. */
export interface Vocabulary {
  /** How to supply a token: "Set DESIGN_ACCESS_TOKEN or pass --token". */
  readonly supplyToken: string
  /** How a setting is given: baseUrl → "--base-url or DESIGN_BASE_URL". */
  readonly setting: (name: string) => string
  /** How an input field is given: context_id → "--context-id". */
  readonly field: (name: string) => string
  /** Where the accepted input is described: "Run `design webhook list --help`". */
  readonly help: string
  /** How to choose the credential kind: "--auth-mode personal". */
  readonly authMode: (mode: string) => string
}

export const remedy = (error: WrapperError, say: Vocabulary): string => {
  switch (error._tag) {
    case "InvalidInputError":
      return `${say.help} for the accepted input.`
    case "InvalidSettingsError":
      return `Correct ${say.setting(error.setting)}.`
    case "AuthModeError":
      return `Use a token of the kind it needs (${error.allowed.map(say.authMode).join(" or ")}).`
    case "InvalidRequestError":
      return "Correct what the service named above and try again."
    case "AuthError":
      return error.reason === "missing"
        ? `${say.supplyToken}.`
        : `Create a new token and supply it (${say.supplyToken}); check that ${say.setting("authMode")} matches the kind of token.`
    case "ForbiddenError":
      return error.scope === null
        ? "Check that your account has the role this needs on the resource (see the message)."
        : `Use a token that has the ${error.scope} scope.`
    case "NotFoundError":
      return "Check the id, key or URL, and that your token can see it."
    case "RateLimitError": {
      const wait = error.retryAfter === null ? "" : ` (Retry-After ${Duration.format(error.retryAfter)})`
      const link = error.upgradeLink === null ? "" : `; for higher limits see ${error.upgradeLink}`
      return `Wait for the budget to refill${wait} and try again, or allow longer waits with ${say.setting("maxWait")}${link}.`
    }
    case "PlanRequiredError":
      return `Use a token from a plan that has ${error.plan}, or ask an admin to enable it${error.upgradeLink === null ? "" : ` (${error.upgradeLink})`}.`
    case "ServiceError":
      return error.status === null && /within/.test(error.message)
        ? `Try again later, or allow slower answers with ${say.setting("timeout")}.`
        : error.status === 501
        ? "The service does not do this for this input (501, not retried): change the input rather than retrying."
        : "Try again later. Reads were retried with backoff, writes are not: check whether a write took effect before repeating it."
    case "UnexpectedError":
      return `Check that ${say.setting("baseUrl")} points at the service; report this if it does.`
  }
}
