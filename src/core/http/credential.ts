/**
 * The credential: read once for a round of attempts (a refresh starts a new
 * round, which reads the credential in use by then), then put on each
 * request of the round before the user's middleware sees it. Its secrets are
 * remembered, so they are masked wherever the service's words are shown, and
 * secret headers (X-Design-Token, ...) are redacted wherever HttpClient shows
 * a request: its span, the user's logging.
 */
import * as Headers from "@effect/platform/Headers"
import type * as HttpClient from "@effect/platform/HttpClient"
import * as HttpClientRequest from "@effect/platform/HttpClientRequest"
import * as Effect from "effect/Effect"
import * as FiberRef from "effect/FiberRef"
import type * as Redacted from "effect/Redacted"
import type { AuthError } from "../errors.js"
import { rememberHeaderSecrets, SECRET_HEADER } from "../secrets.js"
import { aroundSend } from "./client-step.js"

/** A request's credential: the token, and the headers that carry it. */
export interface Credential {
  readonly token: Redacted.Redacted<string>
  readonly headers: Readonly<Record<string, string>>
}

/** The credential as it is now, its secrets remembered for masking. */
export const currentCredential = (
  credential: Effect.Effect<Credential, AuthError>
): Effect.Effect<Credential, AuthError> =>
  Effect.tap(credential, ({ headers }) => Effect.sync(() => rememberHeaderSecrets(headers)))

const redactingSecretHeaders = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
  Effect.flatMap(
    FiberRef.get(Headers.currentRedactedNames),
    (names) => Effect.locally(effect, Headers.currentRedactedNames, [...names, SECRET_HEADER])
  )

/** Puts the credential's headers on each request sent, secret headers redacted wherever the request is shown. */
export const withCredential =
  (credential: Credential) => <E, R>(client: HttpClient.HttpClient.With<E, R>): HttpClient.HttpClient.With<E, R> =>
    aroundSend(
      client,
      (request, send) => redactingSecretHeaders(send(HttpClientRequest.setHeaders(request, credential.headers)))
    )
