import { describe, expect, it } from "@effect/vitest"
import { Duration, Effect, Option, Redacted } from "effect"
import { cliSettings, cliVocabulary } from "../../src/core/cli/service-settings.js"
import { InvalidInputError, NotFoundError, RateLimitError } from "../../src/core/errors.js"
import { exitCodeOf } from "../../src/core/exit-codes.js"
import { toolError } from "../../src/core/mcp/derive.js"
import { toolVocabulary } from "../../src/core/mcp/remedy.js"
import { render, truncate, useColor } from "../../src/core/output.js"
import { remedy } from "../../src/core/remedy.js"
import { maskHeaders, maskToken, maskUrl } from "../../src/core/secrets.js"
import { classifyDesign } from "../../src/design/classify.js"
import { designCli } from "../../src/design/cli/program.js"
import { resolveDesignOptions } from "../../src/design/service.js"

describe("design settings", () => {
  it.effect("lets a flag win over its variable, records the token's source, and takes a team URL", () =>
    Effect.gen(function*() {
      const env = { DESIGN_ACCESS_TOKEN: "env-token-123456", DESIGN_TEAM_ID: "7" }
      const fromEnv = yield* cliSettings(designCli, {}, env)
      expect(Option.map(fromEnv.token, Redacted.value)).toEqual(Option.some("env-token-123456"))
      expect(fromEnv.tokenSource).toEqual(Option.some("DESIGN_ACCESS_TOKEN"))
      expect(fromEnv.options.teamId).toBe("7")
      const fromFlag = yield* cliSettings(designCli, {
        "--token": "flag-token-123456",
        "--team": "https://www.design.example/files/team/9/Team"
      }, env)
      expect(fromFlag.tokenSource).toEqual(Option.some("--token"))
      expect(fromFlag.options.teamId).toBe("9")
    }))

  it.effect("reads mode, seat, plan, edition and the waits", () =>
    Effect.gen(function*() {
      const s = yield* cliSettings(designCli, {}, {
        DESIGN_AUTH_MODE: "oauth",
        DESIGN_SEAT: "dev",
        DESIGN_PLAN: "enterprise",
        DESIGN_EDITION: "gov",
        DESIGN_GOV_BASE_URL: "https://gov.example/",
        DESIGN_MAX_WAIT: "5"
      })
      const o = yield* resolveDesignOptions({ ...s.options, token: "t-123456789" })
      expect([
        o.authMode,
        Option.getOrNull(o.seat),
        Option.getOrNull(o.plan),
        o.edition,
        o.baseUrl,
        Duration.toSeconds(o.maxWait)
      ]).toEqual(
        ["oauth", "dev", "enterprise", "gov", "https://gov.example", 5]
      )
    }))

  it.effect("refuses plain http except on loopback, credentials in the URL, and bad choices", () =>
    Effect.gen(function*() {
      for (const baseUrl of ["http://api.example.com", "https://user:secret@api.example.com", "not a url"]) {
        const error = yield* Effect.flip(resolveDesignOptions({ token: "t-123456789", baseUrl }))
        expect(error._tag).toBe("InvalidSettingsError")
        expect(error.message).not.toContain("secret")
      }
      expect((yield* resolveDesignOptions({ token: "t-123456789", baseUrl: "http://127.0.0.1:4010/" })).baseUrl).toBe(
        "http://127.0.0.1:4010"
      )
      const seat = yield* Effect.flip(resolveDesignOptions({ token: "t-123456789", seat: "captain" as never }))
      expect(seat.setting).toBe("seat")
      const wait = yield* Effect.flip(cliSettings(designCli, { "--max-wait": "1.5" }, {}))
      expect(wait).toMatchObject({ _tag: "InvalidSettingsError", setting: "maxWait" })
    }))
})

describe("secrets are masked", () => {
  it("tokens, URL credentials and secret query values, and secret headers", () => {
    expect(maskToken(Redacted.make("dsgn_personal_sandbox_abcdef"))).toBe("dsgn************")
    expect(maskUrl("https://user:pw@api.example.com/v1?plugin_payment_token=abc&x=1")).toBe(
      "https://***@api.example.com/v1?plugin_payment_token=***&x=1"
    )
    expect(maskHeaders({ authorization: "Bearer abc", "x-design-token": "abc", accept: "application/json" })).toEqual({
      authorization: "Bearer ***",
      "x-design-token": "***",
      accept: "application/json"
    })
  })
})

