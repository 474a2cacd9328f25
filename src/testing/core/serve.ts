/**
 * Serves a simulator on a loopback port (port 0 = any free port) for
 * end-to-end tests and the `sandbox` commands; it stops when the Scope closes.
 */
import * as NodeHttpServer from "@effect/platform-node/NodeHttpServer"
import type * as HttpApp from "@effect/platform/HttpApp"
import type { ServeError } from "@effect/platform/HttpServerError"
import * as Effect from "effect/Effect"
import type * as Scope from "effect/Scope"
import { createServer } from "node:http"
import type { Started } from "../../core/sandbox.js"

const LOOPBACK = "127.0.0.1"

export const serveSimulator = (
  simulator: { readonly app: HttpApp.Default<never, never> },
  port: number
): Effect.Effect<{ base_url: string }, ServeError, Scope.Scope> =>
  Effect.gen(function*() {
    // Clients that keep connections alive (fetch keeps them 4 s) must close an idle socket before the
    // server does; otherwise a request sent on it as the server closes it fails with "other side closed".
    const server = yield* NodeHttpServer.make(() => createServer({ keepAliveTimeout: 65_000 }), {
      port,
      host: LOOPBACK
    })
    yield* server.serve(simulator.app)
    const address = server.address
    const base_url = address._tag === "TcpAddress" ? `http://${LOOPBACK}:${address.port}` : `http://localhost`
    return { base_url }
  })

/**
 * Runs a sandbox on its own fiber and resolves once it listens (or fails to):
 * the command line loads the simulator as a separate bundle, so it talks to it
 * in plain values and promises, never in another copy's Effects.
 */
export const startDetached =
  <A>(serve: (port: number) => Effect.Effect<A, ServeError, Scope.Scope>) => (port: number) =>
    new Promise<Started<A>>((resolve) => {
      Effect.runFork(
        Effect.scoped(Effect.gen(function*() {
          resolve({ info: yield* serve(port) })
          return yield* Effect.never
        })).pipe(
          Effect.catchAll((error) =>
            Effect.sync(() => {
              const code = (error.cause as { code?: unknown } | undefined)?.code
              resolve({ error: typeof code === "string" ? code : undefined })
            })
          )
        )
      )
    })
