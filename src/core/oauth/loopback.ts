/**
 * The loopback listener of a sign-in (RFC 8252 section 7.3): an HTTP server
 * on 127.0.0.1 that waits for the browser's redirect, checks its state,
 * answers the browser with a short page, and is closed when the scope ends.
 * Requests to other paths (a favicon) get a 404 and change nothing.
 */
import * as Deferred from "effect/Deferred"
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import * as Exit from "effect/Exit"
import type * as Redacted from "effect/Redacted"
import type * as Scope from "effect/Scope"
import { createServer, type Server } from "node:http"
import { invalidInput, type InvalidInputError, type SignInError } from "../errors.js"
import { readRedirect } from "./redirect.js"

export interface LoopbackOptions {
  /** The port on 127.0.0.1; 0 for any free one. */
  readonly port: number
  /** The callback path (default /callback). */
  readonly path?: string | undefined
  /** Host name for the redirect URI: 127.0.0.1 (default), localhost or [::1]; the listener binds the matching address. */
  readonly host?: "127.0.0.1" | "localhost" | "[::1]" | undefined
  readonly expectedState: string
  /** Named on the page the browser shows: "design". */
  readonly appName: string
}

export interface Loopback {
  /** The redirect URI the authorize request must name, with the port actually bound. */
  readonly redirectUri: string
  /** Waits for the redirect: this login's code, or why not. */
  readonly code: Effect.Effect<Redacted.Redacted<string>, SignInError>
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;", "'": "&#39;" })[c] ?? c)

const page = (title: string, text: string) =>
  `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>` +
  `<body style="font-family:sans-serif;max-width:32em;margin:4em auto"><h1>${escapeHtml(title)}</h1><p>${
    escapeHtml(text)
  }</p></body></html>`

/** A redirect URI the loopback listener can serve: http on a loopback host, with a port. */
export const parseLoopbackUri = (
  raw: string
): Either.Either<
  { readonly host: "127.0.0.1" | "localhost" | "[::1]"; readonly port: number; readonly path: string },
  string
> => {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return Either.left(`"${raw}" is not a URL.`)
  }
  const host = url.hostname
  if (url.protocol !== "http:" || (host !== "127.0.0.1" && host !== "localhost" && host !== "[::1]")) {
    return Either.left(
      "The redirect URI must be http:// on 127.0.0.1, localhost or [::1] for the local listener (use manual mode for any other)."
    )
  }
  if (url.search !== "" || url.hash !== "") return Either.left("The redirect URI must not carry a query or a fragment.")
  return Either.right({ host, port: url.port === "" ? 80 : Number(url.port), path: url.pathname })
}

const listen = (server: Server, port: number, address: string) =>
  Effect.async<number, InvalidInputError>((resume) => {
    const onError = (error: NodeJS.ErrnoException) =>
      resume(Effect.fail(invalidInput(
        `Cannot listen on ${address}:${port} for the sign-in redirect (${
          error.code ?? "error"
        }): choose another port, or 0 for any free one.`,
        "port"
      )))
    server.once("error", onError)
    server.listen(port, address, () => {
      server.off("error", onError)
      const bound = server.address()
      resume(Effect.succeed(typeof bound === "object" && bound !== null ? bound.port : port))
    })
  })

/** Starts the listener; it stops when the scope closes. */
export const listenLoopback = (options: LoopbackOptions): Effect.Effect<Loopback, InvalidInputError, Scope.Scope> =>
  Effect.gen(function*() {
    const path = options.path ?? "/callback"
    const host = options.host ?? "127.0.0.1"
    const address = host === "[::1]" ? "::1" : "127.0.0.1"
    const result = yield* Deferred.make<Redacted.Redacted<string>, SignInError>()
    let answered = false
    const server = createServer((request, response) => {
      const url = new URL(request.url ?? "/", "http://127.0.0.1")
      const answer = (status: number, title: string, text: string) => {
        response.writeHead(status, {
          "content-type": "text/html; charset=utf-8",
          "cache-control": "no-store",
          connection: "close"
        })
        response.end(page(title, text))
      }
      if (request.method !== "GET" || url.pathname !== path) {
        return answer(404, "Not found", "This address only receives the sign-in redirect.")
      }
      // Only the first redirect counts; a later one is answered and ignored.
      if (answered) {
        return answer(
          409,
          "Already answered",
          "This sign-in has already received its answer; you can close this window."
        )
      }
      answered = true
      const outcome = readRedirect(url.searchParams, options.expectedState)
      if (Either.isRight(outcome)) {
        answer(200, `Signed in to ${options.appName}`, "You can close this window and return to the terminal.")
      } else {
        answer(400, "Sign-in failed", `${outcome.left.message} Return to the terminal for what to do next.`)
      }
      Deferred.unsafeDone(result, Either.isRight(outcome) ? Exit.succeed(outcome.right) : Exit.fail(outcome.left))
    })
    yield* Effect.acquireRelease(listen(server, options.port, address), () =>
      Effect.sync(() => {
        server.closeAllConnections()
        server.close()
      }))
    const bound = (server.address() as { port: number }).port
    return { redirectUri: `http://${host}:${bound}${path}`, code: Deferred.await(result) }
  })
