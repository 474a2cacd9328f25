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
  /** How to choose the credential kind: "--auth-mode personal"; absent where the service has one kind of token. */
  readonly authMode?: ((mode: string) => string) | undefined
  /** How to sign in with OAuth, where the front end can: "Run 'design auth login'". */
  readonly signIn?: string | undefined
  /** How an operation is called, by its library name: taskGet → "`taskmgr task get`" or "taskmgr_task_get". */
  readonly operation?: ((name: string) => string | undefined) | undefined
  /** What a reference to a record may be: "id, key or URL" (default "id or URL"). */
  readonly reference?: string | undefined
  /** What to do about an input this front end can also configure (a default workspace), by field. */
  readonly configured?: ((field: string) => string | undefined) | undefined
  /**
   * Said when a stored sign-in (an OAuth grant) is left unused because a
   * token was given, which wins over it: how to use the sign-in instead.
   */
  readonly unusedSignIn?: string | undefined
}

/** After a write whose answer was lost: check before repeating, with the read that shows it when one is known. */
const unconfirmedRemedy = (check: string | undefined, say: Vocabulary, timedOut: boolean): string => {
  const read = check === undefined ? undefined : say.operation?.(check)
  const how = read === undefined ? "check whether it took effect" : `check with ${read} whether it took effect`
  const slower = timedOut ? `; to wait longer for answers, raise ${say.setting("timeout")}` : ""
  return `Do not simply repeat it: ${how}, and repeat it only if it did not${slower}.`
}

/** A refusal no role or token lifts: say who can change it, and what the caller can do instead. */
const forbiddenToAll = (who: "service" | "author" | "service_or_author", say: Vocabulary): string => {
  const comment = say.operation?.("commentCreate")
  const instead = comment === undefined
    ? "add a comment of your own instead"
    : `add a comment of your own instead (${comment})`
  switch (who) {
    case "service":
      return `Leave it as it is: the service writes it and no one can change it; ${instead}.`
    case "author":
      return `Ask its author to change it, or ${instead}.`
    case "service_or_author":
      return `Only your own comments can be changed (system stories and other people's comments cannot): check whose it is, or ${instead}.`
  }
}

const lowerFirst = (text: string) => `${text.charAt(0).toLowerCase()}${text.slice(1)}`

