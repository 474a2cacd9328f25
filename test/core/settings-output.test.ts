import { describe, expect, it } from "@effect/vitest"
import { ConfigProvider, Effect, Option, Redacted } from "effect"
import { exitCode, NotFoundError, RateLimitError, toToolError, UsageError } from "../../src/core/errors.js"
import { render, truncate, useColor } from "../../src/core/output.js"
import { classifyResponse } from "../../src/design/classify.js"
import { maskToken, resolveDesignSettings } from "../../src/design/settings.js"

const withEnv = (env: Record<string, string>) => Effect.withConfigProvider(ConfigProvider.fromMap(new Map(Object.entries(env))))

describe("design settings", () => {
  it.effect("lets a flag win over its variable and records the token's source", () =>
    Effect.gen(function*() {
      const fromEnv = yield* resolveDesignSettings({}).pipe(withEnv({ DESIGN_ACCESS_TOKEN: "env-token-123456", DESIGN_TEAM_ID: "7" }))
      expect(Option.map(fromEnv.token, Redacted.value)).toEqual(Option.some("env-token-123456"))
      expect(fromEnv.tokenSource).toEqual(Option.some("DESIGN_ACCESS_TOKEN"))
      expect(fromEnv.teamId).toEqual(Option.some("7"))
      const fromFlag = yield* resolveDesignSettings({ token: Redacted.make("flag-token-123456"), team: "9" }).pipe(
        withEnv({ DESIGN_ACCESS_TOKEN: "env-token-123456", DESIGN_TEAM_ID: "7" })
      )
      expect(Option.map(fromFlag.token, Redacted.value)).toEqual(Option.some("flag-token-123456"))
      expect(fromFlag.tokenSource).toEqual(Option.some("--token"))
      expect(fromFlag.teamId).toEqual(Option.some("9"))
    }))

  it.effect("reads mode, seat, plan, edition and the ceiling", () =>
    Effect.gen(function*() {
      const s = yield* resolveDesignSettings({}).pipe(withEnv({
        DESIGN_AUTH_MODE: "OAuth",
        DESIGN_SEAT: "dev",
        DESIGN_PLAN: "enterprise",
        DESIGN_EDITION: "gov",
        DESIGN_GOV_BASE_URL: "https://gov.example/",
        DESIGN_MAX_WAIT: "5"
      }))
      expect([s.authMode, Option.getOrNull(s.seat), Option.getOrNull(s.plan), s.edition, s.baseUrl, s.maxWaitSeconds]).toEqual(
        ["oauth", "dev", "enterprise", "gov", "https://gov.example", 5]
      )
    }))

  it.effect("refuses plain http except on loopback, and bad choices", () =>
    Effect.gen(function*() {
      for (const baseUrl of ["http://example.com", "ftp://x", "not a url"]) {
        expect((yield* Effect.flip(resolveDesignSettings({ baseUrl })))._tag).toBe("UsageError")
      }
      for (const baseUrl of ["http://127.0.0.1:8080", "http://localhost:1", "http://[::1]:2"]) {
        expect((yield* resolveDesignSettings({ baseUrl })).baseUrl).toBe(baseUrl)
      }
      expect((yield* Effect.flip(resolveDesignSettings({ authMode: "basic" })))._tag).toBe("UsageError")
      expect((yield* Effect.flip(resolveDesignSettings({ maxWait: "1.5" })))._tag).toBe("UsageError")
    }))

  it("masks tokens", () => {
    const masked = maskToken(Redacted.make("dsgn_personal_sandbox_secret"))
    expect(masked.startsWith("dsgn")).toBe(true)
    expect(masked).not.toContain("secret")
    expect(String(Redacted.make("x-secret"))).not.toContain("x-secret")
  })
})

