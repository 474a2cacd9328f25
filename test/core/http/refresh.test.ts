/**
 * The refresh step's contract, on its own: after an auth failure the refresh
 * runs at most once for the request; true resends once, false leaves the auth
 * failure, a failing refresh fails the request with its own error, and any
 * other failure is left alone.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect, Ref } from "effect"
import { AuthError, InvalidRequestError, ServiceError } from "../../../src/core/errors.js"
import { refreshingOnAuthFailure } from "../../../src/core/http/refresh.js"

const rejected = new AuthError({ reason: "rejected", status: 401, message: "rejected" })

/** A round that fails with `failures` in turn, then succeeds; with counters of rounds and refreshes. */
const scenario = (failures: ReadonlyArray<AuthError | InvalidRequestError>) =>
  Effect.gen(function*() {
    const rounds = yield* Ref.make(0)
    const refreshes = yield* Ref.make(0)
    const round = Effect.flatMap(
      Ref.getAndUpdate(rounds, (n) => n + 1),
      (n) => (n < failures.length ? Effect.fail(failures[n]!) : Effect.succeed("answer"))
    )
    const refresh = <E>(outcome: Effect.Effect<boolean, E>) =>
      Effect.zipRight(Ref.update(refreshes, (n) => n + 1), outcome)
    const counts = Effect.all({ rounds: Ref.get(rounds), refreshes: Ref.get(refreshes) })
    return { round, refresh, counts }
  })

describe("the refresh step", () => {
  it.effect("refreshes after an auth failure and resends once", () =>
    Effect.gen(function*() {
      const { counts, refresh, round } = yield* scenario([rejected])
      expect(yield* refreshingOnAuthFailure(refresh(Effect.succeed(true)))(round)).toBe("answer")
      expect(yield* counts).toEqual({ rounds: 2, refreshes: 1 })
    }))

  it.effect("refreshes at most once a request: a resend rejected again is the auth failure", () =>
    Effect.gen(function*() {
      const { counts, refresh, round } = yield* scenario([rejected, rejected])
      const error = yield* Effect.flip(refreshingOnAuthFailure(refresh(Effect.succeed(true)))(round))
      expect(error).toBe(rejected)
      expect(yield* counts).toEqual({ rounds: 2, refreshes: 1 })
    }))

  it.effect("leaves the auth failure when the credential cannot be refreshed", () =>
    Effect.gen(function*() {
      const { counts, refresh, round } = yield* scenario([rejected])
      expect(yield* Effect.flip(refreshingOnAuthFailure(refresh(Effect.succeed(false)))(round))).toBe(rejected)
      expect(yield* counts).toEqual({ rounds: 1, refreshes: 1 })
    }))

  it.effect("fails with the refresh's own error when the refresh fails", () =>
    Effect.gen(function*() {
      const { counts, refresh, round } = yield* scenario([rejected])
      const down = new ServiceError({ status: 503, attempts: 1, message: "token endpoint down" })
      expect(yield* Effect.flip(refreshingOnAuthFailure(refresh(Effect.fail(down)))(round))).toBe(down)
      expect(yield* counts).toEqual({ rounds: 1, refreshes: 1 })
    }))

  it.effect("leaves any other failure alone, and does nothing without a refresh", () =>
    Effect.gen(function*() {
      const refused = new InvalidRequestError({ status: 400, message: "bad" })
      const other = yield* scenario([refused])
      expect(yield* Effect.flip(refreshingOnAuthFailure(other.refresh(Effect.succeed(true)))(other.round))).toBe(
        refused
      )
      expect(yield* other.counts).toEqual({ rounds: 1, refreshes: 0 })
      const none = yield* scenario([rejected])
      expect(yield* Effect.flip(refreshingOnAuthFailure(undefined)(none.round))).toBe(rejected)
      expect(yield* none.counts).toEqual({ rounds: 1, refreshes: 0 })
    }))
})
