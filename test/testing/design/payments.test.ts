/** GET /v1/payments: who may ask, about which resources, and what each buyer's status reads. */
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { designSeed } from "../../../src/testing/design/index.js"
import type { SendOptions } from "./helpers.js"
import { as, rich, run, send } from "./helpers.js"

const pay = designSeed.payments
const u = designSeed.users
const payments = (query: string, options: SendOptions = as.basePersonal) =>
  send("GET", `/v1/payments?${query}`, options)

describe("payments", () => {
  it.effect("reports a buyer's status on the caller's own plugin, widget and Community file", () =>
    run(Effect.gen(function*() {
      const paid = yield* payments(`user_id=${u.editor.id}&plugin_id=${pay.plugin_id}`)
      expect(paid.status).toBe(200)
      expect(paid.body).toEqual({
        status: 200,
        error: false,
        meta: {
          user_id: u.editor.id,
          resource_id: pay.plugin_id,
          resource_type: "PLUGIN",
          payment_status: { type: "PAID" },
          date_of_purchase: "2026-01-10T08:00:00Z"
        }
      })
      const trial = yield* payments(`user_id=${u.viewer.id}&widget_id=${pay.widget_id}`)
      expect(trial.body.meta).toEqual({
        user_id: u.viewer.id,
        resource_id: pay.widget_id,
        resource_type: "WIDGET",
        payment_status: { type: "TRIAL" }
      })
      const refunded = yield* payments(`user_id=${u.viewer.id}&plugin_id=${pay.plugin_id}`)
      expect(refunded.body.meta).toMatchObject({
        payment_status: { type: "UNPAID" },
        date_of_purchase: "2025-12-24T17:30:00Z"
      })
      const never = yield* payments(`user_id=${u.app_user.id}&community_file_id=${pay.community_file_id}`)
      expect(never.body.meta).toEqual({
        user_id: u.app_user.id,
        resource_id: pay.community_file_id,
        resource_type: "COMMUNITY_FILE",
        payment_status: { type: "UNPAID" }
      })
      const byToken = yield* payments(`plugin_payment_token=${pay.plugin_payment_token}`)
      expect(byToken.body.meta).toMatchObject({
        user_id: u.editor.id,
        resource_id: pay.plugin_id,
        payment_status: { type: "PAID" }
      })
    })))

  it.effect("answers only for resources the caller owns", () =>
    run(Effect.gen(function*() {
      expect((yield* payments(`user_id=${u.editor.id}&plugin_id=${pay.foreign_plugin_id}`)).body)
        .toEqual(rich(403, "You can only query payments for resources you own"))
      expect((yield* payments(`user_id=${u.editor.id}&plugin_id=${pay.plugin_id}`, as.baseEditor)).status).toBe(403)
      expect((yield* payments(`user_id=${u.editor.id}&plugin_id=${pay.foreign_plugin_id}`, as.admin)).status).toBe(200)
      expect((yield* payments(`user_id=${u.editor.id}&widget_id=999`)).body).toEqual(rich(404, "Not found"))
    })))

  it.effect("rejects incomplete or conflicting queries with 400", () =>
    run(Effect.gen(function*() {
      const cases: Array<[string, RegExp]> = [
        ["", /Either 'plugin_payment_token' or 'user_id' is required/],
        [`user_id=${u.editor.id}`, /exactly one of community_file_id, plugin_id, widget_id/],
        [`user_id=${u.editor.id}&plugin_id=${pay.plugin_id}&widget_id=${pay.widget_id}`, /exactly one of/],
        [`plugin_payment_token=${pay.plugin_payment_token}&user_id=1`, /cannot be combined/],
        ["plugin_payment_token=forged", /Invalid 'plugin_payment_token'/]
      ]
      for (const [query, message] of cases) {
        const r = yield* payments(query)
        expect(r.status, query).toBe(400)
        expect(r.body.message).toMatch(message)
      }
    })))

  it.effect("takes personal tokens only: neither OAuth nor plan tokens", () =>
    run(Effect.gen(function*() {
      const query = `user_id=${u.editor.id}&plugin_id=${pay.plugin_id}`
      for (const options of [as.baseOauth, as.oauthOrg]) {
        const r = yield* payments(query, options)
        expect(r.status).toBe(403)
        expect(r.body.message).toMatch(
          /^This endpoint does not accept (user|organization)-level OAuth tokens\. Use personal access tokens\.$/
        )
      }
      expect((yield* payments(query, as.basePlan)).body.message).toMatch(/does not accept plan access tokens/)
    })))

  it.effect("counts payments in tier 3: a View seat gets 10 a minute", () =>
    run(Effect.gen(function*() {
      const viewer = { token: designSeed.tokens.viewer }
      for (let i = 0; i < 10; i++) {
        expect((yield* payments(`user_id=1&plugin_id=${pay.plugin_id}`, viewer)).status).toBe(403)
      }
      const limited = yield* payments(`user_id=1&plugin_id=${pay.plugin_id}`, viewer)
      expect(limited.status).toBe(429)
      expect(limited.headers["x-design-rate-limit-type"]).toBe("low")
    })))
})
