/**
 * Requests to an OAuth token endpoint: a form-encoded POST with the client's
 * credentials (HTTP Basic, or in the form for services that want them
 * there), its JSON answer decoded by the caller's Schema. Refusals become
 * SignInError with the service's own words, from which every credential the
 * process holds is scrubbed (secrets.ts). Retries follow every request's rules,
 * and only for what may be repeated: a code works once.
 */
import * as HttpBody from "@effect/platform/HttpBody"
import * as HttpClient from "@effect/platform/HttpClient"
import * as HttpClientRequest from "@effect/platform/HttpClientRequest"
import * as Clock from "effect/Clock"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Redacted from "effect/Redacted"
import * as Ref from "effect/Ref"
import * as Schema from "effect/Schema"
import { InvalidRequestError, type RateLimitError, ServiceError, type SignInError } from "../errors.js"
import { announceWait, currentObserver } from "../http/observe.js"
import { rateLimited, reportExchange, retryAfter } from "../http/pipeline.js"
import { retrySchedule, type Verdict } from "../http/retry.js"
import { rememberSecret, rememberSecretsIn, scrubSecrets } from "../secrets.js"
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

/** The client's limits every request keeps: --timeout per attempt, --max-wait for a Retry-After. */
export interface TokenLimits {
  readonly timeout?: Duration.DurationInput | undefined
  readonly maxWait?: Duration.DurationInput | undefined
}

export interface TokenRequest {
  /** The endpoint's full URL. */
  readonly url: string
  readonly client: ClientCredentials
  /** The form fields; Redacted ones are secrets, scrubbed from any message. */
  readonly form: Readonly<Record<string, string | Redacted.Redacted<string>>>
  /** "basic" (default): HTTP Basic client_id:client_secret; "form": client_id and client_secret in the body. */
  readonly clientAuth?: "basic" | "form" | undefined
  /** Per attempt: the client's --timeout, like every request (default 30 s). */
  readonly timeout?: Duration.DurationInput | undefined
  /** The longest Retry-After waited out: the client's --max-wait (default 60 s). */
  readonly maxWait?: Duration.DurationInput | undefined
  /** Whether sending it twice is harmless (a refresh, a revocation): then 5xx and transport failures are retried. */
  readonly repeatable?: boolean | undefined
  /** Names the request in messages: "The code exchange", "The refresh". */
  readonly subject: string
  /** The reason a refusal carries (default "exchange"; a refresh says "refresh_refused", a revocation "revoke_refused"). */
  readonly refusal?: "exchange" | "refresh_refused" | "revoke_refused" | undefined
}

/** The service's own words from an OAuth or service error body. */
const serviceWords = (body: unknown): string | undefined => {
  if (typeof body !== "object" || body === null) return undefined
  const b = body as Record<string, unknown>
  const parts = [b.error, b.error_description, b.message, b.err].filter((v): v is string =>
    typeof v === "string" && v !== ""
  )
  return parts.length === 0 ? undefined : [...new Set(parts)].join(": ")
}

/** How the token endpoint failed an attempt: its answer, or none (timeout, transport). */
type TokenFailure =
  | {
    readonly _tag: "answer"
    readonly status: number
    readonly headers: Readonly<Record<string, string>>
    readonly body: unknown
  }
  | { readonly _tag: "transport"; readonly timedOut: boolean; readonly detail: string }

/** The same verdicts as every request (retry.ts): 429 waits, 5xx and transport failures are transient. */
const verdictOf = (failure: TokenFailure): Verdict =>
  failure._tag === "transport"
    ? { kind: "transient", reason: failure.timedOut ? "timeout" : failure.detail }
    : failure.status === 429
    ? { kind: "rate-limited", retryAfter: retryAfter(failure.headers["retry-after"]) }
    : failure.status >= 500
    ? { kind: "transient", reason: String(failure.status) }
    : { kind: "final" }

export type TokenEndpointError = SignInError | ServiceError | RateLimitError | InvalidRequestError

/**
 * One token-endpoint request under the pipeline's rules: the caller's timeout
 * per attempt, 429s waited out within `maxWait`, 5xx and transport failures
 * retried when the request may be repeated (a refresh or a revocation; never
 * a code exchange, as a code works once). Only the service's refusal of the
 * grant is a sign-in failure; a 429 stays a RateLimitError and a 5xx or a
 * timeout a ServiceError, whatever the request was.
 */
