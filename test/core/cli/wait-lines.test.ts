/**
 * The waits a command makes, said on a terminal's stderr in one voice: a
 * 429's Retry-After, a retry, and pacing, naming the shared store when the
 * wait was asked by one. Nothing is said when stderr is not a terminal.
 */
import { describe, expect, it } from "@effect/vitest"
import { Duration, Effect } from "effect"
import { cliObserver } from "../../../src/core/cli/runtime.js"
import type { WaitEvent } from "../../../src/core/http/observe.js"
import { memoryIO } from "../../e2e/in-process.js"

const said = (event: WaitEvent, terminal: boolean) =>
  Effect.gen(function*() {
    const io = memoryIO({}, terminal ? { tty: { columns: 80 } } : {})
    yield* cliObserver(io.io, false).onWait(event)
    return io.stderr()
  })

describe("wait lines on stderr", () => {
  it.effect("a pacing wait names the shared store that asked it, as a 429's wait names Retry-After", () =>
    Effect.gen(function*() {
      const delay = Duration.seconds(12)
      expect(yield* said({ reason: "pacing", delay, attempt: 1, detail: "redis://10.0.0.5:6379/0" }, true)).toBe(
        "Pacing to stay within the rate limit shared through redis://10.0.0.5:6379/0: waiting 12s…\n"
      )
      expect(yield* said({ reason: "pacing", delay, attempt: 1 }, true)).toBe(
        "Pacing to stay within the rate limit: waiting 12s…\n"
      )
      expect(yield* said({ reason: "rate-limited", delay, attempt: 2 }, true)).toBe(
        "Rate limited (429): waiting 12s as Retry-After asks, then attempt 2…\n"
      )
      expect(yield* said({ reason: "pacing", delay, attempt: 1, detail: "redis://10.0.0.5:6379/0" }, false)).toBe("")
    }))
})
