/**
 * The service's answers: `{"errors": [{message, help}]}` (with `phrase` on a
 * 500), the refusals a handler answers with (a `Rejection` the router says
 * in that body), and the success replies.
 */
import type { Parsed, Rejection } from "../core/rejection.js"
import { invalid, reject } from "../core/rejection.js"

export const ERROR_HELP =
  "For more information on API status codes and how to handle them, read the docs on errors: https://developers.taskmgr.example/docs/errors"

const PHRASE_WORDS = [
  ["6", "3", "9", "12"],
  ["sad", "sleepy", "brave", "quiet"],
  ["squid", "otters", "pandas", "herons"],
  ["snuggle", "wander", "giggle", "hover"],
  ["softly", "gently", "boldly", "slowly"]
] as const

/** A 500's `phrase`: a few words support can look the failure up by. */
const phraseFor = (message: string): string => {
  let hash = 0
  for (const char of message) hash = (hash * 31 + char.charCodeAt(0)) >>> 0
  return PHRASE_WORDS.map((words, i) => words[(hash >>> (i * 3)) % words.length]).join(" ")
}

export interface ServiceError {
  readonly message: string
  readonly help?: string
  readonly phrase?: string
}

export const errorBody = (status: number, message: string): { readonly errors: ReadonlyArray<ServiceError> } => ({
  errors: [status === 500 ? { message, help: ERROR_HELP, phrase: phraseFor(message) } : { message, help: ERROR_HELP }]
})

/** The answer a handler hands back: the router turns it into JSON. */
export interface Reply {
  readonly status: number
  readonly body: unknown
  readonly headers?: Readonly<Record<string, string>>
}

/** A rejection as the service says it. */
export const replyOf = (refused: Rejection): Reply => ({
  status: refused.status,
  body: errorBody(refused.status, refused.message),
  headers: refused.headers
})

export const badRequest = (message: string): Parsed<never> => invalid(message)
export const notFound = (gid: string): Parsed<never> => reject(404, `Unknown object: ${gid}`)
export const forbidden = (message = "Forbidden"): Parsed<never> => reject(403, message)

export const NOT_AUTHORIZED = "Not Authorized"

export const RATE_LIMIT_MESSAGE =
  "You've made too many requests and hit a rate limit. Please retry after the given amount of time."

export const PREMIUM_MESSAGE =
  "Payment Required: search is available only to premium workspaces. Upgrade the workspace's plan to use it."

export const TOO_LARGE_MESSAGE =
  "The result is too large. You should use pagination (may require specifying a workspace)!"

export const ok = (data: unknown): Reply => ({ status: 200, body: { data } })
export const created = (data: unknown): Reply => ({ status: 201, body: { data } })
export const emptyOk = (): Reply => ok({})
