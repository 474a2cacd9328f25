/**
 * Node's HTTP client as a layer, in a module of its own so that the command
 * line can load it when a command runs (help, completion and usage errors
 * need none of it) while the bundler still keeps only the parts used: a
 * dynamic import of the platform modules themselves would keep them whole.
 *
 * The HTTP client itself (node-http.ts) is loaded by the first request: a
 * command that sends nothing (a scan for TODOs, a URL parsed, input refused)
 * never loads node:http, https, net or tls.
 */
import * as HttpClient from "@effect/platform/HttpClient"
import type { HttpClientError } from "@effect/platform/HttpClientError"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"

export const nodePlatform = Layer.scoped(
  HttpClient.HttpClient,
  Effect.gen(function*() {
    const scope = yield* Effect.scope
    // Built once, in the platform's scope, by whichever request comes first.
    const node = yield* Effect.cached(
      Effect.promise(() => import("./node-http.js")).pipe(
        Effect.flatMap((m) => Layer.buildWithScope(m.nodeHttpClient, scope)),
        Effect.map((context) => Context.get(context, HttpClient.HttpClient))
      )
    )
    return HttpClient.makeWith<never, never, HttpClientError, never>(
      (request) => Effect.flatMap(Effect.zip(request, node), ([r, client]) => client.execute(r)),
      Effect.succeed
    )
  })
)
