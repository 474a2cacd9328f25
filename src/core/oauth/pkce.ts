/**
 * PKCE (RFC 7636, S256 only) and the `state` of one sign-in. The verifier is
 * Redacted from birth: it goes to the token endpoint and nowhere else. The
 * state is compared in constant time.
 */
import * as Effect from "effect/Effect"
import * as Redacted from "effect/Redacted"
import { createHash, randomBytes, timingSafeEqual } from "node:crypto"

export interface Pkce {
  readonly verifier: Redacted.Redacted<string>
  /** base64url(SHA-256(verifier)), unpadded: what the authorize URL carries. */
  readonly challenge: string
  readonly method: "S256"
}

/** The S256 challenge of a verifier. */
export const s256Challenge = (verifier: string): string =>
  createHash("sha256").update(verifier, "ascii").digest("base64url")

/** 32 random bytes as base64url: a 43-character verifier of the unreserved alphabet RFC 7636 allows. */
export const makePkce: Effect.Effect<Pkce> = Effect.sync(() => {
  const verifier = randomBytes(32).toString("base64url")
  return { verifier: Redacted.make(verifier), challenge: s256Challenge(verifier), method: "S256" }
})

/** A fresh `state`: 24 random bytes, base64url. */
export const makeState: Effect.Effect<string> = Effect.sync(() => randomBytes(24).toString("base64url"))

/** Whether the state a redirect carried is this login's; absent or different is a mismatch. */
export const stateMatches = (expected: string, received: string | null | undefined): boolean => {
  if (received === null || received === undefined || expected === "") return false
  const a = Buffer.from(expected, "utf8")
  const b = Buffer.from(received, "utf8")
  return a.length === b.length && timingSafeEqual(a, b)
}