describe("classification of the two error bodies", () => {
  const route = { tier: 2 as const, subject: "webhooks of project 999", maxWait: Duration.seconds(60) }
  it("reads both bodies into typed errors with typed fields", () => {
    const notFound = classifyDesign(
      { status: 404, headers: {}, body: { error: true, status: 404, message: "Not found", i18n: null } },
      route,
      1
    )
    expect(notFound).toBeInstanceOf(NotFoundError)
    expect(notFound.message).toBe("The service found no webhooks of project 999 (404: Not found).")
    const expired = classifyDesign({ status: 403, headers: {}, body: { status: 403, err: "Invalid token" } }, route, 1)
    expect(expired._tag).toBe("AuthError")
    const scope = classifyDesign(
      {
        status: 403,
        headers: {},
        body: {
          error: true,
          status: 403,
          message: "Invalid scope: [files:read]. This endpoint requires the webhooks:write scope."
        }
      },
      route,
      1
    )
    expect(scope._tag === "ForbiddenError" && scope.scope).toBe("webhooks:write")
    const gated = classifyDesign({
      status: 403,
      headers: {},
      body: { error: true, status: 403, message: "Not on your plan" }
    }, {
      ...route,
      planGate: { label: "Enterprise", plan: "enterprise" }
    }, 1)
    expect(gated._tag === "PlanRequiredError" && gated.plan).toBe("Enterprise")
    const limited = classifyDesign(
      {
        status: 429,
        headers: { "retry-after": "7", "x-design-plan-tier": "pro" },
        body: { status: 429, err: "Rate limit exceeded" }
      },
      route,
      3
    )
    expect(
      limited._tag === "RateLimitError" && [Duration.toSeconds(limited.retryAfter!), limited.headers, limited.attempts]
    ).toEqual([
      7,
      { "Retry-After": "7", "X-Design-Plan-Tier": "pro" },
      3
    ])
  })

  it("words remedies per front end, never inside the error", () => {
    const error = new RateLimitError({
      message: "Rate limited",
      retryAfter: Duration.seconds(90),
      headers: {},
      planTier: null,
      rateLimitType: null,
      upgradeLink: null,
      attempts: 4
    })
    expect(remedy(error, cliVocabulary(designCli, ["user", "me"]))).toContain("--max-wait")
    expect(remedy(error, toolVocabulary("DESIGN_ACCESS_TOKEN", "DESIGN"))).toContain("DESIGN_MAX_WAIT")
    const tool = toolError(error, toolVocabulary("DESIGN_ACCESS_TOKEN", "DESIGN"))
    expect(tool).toMatchObject({ type: "RateLimitError", exit_code: 6, retry_after: 90, attempts: 4 })
    expect(exitCodeOf(new InvalidInputError({ message: "x", fields: [] }))).toBe(2)
  })
})

describe("output", () => {
  const view = {
    kind: "table" as const,
    rows: (o: { r: Array<Record<string, unknown>> }) => o.r,
    columns: ["id", "name"],
    noun: "things"
  }
  const base = { format: "text" as const, full: false, color: false, tty: true, width: 80 }

  it("aligns tables on a terminal and tab-separates them when piped", () => {
    const data = { r: [{ id: "1", name: "a b" }, { id: "22", name: "c" }] }
    expect(render(view, data, data, base).stdout).toBe("ID  NAME\n1   a b\n22  c")
    expect(render(view, data, data, { ...base, tty: false }).stdout).toBe("1\ta b\n22\tc")
  })

  it("fits a wide table to the terminal", () => {
    const data = { r: [{ id: "1", name: "x".repeat(200) }] }
    const lines = render(view, data, data, { ...base, width: 40 }).stdout.split("\n")
    expect(Math.max(...lines.map((l) => l.length))).toBeLessThanOrEqual(40)
  })

  it("says an empty list on stderr, leaving stdout empty", () => {
    const out = render(view, { r: [] }, { r: [] }, base)
    expect(out).toEqual({ stdout: "", notice: "No things." })
  })

  it("truncates with a size hint unless full", () => {
    expect(truncate("x".repeat(500), 400, false)).toMatch(/… \(\+101 chars, --full shows all\)$/)
    expect(truncate("x".repeat(500), 400, true)).toHaveLength(500)
  })

  it("colours only a terminal without NO_COLOR", () => {
    expect(useColor({ isTTY: true }, {})).toBe(true)
    expect(useColor({ isTTY: true }, { NO_COLOR: "1" })).toBe(false)
    expect(useColor({ isTTY: false }, {})).toBe(false)
  })
})