export const postTokenForm = <A, I>(
  schema: Schema.Schema<A, I>,
  request: TokenRequest
): Effect.Effect<A, TokenEndpointError, HttpClient.HttpClient> =>
  Effect.gen(function*() {
    const http = yield* HttpClient.HttpClient
    // Everything secret sent joins the credentials masked in any message (the access token in use is already there).
    rememberSecret(request.client.secret)
    const fields: Array<[string, string]> = []
    for (const [key, value] of Object.entries(request.form)) {
      if (Redacted.isRedacted(value)) rememberSecret(value)
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
    const timeout = Duration.decode(request.timeout ?? DEFAULT_TOKEN_TIMEOUT)
    const client = http.pipe(HttpClient.withTracerPropagation(false))
    const attempts = yield* Ref.make(0)
    const observer = yield* currentObserver
    const attempt: Effect.Effect<{ readonly status: number; readonly body: unknown }, TokenFailure> = Effect.gen(
      function*() {
        yield* Ref.update(attempts, (n) => n + 1)
        const log = reportExchange(observer, httpRequest, httpRequest.url, yield* Clock.currentTimeMillis)
        const response = yield* client.execute(httpRequest).pipe(
          Effect.timeout(timeout),
          Effect.tapError((e) => log(null, {}, e._tag === "TimeoutException" ? "timeout" : transportCode(e))),
          Effect.mapError((e): TokenFailure =>
            e._tag === "TimeoutException"
              ? { _tag: "transport", timedOut: true, detail: "timeout" }
              : { _tag: "transport", timedOut: false, detail: transportCode(e) }
          )
        )
        yield* log(response.status, response.headers)
        const text = yield* Effect.orElseSucceed(response.text, () => "")
        let body: unknown = null
        try {
          body = JSON.parse(text)
        } catch {
          body = null
        }
        if (response.status >= 200 && response.status < 300) return { status: response.status, body }
        return yield* Effect.fail<TokenFailure>({
          _tag: "answer",
          status: response.status,
          headers: response.headers,
          body
        })
      }
    )
    const policy = {
      idempotent: request.repeatable === true,
      maxWait: Duration.decode(request.maxWait ?? DEFAULT_TOKEN_MAX_WAIT),
      deadline: Option.getOrUndefined(observer)?.deadline
    }
    const tracked = Effect.mapError(attempt, (failure) => ({ failure, verdict: verdictOf(failure) }))
    const answered = yield* Effect.retry(tracked, retrySchedule(policy, announceWait(observer))).pipe(
      Effect.catchAll(({ failure }) =>
        Effect.flatMap(Ref.get(attempts), (n) => Effect.fail(tokenError(request, failure, n, host, timeout)))
      )
    )
    return yield* Schema.decodeUnknown(schema)(answered.body).pipe(
      Effect.tap((answer) => rememberSecretsIn(answer)),
      Effect.mapError(() =>
        signInError("exchange", `${request.subject} answered without the token fields expected.`, {
          status: answered.status
        })
      )
    )
  })

const DEFAULT_TOKEN_TIMEOUT = Duration.seconds(30)
const DEFAULT_TOKEN_MAX_WAIT = Duration.seconds(60)

/** The system's word for a transport failure (ECONNREFUSED, ...), when it gives one. */
const transportCode = (error: { readonly cause?: unknown }) => {
  const cause = error.cause as { code?: unknown; cause?: { code?: unknown } } | undefined
  const code = cause?.code ?? cause?.cause?.code
  return typeof code === "string" ? code : "transport error"
}

/** The final failure, as every request words it; only a refusal of the grant (or the client) is a sign-in error. */
const tokenError = (
  request: TokenRequest,
  failure: TokenFailure,
  attempts: number,
  host: string,
  timeout: Duration.Duration
): TokenEndpointError => {
  const tries = attempts > 1 ? ` (${attempts} attempts)` : ""
  if (failure._tag === "transport") {
    return new ServiceError({
      status: null,
      attempts,
      message: failure.timedOut
        ? `${request.subject} got no answer from ${host} within ${Duration.format(timeout)}${tries}.`
        : `${request.subject} could not reach ${host} (${failure.detail})${tries}.`
    })
  }
  const { body, status } = failure
  const said = serviceWords(body)
  const quoted = said === undefined ? `${status}` : `${status}: ${printable(scrubSecrets(said))}`
  const code = typeof body === "object" && body !== null ? (body as Record<string, unknown>).error : undefined
  if (status === 429) {
    return rateLimited(failure.headers, `${request.subject} was rate limited by ${host} (${quoted})${tries}.`, attempts)
  }
  if (status >= 500) {
    return new ServiceError({ status, attempts, message: `${request.subject} failed at ${host} (${quoted})${tries}.` })
  }
  if (status === 401 || code === "invalid_client") {
    return signInError(
      "client_rejected",
      `${request.subject} was refused: the service did not accept the app's client credentials (${quoted}).`,
      { status }
    )
  }
  // A refresh or revocation is refused for good only by invalid_grant (or, from a service without OAuth error codes, by any 4xx).
  const refusal = request.refusal ?? "exchange"
  if (refusal !== "exchange" && typeof code === "string" && code !== "invalid_grant") {
    return new InvalidRequestError({ status, message: `${request.subject} was rejected as malformed (${quoted}).` })
  }
  return signInError(refusal, `${request.subject} was refused (${quoted}).`, { status })
}
