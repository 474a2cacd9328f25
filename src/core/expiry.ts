/**
 * A token's known expiry (a stored OAuth grant's `expires_at`, or what the
 * user knows of a personal token). Neither service says "expired" reliably
 * (the design service answers 403 Invalid token, the task manager 401), so
 * the client checks the expiry it was told before sending: an expired token
 * without a refresh is `AuthError` with reason "expired" and nothing is sent.
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import { AuthError } from "./errors.js"

export type ExpiryInput = Date | string | number

/** Epoch milliseconds; none when not given or unreadable. */
export const expiryMillis = (input: ExpiryInput | undefined): Option.Option<number> => {
  if (input === undefined) return Option.none()
  const ms = input instanceof Date ? input.getTime() : typeof input === "number" ? input : Date.parse(input)
  return Number.isNaN(ms) ? Option.none() : Option.some(ms)
}

/** Fails when the token is past its expiry and cannot be renewed (with a refresh, the service's answer decides). */
export const notExpired = (expiresAt: Option.Option<number>, renewable: boolean): Effect.Effect<void, AuthError> =>
  Option.isNone(expiresAt) || renewable ?
    Effect.void :
    Effect.flatMap(Clock.currentTimeMillis, (now) =>
      now < expiresAt.value ? Effect.void : Effect.fail(
        new AuthError({
          status: null,
          reason: "expired",
          message: `The token expired at ${new Date(expiresAt.value).toISOString()}; nothing was sent. Use a new token.`
        })
      ))

/** The service's message says the token expired ("Token expired", "The access token has expired"). */
export const saysExpired = (said: string | undefined): boolean =>
  /\btoken\b.*\bexpired\b|\bexpired\b.*\btoken\b/i.test(said ?? "")
