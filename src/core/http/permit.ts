/**
 * At most so many requests in flight at once, reads (GET) and writes counted
 * apart, whatever the caller asks: a request waits here for a permit of its
 * class, and holds it until its answer's status and headers arrive (a body
 * is read after the permit is given back).
 */
import * as Effect from "effect/Effect"
import { identity } from "effect/Function"
import { aroundSend, type ClientStep } from "./client-step.js"

export interface Concurrency {
  readonly read: number
  readonly write: number
}

/** The step, with its two semaphores; one per pipeline, so every request of a client shares them. */
export const permits = (caps: Concurrency | undefined): Effect.Effect<ClientStep> =>
  caps === undefined ? Effect.succeed(identity) : Effect.map(
    Effect.all([Effect.makeSemaphore(caps.read), Effect.makeSemaphore(caps.write)]),
    ([read, write]): ClientStep => (client) =>
      aroundSend(client, (request, send) => (request.method === "GET" ? read : write).withPermits(1)(send(request)))
  )
