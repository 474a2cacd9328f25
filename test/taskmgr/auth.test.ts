/**
 * Task-manager sign-in as a library: the app registration's resolution and
 * the settings file, the config directory, the authorize URL, the code
 * exchange and the refresh-and-resend against the in-process simulator, the
 * invalid_client hint, and the token sources of the command line.
 */
import * as HttpClient from "@effect/platform/HttpClient"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Option, Redacted } from "effect"
import * as TestClock from "effect/TestClock"
import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { appStatus } from "../../src/core/cli/auth.js"
import { cliSettings as settingsOf, cliVocabulary } from "../../src/core/cli/service-settings.js"
import type { Shared } from "../../src/core/cli/service.js"
import { makePkce } from "../../src/core/oauth/pkce.js"
import {
  credentialStore,
  expiresWithin,
  resolveAppRegistration as registrationOf,
  signInConfigDir,
  type StoredCredential,
  storedRefresh
} from "../../src/core/oauth/sign-in.js"
import { remedy } from "../../src/core/remedy.js"
import { TaskmgrApi } from "../../src/taskmgr/api.js"
import { taskmgrCli } from "../../src/taskmgr/cli/program.js"
import { APP_KIND_HINT, taskmgrAuthorizeUrl, taskmgrSignIn } from "../../src/taskmgr/oauth.js"
import { ACCESS_TOKEN_TTL_S, TaskmgrSimulator } from "../../src/testing/index.js"
import { options, seed, sent, SIM } from "./harness.js"

const tempDir = () => mkdtempSync(join(tmpdir(), "taskmgr-auth-"))
const say = cliVocabulary(taskmgrCli, ["auth", "login"])
const cliSettings = (shared: Shared, env: Readonly<Record<string, string>>) => settingsOf(taskmgrCli, shared, env)
const resolveAppRegistration = (flags: { clientId?: string; clientSecret?: string }, env: Record<string, string>) =>
  registrationOf(taskmgrSignIn, flags, env)
const taskmgrConfigDir = (env: Record<string, string>) => signInConfigDir(taskmgrSignIn, env)
const taskmgrCredentialStore = (env: Record<string, string>) => credentialStore(taskmgrSignIn, env)

const writeSettings = (dir: string, body: Record<string, string>, mode: number) => {
  mkdirSync(dir, { recursive: true })
  const path = join(dir, "settings.json")
  writeFileSync(path, JSON.stringify(body), { mode })
  chmodSync(path, mode)
  return path
}

/** Approves at once in the simulator: the code from the 302 back to a loopback redirect. */
const approve = (clientId: string, challenge: string, redirectUri = "http://127.0.0.1:9/callback") =>
  Effect.gen(function*() {
    const http = yield* HttpClient.HttpClient
    const url = taskmgrAuthorizeUrl(SIM, clientId, [])({
      redirectUri,
      state: "s",
      codeChallenge: challenge,
      codeChallengeMethod: "S256"
    })
    const response = yield* http.get(url)
    const location = new URL(response.headers.location!)
    return Redacted.make(location.searchParams.get("code")!)
  })

/** A signed-in credential from the simulator's code flow. */
const signIn = (clientId: string = seed.client.id, secret: string = seed.client.secret) =>
  Effect.gen(function*() {
    const pkce = yield* makePkce
    const code = yield* approve(clientId, pkce.challenge)
    return yield* taskmgrSignIn.exchange({
      hosts: { appUrl: SIM, baseUrl: `${SIM}/api/1.0` },
      client: { id: clientId, secret: Redacted.make(secret) },
      grant: { code, verifier: pkce.verifier, redirectUri: "http://127.0.0.1:9/callback" },
      scopes: []
    })
  })

