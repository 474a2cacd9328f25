import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as TestClock from "effect/TestClock"
import { designSeed } from "../../../src/testing/design/index.js"
import {
  authorize,
  authorizeQuery,
  basic,
  exchangeFields,
  INVALID_TOKEN,
  oauthLogin,
  raw,
  refreshToken,
  rich,
  run,
  scopeRefusal,
  send,
  tokenExchange,
  VERIFIER
} from "./helpers.js"

const { oauth_client, users } = designSeed

describe("OAuth authorize", () => {
  it.effect("approves at once and redirects to redirect_uri with code and state", () =>
    run(Effect.gen(function*() {
      const { location, params } = yield* authorize()
      expect(`${location.origin}${location.pathname}`).toBe(oauth_client.redirect_uri)
      expect(params.get("state")).toBe("st4te-xyz")
      expect(params.get("code")).toMatch(/^sbx_code_\w+$/)
      // A CLI's loopback callback on any port is accepted too.
      const loopback = yield* authorize({ redirect_uri: "http://127.0.0.1:53682/callback" })
      expect(loopback.location.host).toBe("127.0.0.1:53682")
      expect(loopback.params.get("code")).not.toBeNull()
    })))

  it.effect("refuses an unknown client or an unregistered redirect_uri without redirecting", () =>
    run(Effect.gen(function*() {
      const unknown = yield* raw("GET", `/oauth?${authorizeQuery({ client_id: "nope" })}`)
      expect(unknown.status).toBe(400)
      expect(JSON.parse(unknown.text)).toEqual(rich(400, "Unknown client_id"))
      const elsewhere = yield* raw("GET", `/oauth?${authorizeQuery({ redirect_uri: "https://evil.example/cb" })}`)
      expect(elsewhere.status).toBe(400)
      expect(elsewhere.headers["location"]).toBeUndefined()
    })))

  it.effect("sends other problems back to the app as error and error_description", () =>
    run(Effect.gen(function*() {
      const cases: Array<[Record<string, string | undefined>, string]> = [
        [{ response_type: "token" }, "unsupported_response_type"],
        [{ scope: "files:write" }, "invalid_scope"],
        [{ scope: "" }, "invalid_scope"],
        [{ code_challenge_method: "plain" }, "invalid_request"],
        [{ code_challenge_method: undefined }, "invalid_request"],
        [{ code_challenge: "too-short" }, "invalid_request"],
        [{ state: undefined }, "invalid_request"]
      ]
      for (const [overrides, error] of cases) {
        const r = yield* raw("GET", `/oauth?${authorizeQuery(overrides)}`)
        expect(r.status).toBe(302)
        const params = new URL(r.headers["location"] ?? "").searchParams
        expect(params.get("error")).toBe(error)
        expect(params.get("error_description")).toEqual(expect.any(String))
        expect(params.get("code")).toBeNull()
      }
    })))
})

