/**
 * The OAuth endpoints: the code flow with PKCE via a 302 and the oob page,
 * single-use and expiring codes, refresh, revoke, invalid_client for the
 * wrong app kind, and token expiry on the API.
 */
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as TestClock from "effect/TestClock"
import { ACCESS_TOKEN_TTL_S, CODE_TTL_MS } from "../../../src/testing/index.js"
import { authorizeCode, authorizeUrl, exchange, get, ORIGIN, run, seed, send, tokenRequest } from "./helpers.js"

const OOB = "urn:ietf:wg:oauth:2.0:oob"
const { client } = seed

describe("taskmgr simulator: OAuth", () => {
  it.effect("the code flow with PKCE issues a token that works on the API, once per code", () =>
    run(Effect.gen(function*() {
      const code = yield* authorizeCode()
      const answer = yield* exchange(code)
      expect(answer.status).toBe(200)
      expect(answer.body).toEqual({
        access_token: expect.any(String),
        token_type: "bearer",
        expires_in: 3600,
        refresh_token: expect.any(String),
        data: { id: Number(seed.user_gid), gid: seed.user_gid, name: seed.user_name, email: seed.user_email }
      })
      const me = yield* get("/users/me", { token: answer.body.access_token })
      expect(me.body.data.gid).toBe(seed.user_gid)
      const reused = yield* exchange(code)
      expect(reused.status).toBe(400)
      expect(reused.body.error).toBe("invalid_grant")
    })))

  it.effect("the oob redirect shows the code on a page instead of redirecting", () =>
    run(Effect.gen(function*() {
      const page = yield* get(authorizeUrl({ redirect_uri: OOB }), { token: null })
      expect(page.status).toBe(200)
      expect(page.headers["content-type"]).toMatch(/text\/html/)
      const code = /<pre id="code">([^<]+)<\/pre>/.exec(page.text)![1]!
      const answer = yield* exchange(code, { redirect_uri: OOB })
      expect(answer.status).toBe(200)
    })))

  it.effect("refuses an expired code, a wrong verifier, a wrong redirect and a foreign redirect URI", () =>
    run(Effect.gen(function*() {
      const late = yield* authorizeCode()
      yield* TestClock.adjust(CODE_TTL_MS + 1)
      expect((yield* exchange(late)).body.error).toBe("invalid_grant")

      const wrongVerifier = yield* exchange(yield* authorizeCode(), { code_verifier: "not-the-verifier" })
      expect(wrongVerifier.status).toBe(400)
      expect(wrongVerifier.body).toEqual({
        error: "invalid_grant",
        error_description: expect.stringContaining("code_verifier")
      })
      expect((yield* exchange(yield* authorizeCode(), { redirect_uri: "http://127.0.0.1:1/other" })).body.error).toBe(
        "invalid_grant"
      )

      const foreign = yield* get(authorizeUrl({ redirect_uri: "https://evil.example/cb" }), { token: null })
      expect(foreign.status).toBe(400)
      expect(foreign.headers.location).toBeUndefined()
      const plain = yield* get(authorizeUrl({ code_challenge_method: "plain" }), { token: null })
      expect(new URL(plain.headers.location!).searchParams.get("error")).toBe("invalid_request")
    })))

  it.effect("access tokens expire after an hour of simulator time; refresh issues a new one without a refresh token", () =>
    run(Effect.gen(function*() {
      const first = (yield* exchange(yield* authorizeCode())).body
      yield* TestClock.adjust(`${ACCESS_TOKEN_TTL_S} seconds`)
      expect((yield* get("/users/me", { token: first.access_token })).status).toBe(401)
      const refreshed = yield* tokenRequest({
        grant_type: "refresh_token",
        client_id: client.id,
        client_secret: client.secret,
        refresh_token: first.refresh_token
      })
      expect(refreshed.status).toBe(200)
      expect(refreshed.body).not.toHaveProperty("refresh_token")
      expect(refreshed.body.access_token).not.toBe(first.access_token)
      expect((yield* get("/users/me", { token: refreshed.body.access_token })).status).toBe(200)
    })))

  it.effect("revoking the refresh token ends the grant: its access tokens and refreshes stop working", () =>
    run(Effect.gen(function*() {
      const grant = (yield* exchange(yield* authorizeCode())).body
      const revokeForm = { client_id: client.id, client_secret: client.secret, token: grant.refresh_token }
      const accessRevoke = yield* send("POST", `${ORIGIN}/-/oauth_revoke`, {
        token: null,
        form: { ...revokeForm, token: grant.access_token }
      })
      expect(accessRevoke.status).toBe(400)
      const revoked = yield* send("POST", `${ORIGIN}/-/oauth_revoke`, { token: null, form: revokeForm })
      expect(revoked.status).toBe(200)
      expect((yield* get("/users/me", { token: grant.access_token })).status).toBe(401)
      const refresh = yield* tokenRequest({
        grant_type: "refresh_token",
        ...revokeForm,
        refresh_token: grant.refresh_token
      })
      expect(refresh.body.error).toBe("invalid_grant")
    })))

  it.effect("a client id of the hosted tool server's kind, or a wrong secret, is invalid_client", () =>
    run(Effect.gen(function*() {
      const code = yield* authorizeCode({ client_id: client.wrong_kind_id })
      const wrongKind = yield* exchange(code, {
        client_id: client.wrong_kind_id,
        client_secret: client.wrong_kind_secret
      })
      expect(wrongKind.status).toBe(401)
      expect(wrongKind.body).toEqual({ error: "invalid_client", error_description: expect.any(String) })
      const wrongSecret = yield* exchange(yield* authorizeCode(), { client_secret: "nope" })
      expect(wrongSecret.body.error).toBe("invalid_client")
      const json = yield* send("POST", `${ORIGIN}/-/oauth_token`, {
        token: null,
        json: { grant_type: "authorization_code" }
      })
      expect(json.body.error).toBe("invalid_request")
    })))

  it.effect("a scoped token reaches only the routes of its scopes", () =>
    run(Effect.gen(function*() {
      const grant = (yield* exchange(yield* authorizeCode({ scope: "users:read tasks:read" }))).body
      expect((yield* get("/users/me", { token: grant.access_token })).status).toBe(200)
      expect((yield* get(`/tasks/${seed.task_gid}`, { token: grant.access_token })).status).toBe(200)
      expect((yield* get(`/projects/${seed.project_gid}`, { token: grant.access_token })).status).toBe(403)
    })))
})