describe("taskmgr sign-in: configuration", () => {
  it("{config_dir} is $TASKMGR_CONFIG_DIR, else $XDG_CONFIG_HOME/taskmgr, else ~/.config/taskmgr", () => {
    expect(taskmgrConfigDir({ TASKMGR_CONFIG_DIR: "/a", XDG_CONFIG_HOME: "/x", HOME: "/h" })).toBe("/a")
    expect(taskmgrConfigDir({ XDG_CONFIG_HOME: "/x", HOME: "/h" })).toBe("/x/taskmgr")
    expect(taskmgrConfigDir({ HOME: "/h" })).toBe("/h/.config/taskmgr")
  })

  it.effect("client id and secret are resolved each on its own, first found wins, the rest shadowed", () =>
    Effect.gen(function*() {
      const dir = tempDir()
      writeSettings(dir, { client_id: "file-id-123456", client_secret: "file-secret-123456" }, 0o600)
      const env = {
        TASKMGR_CONFIG_DIR: dir,
        TASKMGR_CLIENT_ID: "env-id-123456",
        TASKMGR_API_CLIENT_SECRET: "api-secret-123456"
      }
      const flagged = yield* resolveAppRegistration({ clientId: "flag-id-123456" }, env)
      expect(flagged.clientId.value).toEqual(Option.some("flag-id-123456"))
      expect(flagged.clientId.shadowed).toEqual(["TASKMGR_CLIENT_ID", "settings.json"])
      expect(Option.map(flagged.clientSecret.value, Redacted.value)).toEqual(Option.some("api-secret-123456"))
      expect(flagged.clientSecret.source).toEqual(Option.some("TASKMGR_API_CLIENT_SECRET"))
      expect(flagged.clientSecret.shadowed).toEqual(["settings.json"])
      expect(appStatus(flagged)).toEqual({
        client_id_masked: "flag************",
        source: "--client-id",
        shadowed: ["TASKMGR_CLIENT_ID", "settings.json"],
        secret_source: "TASKMGR_API_CLIENT_SECRET"
      })
      const fromFile = yield* resolveAppRegistration({}, { TASKMGR_CONFIG_DIR: dir })
      expect(fromFile.clientId.source).toEqual(Option.some("settings.json"))
      expect(fromFile.clientSecret.source).toEqual(Option.some("settings.json"))
      const none = yield* resolveAppRegistration({}, { TASKMGR_CONFIG_DIR: tempDir() })
      expect(appStatus(none)).toBeNull()
    }))

  it.effect("a settings.json holding a secret that others can read is refused with the chmod remedy, unless nothing is taken from it", () =>
    Effect.gen(function*() {
      const dir = tempDir()
      const path = writeSettings(dir, { client_id: "file-id-123456", client_secret: "file-secret-123456" }, 0o644)
      const refused = yield* Effect.flip(resolveAppRegistration({}, { TASKMGR_CONFIG_DIR: dir }))
      expect(refused.reason).toBe("insecure_store")
      expect(refused.message).not.toContain("file-secret-123456")
      expect(remedy(refused, say)).toBe(
        `Run 'chmod 600 ${path}' so that only you can read it, or delete it and sign in again.`
      )
      const covered = yield* resolveAppRegistration({ clientId: "a-flag-id", clientSecret: "a-flag-secret" }, {
        TASKMGR_CONFIG_DIR: dir
      })
      expect(covered.clientId.source).toEqual(Option.some("--client-id"))
    }))

  it("the authorize URL: the app host, S256, the state, and scopes space-separated (none for full access)", () => {
    const params = {
      redirectUri: "urn:ietf:wg:oauth:2.0:oob",
      state: "st",
      codeChallenge: "ch",
      codeChallengeMethod: "S256" as const
    }
    const url = new URL(taskmgrAuthorizeUrl("https://app.example/", "42", ["tasks:read", "projects:read"])(params))
    expect(`${url.origin}${url.pathname}`).toBe("https://app.example/-/oauth_authorize")
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: "42",
      redirect_uri: "urn:ietf:wg:oauth:2.0:oob",
      response_type: "code",
      state: "st",
      code_challenge: "ch",
      code_challenge_method: "S256",
      scope: "tasks:read projects:read"
    })
    expect(new URL(taskmgrAuthorizeUrl("https://app.example", "42", [])(params)).searchParams.has("scope")).toBe(false)
  })

  it("expiresWithin: a token expiring inside the margin, or already expired; no expiry never", () => {
    const c = { expires_at: new Date(10 * 60_000).toISOString() } as StoredCredential
    expect(expiresWithin(c, 0, 5 * 60_000)).toBe(false)
    expect(expiresWithin(c, 6 * 60_000, 5 * 60_000)).toBe(true)
    expect(expiresWithin(c, 11 * 60_000, 5 * 60_000)).toBe(true)
    expect(expiresWithin({ ...c, expires_at: null }, 0, 5 * 60_000)).toBe(false)
  })
})

