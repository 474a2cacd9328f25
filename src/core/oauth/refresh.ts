/**
 * Refreshing a stored credential after the service rejected its access
 * token: the pipeline's `refresh` hook (core/http/pipeline.ts) for a signed-in CLI.
 * The file is read again first, so a token another process refreshed
 * meanwhile is used instead of refreshing again (a refresh retires the
 * previous access token at once on some services), unless it was renewed as
 * long ago as ours (it then expires with ours). The refreshed credential is
 * stored before it is used.
 */
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Redacted from "effect/Redacted"
import {
  AuthError,
  type InvalidRequestError,
  type RateLimitError,
  type ServiceError,
  type SignInError
} from "../errors.js"
import type { CredentialStore } from "./store.js"

export interface StoredRefreshOptions<C, R> {
  readonly store: CredentialStore<C>
  /** The credential the request was sent with. */
  readonly used: C
  readonly accessToken: (credential: C) => Redacted.Redacted<string>
  /** Whether it can be refreshed at all (a refresh token is stored). */
  readonly canRefresh: (credential: C) => boolean
  /** The service's refresh, giving the whole updated credential (keeping what the answer lacks). */
  readonly refresh: (credential: C) => Effect.Effect<C, RefreshError, R>
  /** Told the credential whose token is handed out: the one the next rejection is about. */
  readonly handedOut?: ((credential: C) => void) | undefined
  /**
   * Whether the stored credential, another than the one used, was renewed
   * since the used one stopped being good (default: yes). Only then is its
   * token taken instead of renewing: one renewed at about the time ours was
   * (two processes renewing at one expiry) expires with ours.
   */
  readonly renewedSince?: ((stored: C, used: C) => boolean) | undefined
}

/** What a refresh can fail with besides a refusal: the service's own failures, as any request's. */
export type RefreshError = SignInError | ServiceError | RateLimitError | InvalidRequestError

/**
 * A new access token, or why none could be had: AuthError when the grant
 * was refused (the user must sign in again); a 429, a 5xx or a timeout stay
 * what they are, so they are not mistaken for a dead refresh token.
 */
export const refreshStored = <C, R>(
  options: StoredRefreshOptions<C, R>
): Effect.Effect<Redacted.Redacted<string>, Exclude<RefreshError, SignInError> | AuthError, R> =>
  Effect.gen(function*() {
    const stored = Option.getOrElse(yield* options.store.read, () => options.used)
    if (
      !Redacted.getEquivalence<string>((a, b) => a === b)(
        options.accessToken(stored),
        options.accessToken(options.used)
      ) && (options.renewedSince?.(stored, options.used) ?? true)
    ) {
      options.handedOut?.(stored)
      return options.accessToken(stored)
    }
    if (!options.canRefresh(stored)) {
      return yield* Effect.fail(
        new AuthError({
          reason: "expired",
          status: null,
          message: "The stored access token was rejected and no refresh token is stored to renew it."
        })
      )
    }
    const refreshed = yield* options.refresh(stored)
    yield* options.store.write(refreshed)
    options.handedOut?.(refreshed)
    return options.accessToken(refreshed)
  }).pipe(
    Effect.catchTag(
      "SignInError",
      (e) =>
        Effect.fail(
          new AuthError({
            reason: "expired",
            status: e.status,
            message: `The stored access token was rejected, and refreshing it failed: ${e.message}`
          })
        )
    )
  )
