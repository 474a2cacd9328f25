/**
 * One authorization-code sign-in with PKCE (S256) and a verified state:
 * build the authorize URL, get the user there (the browser, or the URL
 * printed), wait for the redirect on the loopback listener or for the
 * pasted answer, within a timeout, and hand the code to the service's
 * exchange at once. The service supplies the URL, the exchange and the words.
 */
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import type * as Redacted from "effect/Redacted"
import { invalidInput, type InvalidInputError, type SignInError } from "../errors.js"
import { type Env, openBrowser, type Opened } from "./browser.js"
import { listenLoopback, parseLoopbackUri } from "./loopback.js"
import { makePkce, makeState } from "./pkce.js"
import { readPasted, signInError } from "./redirect.js"
import { readLine } from "./stdin.js"

export interface AuthorizeParams {
  readonly redirectUri: string
  readonly state: string
  readonly codeChallenge: string
  readonly codeChallengeMethod: "S256"
}

/** What the exchange receives: use it at once, codes are short-lived. */
export interface Grant {
  readonly code: Redacted.Redacted<string>
  readonly verifier: Redacted.Redacted<string>
  readonly redirectUri: string
}

export type RedirectMode =
  /** Listen on 127.0.0.1 (`port`, 0 for any) or on the loopback `redirectUri` given. */
  | { readonly _tag: "loopback"; readonly port: number; readonly redirectUri?: string | undefined }
  /** Print the URL and read the pasted code or redirect address; `redirectUri` is sent as is. */
  | { readonly _tag: "manual"; readonly redirectUri: string }

export interface LoginOptions<A, E, R> {
  readonly authorizeUrl: (params: AuthorizeParams) => string
  readonly redirect: RedirectMode
  /** How long the user has to complete the sign-in (until the code arrives). */
  readonly timeout: Duration.DurationInput
  /** Names the program on the browser's page. */
  readonly appName: string
  /** BROWSER is read from here. */
  readonly env: Env
  /** Messages for the person signing in (stderr in a CLI). */
  readonly say: (line: string) => Effect.Effect<void>
  /** What manual mode asks the person to paste (default: the address the browser was sent to, or its code). */
  readonly manualPrompt?: string | undefined
  /** Reads the pasted answer in manual mode (default: a line of the process's stdin; the CLI passes its own). */
  readonly readAnswer?: Effect.Effect<string, SignInError> | undefined
  /** Opens the authorize page (default: openBrowser). */
  readonly open?: ((url: string) => Effect.Effect<Opened>) | undefined
  readonly exchange: (grant: Grant) => Effect.Effect<A, E, R>
}

const timedOut = (timeout: Duration.Duration) =>
  signInError("timeout", `No sign-in was completed within ${Duration.format(timeout)}; the login was abandoned.`)

/** Runs the sign-in; the listener is closed when it ends, whatever the outcome. */
export const runLogin = <A, E, R>(
  options: LoginOptions<A, E, R>
): Effect.Effect<A, E | SignInError | InvalidInputError, R> =>
  Effect.scoped(
    Effect.gen(function*() {
      const timeout = Duration.decode(options.timeout)
      const pkce = yield* makePkce
      const state = yield* makeState
      const authorize = (redirectUri: string) =>
        options.authorizeUrl({ redirectUri, state, codeChallenge: pkce.challenge, codeChallengeMethod: pkce.method })

      let redirectUri: string
      let code: Effect.Effect<Redacted.Redacted<string>, SignInError>
      if (options.redirect._tag === "manual") {
        redirectUri = options.redirect.redirectUri
        const url = authorize(redirectUri)
        yield* options.say(`Open this address in a browser and approve the app:\n\n  ${url}\n`)
        yield* options.say(
          options.manualPrompt ??
            "The browser is then sent to an address that may fail to load; copy that whole address (or its code) and paste it here:"
        )
        code = Effect.flatMap(options.readAnswer ?? readLine(process.stdin), (pasted) =>
          Either.match(readPasted(pasted, state), { onLeft: Effect.fail, onRight: Effect.succeed }))
      } else {
        const given = options.redirect.redirectUri
        const target = given === undefined
          ? { host: "127.0.0.1" as const, port: options.redirect.port, path: "/callback" }
          : yield* Either.match(parseLoopbackUri(given), {
            onLeft: (message) =>
              Effect.fail(invalidInput(message, "redirect_uri")),
            onRight: Effect.succeed
          })
        const listener = yield* listenLoopback({ ...target, expectedState: state, appName: options.appName })
        redirectUri = listener.redirectUri
        code = listener.code
        const url = authorize(redirectUri)
        const opened = yield* (options.open ?? ((u: string) => openBrowser(u, options.env)))(url)
        yield* options.say(
          opened === "none"
            ? `Open this address in a browser to sign in:\n\n  ${url}\n`
            : `Opening the browser to sign in. If it does not open, visit:\n\n  ${url}\n`
        )
        yield* options.say(`Waiting for the browser (up to ${Duration.format(timeout)})…`)
      }
      const received = yield* code.pipe(Effect.timeoutFail({ duration: timeout, onTimeout: () => timedOut(timeout) }))
      // The code expires within seconds: exchange it before anything else.
      return yield* options.exchange({ code: received, verifier: pkce.verifier, redirectUri })
    })
  )