describe("taskmgr sign-in: against the simulator", () => {
  it.effect("the code exchange sends the client credentials in the form and keeps the account from data", () =>
    Effect.gen(function*() {
      const credential = yield* signIn()
      expect(credential.account).toEqual({ gid: seed.user_gid, name: seed.user_name, email: seed.user_email })
      expect(credential.refresh_token).not.toBeNull()
      expect(credential.expires_at).toBe(new Date(ACCESS_TOKEN_TTL_S * 1000).toISOString())
      const exchange = (yield* sent).find((r) => r.path === "/-/oauth_token")!
      expect(exchange.body).toMatchObject({
        grant_type: "authorization_code",
        client_id: seed.client.id,
        client_secret: "***"
      })
      expect(exchange.headers.authorization).toBeUndefined()
    }).pipe(Effect.provide(TaskmgrSimulator.layer)))

  it.effect("invalid_client for the wrong kind of app gets the hint about the two kinds, and no secret", () =>
    Effect.gen(function*() {
      const error = yield* Effect.flip(signIn(seed.client.wrong_kind_id, seed.client.wrong_kind_secret))
      expect(error).toMatchObject({ _tag: "SignInError", reason: "client_rejected" })
      expect(error.message).toMatch(/invalid_client: The client_id or client_secret is invalid/)
      expect(error.message).toContain(APP_KIND_HINT)
      expect(error.message).not.toContain(seed.client.wrong_kind_secret)
    }).pipe(Effect.provide(TaskmgrSimulator.layer)))

  it.effect("a stored token the service rejects is renewed, stored, and the request resent; the next expiry renews again", () =>
    Effect.gen(function*() {
      const store = taskmgrCredentialStore({ TASKMGR_CONFIG_DIR: tempDir() })
      const credential = yield* signIn()
      yield* store.write(credential)
      yield* TestClock.adjust(`${ACCESS_TOKEN_TTL_S + 1} seconds`)
      const before = (yield* sent).length
      const api = yield* TaskmgrApi.make(
        options({
          token: credential.access_token,
          refresh: storedRefresh(taskmgrSignIn, { credential, store }, undefined)
        })
      )
      expect((yield* api.userMe({})).gid).toBe(seed.user_gid)
      expect((yield* sent).slice(before).map((r) => `${r.method} ${r.path}`)).toEqual([
        "GET /api/1.0/users/me",
        "POST /-/oauth_token",
        "GET /api/1.0/users/me"
      ])
      const renewed = Option.getOrThrow(yield* store.read)
      expect(Redacted.value(renewed.access_token)).not.toBe(Redacted.value(credential.access_token))
      // The long-lived refresh token is kept: the refresh answer has none.
      expect(Redacted.value(renewed.refresh_token!)).toBe(Redacted.value(credential.refresh_token!))
      yield* api.userMe({})
      expect((yield* sent).slice(before).length).toBe(4)
      // An hour later the renewed token expires too: renewed again, from the refresh token kept.
      yield* TestClock.adjust(`${ACCESS_TOKEN_TTL_S + 1} seconds`)
      expect((yield* api.userMe({})).gid).toBe(seed.user_gid)
      expect((yield* sent).slice(before).filter((r) => r.path === "/-/oauth_token")).toHaveLength(2)
    }).pipe(Effect.provide(TaskmgrSimulator.layer)))

  it.effect("a token rejected again after the refresh is the auth error, and the refresh runs once", () =>
    Effect.gen(function*() {
      let refreshes = 0
      const refresh = Effect.sync(() => {
        refreshes++
        return Redacted.make("still-not-a-valid-token")
      })
      const api = yield* TaskmgrApi.make(options({ token: seed.tokens.expired, refresh }))
      const error = yield* Effect.flip(api.userMe({}))
      expect(error._tag).toBe("AuthError")
      expect(refreshes).toBe(1)
      expect((yield* sent).map((r) => r.path)).toEqual(["/api/1.0/users/me", "/api/1.0/users/me"])
      expect(JSON.stringify(error)).not.toContain("still-not-a-valid-token")
    }).pipe(Effect.provide(TaskmgrSimulator.layer)))
})

