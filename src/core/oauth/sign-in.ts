/**
 * A stored sign-in, for any service: the one credential Schema both programs
 * store, the app registration a sign-in uses (flags, variables, then
 * {config_dir}/settings.json), the service's OAuth endpoints as a descriptor,
 * and the client's `refresh` for a stored grant.
 */
import type * as HttpClient from "@effect/platform/HttpClient"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Redacted from "effect/Redacted"
import * as Schema from "effect/Schema"
import { join } from "node:path"
import type { RequestError, SignInError } from "../errors.js"
import { TokenText } from "../settings.js"
import type { Env } from "./browser.js"
import type { AuthorizeParams, Grant } from "./login.js"
import { signInError } from "./redirect.js"
import { refreshStored } from "./refresh.js"
import { readSettingsFile } from "./settings-file.js"
import { configDir, type CredentialStore, fileCredentialStore } from "./store.js"
import type { ClientCredentials, TokenEndpointError, TokenLimits } from "./token-endpoint.js"

/** The account a sign-in was made with, when the service says. */
export const SignedInAccount = Schema.Struct({
  gid: Schema.String,
  name: Schema.optional(Schema.String),
  email: Schema.optional(Schema.String)
})
export type SignedInAccount = typeof SignedInAccount.Type

/** The credential `auth login` stores, for either service. Version 1. */
export const StoredCredential = Schema.Struct({
  version: Schema.Literal(1),
  /** The API it was issued for; it is never sent anywhere else. */
  base_url: Schema.String,
  /** The app host it was issued on, for a service whose OAuth pages are there. */
  app_url: Schema.optional(Schema.String),
  client_id: Schema.String,
  /** Kept (in the 0600 file) because every refresh authenticates the app with it. */
  client_secret: Schema.Redacted(Schema.String),
  access_token: Schema.Redacted(TokenText),
  refresh_token: Schema.NullOr(Schema.Redacted(Schema.String)),
  /** ISO time, from expires_in; null when the service gave none. */
  expires_at: Schema.NullOr(Schema.String),
  /** The scopes granted; null is full access. */
  scopes: Schema.NullOr(Schema.Array(Schema.String)),
  /** Who signed in: a user id (design), or the account (task manager). */
  user_id: Schema.optional(Schema.NullOr(Schema.String)),
  account: Schema.optional(Schema.NullOr(SignedInAccount)),
  obtained_at: Schema.String
})
export type StoredCredential = typeof StoredCredential.Type

/** The API and app hosts a sign-in is for. */
export interface SignInHosts {
  readonly baseUrl: string
  readonly appUrl: string
}

/** A service's OAuth, as the sign-in commands and the stored refresh need it. */
export interface SignInService {
  /** The program: its config directory's name ("design"). */
  readonly name: string
  /** Its variables' prefix ("DESIGN": DESIGN_CONFIG_DIR, DESIGN_LOGIN_TIMEOUT). */
  readonly prefix: string
  /** Where the client id and secret come from besides flags and settings.json, in order. */
  readonly clientIdVariables: ReadonlyArray<string>
  readonly clientSecretVariables: ReadonlyArray<string>
  readonly scopes: {
    /** The scopes the service knows; any other is refused before the browser opens. None: any name. */
    readonly known?: ReadonlyArray<string> | undefined
    /** Asked for without --scope (empty: full access). */
    readonly defaults: ReadonlyArray<string>
    /** A retired scope and what to ask for instead. */
    readonly retired?: Readonly<Record<string, string>> | undefined
  }
  /** The authorize page for these hosts, client and scopes. */
  readonly authorizeUrl: (
    hosts: SignInHosts & { readonly authUrl?: string | undefined },
    clientId: string,
    scopes: ReadonlyArray<string>
  ) => (params: AuthorizeParams) => string
  /** The redirect a manual sign-in uses without --redirect-uri: the out-of-band form, or an unheard loopback port. */
  readonly manualRedirect: "oob" | "loopback"
  readonly exchange: (options: {
    readonly hosts: SignInHosts
    readonly client: ClientCredentials
    readonly grant: Grant
    readonly scopes: ReadonlyArray<string>
  }) => Effect.Effect<StoredCredential, TokenEndpointError, HttpClient.HttpClient>
  /** A new access token for the credential; the refresh token is kept unless a new one comes. */
  readonly refresh: (
    credential: StoredCredential,
    client: ClientCredentials,
    limits: TokenLimits
  ) => Effect.Effect<StoredCredential, TokenEndpointError, HttpClient.HttpClient>
  /** Revokes the grant at the service; absent where the service has no revocation. */
  readonly revoke?:
    | ((
      credential: StoredCredential,
      client: ClientCredentials,
      limits: TokenLimits
    ) => Effect.Effect<boolean, TokenEndpointError, HttpClient.HttpClient>)
    | undefined
  /** Said about a sign-in refused as an unknown client (the task manager's two kinds of app). */
  readonly clientRejectedHint?: string | undefined
}

