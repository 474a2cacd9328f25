/** One line from standard input (a pasted code), for the manual sign-in. */
import * as Effect from "effect/Effect"
import type { Readable } from "node:stream"
import type { SignInError } from "../errors.js"
import { signInError } from "./redirect.js"

/** The first line of `input` (without its end), or the whole text at its end; never echoes it. */
export const readLine = (input: Readable): Effect.Effect<string, SignInError> =>
  Effect.async<string, SignInError>((resume) => {
    let text = ""
    const finish = (effect: Effect.Effect<string, SignInError>) => {
      cleanup()
      resume(effect)
    }
    const onData = (chunk: Buffer | string) => {
      text += typeof chunk === "string" ? chunk : chunk.toString("utf8")
      const newline = text.search(/\r?\n/)
      if (newline >= 0) finish(Effect.succeed(text.slice(0, newline)))
      else if (text.length > 64 * 1024) {
        finish(Effect.fail(signInError("no_code", "The pasted text is too long to be a code.")))
      }
    }
    const onEnd = () =>
      text.trim() === ""
        ? finish(Effect.fail(signInError("no_code", "Standard input ended before a code was pasted.")))
        : finish(Effect.succeed(text))
    const onError = () => finish(Effect.fail(signInError("no_code", "Standard input could not be read.")))
    const cleanup = () => {
      input.off("data", onData)
      input.off("end", onEnd)
      input.off("error", onError)
      input.pause()
    }
    input.on("data", onData)
    input.once("end", onEnd)
    input.once("error", onError)
    input.resume()
    return Effect.sync(cleanup)
  })
