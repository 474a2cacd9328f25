/**
 * The design credential: the header each mode sends, the counting scope of
 * the rate limit, and the check that an operation accepts the mode before
 * anything is sent (spec section 5, design-wire section 2).
 */
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Redacted from "effect/Redacted"
import { AuthModeError } from "../core/errors.js"
import { tokenFingerprint } from "../core/secrets.js"
import type { AuthMode, DesignSettings } from "./options.js"

export const MODE_NAMES: Record<AuthMode, string> = {
  personal: "a personal access token",
  plan: "a plan access token",
  oauth: "an OAuth token"
}

export const credentialHeaders = (settings: DesignSettings): Record<string, string> =>
  settings.authMode === "oauth"
    ? { authorization: `Bearer ${Redacted.value(settings.token)}` }
    : { "x-design-token": Redacted.value(settings.token) }

/**
 * The budget a request counts against (spec section 8): per user and plan for
 * personal tokens, per token and plan for plan tokens, per user, plan and app
 * for OAuth. The token's fingerprint stands for the user or the token.
 */
export const countingScope = (settings: DesignSettings): string => {
  const plan = Option.getOrElse(settings.plan, () => "any-plan")
  return `design:${settings.authMode}:${tokenFingerprint(settings.token)}:${plan}`
}

export const requireMode = (settings: DesignSettings, allowed: ReadonlyArray<AuthMode>, subject: string) =>
  allowed.includes(settings.authMode)
    ? Effect.void
    : Effect.fail(
      new AuthModeError({
        mode: settings.authMode,
        allowed: [...allowed],
        message: `${subject} cannot be called with ${MODE_NAMES[settings.authMode]}; it needs ${
          allowed.map((m) => MODE_NAMES[m]).join(" or ")
        }.`
      })
    )