/** {config_dir}: $<PREFIX>_CONFIG_DIR, else $XDG_CONFIG_HOME/<name>, else ~/.config/<name>. */
export const signInConfigDir = (service: SignInService, env: Env): string =>
  configDir(env, `${service.prefix}_CONFIG_DIR`, service.name)

export const credentialStore = (service: SignInService, env: Env): CredentialStore<StoredCredential> =>
  fileCredentialStore(StoredCredential, join(signInConfigDir(service, env), "credentials.json"))

// ---- the app registration -------------------------------------------------------------

/** One value resolved from ordered sources: the winner and the ones it shadows. */
export interface Resolved<A> {
  readonly value: Option.Option<A>
  readonly source: Option.Option<string>
  readonly shadowed: ReadonlyArray<string>
}

export interface AppRegistration {
  readonly clientId: Resolved<string>
  readonly clientSecret: Resolved<Redacted.Redacted<string>>
  readonly settingsPath: string
}

/** First found wins; the others that were set are shadowed. */
export const firstOf = <A>(candidates: ReadonlyArray<readonly [string, A | undefined]>): Resolved<A> => {
  const present = candidates.filter((c): c is readonly [string, A] => c[1] !== undefined)
  const [winner, ...rest] = present
  return {
    value: Option.map(Option.fromNullable(winner), (w) => w[1]),
    source: Option.map(Option.fromNullable(winner), (w) => w[0]),
    shadowed: rest.map((r) => r[0])
  }
}

const nonBlank = (value: string | undefined): string | undefined =>
  value === undefined || value.trim() === "" ? undefined : value

/**
 * The client id and secret a sign-in would use, each resolved on its own:
 * --client-id/--client-secret, the service's variables, then client_id and
 * client_secret in {config_dir}/settings.json. A settings file that cannot
 * be used is an error only when something is taken from it.
 */
export const resolveAppRegistration = (
  service: SignInService,
  flags: { readonly clientId?: string | undefined; readonly clientSecret?: string | undefined },
  env: Env
): Effect.Effect<AppRegistration, SignInError> =>
  Effect.gen(function*() {
    const settingsPath = join(signInConfigDir(service, env), "settings.json")
    const settings = yield* Effect.either(readSettingsFile(settingsPath, ["client_secret"]))
    const file = settings._tag === "Right" ? settings.right : undefined
    const secret = (v: string | undefined) => (v === undefined ? undefined : Redacted.make(v))
    const clientId = firstOf<string>([
      ["--client-id", nonBlank(flags.clientId)],
      ...service.clientIdVariables.map((name) => [name, nonBlank(env[name])] as const),
      ["settings.json", file?.values.client_id]
    ])
    const clientSecret = firstOf<Redacted.Redacted<string>>([
      ["--client-secret", secret(nonBlank(flags.clientSecret))],
      ...service.clientSecretVariables.map((name) => [name, secret(nonBlank(env[name]))] as const),
      ["settings.json", file?.secrets.client_secret]
    ])
    if (settings._tag === "Left" && (Option.isNone(clientId.value) || Option.isNone(clientSecret.value))) {
      return yield* Effect.fail(settings.left)
    }
    return { clientId, clientSecret, settingsPath }
  })

/**
 * The client a stored grant is renewed or revoked with: the one it was
 * issued to. A configured secret for that same client id replaces the
 * stored one (a rotated secret); another client id cannot use the grant.
 */
export const grantClient = (credential: StoredCredential, app?: AppRegistration): ClientCredentials =>
  app !== undefined && Option.contains(app.clientId.value, credential.client_id) &&
    Option.isSome(app.clientSecret.value)
    ? { id: credential.client_id, secret: app.clientSecret.value.value }
    : { id: credential.client_id, secret: credential.client_secret }

