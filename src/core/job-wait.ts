/**
 * Waiting for an asynchronous job of a service (a template's instantiation):
 * look at it again and again, with a growing pause, until it succeeds (its
 * last look is the answer), fails (JobFailedError: never a success) or the
 * wait runs out (JobTimeoutError, naming the job, which goes on at the
 * service). Time is the Effect Clock, so TestClock drives it in tests.
 *
 * Each pause is announced to the observer as a wait (observe.ts): the
 * command line says it on a terminal, the tool server sends a progress
 * notification. A tool call's own deadline ends the wait in time to say so.
 */
import * as Clock from "effect/Clock"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import { JobFailedError, JobTimeoutError } from "./errors.js"
import { announceWait, currentObserver } from "./http/observe.js"
import type { Undocumented } from "./open-record.js"

/** The states the services give a job. */
export type JobStatus = "not_started" | "in_progress" | "succeeded" | "failed"

export interface JobState {
  readonly gid: string
  /** A status the services do not document yet is waited on like one in progress. */
  readonly status?: JobStatus | Undocumented | undefined
}

export interface JobWait<J extends JobState, E, R> {
  /** The job as the request that started it answered. */
  readonly job: J
  /** Reads the job again. */
  readonly look: (gid: string) => Effect.Effect<J, E, R>
  /** The longest wait. */
  readonly timeout: Duration.Duration
  /** What the job makes, for messages: "a task from task template 1200…". */
  readonly what: string
}

/** The first pause, how it grows, and its ceiling: quick jobs are seen at once, slow ones are not polled hard. */
const FIRST_PAUSE_MS = 500
const GROWTH = 1.5
const LONGEST_PAUSE_MS = 5_000
/** Kept free before a caller's deadline (a tool call's budget) for the last look and the answer. */
const DEADLINE_MARGIN_MS = 2_000

/** The default wait, as the services' specs set it. */
export const DEFAULT_JOB_TIMEOUT = Duration.seconds(60)

const secondsOf = (ms: number) => Math.round(ms / 1000)

export const waitForJob = <J extends JobState, E, R>(
  wait: JobWait<J, E, R>
): Effect.Effect<J, E | JobFailedError | JobTimeoutError, R> =>
  Effect.gen(function*() {
    const observer = yield* currentObserver
    const start = yield* Clock.currentTimeMillis
    const callerDeadline = Option.flatMap(observer, (o) => Option.fromNullable(o.deadline))
    const own = start + Duration.toMillis(wait.timeout)
    const end = Math.min(
      own,
      Option.match(callerDeadline, { onNone: () => Number.POSITIVE_INFINITY, onSome: (d) => d - DEADLINE_MARGIN_MS })
    )
    const announce = announceWait(observer)
    let job = wait.job
    let pause = FIRST_PAUSE_MS
    let looks = 1
    for (;;) {
      const status = job.status ?? "in_progress"
      if (status === "succeeded") return job
      if (status === "failed") {
        return yield* Effect.fail(
          new JobFailedError({ job: job.gid, message: `The job ${job.gid} making ${wait.what} failed.` })
        )
      }
      const now = yield* Clock.currentTimeMillis
      const left = end - now
      if (left <= 0) {
        const waited = now - start
        return yield* Effect.fail(
          new JobTimeoutError({
            job: job.gid,
            status,
            waited: Duration.millis(waited),
            ...(end < own ? { deadline: true } : {}),
            message: `The job ${job.gid} making ${wait.what} was still ${status.replace("_", " ")} after ${
              secondsOf(waited)
            } s of waiting.`
          })
        )
      }
      const delay = Math.min(pause, left)
      looks += 1
      yield* announce({
        reason: "job",
        delay: Duration.millis(delay),
        attempt: looks,
        detail: `job ${job.gid} (${wait.what}, ${status.replace("_", " ")}, ${secondsOf(now - start)}s of ${
          secondsOf(Duration.toMillis(wait.timeout))
        }s)`
      })
      yield* Effect.sleep(Duration.millis(delay))
      job = yield* wait.look(job.gid)
      pause = Math.min(pause * GROWTH, LONGEST_PAUSE_MS)
    }
  })
