/**
 * `--follow` (view.ts FollowView): each item printed as it comes, one a line
 * (JSON with --json; TOON documents separated by a `---` line with --toon),
 * until the user interrupts (Ctrl-C or SIGTERM), which ends the command with
 * exit 0 and says where to resume (`Next: --sync TOKEN` on stderr; a last
 * `{"sync": TOKEN}` line with --json or document with --toon). A reader that
 * goes away (`| head -n 1`) ends it quietly, exit 0.
 *
 * Once the feed has answered, an outage or a rate limit does not end it: it
 * reads again after a backoff (1 s doubling to a minute), said on stderr, and
 * goes on where it stopped (the feed's stream keeps its position). A refusal
 * (a token rejected, a resource gone) ends it with its exit code, after the
 * position to resume from.
 */
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Schedule from "effect/Schedule"
import * as Stream from "effect/Stream"
import type { WrapperError } from "../errors.js"
import type { AnyOperation } from "../operation.js"
import { machineText, type OutputFormat, visible } from "../output.js"
import type { AnyView, FollowBatch, FollowView } from "../view.js"
import { flagOf } from "./derive.js"
import { type CliIOShape, sayOn, stdoutClosed } from "./io.js"

export const FOLLOW_RETRY_FIRST = Duration.seconds(1)
export const FOLLOW_RETRY_CAP = Duration.minutes(1)
/** A rate limit asking for longer than this is a quota, not a pause: it ends the follow. */
const LONGEST_RETRY_AFTER = Duration.hours(1)

/** A failure a follower rides out: the service or the network failing, or its rate limit; not a refusal. */
export const passing = (error: WrapperError): boolean =>
  error._tag === "ServiceError" ||
  (error._tag === "RateLimitError" &&
    (error.retryAfter === null || Duration.lessThanOrEqualTo(error.retryAfter, LONGEST_RETRY_AFTER)))

/**
 * When to read again after a failure: once the feed has answered (a follow
 * that never reached it fails as any command would), for passing failures,
 * 1 s doubling to a minute with jitter, or the rate limit's Retry-After if longer.
 */
export const followRetry = (answered: () => boolean, say: (line: string) => Effect.Effect<void>) => {
  let last: WrapperError | undefined
  return Schedule.exponential(FOLLOW_RETRY_FIRST).pipe(
    Schedule.jittered,
    Schedule.modifyDelay((_, delay) => {
      const capped = Duration.min(delay, FOLLOW_RETRY_CAP)
      const asked = last?._tag === "RateLimitError" ? last.retryAfter : null
      return asked !== null && Duration.greaterThan(asked, capped) ? asked : capped
    }),
    Schedule.whileInput((error: WrapperError) => answered() && passing(error)),
    Schedule.delays,
    Schedule.tapOutput((delay) =>
      say(
        `Reading the feed failed (${last?.message ?? "error"}); trying again in ${
          Math.ceil(Duration.toSeconds(delay))
        }s…`
      )
    ),
    Schedule.tapInput((error: WrapperError) => Effect.sync(() => void (last = error)))
  )
}

/** Resolves when the user interrupts (Ctrl-C, SIGTERM); never, where nothing can interrupt. */
const interrupted = (io: CliIOShape): Effect.Effect<void> =>
  io.onInterrupt === undefined ? Effect.never : Effect.async<void>((resume) => {
    const stop = io.onInterrupt!(() => resume(Effect.void))
    return Effect.sync(stop)
  })

/** Runs a view's follow until interrupted; fails with the feed's failure when it cannot go on. */
export const followItems = <C>(
  io: CliIOShape,
  v: AnyView,
  client: C,
  input: Readonly<Record<string, unknown>>,
  interval: number,
  format: OutputFormat
): Effect.Effect<void, WrapperError> =>
  Effect.suspend(() => {
    const follow = v.follow as FollowView<AnyOperation<C>>
    const say = sayOn(io)
    const flag = flagOf(v, follow.position)
    const given = input[follow.position]
    let position = typeof given === "string" ? given : undefined
    let answered = false
    let failing = false
    let documents = 0

    const document = (item: unknown): string => {
      if (format === "text") return `${visible(follow.line(item))}\n`
      if (format === "json") return `${machineText(item, "json")}\n`
      return `${documents++ > 0 ? "---\n" : ""}${machineText(item, "toon")}\n`
    }
    // One read's items and its position together: an interrupt never falls between them.
    const print = (batch: FollowBatch<unknown>) =>
      Effect.suspend(() => {
        const text = batch.items.map(document).join("")
        if (text !== "") io.stdout.write(text)
        position = batch.position
        answered = true
        if (!failing) return Effect.void
        failing = false
        return say("The feed answers again; following on.")
      })
    const feed = follow.run(client as never, input as never, {
      interval: Duration.seconds(interval),
      onReset: (fresh) =>
        say(`The feed's position expired; following on from a fresh one (${fresh}): changes in between were not shown.`)
    })
    const resumed = Stream.retry(
      feed,
      followRetry(() => answered, (line) => Effect.zipRight(Effect.sync(() => void (failing = true)), say(line)))
    )
    const followed = Effect.tapError(
      Stream.runForEach(resumed, print),
      () => (position === undefined ? Effect.void : say(`To resume, run the same command with: ${flag} ${position}`))
    )
    const stopped = Effect.raceFirst(
      Effect.as(interrupted(io), "interrupted" as const),
      Effect.as(stdoutClosed(io), "closed" as const)
    )
    return Effect.flatMap(Effect.raceFirst(Effect.as(followed, "ended" as const), stopped), (how) => {
      if (how === "closed" || position === undefined) return Effect.void
      if (format === "text") return say(`Next: ${flag} ${position}`)
      return Effect.sync(() => void io.stdout.write(document({ [follow.position]: position })))
    })
  })
