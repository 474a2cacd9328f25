/**
 * What a redirect back from the authorize page means: a code for this login,
 * a refusal (`error`, `error_description`), or a state that is not this
 * login's. Shared by the loopback listener and the pasted (manual) form.
 */
import * as Either from "effect/Either"
import * as Redacted from "effect/Redacted"
import { SignInError } from "../errors.js"
import { stateMatches } from "./pkce.js"

export const signInError = (
  reason: SignInError["reason"],
  message: string,
  more: { readonly status?: number | null; readonly path?: string | null } = {}
) => new SignInError({ reason, message, status: more.status ?? null, path: more.path ?? null })

/** Text from elsewhere (a query, a service) shown to people: one line, printable, bounded. */
export const printable = (text: string, max = 200) => {
  const line = text.replace(/[^\x20-\x7e]+/g, " ").trim()
  return line.length > max ? `${line.slice(0, max)}…` : line
}

/** The parameters of a redirect: a code for this state, or why not. */
export const readRedirect = (
  params: URLSearchParams,
  expectedState: string
): Either.Either<Redacted.Redacted<string>, SignInError> => {
  // A redirect that is not this login's is refused before anything else in it is believed.
  if (!stateMatches(expectedState, params.get("state"))) {
    return Either.left(signInError(
      "state_mismatch",
      params.get("state") === null
        ? "The redirect carried no state, so it cannot be told apart from someone else's login; it was refused."
        : "The redirect's state is not this login's; it was refused (it may come from another login or another site)."
    ))
  }
  const error = params.get("error")
  if (error !== null) {
    const description = params.get("error_description")
    return Either.left(signInError(
      "denied",
      `The sign-in was refused (${printable(error, 60)}${description === null ? "" : `: ${printable(description)}`}).`
    ))
  }
  const code = params.get("code")
  if (code === null || code === "") {
    return Either.left(signInError("no_code", "The redirect carried neither a code nor an error."))
  }
  return Either.right(Redacted.make(code))
}

const CODE = /^[A-Za-z0-9._~+/=-]+$/

/**
 * A pasted answer: the whole redirect address (its state is checked), its
 * query alone, or the bare code (which carries no state to check).
 */
export const readPasted = (
  pasted: string,
  expectedState: string
): Either.Either<Redacted.Redacted<string>, SignInError> => {
  const text = pasted.trim()
  if (text === "") return Either.left(signInError("no_code", "Nothing was pasted."))
  if (/^https?:\/\//i.test(text)) {
    let url: URL
    try {
      url = new URL(text)
    } catch {
      return Either.left(signInError("no_code", "The pasted address is not a valid URL."))
    }
    return readRedirect(url.searchParams, expectedState)
  }
  if (/[?&]?(code|error|state)=/.test(text)) {
    return readRedirect(new URLSearchParams(text.replace(/^\?/, "")), expectedState)
  }
  if (!CODE.test(text)) {
    return Either.left(
      signInError("no_code", "The pasted text is neither a code nor the address the browser was sent to.")
    )
  }
  return Either.right(Redacted.make(text))
}