describe("OAuth token exchange", () => {
  it.effect("exchanges a code with PKCE for tokens that work as Bearer tokens", () =>
    run(Effect.gen(function*() {
      const { params } = yield* authorize()
      const r = yield* tokenExchange(exchangeFields(params.get("code") ?? ""))
      expect(r.status).toBe(200)
      expect(r.headers["cache-control"]).toBe("no-store")
      expect(Object.keys(r.json)).toEqual([
        "user_id_string",
        "user_id",
        "access_token",
        "token_type",
        "expires_in",
        "refresh_token"
      ])
      expect(r.json).toMatchObject({
        user_id_string: users.app_user.id,
        token_type: "bearer",
        expires_in: 90 * 24 * 3600,
        access_token: expect.stringMatching(/^dsgn_oauth_sandbox_/),
        refresh_token: expect.any(String)
      })
      // The deprecated number cannot hold the id exactly, which is why user_id_string exists.
      expect(typeof r.json.user_id).toBe("number")
      expect(String(r.json.user_id)).not.toBe(users.app_user.id)

      const me = yield* send("GET", "/v1/me", { bearer: r.json.access_token })
      expect(me.status).toBe(200)
      expect(me.body.id).toBe(users.app_user.id)
      const file = yield* send("GET", `/v1/files/${designSeed.file_key}?depth=1`, { bearer: r.json.access_token })
      expect(file.status).toBe(200)
      // Only as Bearer: in X-Design-Token it is as good as unknown.
      expect((yield* send("GET", "/v1/me", { token: r.json.access_token })).body).toEqual(INVALID_TOKEN)
    })))

  it.effect("grants only the scopes asked for", () =>
    run(Effect.gen(function*() {
      const tokens = yield* oauthLogin("file_content:read")
      const comments = yield* send("GET", `/v1/files/${designSeed.file_key}/comments`, { bearer: tokens.access_token })
      expect(comments.status).toBe(403)
      expect(comments.body).toEqual(scopeRefusal("file_comments:read"))
      const me = yield* send("GET", "/v1/me", { bearer: tokens.access_token })
      expect(me.body).toEqual(scopeRefusal("current_user:read"))
      // The deprecated broad scope still covers the reads it names.
      const broad = yield* oauthLogin("files:read")
      expect((yield* send("GET", `/v1/files/${designSeed.file_key}/comments`, { bearer: broad.access_token })).status)
        .toBe(200)
    })))

  it.effect("expires a code 30 seconds after issue, on the simulator clock", () =>
    run(Effect.gen(function*() {
      const early = yield* authorize()
      yield* TestClock.adjust("29 seconds")
      expect((yield* tokenExchange(exchangeFields(early.params.get("code") ?? ""))).status).toBe(200)

      const late = yield* authorize()
      yield* TestClock.adjust("30 seconds")
      const r = yield* tokenExchange(exchangeFields(late.params.get("code") ?? ""))
      expect(r.status).toBe(400)
      expect(r.json).toEqual(rich(400, "Authorization code has expired"))

      // POST /_sandbox/clock moves the same clock.
      const moved = yield* authorize()
      yield* send("POST", "/_sandbox/clock", { body: { advance_ms: 30_000 } })
      expect((yield* tokenExchange(exchangeFields(moved.params.get("code") ?? ""))).json)
        .toEqual(rich(400, "Authorization code has expired"))
    })))

  it.effect("accepts a code once", () =>
    run(Effect.gen(function*() {
      const { params } = yield* authorize()
      const code = params.get("code") ?? ""
      expect((yield* tokenExchange(exchangeFields(code))).status).toBe(200)
      const again = yield* tokenExchange(exchangeFields(code))
      expect(again.status).toBe(400)
      expect(again.json).toEqual(rich(400, "Authorization code has already been used"))
    })))

  it.effect("refuses a wrong or missing code_verifier, and the code is then used up", () =>
    run(Effect.gen(function*() {
      const { params } = yield* authorize()
      const code = params.get("code") ?? ""
      const wrongVerifier = "not-the-verifier-at-all-0000000000000000000"
      const wrong = yield* tokenExchange(exchangeFields(code, { code_verifier: wrongVerifier }))
      expect(wrong.status).toBe(400)
      expect(wrong.json).toEqual(rich(400, /code_verifier does not match/))
      expect((yield* tokenExchange(exchangeFields(code))).json).toEqual(rich(400, /already been used/))

      const second = yield* authorize()
      const { code_verifier: _, ...withoutVerifier } = exchangeFields(second.params.get("code") ?? "")
      expect((yield* tokenExchange(withoutVerifier)).json).toEqual(rich(400, "code_verifier is required"))
    })))

  it.effect("refuses wrong client credentials with 401, before looking at the code", () =>
    run(Effect.gen(function*() {
      const { params } = yield* authorize()
      const code = params.get("code") ?? ""
      for (
        const authorization of [basic(oauth_client.id, "wrong-secret"), basic("other-app", oauth_client.secret), ""]
      ) {
        const r = yield* tokenExchange(exchangeFields(code), authorization)
        expect(r.status).toBe(401)
        expect(r.json).toEqual(rich(401, /Invalid client credentials/))
        expect(r.headers["www-authenticate"]).toMatch(/^Basic/)
      }
      // The code survived the refused attempts.
      expect((yield* tokenExchange(exchangeFields(code))).status).toBe(200)
    })))

  it.effect("checks grant_type, redirect_uri and the body encoding", () =>
    run(Effect.gen(function*() {
      const first = yield* authorize()
      const grant = yield* tokenExchange(exchangeFields(first.params.get("code") ?? "", { grant_type: "password" }))
      expect(grant.json).toEqual(rich(400, "grant_type must be authorization_code"))
      const second = yield* authorize()
      const redirect = yield* tokenExchange(
        exchangeFields(second.params.get("code") ?? "", { redirect_uri: "http://127.0.0.1:9/cb" })
      )
      expect(redirect.json).toEqual(rich(400, /redirect_uri does not match/))
      const unknown = yield* tokenExchange(exchangeFields("sbx_code_000999_ffffffffffffffff"))
      expect(unknown.json).toEqual(rich(400, "Invalid authorization code"))
      const asJson = yield* raw("POST", "/v1/oauth/token", {
        headers: { authorization: basic() },
        body: JSON.stringify(exchangeFields("x")),
        contentType: "application/json"
      })
      expect(asJson.status).toBe(400)
      expect(JSON.parse(asJson.text)).toEqual(rich(400, /x-www-form-urlencoded/))
    })))
})