export const remedy = (error: WrapperError, say: Vocabulary): string => {
  switch (error._tag) {
    case "InvalidInputError": {
      const [only, ...others] = error.fields
      return (only !== undefined && others.length === 0 ? say.configured?.(only) : undefined) ??
        `${say.help} for the accepted input.`
    }
    case "InvalidSettingsError":
      return `Correct ${say.setting(error.setting)}.`
    case "AuthModeError": {
      const kinds = `Use a token of the kind it needs (${
        error.allowed.map((mode) => say.authMode?.(mode) ?? mode).join(" or ")
      })`
      // The stored sign-in is an OAuth grant: when it would do, say how to use it rather than how to get a token.
      return error.allowed.includes("oauth") && say.unusedSignIn !== undefined
        ? `${kinds}: ${say.unusedSignIn}${say.authMode === undefined ? "" : ` (with ${say.authMode("oauth")})`}.`
        : `${kinds}.`
    }
    case "InvalidRequestError": {
      const frees = (error.freedBy ?? []).map((name) => say.operation?.(name)).filter((c) => c !== undefined)
      return error.cursorExpired === true
        ? "List again from the first page, without a cursor: the service forgets a list's position after a while, so follow fewer pages at a time if it keeps happening."
        : error.field === "cursor"
        ? `List again without ${say.field("cursor")}: a cursor is good only for the listing that printed it.`
        : frees.length > 0
        ? `A limit was reached: make room first (${frees.join(" lists them, ")} deletes one), then try again.`
        : error.field !== undefined
        ? `Correct ${say.field(error.field)}, as the service's words above say, and try again.`
        : "Correct what the service named above and try again."
    }
    case "AuthError":
      return error.reason === "missing"
        ? `${say.supplyToken}${
          say.signIn === undefined ? "" : `, or ${lowerFirst(say.signIn)} to sign in in the browser`
        }.`
        : error.reason === "expired" && say.signIn !== undefined
        ? `${say.signIn} again, or ${lowerFirst(say.supplyToken)}.`
        : say.unusedSignIn !== undefined
        ? `Check the token given, or use the stored sign-in: ${say.unusedSignIn}.`
        : say.authMode === undefined
        ? `Create a new token and supply it (${say.supplyToken}).`
        : `Create a new token and supply it (${say.supplyToken}); check that ${
          say.setting("authMode")
        } matches the kind of token.`
    case "ForbiddenError":
      return error.changedOnlyBy !== undefined
        ? forbiddenToAll(error.changedOnlyBy, say)
        : error.scope === null
        ? "Check that your account has the role this needs on the resource (see the message)."
        : `Use a token that has the ${error.scope} scope.`
    case "NotFoundError": {
      const reference = say.reference ?? "id or URL"
      return error.unknownPath === true
        ? `Check ${
          say.setting("baseUrl")
        }: the service knows no such address, so the base URL likely lacks the API's path (such as /api/1.0) or points at another server.`
        : error.field !== undefined
        ? `Check ${say.field(error.field)}: the service knows no such ${reference}, or your token cannot see it.`
        : error.setting !== undefined
        ? `Check the ${error.setting} configured (${
          say.setting(error.setting)
        }): the service knows no such ${error.setting}, or your token cannot see it.`
        : `Check the ${reference}, and that your token can see it.`
    }
    case "RateLimitError": {
      const wait = error.retryAfter === null ? "" : ` (Retry-After ${Duration.format(error.retryAfter)})`
      const link = error.upgradeLink === null ? "" : `; for higher limits see ${error.upgradeLink}`
      return `Wait for the budget to refill${wait} and try again, or allow longer waits with ${
        say.setting("maxWait")
      }${link}.`
    }
    case "PlanRequiredError":
      return `Use a token from a plan that has ${error.plan}, or ask an admin to enable it${
        error.upgradeLink === null ? "" : ` (${error.upgradeLink})`
      }.`
    case "ServiceError":
      return error.deadline === true
        ? error.unconfirmed === true
          ? `It may have been done: ${
            unconfirmedRemedy(error.check, say, false).replace(/^Do not simply repeat it: /, "")
          } A call may take at most ${say.setting("budget")}.`
          : `Try again, or ask for less; a call may take at most ${say.setting("budget")}.`
        : error.unconfirmed === true
        ? unconfirmedRemedy(error.check, say, error.status === null && /within/.test(error.message))
        : error.connectionRefused === true
        ? `Nothing answers at that address: check the host and port in ${
          say.setting("baseUrl")
        }, and that the service is running there (a sandbox stops with its process).`
        : error.hostUnresolved === true
        ? `Check the host name in ${
          say.setting("baseUrl")
        } (it did not resolve), and that this machine can look up names (DNS, network, proxy).`
        : error.status === null && /within/.test(error.message)
        ? `Try again later, or allow slower answers with ${say.setting("timeout")}.`
        : error.status === 501
        ? "The service does not do this for this input (501, not retried): change the input rather than retrying."
        : "Try again later. Reads were retried with backoff, writes are not: check whether a write took effect before repeating it."
    case "SignInError": {
      const signIn = say.signIn ?? "Sign in again"
      switch (error.reason) {
        case "timeout":
          return `${signIn} and approve the app in the browser before the time runs out (or paste the code in manual mode).`
        case "state_mismatch":
          return `${signIn}: a redirect that does not carry this login's state is refused, as it may come from someone else's login.`
        case "denied":
          return `${signIn} and approve the app; check the client id, the redirect URI and the scopes asked for.`
        case "exchange":
          return `${signIn}: a code is exchanged once and expires within seconds, so complete the login in one go.`
        case "client_rejected":
          return `Check the app's client id and client secret (${say.setting("clientId")}, ${
            say.setting("clientSecret")
          }).`
        case "refresh_refused":
          return `${signIn}: the stored refresh token is no longer accepted.`
        case "revoke_refused":
          return "Try again later: the grant stays valid until it is revoked, and the local credential was kept."
        case "no_code":
          return `${signIn}, and paste the code or the whole address the browser was sent to.`
        case "not_signed_in":
          return `${signIn}, or ${lowerFirst(say.supplyToken)}.`
        case "insecure_store":
          return `Run 'chmod 600 ${
            error.path ?? "the credential file"
          }' so that only you can read it, or delete it and sign in again.`
        case "store_unusable":
          return `Delete ${error.path ?? "the credential file"} and sign in again.`
        case "settings_unusable":
          // Deleting it would lose the app's client id and secret: the file is mended, not removed.
          return `Correct ${
            error.path ?? "the settings file"
          }: it must be one JSON object of strings, such as {"client_id": "…", "client_secret": "…"}; or give the values as ${
            say.setting("clientId")
          } and ${say.setting("clientSecret")}.`
      }
    }
    case "JobFailedError": {
      const look = say.operation?.("jobGet")
      return `Check the template and what it needs (dates, roles, a team), then instantiate again${
        look === undefined ? "" : `; ${look} for job ${error.job} shows it`
      }.`
    }
    case "JobTimeoutError": {
      const look = say.operation?.("jobGet")
      const check = `The job goes on at the service: check on it later${
        look === undefined ? "" : ` with ${look} for job ${error.job}`
      }`
      return error.deadline === true
        ? `${check}; this call stopped waiting at ${say.setting("budget")}.`
        : `${check}, or wait longer with ${say.field("timeout_seconds")}.`
    }
    case "UnexpectedError":
      return `Check that ${say.setting("baseUrl")} points at the service; report this if it does.`
  }
}

/** The message in the front end's words: a setting's library name (maxWait) becomes its flag or variable. */
export const worded = (error: WrapperError, say: Vocabulary): string =>
  error._tag === "InvalidSettingsError"
    ? error.message.replace(new RegExp(`\\b${error.setting}\\b`), say.setting(error.setting))
    : error.message