// ---- the stored sign-in -------------------------------------------------------------------

const trimmed = (url: string) => url.replace(/\/+$/, "")

const sameUrl = (a: string, b: string) => {
  try {
    return trimmed(new URL(a).href) === trimmed(new URL(b).href)
  } catch {
    return false
  }
}

export interface StoredSignIn {
  readonly credential: StoredCredential
  readonly store: CredentialStore<StoredCredential>
}

/**
 * The stored credential, when it was issued for these hosts; one for another
 * host is refused (its token must not travel elsewhere), as is a file that
 * others can read.
 */
export const loadSignIn = (
  service: SignInService,
  env: Env,
  hosts: SignInHosts
): Effect.Effect<Option.Option<StoredSignIn>, SignInError> =>
  Effect.gen(function*() {
    const store = credentialStore(service, env)
    const stored = yield* store.read
    if (Option.isNone(stored)) return Option.none()
    const c = stored.value
    const appMatches = c.app_url === undefined || sameUrl(c.app_url, hosts.appUrl)
    if (!sameUrl(c.base_url, hosts.baseUrl) || !appMatches) {
      return yield* Effect.fail(signInError(
        "not_signed_in",
        `The stored sign-in (${store.path}) is for ${c.base_url}, not ${trimmed(hosts.baseUrl)}; it was not used.`,
        { path: store.path }
      ))
    }
    return Option.some({ credential: c, store })
  })

/**
 * The client's `refresh` for a stored sign-in: at each rejection, renew the
 * token that was rejected (or take the one another process renewed meanwhile),
 * store it, and hand it over. It remembers the credential it last handed out,
 * so the second expiry an hour later renews again instead of offering the
 * token the first renewal stored.
 */
export const storedRefresh = (
  service: SignInService,
  signIn: StoredSignIn,
  app: AppRegistration | undefined,
  limits: TokenLimits = {}
): Effect.Effect<Redacted.Redacted<string>, RequestError, HttpClient.HttpClient> => {
  let used = signIn.credential
  return Effect.suspend(() =>
    refreshStored({
      store: signIn.store,
      used,
      accessToken: (c) => c.access_token,
      canRefresh: (c) => c.refresh_token !== null,
      refresh: (c) => service.refresh(c, grantClient(c, app), limits),
      handedOut: (c) => {
        used = c
      },
      renewedSince
    })
  )
}

/** How long before its stated expiry a token may be refused (clocks differ): a renewal that close is of its round. */
const EXPIRY_SLACK_MS = 5 * 60_000

/**
 * Whether `stored` was obtained in the round of expiry that ended `used`
 * (from a little before `used`'s expiry on), and so outlives it; unknown
 * times: yes, as before.
 */
const renewedSince = (stored: StoredCredential, used: StoredCredential): boolean => {
  const expired = used.expires_at === null ? Number.NaN : Date.parse(used.expires_at)
  const obtained = Date.parse(stored.obtained_at)
  return Number.isNaN(expired) || Number.isNaN(obtained) || obtained >= expired - EXPIRY_SLACK_MS
}

/** Whether the credential's access token expires within `withinMs` of `nowMs` (unknown expiry: no). */
export const expiresWithin = (credential: StoredCredential, nowMs: number, withinMs: number): boolean => {
  if (credential.expires_at === null) return false
  const at = Date.parse(credential.expires_at)
  return Number.isNaN(at) || at - nowMs <= withinMs
}

/**
 * A credential after a renewal at `nowMs`: the new access token and its lifetime; the refresh token is kept
 * unless the answer brings a new one.
 */
export const renewedCredential = (
  credential: StoredCredential,
  answer: {
    readonly access_token: Redacted.Redacted<string>
    readonly refresh_token?: Redacted.Redacted<string> | undefined
    readonly expires_in?: number | undefined
  },
  nowMs: number
): StoredCredential => ({
  ...credential,
  access_token: answer.access_token,
  refresh_token: answer.refresh_token ?? credential.refresh_token,
  expires_at: isoAfter(nowMs, answer.expires_in),
  obtained_at: new Date(nowMs).toISOString()
})

/** ISO time `seconds` after `nowMs`; null when the service gave no lifetime. */
export const isoAfter = (nowMs: number, seconds: number | undefined) =>
  seconds === undefined ? null : new Date(nowMs + seconds * 1000).toISOString()