describe("taskmgr sign-in: the command line's token sources", () => {
  const storedIn = (dir: string) =>
    Effect.gen(function*() {
      const store = taskmgrCredentialStore({ TASKMGR_CONFIG_DIR: dir })
      yield* store.write({
        version: 1,
        app_url: SIM,
        base_url: `${SIM}/api/1.0`,
        client_id: seed.client.id,
        client_secret: Redacted.make(seed.client.secret),
        access_token: Redacted.make("stored-access-token-1234"),
        refresh_token: Redacted.make("stored-refresh-token-1234"),
        expires_at: null,
        scopes: null,
        account: { gid: seed.user_gid },
        obtained_at: new Date(0).toISOString()
      })
      return store
    })
  const urls = { TASKMGR_BASE_URL: `${SIM}/api/1.0`, TASKMGR_APP_URL: SIM }

  it.effect("--token, TASKMGR_ACCESS_TOKEN, TASKMGR_TOKEN, then the stored credential, which alone can refresh", () =>
    Effect.gen(function*() {
      const dir = tempDir()
      yield* storedIn(dir)
      const env = { ...urls, TASKMGR_CONFIG_DIR: dir }
      const stored = yield* cliSettings({}, env)
      expect(stored.tokenSource).toEqual(Option.some("stored credential"))
      expect(Option.map(stored.token, Redacted.value)).toEqual(Option.some("stored-access-token-1234"))
      expect(Option.isSome(stored.refresh)).toBe(true)
      const given = yield* cliSettings({ "--token": "flag-token-1234" }, { ...env, TASKMGR_TOKEN: "env-token-1234" })
      expect(given.tokenSource).toEqual(Option.some("--token"))
      expect(given.shadowed).toEqual(["TASKMGR_TOKEN"])
      expect(Option.isNone(given.signIn)).toBe(true)
      expect(Option.isNone(given.refresh)).toBe(true)
    }))

  it.effect("a stored credential for another host is not used, and a token given bypasses a broken file", () =>
    Effect.gen(function*() {
      const dir = tempDir()
      yield* storedIn(dir)
      const other = yield* Effect.flip(
        cliSettings({}, { TASKMGR_BASE_URL: "https://elsewhere.example/api/1.0", TASKMGR_CONFIG_DIR: dir })
      )
      expect(other._tag).toBe("SignInError")
      expect(other.message).toMatch(/is for http:\/\/127\.0\.0\.1:1\/api\/1\.0/)
      chmodSync(join(dir, "credentials.json"), 0o644)
      const insecure = yield* Effect.flip(cliSettings({}, { ...urls, TASKMGR_CONFIG_DIR: dir }))
      expect(insecure._tag === "SignInError" && insecure.reason).toBe("insecure_store")
      const bypass = yield* cliSettings({}, {
        ...urls,
        TASKMGR_CONFIG_DIR: dir,
        TASKMGR_ACCESS_TOKEN: "env-token-1234"
      })
      expect(bypass.tokenSource).toEqual(Option.some("TASKMGR_ACCESS_TOKEN"))
    }))
})
