/**
 * Refresh-and-resend: after an auth failure, the request's `refresh` is run,
 * at most once for the request; when it yields true the request is sent again
 * once (a new round, which reads the refreshed credential), and otherwise the
 * auth failure stands. A failing refresh fails the request with its own error.
 *
 * Whether a refresh is shared between requests, and whether it runs again at
 * a later rejection, is the refresh effect's own business (the service
 * client's), not the pipeline's.
 */
import * as Effect from "effect/Effect"
import { AuthError, type RequestError } from "../errors.js"

export const refreshingOnAuthFailure =
  (refresh: Effect.Effect<boolean, RequestError> | undefined) =>
  <A, E, R>(round: Effect.Effect<A, E, R>): Effect.Effect<A, E | RequestError, R> =>
    refresh === undefined ? round : Effect.catchIf(
      round,
      (error) => error instanceof AuthError,
      (error) => Effect.flatMap(refresh, (refreshed) => (refreshed ? round : Effect.fail(error)))
    )