describe("OAuth secrets", () => {
  it.effect("keeps the client secret, verifier, code and tokens out of the request log", () =>
    run(Effect.gen(function*() {
      const { params } = yield* authorize()
      const code = params.get("code") ?? ""
      const tokens = (yield* tokenExchange(exchangeFields(code))).json
      const refreshed = (yield* refreshToken(tokens.refresh_token)).json
      const log = yield* send("GET", "/_sandbox/requests")
      expect(log.body.map((e: any) => e.path)).toEqual(["/oauth", "/v1/oauth/token", "/v1/oauth/refresh"])
      const secrets = [
        oauth_client.secret,
        VERIFIER,
        code,
        tokens.access_token,
        tokens.refresh_token,
        refreshed.access_token
      ]
      for (const secret of secrets) expect(log.text).not.toContain(secret)
    })))
})

describe("OAuth refresh", () => {
  it.effect("returns a new access token only, and the previous one stops working at once", () =>
    run(Effect.gen(function*() {
      const tokens = yield* oauthLogin()
      const r = yield* refreshToken(tokens.refresh_token)
      expect(r.status).toBe(200)
      expect(r.json).toEqual({ access_token: expect.any(String), token_type: "bearer", expires_in: 7_776_000 })
      expect(r.json.access_token).not.toBe(tokens.access_token)
      expect((yield* send("GET", "/v1/me", { bearer: tokens.access_token })).body).toEqual(INVALID_TOKEN)
      expect((yield* send("GET", "/v1/me", { bearer: r.json.access_token })).status).toBe(200)
      // The refresh token is kept and can be used again.
      const again = yield* refreshToken(tokens.refresh_token)
      expect((yield* send("GET", "/v1/me", { bearer: r.json.access_token })).body).toEqual(INVALID_TOKEN)
      expect((yield* send("GET", "/v1/me", { bearer: again.json.access_token })).status).toBe(200)
    })))

  it.effect("retires the seeded oauth token when its seeded refresh token is used", () =>
    run(Effect.gen(function*() {
      expect((yield* send("GET", "/v1/me", { bearer: designSeed.tokens.oauth })).status).toBe(200)
      const r = yield* refreshToken(designSeed.oauth_refresh_token)
      expect(r.status).toBe(200)
      expect((yield* send("GET", "/v1/me", { bearer: designSeed.tokens.oauth })).body).toEqual(INVALID_TOKEN)
      expect((yield* send("GET", "/v1/me", { bearer: r.json.access_token })).body.id).toBe(users.app_user.id)
      // Reset brings the seeded token back.
      yield* send("POST", "/_sandbox/reset")
      expect((yield* send("GET", "/v1/me", { bearer: designSeed.tokens.oauth })).status).toBe(200)
    })))

  it.effect("refuses an unknown refresh token and wrong client credentials", () =>
    run(Effect.gen(function*() {
      expect((yield* refreshToken("dsgn_oauthr_unknown")).json).toEqual(rich(400, "Invalid refresh token"))
      expect((yield* refreshToken("")).json).toEqual(rich(400, "refresh_token is required"))
      const wrong = yield* refreshToken(designSeed.oauth_refresh_token, basic(oauth_client.id, "nope"))
      expect(wrong.status).toBe(401)
      expect((yield* send("GET", "/v1/me", { bearer: designSeed.tokens.oauth })).status).toBe(200)
    })))

  it.effect("issued tokens expire after 90 days, answered as 403 Invalid token", () =>
    run(Effect.gen(function*() {
      const tokens = yield* oauthLogin()
      yield* TestClock.adjust("89 days")
      expect((yield* send("GET", "/v1/me", { bearer: tokens.access_token })).status).toBe(200)
      yield* TestClock.adjust("1 day")
      expect((yield* send("GET", "/v1/me", { bearer: tokens.access_token })).body).toEqual(INVALID_TOKEN)
    })))
})

describe("OAuth tokens on every endpoint group", () => {
  it.effect("an issued token reaches the newer groups like any user-level OAuth token; a retired one reaches none", () =>
    run(Effect.gen(function*() {
      const embed = `/v1/oembed?url=https://design.example/design/${designSeed.file_key}/Sandbox-File`
      const devResources = `/v1/files/${designSeed.file_key}/dev_resources`
      const issued = { bearer: (yield* oauthLogin("file_dev_resources:read file_metadata:read")).access_token }
      expect(yield* send("GET", devResources, issued)).toMatchObject({ status: 200, body: { dev_resources: [] } })
      expect((yield* send("GET", embed, issued)).status).toBe(200)
      yield* refreshToken(designSeed.oauth_refresh_token)
      const retired = { bearer: designSeed.tokens.oauth }
      for (const path of [embed, devResources, "/v1/payments?plugin_payment_token=x"]) {
        expect((yield* send("GET", path, retired)).body).toEqual(INVALID_TOKEN)
      }
    })))
})
