/**
 * Auth: the credential for the design service and everything derived from it:
 * the header each mode sends, the rate-limit counting scope, and the check that
 * an operation accepts the configured mode before anything is sent.
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Redacted from "effect/Redacted"
import { createHash } from "node:crypto"
import { AuthError, usage, type UsageError } from "../core/errors.js"
import { type AuthMode, DesignConfig } from "./settings.js"

export interface AuthService {
  readonly mode: AuthMode
  /** The header that carries the credential, or AuthError when there is none. */
  readonly headers: Effect.Effect<Readonly<Record<string, string>>, AuthError>
  /**
   * The budget a request is counted against (spec section 8): per user and plan
   * for personal tokens, per token and plan for plan tokens, per user, plan and
   * app for OAuth. The token's fingerprint stands for the user or token.
   */
  readonly scope: string
  /** Fails with UsageError when an operation cannot be called in this mode. */
  readonly requireMode: (allowed: ReadonlyArray<AuthMode>, what: string) => Effect.Effect<void, UsageError>
}

const fingerprint = (token: Redacted.Redacted<string>) =>
  createHash("sha256").update(Redacted.value(token)).digest("hex").slice(0, 12)

const MODE_NAMES: Record<AuthMode, string> = {
  personal: "a personal access token",
  plan: "a plan access token",
  oauth: "an OAuth token"
}

export const missingToken = new AuthError({
  message: "No design-service token is configured.",
  remedy: "Set DESIGN_ACCESS_TOKEN or pass --token (for `design sandbox`, use a token it prints)."
})

export class Auth extends Context.Tag("design/Auth")<Auth, AuthService>() {
  static readonly layer = Layer.effect(
    Auth,
    Effect.gen(function*() {
      const settings = yield* DesignConfig
      const mode = settings.authMode
      const headers = Option.match(settings.token, {
        onNone: () => Effect.fail(missingToken),
        onSome: (token) =>
          Effect.succeed(
            mode === "oauth"
              ? { authorization: `Bearer ${Redacted.value(token)}` }
              : { "x-design-token": Redacted.value(token) }
          )
      })
      const who = Option.match(settings.token, { onNone: () => "anonymous", onSome: fingerprint })
      const plan = Option.getOrElse(settings.plan, () => "unknown-plan")
      const scope = mode === "plan" ? `token:${who}:${plan}` : mode === "oauth" ? `user:${who}:${plan}:app` : `user:${who}:${plan}`
      return Auth.of({
        mode,
        headers,
        scope,
        requireMode: (allowed, what) =>
          allowed.includes(mode)
            ? Effect.void
            : Effect.fail(
              usage(
                `${what} cannot be called with ${MODE_NAMES[mode]}.`,
                `Use ${allowed.map((m) => MODE_NAMES[m]).join(" or ")} (--auth-mode ${allowed.join("|")}).`
              )
            )
      })
    })
  )
}
