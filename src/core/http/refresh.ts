/**
 * Refresh-and-resend: a request runs a round of attempts with the credential
 * in use; after an auth failure, `refresh` is told the token the service
 * rejected, at most once for the request, and when it yields true the round
 * runs once more with the credential in use by then; otherwise the auth
 * failure stands. A failing refresh fails the request with its own error.
 *
 * Whether requests rejected together share one renewal, and whether a later
 * rejection renews again, is the refresh's own business (the service client's
 * single-flight renewal, which compares the rejected token with its own).
 */
import * as Effect from "effect/Effect"
import type * as Redacted from "effect/Redacted"
import { AuthError, type RequestError } from "../errors.js"
import type { Credential } from "./credential.js"

export type Refresh = (rejected: Redacted.Redacted<string>) => Effect.Effect<boolean, RequestError>

export const refreshingOnAuthFailure = (refresh: Refresh | undefined) =>
<A, E, R>(
  credential: Effect.Effect<Credential, AuthError>,
  round: (credential: Credential) => Effect.Effect<A, E, R>
): Effect.Effect<A, E | AuthError | RequestError, R> =>
  Effect.flatMap(credential, (first) =>
    refresh === undefined ? round(first) : Effect.catchIf(
      round(first),
      (error) => error instanceof AuthError,
      (error) =>
        Effect.flatMap(
          refresh(first.token),
          (refreshed) => (refreshed ? Effect.flatMap(credential, round) : Effect.fail(error))
        )
    ))
