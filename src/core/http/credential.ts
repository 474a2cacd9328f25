/**
 * The credential: read once for a round of attempts (a refresh starts a new
 * round, which reads the refreshed one), then put on each request of the
 * round before the user's middleware sees it. Its secrets are remembered, so
 * they are masked wherever the service's words are shown, and secret headers
 * (X-Design-Token, ...) are redacted wherever HttpClient shows a request: its
 * span, the user's logging.
 */
import * as Headers from "@effect/platform/Headers"
import type * as HttpClient from "@effect/platform/HttpClient"
import * as HttpClientRequest from "@effect/platform/HttpClientRequest"
import * as Effect from "effect/Effect"
import * as FiberRef from "effect/FiberRef"
import type { AuthError } from "../errors.js"
import { rememberHeaderSecrets, SECRET_HEADER } from "../secrets.js"
import { aroundSend } from "./client-step.js"

export type CredentialHeaders = Readonly<Record<string, string>>

/** The credential as it is now, its secrets remembered for masking. */
export const currentCredential = (
  credential: Effect.Effect<CredentialHeaders, AuthError>
): Effect.Effect<CredentialHeaders, AuthError> =>
  Effect.tap(credential, (headers) => Effect.sync(() => rememberHeaderSecrets(headers)))

const redactingSecretHeaders = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
  Effect.flatMap(
    FiberRef.get(Headers.currentRedactedNames),
    (names) => Effect.locally(effect, Headers.currentRedactedNames, [...names, SECRET_HEADER])
  )

/** Puts the credential's headers on each request sent, secret headers redacted wherever the request is shown. */
export const withCredential =
  (headers: CredentialHeaders) => <E, R>(client: HttpClient.HttpClient.With<E, R>): HttpClient.HttpClient.With<E, R> =>
    aroundSend(client, (request, send) => redactingSecretHeaders(send(HttpClientRequest.setHeaders(request, headers))))
