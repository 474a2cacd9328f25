/**
 * A client lives for days: its stored sign-in is renewed at every expiry, one
 * renewal at a time however many requests meet the rejection together, and a
 * renewal the token endpoint refuses once is not remembered. On TestClock,
 * against the task manager's simulator, whose access tokens live an hour.
 */
import * as HttpClient from "@effect/platform/HttpClient"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Fiber, Redacted, TestClock } from "effect"
import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { makePkce } from "../../../src/core/oauth/pkce.js"
import { credentialStore, type StoredCredential, storedRefresh } from "../../../src/core/oauth/sign-in.js"
import type { CredentialStore } from "../../../src/core/oauth/store.js"
import { TaskmgrApi } from "../../../src/taskmgr/api.js"
import { taskmgrAuthorizeUrl, taskmgrSignIn } from "../../../src/taskmgr/oauth.js"
import { ACCESS_TOKEN_TTL_S, TaskmgrSimulator } from "../../../src/testing/index.js"
import { options, seed, sent, SIM } from "../../taskmgr/harness.js"

const signIn = Effect.gen(function*() {
  const http = yield* HttpClient.HttpClient
  const pkce = yield* makePkce
  const redirectUri = "http://127.0.0.1:9/callback"
  const url = taskmgrAuthorizeUrl(SIM, seed.client.id, [])({
    redirectUri,
    state: "s",
    codeChallenge: pkce.challenge,
    codeChallengeMethod: "S256"
  })
  const code = new URL((yield* http.get(url)).headers.location!).searchParams.get("code")!
  const credential = yield* taskmgrSignIn.exchange({
    hosts: { appUrl: SIM, baseUrl: `${SIM}/api/1.0` },
    client: { id: seed.client.id, secret: Redacted.make(seed.client.secret) },
    grant: { code: Redacted.make(code), verifier: pkce.verifier, redirectUri },
    scopes: []
  })
  const store = credentialStore(taskmgrSignIn, { TASKMGR_CONFIG_DIR: mkdtempSync(join(tmpdir(), "renewal-")) })
  yield* store.write(credential)
  return { credential, store }
})

const signedIn = Effect.flatMap(
  signIn,
  ({ credential, store }) => Effect.map(client(credential, store), (api) => ({ api, store }))
)

/** A client of the stored sign-in, with its own renewal (as a process of its own would have). */
const client = (credential: StoredCredential, store: CredentialStore<StoredCredential>) =>
  TaskmgrApi.make(
    options({ token: credential.access_token, refresh: storedRefresh(taskmgrSignIn, { credential, store }, undefined) })
  )

/** Runs the call while the clock moves on: a renewal retried after a failure waits out its backoff. */
const meanwhile = <A, E>(call: Effect.Effect<A, E>) =>
  Effect.gen(function*() {
    const fiber = yield* Effect.fork(call)
    for (let i = 0; i < 60; i++) yield* TestClock.adjust("1 second")
    return yield* Fiber.join(fiber)
  })

const renewals = Effect.map(sent, (requests) => requests.filter((r) => r.path === "/-/oauth_token").length)

describe("a client that lives for days", () => {
  it.effect("a token expiring every hour is renewed every hour for 24 hours, through one refused renewal", () =>
    Effect.gen(function*() {
      const sim = yield* TaskmgrSimulator
      const { api, store } = yield* signedIn
      const exchanges = yield* renewals
      for (let hour = 1; hour <= 24; hour++) {
        yield* TestClock.adjust(`${ACCESS_TOKEN_TTL_S} seconds`)
        if (hour === 12) {
          // The token endpoint fails once mid-day; the renewal is retried, never remembered as failed.
          yield* sim.injectFault({ method: "POST", path: "/-/oauth_token", status: 503, times: 1 })
        }
        const me = yield* (hour === 12 ? meanwhile(api.userMe({})) : api.userMe({}))
        expect(me.gid, `hour ${hour}`).toBe(seed.user_gid)
      }
      expect((yield* renewals) - exchanges).toBe(24 + 1)
      // The last renewal is the one stored, so a process started now would use it.
      const stored = yield* store.read
      expect(stored._tag).toBe("Some")
    }).pipe(Effect.provide(TaskmgrSimulator.layer)))

  it.effect("requests rejected together share one renewal, and all of them succeed", () =>
    Effect.gen(function*() {
      const { api } = yield* signedIn
      const before = yield* renewals
      yield* TestClock.adjust(`${ACCESS_TOKEN_TTL_S + 1} seconds`)
      const all = yield* Effect.all(Array.from({ length: 8 }, () => api.userMe({})), { concurrency: "unbounded" })
      expect(all.every((me) => me.gid === seed.user_gid)).toBe(true)
      expect((yield* renewals) - before).toBe(1)
    }).pipe(Effect.provide(TaskmgrSimulator.layer)))

  it.effect("a renewal that fails outright fails that call only: the next rejection renews again", () =>
    Effect.gen(function*() {
      const sim = yield* TaskmgrSimulator
      const { api } = yield* signedIn
      yield* TestClock.adjust(`${ACCESS_TOKEN_TTL_S + 1} seconds`)
      yield* sim.injectFault({
        method: "POST",
        path: "/-/oauth_token",
        status: 400,
        body: { error: "invalid_request", error_description: "try later" },
        times: 1
      })
      const before = yield* renewals
      const failed = yield* Effect.flip(api.userMe({}))
      expect(failed._tag).toBe("InvalidRequestError")
      expect((yield* api.userMe({})).gid).toBe(seed.user_gid)
      expect((yield* renewals) - before).toBe(2)
    }).pipe(Effect.provide(TaskmgrSimulator.layer)))

  it.effect("two clients on one stored sign-in that both renewed at one expiry both renew at the next", () =>
    Effect.gen(function*() {
      const { credential, store } = yield* signIn
      const [a, b] = yield* Effect.all([client(credential, store), client(credential, store)])
      for (let hour = 1; hour <= 3; hour++) {
        yield* TestClock.adjust(`${ACCESS_TOKEN_TTL_S + 1} seconds`)
        // Rejected together: each may renew, or take the token the other stored. The store then holds one of
        // the two, and an hour later the other client finds there a token that has expired as well.
        const both = yield* Effect.all([a.userMe({}), b.userMe({})], { concurrency: "unbounded" })
        expect(both.map((me) => me.gid), `hour ${hour}`).toEqual([seed.user_gid, seed.user_gid])
      }
    }).pipe(Effect.provide(TaskmgrSimulator.layer)))
})
