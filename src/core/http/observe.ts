/**
 * What the pipeline tells whoever runs it: the waits it is about to make (a
 * 429's Retry-After, a retry's backoff, pacing) and, in debug mode, each
 * exchange. A front end provides an observer around a call; the library alone
 * stays silent. Read with serviceOption, so it is never a requirement.
 */
import * as Context from "effect/Context"
import type * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"

export interface WaitEvent {
  /** "job": waiting for an asynchronous job of the service to finish (job-wait.ts). */
  readonly reason: "rate-limited" | "retry" | "pacing" | "job"
  readonly delay: Duration.Duration
  /** The attempt that will follow the wait (2 for the first retry; for a job, the next look at it). */
  readonly attempt: number
  /**
   * What failed, for retries: "503", "ECONNRESET", "timeout"; for a job: "job 1300… in_progress, 2s of 60s";
   * for pacing, the shared store that asked the wait: "redis://10.0.0.5:6379/0" (none: this process's own pacing).
   */
  readonly detail?: string | undefined
}

export interface ExchangeEvent {
  readonly method: string
  /** With secret query values masked. */
  readonly url: string
  /** Request headers, secrets masked. */
  readonly headers: Readonly<Record<string, string>>
  readonly status: number | null
  readonly responseHeaders: Readonly<Record<string, string>>
  readonly millis: number
  readonly error?: string | undefined
}

export interface Observer {
  readonly onWait: (event: WaitEvent) => Effect.Effect<void>
  /** Debug mode only: each request and its answer. */
  readonly onExchange?: ((event: ExchangeEvent) => Effect.Effect<void>) | undefined
  /** Epoch milliseconds by which a call must be over: no wait is started that would end later. */
  readonly deadline?: number | undefined
  /**
   * Something the caller should know that is not an error (the rate store is down: pacing in-process).
   * Without it, a notice goes to Effect's logger as a warning.
   */
  readonly onNotice?: ((message: string) => Effect.Effect<void>) | undefined
}

export class HttpObserver extends Context.Tag("design-taskmgr/HttpObserver")<HttpObserver, Observer>() {}

export const currentObserver: Effect.Effect<Option.Option<Observer>> = Effect.serviceOption(HttpObserver)

export const announceWait = (observer: Option.Option<Observer>) => (event: WaitEvent) =>
  Option.match(observer, { onNone: () => Effect.void, onSome: (o) => o.onWait(event) })

/** Said to the observer that takes notices, else through Effect's logger: a library program hears it too. */
export const announceNotice = (observer: Option.Option<Observer>) => (message: string) =>
  Option.match(Option.flatMap(observer, (o) => Option.fromNullable(o.onNotice)), {
    onNone: () => Effect.logWarning(message),
    onSome: (notice) => notice(message)
  })
