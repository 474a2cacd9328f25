/**
 * The refresh step's contract, on its own: a round runs with the credential
 * in use; after an auth failure the refresh is told the rejected token, at
 * most once for the request; true runs the round once more with the
 * credential in use by then, false leaves the auth failure, a failing refresh
 * fails the request with its own error, and any other failure is left alone.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect, Redacted, Ref } from "effect"
import { AuthError, InvalidRequestError, type RequestError, ServiceError } from "../../../src/core/errors.js"
import type { Credential } from "../../../src/core/http/credential.js"
import { refreshingOnAuthFailure } from "../../../src/core/http/refresh.js"

const rejected = new AuthError({ reason: "rejected", status: 401, message: "rejected" })

/** Rounds that fail with `failures` in turn, then answer with the token they were given. */
const scenario = (failures: ReadonlyArray<AuthError | InvalidRequestError>) =>
  Effect.gen(function*() {
    const token = yield* Ref.make("old")
    const rounds = yield* Ref.make(0)
    const told: Array<string> = []
    const credential = Effect.map(
      Ref.get(token),
      (t): Credential => ({ token: Redacted.make(t), headers: { authorization: `Bearer ${t}` } })
    )
    const round = (c: Credential) =>
      Effect.flatMap(
        Ref.getAndUpdate(rounds, (n) => n + 1),
        (n) => (n < failures.length ? Effect.fail(failures[n]!) : Effect.succeed(c.headers.authorization))
      )
    /** A refresh that renews the token to "new", then ends with `outcome`. */
    const refresh = (outcome: Effect.Effect<boolean, RequestError>) => (stale: Redacted.Redacted<string>) =>
      Effect.zipRight(
        Effect.sync(() => void told.push(Redacted.value(stale))),
        Effect.zipRight(Ref.set(token, "new"), outcome)
      )
    return { credential, round, refresh, told, rounds: Ref.get(rounds) }
  })

describe("the refresh step", () => {
  it.effect("refreshes after an auth failure, telling the rejected token, and resends once with the new one", () =>
    Effect.gen(function*() {
      const s = yield* scenario([rejected])
      const answer = yield* refreshingOnAuthFailure(s.refresh(Effect.succeed(true)))(s.credential, s.round)
      expect(answer).toBe("Bearer new")
      expect(s.told).toEqual(["old"])
      expect(yield* s.rounds).toBe(2)
    }))

  it.effect("refreshes at most once a request: a resend rejected again is the auth failure", () =>
    Effect.gen(function*() {
      const s = yield* scenario([rejected, rejected])
      const error = yield* Effect.flip(refreshingOnAuthFailure(s.refresh(Effect.succeed(true)))(s.credential, s.round))
      expect(error).toBe(rejected)
      expect(s.told).toEqual(["old"])
      expect(yield* s.rounds).toBe(2)
    }))

  it.effect("leaves the auth failure when the credential cannot be refreshed", () =>
    Effect.gen(function*() {
      const s = yield* scenario([rejected])
      const error = yield* Effect.flip(refreshingOnAuthFailure(s.refresh(Effect.succeed(false)))(s.credential, s.round))
      expect(error).toBe(rejected)
      expect(yield* s.rounds).toBe(1)
    }))

  it.effect("fails with the refresh's own error when the refresh fails", () =>
    Effect.gen(function*() {
      const s = yield* scenario([rejected])
      const down = new ServiceError({ status: 503, attempts: 1, message: "token endpoint down" })
      const error = yield* Effect.flip(refreshingOnAuthFailure(s.refresh(Effect.fail(down)))(s.credential, s.round))
      expect(error).toBe(down)
      expect(yield* s.rounds).toBe(1)
    }))

  it.effect("leaves any other failure alone, and does nothing without a refresh", () =>
    Effect.gen(function*() {
      const refused = new InvalidRequestError({ status: 400, message: "bad" })
      const other = yield* scenario([refused])
      expect(
        yield* Effect.flip(refreshingOnAuthFailure(other.refresh(Effect.succeed(true)))(other.credential, other.round))
      )
        .toBe(refused)
      expect(other.told).toEqual([])
      const none = yield* scenario([rejected])
      expect(yield* Effect.flip(refreshingOnAuthFailure(undefined)(none.credential, none.round))).toBe(rejected)
      expect(yield* none.rounds).toBe(1)
    }))
})
