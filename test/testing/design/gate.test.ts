/**
 * The design simulator's front door, whatever the endpoint: which header
 * each credential kind travels in, scopes, expiry, unknown paths and
 * methods, and the per-tier rate limits with the recorded 429 headers.
 */
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as TestClock from "effect/TestClock"
import { designSeed } from "../../../src/testing/design/index.js"
import { INVALID_TOKEN, personal, run, send } from "./helpers.js"

const { tokens } = designSeed

describe("auth", () => {
  it.effect("accepts personal and plan tokens in X-Design-Token and OAuth as Bearer", () =>
    run(Effect.gen(function*() {
      const me = yield* send("GET", "/v1/me", personal)
      expect(me.status).toBe(200)
      expect(me.body).toEqual({
        id: designSeed.users.admin.id,
        handle: designSeed.users.admin.handle,
        img_url: expect.stringMatching(/^https:\/\//),
        email: designSeed.users.admin.email
      })
      const oauth = yield* send("GET", "/v1/me", { bearer: tokens.oauth })
      expect(oauth.body.id).toBe(designSeed.users.app_user.id)
      const plan = yield* send("GET", `/v1/files/${designSeed.file_key}/meta`, { token: tokens.plan })
      expect(plan.status).toBe(200)
    })))

  it.effect("answers 403 Invalid token for missing, unknown, expired and wrong-header tokens", () =>
    run(Effect.gen(function*() {
      const cases = [
        {},
        { token: "dsgn_personal_sandbox_unknown" },
        { token: tokens.expired },
        { bearer: tokens.personal },
        { bearer: tokens.plan },
        { token: tokens.oauth }
      ]
      for (const options of cases) {
        const r = yield* send("GET", "/v1/me", options)
        expect(r.status).toBe(403)
        expect(r.body).toEqual(INVALID_TOKEN)
        const w = yield* send("GET", `/v2/webhooks?context=team&context_id=${designSeed.team_id}`, options)
        expect(w.body).toEqual(INVALID_TOKEN)
      }
    })))

  it.effect("refuses /v1/me to a plan token with the scope-error form", () =>
    run(Effect.gen(function*() {
      const r = yield* send("GET", "/v1/me", { token: tokens.plan })
      expect(r.status).toBe(403)
      expect(r.body).toMatchObject({ error: true, status: 403, i18n: null })
      expect(r.body.message).toMatch(/^Invalid scope: \[.*\]\. This endpoint requires the current_user:read scope\.$/)
    })))
})

describe("file meta and unknown paths", () => {
  it.effect("returns the seeded file's metadata and 404s in the {status, err} form", () =>
    run(Effect.gen(function*() {
      const r = yield* send("GET", `/v1/files/${designSeed.file_key}/meta`, personal)
      expect(r.status).toBe(200)
      expect(Object.keys(r.body.file)).toEqual([
        "name",
        "folder_name",
        "last_touched_at",
        "creator",
        "last_touched_by",
        "thumbnail_url",
        "editorType",
        "role",
        "link_access",
        "url",
        "version"
      ])
      expect(r.body.file.role).toBe("owner")
      const missing = yield* send("GET", "/v1/files/NoSuchKey/meta", personal)
      expect(missing.status).toBe(404)
      expect(missing.body).toEqual({ status: 404, err: "Not found" })
      const unknownPath = yield* send("GET", "/v1/files/abc", personal)
      expect(unknownPath.status).toBe(404)
      expect(unknownPath.body).toEqual({ status: 404, err: "Not found" })
      const wrongMethod = yield* send("DELETE", "/v2/webhooks", personal)
      expect(wrongMethod.body).toEqual({ status: 404, err: "Not found" })
    })))
})

describe("rate limits", () => {
  it.effect("answers 429 with the recorded headers once the per-minute budget is used, then recovers", () =>
    run(Effect.gen(function*() {
      const path = `/v2/webhooks?context=team&context_id=${designSeed.team_id}`
      const viewer = { token: tokens.viewer }
      // View seat, tier 2: 5 per minute.
      for (let i = 0; i < 5; i++) expect((yield* send("GET", path, viewer)).status).toBe(200)
      const limited = yield* send("GET", path, viewer)
      expect(limited.status).toBe(429)
      expect(limited.body).toEqual({ status: 429, err: "Rate limit exceeded" })
      expect(limited.headers["content-type"]).toBe("application/json; charset=utf-8")
      expect(limited.headers["retry-after"]).toBe("12")
      expect(limited.headers["x-design-plan-tier"]).toBe("pro")
      expect(limited.headers["x-design-rate-limit-type"]).toBe("low")
      expect(limited.headers["x-design-upgrade-link"]).toMatch(/^https:\/\//)
      expect(limited.headers["access-control-expose-headers"]).toBe(
        "Retry-After, X-Design-Plan-Tier, X-Design-Rate-Limit-Type, X-Design-Upgrade-Link"
      )
      // Another tier has its own bucket.
      expect((yield* send("GET", "/v1/me", viewer)).status).toBe(200)
      yield* TestClock.adjust("11 seconds")
      expect((yield* send("GET", path, viewer)).status).toBe(429)
      yield* TestClock.adjust("1 second")
      expect((yield* send("GET", path, viewer)).status).toBe(200)
      yield* TestClock.adjust("1 minute")
      for (let i = 0; i < 5; i++) expect((yield* send("GET", path, viewer)).status).toBe(200)
    })))

  it.effect("reports tier starter and type low for a Full seat in a Starter context", () =>
    run(Effect.gen(function*() {
      const path = `/v2/webhooks?context=team&context_id=${designSeed.starter_team_id}`
      for (let i = 0; i < 5; i++) expect((yield* send("GET", path, { token: tokens.starter })).status).toBe(200)
      const limited = yield* send("GET", path, { token: tokens.starter })
      expect(limited.status).toBe(429)
      expect(limited.headers["x-design-plan-tier"]).toBe("starter")
      expect(limited.headers["x-design-rate-limit-type"]).toBe("low")
    })))

  it.effect("gives a Full seat on Professional 25 webhook calls a minute, counted per user", () =>
    run(Effect.gen(function*() {
      const path = `/v2/webhooks?context=team&context_id=${designSeed.team_id}`
      for (let i = 0; i < 25; i++) expect((yield* send("GET", path, personal)).status).toBe(200)
      const limited = yield* send("GET", path, personal)
      expect(limited.status).toBe(429)
      expect(limited.headers["x-design-rate-limit-type"]).toBe("high")
      // OAuth is counted per user and app, so the app user still has budget.
      expect((yield* send("GET", path, { bearer: tokens.oauth })).status).toBe(200)
    })))
})
