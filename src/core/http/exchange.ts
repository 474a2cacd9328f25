/**
 * One attempt: a request sent and its outcome split in two. A 2xx answer is
 * handed to the caller's reader (a JSON body read whole, or a download's
 * stream); anything else fails the attempt with a `Failure` the retry
 * schedule and the classifier read: an answer (status, headers, body read
 * whole) or a transport failure (no answer at all).
 */
import type * as HttpClient from "@effect/platform/HttpClient"
import type * as HttpClientError from "@effect/platform/HttpClientError"
import type * as HttpClientRequest from "@effect/platform/HttpClientRequest"
import type * as HttpClientResponse from "@effect/platform/HttpClientResponse"
import type * as Cause from "effect/Cause"
import * as Effect from "effect/Effect"
import { invalidInput, type InvalidInputError } from "../errors.js"
import { FileChangedError } from "./multipart.js"

/** A non-2xx answer, as the classifier sees it. */
export interface Answer {
  readonly status: number
  readonly headers: Readonly<Record<string, string>>
  readonly body: unknown
}

/** What every attempt that did not succeed failed with. */
export type Failure =
  | { readonly _tag: "answer"; readonly answer: Answer }
  | { readonly _tag: "transport"; readonly detail: string; readonly timedOut: boolean }
  /** The request could not be sent as described (a file changed while it was uploaded): the input must change. */
  | { readonly _tag: "unsendable"; readonly error: InvalidInputError }

/** What the sending client fails with: HttpClient's errors, and the quiet timeout's (quiet-timeout.ts). */
export type SendError = HttpClientError.HttpClientError | Cause.TimeoutException

export const parseBody = (text: string): unknown => {
  if (text === "") return null
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

/** The system's own word for a transport failure (ECONNREFUSED, ENOTFOUND, ...) when it gives one. */
export const transportDetail = (error: { readonly reason?: string; readonly cause?: unknown }) => {
  const cause = error.cause as { code?: unknown; cause?: { code?: unknown } } | undefined
  const code = cause?.code ?? cause?.cause?.code
  return typeof code === "string" ? code : error.reason ?? "transport error"
}

/** How a failed send is said: "timeout", or the system's word. */
export const sendErrorDetail = (error: SendError) =>
  error._tag === "TimeoutException" ? "timeout" : transportDetail(error)

const transportFailure = (error: SendError): Failure =>
  error._tag === "TimeoutException"
    ? { _tag: "transport", detail: "timeout", timedOut: true }
    : error._tag === "RequestError" && error.cause instanceof FileChangedError
    ? {
      _tag: "unsendable",
      // The body ended short of its announced length, so the service cannot have taken it.
      error: invalidInput(`${error.cause.message}; nothing was attached.`, error.cause.field)
    }
    : { _tag: "transport", detail: transportDetail(error), timedOut: false }

/** Failures that happen before a request leaves: the service cannot have acted on it. */
const NOT_SENT: ReadonlySet<string> = new Set([
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "Encode",
  "InvalidUrl"
])

/** The request went out and no answer came back (timeout, connection cut): the service may have acted. */
export const answerLost = (failure: Failure) =>
  failure._tag === "transport" && (failure.timedOut || !NOT_SENT.has(failure.detail))

/** A non-2xx answer read whole; a body that cannot be read counts as empty, the status says enough. */
const answerOf = (response: HttpClientResponse.HttpClientResponse): Effect.Effect<Answer> =>
  Effect.map(
    Effect.orElseSucceed(response.text, () => ""),
    (text) => ({ status: response.status, headers: response.headers, body: parseBody(text) })
  )

export const exchange = <A, R>(
  client: HttpClient.HttpClient.With<SendError, R>,
  request: HttpClientRequest.HttpClientRequest,
  read: (response: HttpClientResponse.HttpClientResponse) => Effect.Effect<A, Failure>
): Effect.Effect<A, Failure, R> =>
  client.execute(request).pipe(
    Effect.mapError(transportFailure),
    Effect.tap((response) => Effect.annotateCurrentSpan("http.response.status_code", response.status)),
    Effect.flatMap((response) =>
      response.status >= 200 && response.status < 300
        ? read(response)
        : Effect.flatMap(answerOf(response), (answer) => Effect.fail<Failure>({ _tag: "answer", answer }))
    )
  )
