/**
 * Task-manager OAuth on the shared machinery (core/oauth): the authorize
 * page, token and revoke endpoints on {app_url} (taskmgr-wire "OAuth"),
 * with the client credentials in the form (core/oauth/sign-in.ts stores
 * the credential and resolves the app registration).
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { SignInError } from "../core/errors.js"
import type { AuthorizeParams } from "../core/oauth/login.js"
import { signInError } from "../core/oauth/redirect.js"
import { isoAfter, type SignedInAccount, type SignInService, type StoredCredential } from "../core/oauth/sign-in.js"
import { postTokenForm, tokenFields } from "../core/oauth/token-endpoint.js"
import { DEFAULT_APP_URL } from "./options.js"

/** The paste-the-code redirect for machines without a browser. */
export const OOB_REDIRECT = "urn:ietf:wg:oauth:2.0:oob"

const TaskmgrTokenAnswer = Schema.Struct({
  ...tokenFields,
  data: Schema.optional(Schema.Struct({
    gid: Schema.String,
    name: Schema.optional(Schema.String),
    email: Schema.optional(Schema.String)
  }))
})

// ---- the endpoints ------------------------------------------------------------

const trimmed = (url: string) => url.replace(/\/+$/, "")

/** GET {app_url}/-/oauth_authorize; scopes space-separated, none for full access. */
export const taskmgrAuthorizeUrl =
  (appUrl: string, clientId: string, scopes: ReadonlyArray<string>) => (p: AuthorizeParams) => {
    const url = new URL(`${trimmed(appUrl)}/-/oauth_authorize`)
    url.searchParams.set("client_id", clientId)
    url.searchParams.set("redirect_uri", p.redirectUri)
    url.searchParams.set("response_type", "code")
    url.searchParams.set("state", p.state)
    url.searchParams.set("code_challenge", p.codeChallenge)
    url.searchParams.set("code_challenge_method", p.codeChallengeMethod)
    if (scopes.length > 0) url.searchParams.set("scope", scopes.join(" "))
    return url.href
  }

/** What the service's invalid_client means here: the two kinds of app registration. */
export const APP_KIND_HINT =
  "The service has two kinds of app registration: an API app, whose tokens work on the REST API, " +
  "and an app made for the service's hosted tool server, whose tokens do not; sign-in needs the client id and secret of an API app."

/** Adds the app-kind hint to the service's own invalid_client message. */
export const withAppKindHint = <A, E, R>(effect: Effect.Effect<A, E, R>): Effect.Effect<A, E, R> =>
  Effect.mapError(
    effect,
    (e) =>
      e instanceof SignInError && e.reason === "client_rejected" && /invalid_client/.test(e.message)
        ? (new SignInError({ ...e, message: `${e.message} ${APP_KIND_HINT}` }) as E)
        : e
  )

const accountOf = (data: typeof TaskmgrTokenAnswer.Type["data"]): SignedInAccount | null =>
  data === undefined
    ? null
    : {
      gid: data.gid,
      ...(data.name === undefined ? {} : { name: data.name }),
      ...(data.email === undefined ? {} : { email: data.email })
    }

/** The code exchange (POST {app_url}/-/oauth_token): a new credential. */
const exchange: SignInService["exchange"] = ({ client, grant, hosts, scopes }) =>
  Effect.gen(function*() {
    const answer = yield* withAppKindHint(postTokenForm(TaskmgrTokenAnswer, {
      url: `${trimmed(hosts.appUrl)}/-/oauth_token`,
      client,
      clientAuth: "form",
      subject: "The code exchange",
      form: {
        grant_type: "authorization_code",
        redirect_uri: grant.redirectUri,
        code: grant.code,
        code_verifier: grant.verifier
      }
    }))
    const now = yield* Clock.currentTimeMillis
    return {
      version: 1 as const,
      app_url: trimmed(hosts.appUrl),
      base_url: trimmed(hosts.baseUrl),
      client_id: client.id,
      client_secret: client.secret,
      access_token: answer.access_token,
      refresh_token: answer.refresh_token ?? null,
      expires_at: isoAfter(now, answer.expires_in),
      scopes: scopes.length === 0 ? null : scopes,
      account: accountOf(answer.data),
      obtained_at: new Date(now).toISOString()
    }
  })

/** The app host a credential's grant lives on (every task-manager credential records it). */
const grantHost = (credential: StoredCredential) => credential.app_url ?? DEFAULT_APP_URL

/** A refresh: the credential with a new access token; the long-lived refresh token is kept. */
const refresh: SignInService["refresh"] = (credential, client, limits) =>
  Effect.gen(function*() {
    if (credential.refresh_token === null) {
      return yield* Effect.fail(
        signInError("not_signed_in", "The stored sign-in has no refresh token, so it cannot be renewed.")
      )
    }
    const answer = yield* withAppKindHint(postTokenForm(TaskmgrTokenAnswer, {
      url: `${grantHost(credential)}/-/oauth_token`,
      client,
      clientAuth: "form",
      subject: "The token refresh",
      refusal: "refresh_refused",
      // A refresh token is reused: a repeat only issues another access token.
      repeatable: true,
      ...limits,
      form: { grant_type: "refresh_token", refresh_token: credential.refresh_token }
    }))
    const now = yield* Clock.currentTimeMillis
    return {
      ...credential,
      access_token: answer.access_token,
      refresh_token: answer.refresh_token ?? credential.refresh_token,
      expires_at: isoAfter(now, answer.expires_in),
      account: accountOf(answer.data) ?? credential.account ?? null,
      obtained_at: new Date(now).toISOString()
    }
  })

/** Revokes the grant (POST {app_url}/-/oauth_revoke with the refresh token; access tokens are not revocable). */
const revoke: NonNullable<SignInService["revoke"]> = (credential, client, limits) =>
  credential.refresh_token === null
    ? Effect.succeed(false)
    : withAppKindHint(postTokenForm(Schema.Unknown, {
      url: `${grantHost(credential)}/-/oauth_revoke`,
      client,
      clientAuth: "form",
      subject: "The revocation",
      refusal: "revoke_refused",
      repeatable: true,
      ...limits,
      form: { token: credential.refresh_token }
    })).pipe(Effect.as(true))

/**
 * Task-manager OAuth: the authorize page, token and revoke endpoints on
 * {app_url} (taskmgr-wire "OAuth"), with the client credentials in the form;
 * the app registration from flags, TASKMGR_API_CLIENT_* or TASKMGR_CLIENT_*,
 * and {config_dir}/settings.json.
 */
export const taskmgrSignIn: SignInService = {
  name: "taskmgr",
  prefix: "TASKMGR",
  clientIdVariables: ["TASKMGR_API_CLIENT_ID", "TASKMGR_CLIENT_ID"],
  clientSecretVariables: ["TASKMGR_API_CLIENT_SECRET", "TASKMGR_CLIENT_SECRET"],
  scopes: { defaults: [] },
  authorizeUrl: (hosts, clientId, scopes) => taskmgrAuthorizeUrl(hosts.appUrl, clientId, scopes),
  manualRedirect: "oob",
  exchange,
  refresh,
  revoke,
  clientRejectedHint: APP_KIND_HINT
}
