import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { designSeed, serveDesignSandbox } from "../../../src/testing/design/index.js"

describe("serveDesignSandbox", () => {
  it.scopedLive("serves the simulator on a loopback port", () =>
    Effect.gen(function*() {
      const { base_url } = yield* serveDesignSandbox(0)
      expect(base_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
      const fetchJson = (path: string, init: RequestInit = {}) =>
        Effect.promise(async () => {
          const response = await fetch(`${base_url}${path}`, init)
          return { status: response.status, body: await response.json() as any }
        })
      const me = yield* fetchJson("/v1/me", { headers: { "X-Design-Token": designSeed.tokens.personal } })
      expect(me).toEqual({ status: 200, body: expect.objectContaining({ id: designSeed.users.admin.id }) })

      // Pagination URLs are built from the Host the client used.
      const headers = { "X-Design-Token": designSeed.tokens.personal, "Content-Type": "application/json" }
      for (let i = 0; i < 4; i++) {
        const created = yield* fetchJson("/v2/webhooks", {
          method: "POST",
          headers,
          body: JSON.stringify({
            event_type: "PING",
            context: "team",
            context_id: designSeed.team_id,
            endpoint: "https://hooks.example.com/e2e",
            passcode: "e2e"
          })
        })
        expect(created.status).toBe(200)
      }
      const page = yield* fetchJson(`/v2/webhooks?plan_api_id=${designSeed.plan_api_ids.team}`, { headers })
      expect(page.body.pagination.next_page.startsWith(`${base_url}/v2/webhooks?`)).toBe(true)
    }))
})
