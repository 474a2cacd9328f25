/**
 * Requests to an OAuth token endpoint: a form-encoded POST with the client's
 * credentials (HTTP Basic, or in the form for services that want them
 * there), its JSON answer decoded by the caller's Schema. Refusals become
 * SignInError with the service's own words, from which every value sent is
 * scrubbed; nothing is retried, as a code works once.
 */
import * as HttpBody from "@effect/platform/HttpBody"
import * as HttpClient from "@effect/platform/HttpClient"
import * as HttpClientRequest from "@effect/platform/HttpClientRequest"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Redacted from "effect/Redacted"
import * as Schema from "effect/Schema"
import type { SignInError } from "../errors.js"
import { TokenText } from "../settings.js"
import { printable, signInError } from "./redirect.js"

export interface ClientCredentials {
  readonly id: string
  readonly secret: Redacted.Redacted<string>
}

/** The fields every token answer has (RFC 6749 section 5.1); a service extends them. */
export const tokenFields = {
  access_token: Schema.Redacted(TokenText),
  token_type: Schema.optional(Schema.String),
  /** Seconds. */
  expires_in: Schema.optional(Schema.Number),
  refresh_token: Schema.optional(Schema.Redacted(Schema.String)),
  scope: Schema.optional(Schema.String)
}

export const TokenAnswer = Schema.Struct(tokenFields)
export type TokenAnswer = typeof TokenAnswer.Type

export interface TokenRequest {
  /** The endpoint's full URL. */
  readonly url: string
  readonly client: ClientCredentials
  /** The form fields; Redacted ones are secrets, scrubbed from any message. */
  readonly form: Readonly<Record<string, string | Redacted.Redacted<string>>>
  /** "basic" (default): HTTP Basic client_id:client_secret; "form": client_id and client_secret in the body. */
  readonly clientAuth?: "basic" | "form" | undefined
  readonly timeout?: Duration.DurationInput | undefined
  /** Names the request in messages: "The code exchange", "The refresh". */
  readonly subject: string
  /** The reason a refusal carries (default "exchange"; a refresh says "refresh_refused", a revocation "revoke_refused"). */
  readonly refusal?: "exchange" | "refresh_refused" | "revoke_refused" | undefined
}

/** The service's own words from an OAuth or service error body. */
const serviceWords = (body: unknown): string | undefined => {
  if (typeof body !== "object" || body === null) return undefined
  const b = body as Record<string, unknown>
  const parts = [b.error, b.error_description, b.message, b.err].filter((v): v is string => typeof v === "string" && v !== "")
  return parts.length === 0 ? undefined : [...new Set(parts)].join(": ")
}

/** Removes every secret value from a text before it is shown. */
export const scrub = (text: string, secrets: ReadonlyArray<string>): string =>
  secrets.filter((s) => s.length >= 4).reduce((t, s) => t.split(s).join("***"), text)

export const postTokenForm = <A, I>(
  schema: Schema.Schema<A, I>,
  request: TokenRequest
): Effect.Effect<A, SignInError, HttpClient.HttpClient> =>
  Effect.gen(function*() {
    const http = yield* HttpClient.HttpClient
    const secrets = [Redacted.value(request.client.secret)]
    const fields: Array<[string, string]> = []
    for (const [key, value] of Object.entries(request.form)) {
      if (Redacted.isRedacted(value)) secrets.push(Redacted.value(value))
      fields.push([key, Redacted.isRedacted(value) ? Redacted.value(value) : value])
    }
    const basic = Buffer.from(
      `${encodeURIComponent(request.client.id)}:${encodeURIComponent(Redacted.value(request.client.secret))}`,
      "utf8"
    ).toString("base64")
    if (request.clientAuth === "form") {
      fields.push(["client_id", request.client.id], ["client_secret", Redacted.value(request.client.secret)])
    }
    const host = (() => {
      try {
        return new URL(request.url).host
      } catch {
        return request.url
      }
    })()
    const httpRequest = HttpClientRequest.post(request.url, {
      headers: {
        accept: "application/json",
        ...(request.clientAuth === "form" ? {} : { authorization: `Basic ${basic}` })
      },
      body: HttpBody.urlParams(fields)
    })
    const timeout = Duration.decode(request.timeout ?? Duration.seconds(30))
    const response = yield* http.pipe(HttpClient.withTracerPropagation(false)).execute(httpRequest).pipe(
      Effect.timeout(timeout),
      Effect.mapError((e) =>
        signInError(
          "exchange",
          e._tag === "TimeoutException"
            ? `${request.subject} got no answer from ${host} within ${Duration.format(timeout)}.`
            : `${request.subject} could not reach ${host}.`
        )
      )
    )
    const text = yield* Effect.orElseSucceed(response.text, () => "")
    let body: unknown = null
    try {
      body = JSON.parse(text)
    } catch {
      body = null
    }
    if (response.status < 200 || response.status >= 300) {
      const said = serviceWords(body)
      const quoted = said === undefined ? `${response.status}` : `${response.status}: ${printable(scrub(said, secrets))}`
      const clientRefused = response.status === 401 || (typeof body === "object" && body !== null &&
        (body as Record<string, unknown>).error === "invalid_client")
      return yield* Effect.fail(signInError(
        clientRefused ? "client_rejected" : request.refusal ?? "exchange",
        clientRefused
          ? `${request.subject} was refused: the service did not accept the app's client credentials (${quoted}).`
          : `${request.subject} was refused (${quoted}).`,
        { status: response.status }
      ))
    }
    return yield* Schema.decodeUnknown(schema)(body).pipe(
      Effect.mapError(() => signInError("exchange", `${request.subject} answered without the token fields expected.`, { status: response.status }))
    )
  })
