/**
 * Serves a fresh simulator on a loopback port (port 0 = any free port) for
 * end-to-end tests and `design sandbox`; it stops when the Scope closes.
 */
import type { ServeError } from "@effect/platform/HttpServerError"
import * as NodeHttpServer from "@effect/platform-node/NodeHttpServer"
import * as Effect from "effect/Effect"
import type * as Scope from "effect/Scope"
import { createServer } from "node:http"
import { makeDesignSimulator } from "./simulator.js"

export const serveDesignSandbox = (port: number): Effect.Effect<{ base_url: string }, ServeError, Scope.Scope> =>
  Effect.gen(function*() {
    const simulator = yield* makeDesignSimulator
    const server = yield* NodeHttpServer.make(() => createServer(), { port, host: "127.0.0.1" })
    yield* server.serve(simulator.app)
    const address = server.address
    const base_url = address._tag === "TcpAddress" ? `http://127.0.0.1:${address.port}` : `http://localhost`
    return { base_url }
  })
