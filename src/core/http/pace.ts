/**
 * Pacing, both ways: a request waits for its route's budget before it is
 * sent, and a 429 answer teaches the pacer the pace it reveals. The wait is
 * placed inside the permit (permit.ts): a request still waiting for a permit
 * cannot go out after a 429 paused its counting scope.
 */
import * as Effect from "effect/Effect"
import { identity } from "effect/Function"
import { aroundSend, type ClientStep } from "./client-step.js"
import type { Answer, Failure } from "./exchange.js"

/** Waits for `wait` (the route's budget) before each send. */
export const paced = (wait: Effect.Effect<void> | undefined): ClientStep =>
  wait === undefined
    ? identity
    : (client) => aroundSend(client, (request, send) => Effect.zipRight(wait, send(request)))

/** Hands each 429 answer of an attempt to `learn`, before the retry schedule reads it. */
export const learningFromRateLimits =
  (learn: ((answer: Answer) => Effect.Effect<void>) | undefined) =>
  <A, R>(attempt: Effect.Effect<A, Failure, R>): Effect.Effect<A, Failure, R> =>
    learn === undefined ? attempt : Effect.tapError(
      attempt,
      (failure) => (failure._tag === "answer" && failure.answer.status === 429 ? learn(failure.answer) : Effect.void)
    )