describe("error classification", () => {
  const ctx = { subject: "Webhook 1", maxWaitSeconds: 60 }
  it("reads both body forms", () => {
    expect(classifyResponse(403, { status: 403, err: "Invalid token" }, {}, ctx)._tag).toBe("AuthError")
    expect(classifyResponse(401, { error: true, status: 401, message: "no" }, {}, ctx)._tag).toBe("AuthError")
    expect(classifyResponse(403, { error: true, status: 403, message: "Invalid scope: [x]" }, {}, ctx)._tag).toBe("ForbiddenError")
    expect(classifyResponse(403, { status: 403, err: "Forbidden" }, {}, { ...ctx, planGate: "Enterprise" })._tag).toBe("PlanRequiredError")
    expect(classifyResponse(402, {}, {}, ctx)._tag).toBe("PlanRequiredError")
    expect(classifyResponse(404, { error: true, status: 404, message: "Not found" }, {}, ctx).message).toContain("Not found")
    expect(classifyResponse(400, { error: true, status: 400, message: "endpoint too long" }, {}, ctx).message).toContain("endpoint too long")
    expect(classifyResponse(502, null, {}, ctx)._tag).toBe("ServiceError")
  })

  it("explains a Starter-context 429 and keeps the headers verbatim", () => {
    const headers = { "retry-after": "60", "x-design-plan-tier": "starter", "x-design-rate-limit-type": "low", "x-design-upgrade-link": "https://u.example/x" }
    const e = classifyResponse(429, { status: 429, err: "Rate limit exceeded" }, headers, { ...ctx, seat: "full", plan: "professional", maxWaitSeconds: 10 })
    expect(e).toBeInstanceOf(RateLimitError)
    for (const line of ["Retry-After: 60", "X-Design-Plan-Tier: starter", "X-Design-Rate-Limit-Type: low", "X-Design-Upgrade-Link: https://u.example/x"]) {
      expect(e.message).toContain(line)
    }
    expect(e.message).toContain("Starter context")
    expect(e.message).toContain("longer than --max-wait")
  })

  it("maps every error to its exit code and a plain tool error", () => {
    expect(exitCode(new UsageError({ message: "m", remedy: "r" }))).toBe(2)
    const tool = toToolError(new NotFoundError({ message: "gone", remedy: "look" }))
    expect(tool).toEqual({ type: "NotFoundError", exit_code: 5, message: "gone", remedy: "look" })
  })
})

describe("output", () => {
  const plain = { format: "text" as const, full: false, color: false }
  it("aligns tables and prints records as key-value", () => {
    const view = { kind: "table" as const, rows: (o: Array<Record<string, unknown>>) => o, columns: ["id", "name"] }
    expect(render(view, [{ id: "1", name: "a" }, { id: "22", name: null }], plain)).toBe("ID  NAME\n1   a\n22")
    expect(render({ kind: "record" }, { id: "1", long_name: true }, plain)).toBe("id:        1\nlong_name: true")
    expect(render(view, [], plain)).toBe("(none)")
  })

  it("truncates long text with a size hint unless full", () => {
    const long = "x".repeat(500)
    expect(truncate(long, 100, false)).toMatch(/… \(\+401 chars, --full shows all\)$/)
    expect(truncate(long, 100, true)).toBe(long)
  })

  it("prints JSON and TOON", () => {
    const value = { items: [{ a: 1, b: "x" }, { a: 2, b: "y" }] }
    expect(JSON.parse(render({ kind: "record" }, value, { ...plain, format: "json" }))).toEqual(value)
    expect(render({ kind: "record" }, value, { ...plain, format: "toon" })).toBe("items[2]{a,b}:\n  1,x\n  2,y")
  })

  it("colours only a terminal without NO_COLOR", () => {
    expect(useColor({ isTTY: true }, {})).toBe(true)
    expect(useColor({ isTTY: true }, { NO_COLOR: "1" })).toBe(false)
    expect(useColor({ isTTY: false }, {})).toBe(false)
    expect(render({ kind: "record" }, { a: 1 }, { ...plain, color: true })).toContain("\x1b[1m")
  })
})
