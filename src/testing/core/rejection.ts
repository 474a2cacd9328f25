/**
 * How a simulator refuses a request: a typed value, never a thrown
 * exception. Parameter readers, record lookups and route handlers all answer
 * `Parsed<A>`: the value, or the Rejection that the service's own renderer
 * turns into its error body (with the headers that go with it).
 */
import * as Either from "effect/Either"

export interface Rejection {
  readonly _tag: "Rejection"
  readonly status: number
  readonly message: string
  /** Headers the answer carries besides its content type (Retry-After, WWW-Authenticate). */
  readonly headers: Readonly<Record<string, string>>
  /**
   * Which of its error bodies the service says it in, where it has more than
   * one (design: "plain" or "rich"); absent: the usual one where it is answered.
   */
  readonly form?: string
  /** The machine-readable code of bodies that carry one (OAuth's `error`). */
  readonly code?: string
}

export interface RejectionOptions {
  readonly headers?: Readonly<Record<string, string>>
  readonly form?: string
  readonly code?: string
}

export const rejection = (status: number, message: string, options: RejectionOptions = {}): Rejection => ({
  _tag: "Rejection",
  status,
  message,
  headers: options.headers ?? {},
  ...(options.form === undefined ? {} : { form: options.form }),
  ...(options.code === undefined ? {} : { code: options.code })
})

/** A value read from a request (or an answer to it), or why the request is refused. */
export type Parsed<A> = Either.Either<A, Rejection>

export const reject = (status: number, message: string, options?: RejectionOptions): Parsed<never> =>
  Either.left(rejection(status, message, options))

/** 400: the request says something the service cannot take. */
export const invalid = (message: string): Parsed<never> => reject(400, message)

/** A service's error body for a rejection. */
export type ErrorBody = (rejection: Rejection) => unknown
