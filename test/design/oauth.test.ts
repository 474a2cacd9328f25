/** Design OAuth as a library: the sign-in against the simulator, then DesignApi with the stored credential and its refresh. */
import * as HttpClient from "@effect/platform/HttpClient"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Option, Redacted, TestClock } from "effect"
import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { runLogin } from "../../src/core/oauth/login.js"
import { credentialStore, loadSignIn, storedRefresh } from "../../src/core/oauth/sign-in.js"
import { DesignApi } from "../../src/design/api.js"
import { defaultAuthUrl, designSignIn } from "../../src/design/oauth.js"
import { designSeed, DesignSimulator } from "../../src/testing/index.js"
import { SIM } from "./harness.js"

const client = { id: designSeed.oauth_client.id, secret: Redacted.make(designSeed.oauth_client.secret) }

/** The browser: asks the simulator's authorize page, then follows its redirect to the loopback listener. */
const browser = (url: string) =>
  Effect.gen(function*() {
    const http = yield* HttpClient.HttpClient
    const answer = yield* http.get(url).pipe(Effect.orDie)
    expect(answer.status).toBe(302)
    const location = answer.headers["location"]!
    yield* Effect.promise(() => fetch(location).then((r) => r.text()))
    return "BROWSER" as const
  })

const signIn = (scopes: ReadonlyArray<string>) =>
  Effect.gen(function*() {
    const http = yield* HttpClient.HttpClient
    return yield* runLogin({
      authorizeUrl: designSignIn.authorizeUrl({ baseUrl: SIM, appUrl: SIM }, client.id, scopes),
      redirect: { _tag: "loopback", port: 0 },
      timeout: "1 minute",
      appName: "design",
      env: {},
      say: () => Effect.void,
      open: (url) => Effect.provideService(browser(url), HttpClient.HttpClient, http),
      exchange: (grant) => designSignIn.exchange({ hosts: { baseUrl: SIM, appUrl: SIM }, client, grant, scopes })
    })
  })

describe("design OAuth over the simulator", () => {
  it.effect("signs in with PKCE, stores the credential, and DesignApi renews it at each expiry", () =>
    Effect.gen(function*() {
      const credential = yield* signIn(["current_user:read", "file_content:read"])
      expect(credential.user_id).toBe(designSeed.users.app_user.id)
      expect(credential.refresh_token).not.toBeNull()
      expect(credential.scopes).toEqual(["current_user:read", "file_content:read"])
      const env = { DESIGN_CONFIG_DIR: mkdtempSync(join(tmpdir(), "design-oauth-")) }
      yield* credentialStore(designSignIn, env).write(credential)
      const stored = Option.getOrThrow(yield* loadSignIn(designSignIn, env, { baseUrl: SIM, appUrl: SIM }))

      const api = yield* DesignApi.make({
        baseUrl: SIM,
        authMode: "oauth",
        token: stored.credential.access_token,
        refresh: storedRefresh(designSignIn, stored, undefined)
      })
      expect((yield* api.userMe({})).id).toBe(designSeed.users.app_user.id)

      // Past the token's 90 days: the service answers 403 Invalid token; one refresh, one resend.
      yield* TestClock.adjust("91 days")
      expect((yield* api.userMe({})).id).toBe(designSeed.users.app_user.id)
      expect((yield* api.userMe({})).id).toBe(designSeed.users.app_user.id)
      const log = (yield* (yield* DesignSimulator).requests).map((r) => `${r.method} ${r.path}`)
      expect(log.filter((l) => l === "POST /v1/oauth/refresh")).toHaveLength(1)
      expect(log.slice(-4)).toEqual(["GET /v1/me", "POST /v1/oauth/refresh", "GET /v1/me", "GET /v1/me"])

      // The refreshed token is stored; the refresh token is the original one.
      const after = Option.getOrThrow(yield* credentialStore(designSignIn, env).read)
      expect(Redacted.value(after.access_token)).not.toBe(Redacted.value(credential.access_token))
      expect(Redacted.value(after.refresh_token!)).toBe(Redacted.value(credential.refresh_token!))

      // The renewed token expires in turn: renewed again, not the first renewal's token offered twice.
      yield* TestClock.adjust("91 days")
      expect((yield* api.userMe({})).id).toBe(designSeed.users.app_user.id)
      const later = (yield* (yield* DesignSimulator).requests).map((r) => `${r.method} ${r.path}`)
      expect(later.filter((l) => l === "POST /v1/oauth/refresh")).toHaveLength(2)
      const again = Option.getOrThrow(yield* credentialStore(designSignIn, env).read)
      expect(Redacted.value(again.access_token)).not.toBe(Redacted.value(after.access_token))
    }).pipe(Effect.provide(DesignSimulator.layer)))

  it.effect("a credential for another API is not used", () =>
    Effect.gen(function*() {
      const credential = yield* signIn(["current_user:read"])
      const env = { DESIGN_CONFIG_DIR: mkdtempSync(join(tmpdir(), "design-oauth-")) }
      yield* credentialStore(designSignIn, env).write(credential)
      const error = yield* Effect.flip(loadSignIn(designSignIn, env, {
        baseUrl: "https://api.design.example",
        appUrl: "https://www.design.example"
      }))
      expect(error.reason).toBe("not_signed_in")
      expect(error.message).toContain("127.0.0.1:1")
    }).pipe(Effect.provide(DesignSimulator.layer)))

  it("the authorize URL: {auth_url}/oauth with the app, the scopes, state and the S256 challenge", () => {
    expect(defaultAuthUrl("http://127.0.0.1:4010")).toBe("http://127.0.0.1:4010")
    expect(defaultAuthUrl("https://api.design.example")).toBe("https://www.design.example")
    const url = new URL(
      designSignIn.authorizeUrl(
        {
          baseUrl: "https://api.design.example",
          appUrl: "https://www.design.example",
          authUrl: "https://www.design.example/"
        },
        "app",
        ["a:read", "b:write"]
      )({
        redirectUri: "http://127.0.0.1:5/callback",
        state: "st",
        codeChallenge: "ch",
        codeChallengeMethod: "S256"
      })
    )
    expect(url.origin + url.pathname).toBe("https://www.design.example/oauth")
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: "app",
      redirect_uri: "http://127.0.0.1:5/callback",
      scope: "a:read,b:write",
      state: "st",
      response_type: "code",
      code_challenge: "ch",
      code_challenge_method: "S256"
    })
  })
})
