/**
 * Credentials a service repeats in its error bodies are masked in the
 * library's errors, on both services: the token in use, a passcode given as
 * input, and on the refresh path the access token, refresh token and client
 * secret. The simulators' fault injection makes the service echo them.
 */
import * as HttpClient from "@effect/platform/HttpClient"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Redacted } from "effect"
import * as TestClock from "effect/TestClock"
import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { makePkce } from "../../src/core/oauth/pkce.js"
import { credentialStore, storedRefresh } from "../../src/core/oauth/sign-in.js"
import { rememberSecret, rememberUrlSecrets, scrubSecrets } from "../../src/core/secrets.js"
import { DesignApi } from "../../src/design/api.js"
import { TaskmgrApi } from "../../src/taskmgr/api.js"
import { taskmgrAuthorizeUrl, taskmgrSignIn } from "../../src/taskmgr/oauth.js"
import { ACCESS_TOKEN_TTL_S, DesignSimulator, TaskmgrSimulator } from "../../src/testing/index.js"
import * as design from "../design/harness.js"
import * as taskmgr from "../taskmgr/harness.js"

describe("the design service echoing credentials", () => {
  it.effect("a 400 that repeats the token is reported with the token masked", () =>
    Effect.gen(function*() {
      const sim = yield* DesignSimulator
      const token = design.seed.tokens.personal
      yield* sim.injectFault({
        method: "GET",
        path: "/v1/me",
        status: 400,
        body: { status: 400, err: `Bad request: ${token} is not allowed here` }
      })
      const error = yield* Effect.flip((yield* DesignApi).userMe({}))
      expect(error.message).toContain("Bad request: *** is not allowed here")
      expect(JSON.stringify(error)).not.toContain(token)
    }).pipe(Effect.provide(design.apiLayer())))

  it.effect("a passcode the service repeats while refusing a webhook is masked", () =>
    Effect.gen(function*() {
      const sim = yield* DesignSimulator
      const passcode = "hook-passcode-4431"
      yield* sim.injectFault({
        method: "POST",
        path: "/v2/webhooks",
        status: 400,
        body: { error: true, status: 400, message: `Invalid passcode ${passcode}` }
      })
      const error = yield* Effect.flip((yield* DesignApi).webhookCreate({
        event: "FILE_UPDATE",
        context: "team",
        endpoint: "https://hooks.example.com/x",
        passcode: Redacted.make(passcode)
      }))
      expect(error.message).toContain("Invalid passcode ***")
      expect(JSON.stringify(error)).not.toContain(passcode)
    }).pipe(Effect.provide(design.apiLayer())))
})

/** A signed-in credential from the simulator's code flow. */
const signIn = Effect.gen(function*() {
  const http = yield* HttpClient.HttpClient
  const pkce = yield* makePkce
  const redirectUri = "http://127.0.0.1:9/callback"
  const url = taskmgrAuthorizeUrl(taskmgr.SIM, taskmgr.seed.client.id, [])({
    redirectUri,
    state: "s",
    codeChallenge: pkce.challenge,
    codeChallengeMethod: "S256"
  })
  const code = new URL((yield* http.get(url)).headers.location!).searchParams.get("code")!
  return yield* taskmgrSignIn.exchange({
    hosts: { appUrl: taskmgr.SIM, baseUrl: `${taskmgr.SIM}/api/1.0` },
    client: { id: taskmgr.seed.client.id, secret: Redacted.make(taskmgr.seed.client.secret) },
    grant: { code: Redacted.make(code), verifier: pkce.verifier, redirectUri },
    scopes: []
  })
})

describe("the task-management service echoing credentials", () => {
  it.effect("a 400 that repeats the token is reported with the token masked", () =>
    Effect.gen(function*() {
      const sim = yield* TaskmgrSimulator
      const token = taskmgr.seed.tokens.personal
      yield* sim.injectFault({
        method: "GET",
        path: "/api/1.0/users/me",
        status: 400,
        body: { errors: [{ message: `Bad request: ${token} ...` }] }
      })
      const error = yield* Effect.flip((yield* TaskmgrApi).userMe({}))
      expect(error.message).toContain("Bad request: *** ...")
      expect(JSON.stringify(error)).not.toContain(token)
    }).pipe(Effect.provide(taskmgr.apiLayer())))

  it.effect("a refused refresh that repeats the access token, refresh token and client secret masks all three", () =>
    Effect.gen(function*() {
      const sim = yield* TaskmgrSimulator
      const store = credentialStore(taskmgrSignIn, {
        TASKMGR_CONFIG_DIR: mkdtempSync(join(tmpdir(), "secret-masking-"))
      })
      const credential = yield* signIn
      yield* store.write(credential)
      yield* TestClock.adjust(`${ACCESS_TOKEN_TTL_S + 1} seconds`)
      const access = Redacted.value(credential.access_token)
      const refresh = Redacted.value(credential.refresh_token!)
      const secret = taskmgr.seed.client.secret
      yield* sim.injectFault({
        method: "POST",
        path: "/-/oauth_token",
        status: 400,
        body: {
          error: "invalid_grant",
          error_description: `token ${access} refresh ${refresh} client ${secret} rejected`
        }
      })
      const api = yield* TaskmgrApi.make(
        taskmgr.options({
          token: credential.access_token,
          refresh: storedRefresh(taskmgrSignIn, { credential, store }, undefined)
        })
      )
      const error = yield* Effect.flip(api.userMe({}))
      expect(error.message).toContain("token *** refresh *** client *** rejected")
      for (const value of [access, refresh, secret]) expect(JSON.stringify(error)).not.toContain(value)
    }).pipe(Effect.provide(TaskmgrSimulator.layer)))
})

describe("secrets the configuration holds", () => {
  it("a store URL's password is masked as written and decoded, even where the URL does not parse", () => {
    rememberUrlSecrets("redis://:Sup3r/SecretRedisPw-9137@127.0.0.1:6379/0")
    rememberUrlSecrets("rediss://user:pa%40ss-word-7731@cache.example:6380/1")
    expect(scrubSecrets("redis://:Sup3r/SecretRedisPw-9137@127.0.0.1:6379/0")).toBe("redis://:***@127.0.0.1:6379/0")
    expect(scrubSecrets("auth pa@ss-word-7731 and pa%40ss-word-7731")).toBe("auth *** and ***")
  })

  it("outlast any number of passcodes met since: they are never given way to", () => {
    rememberSecret("configured-client-secret-5120", { pinned: true })
    rememberSecret("passcode-met-first-5120")
    for (let i = 0; i < 600; i++) rememberSecret(`passcode-met-later-${i}-5120`)
    expect(scrubSecrets("configured-client-secret-5120")).toBe("***")
    // An input's passcode gives way, oldest first, past the cap.
    expect(scrubSecrets("passcode-met-first-5120")).toBe("passcode-met-first-5120")
  })
})
