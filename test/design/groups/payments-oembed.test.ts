/** Payments and oEmbed through DesignApi: their shapes, their credential kinds, and oEmbed's 501. */
import { describe, expect, it } from "@effect/vitest"
import { Effect, Redacted } from "effect"
import { cliVocabulary } from "../../../src/core/cli/service-settings.js"
import { remedy } from "../../../src/core/remedy.js"
import { designCli } from "../../../src/design/cli/program.js"
import { api, apiLayer, seed, sent } from "../harness.js"

const pay = seed.payments
type Failing = Effect.Effect<unknown, { readonly _tag: string }>

describe("payments", () => {
  it.effect("answers a buyer's status for a resource the caller owns, by user id or by payment token", () =>
    Effect.gen(function*() {
      const a = yield* api
      const paid = yield* a.paymentGet({ user_id: seed.users.editor.id, plugin_id: pay.plugin_id })
      expect(paid).toMatchObject({
        user_id: seed.users.editor.id,
        resource_id: pay.plugin_id,
        resource_type: "PLUGIN",
        payment_status: { type: "PAID" }
      })
      const byToken = yield* a.paymentGet({ plugin_payment_token: pay.plugin_payment_token })
      expect(byToken.payment_status.type).toBe("PAID")
      const foreign = yield* Effect.flip(
        a.paymentGet({ user_id: seed.users.editor.id, plugin_id: pay.foreign_plugin_id })
      )
      expect(foreign._tag).toBe("ForbiddenError")
    }).pipe(Effect.provide(apiLayer())))

  it.effect("refuses OAuth and plan tokens, and mixed or incomplete queries, before sending", () =>
    Effect.gen(function*() {
      const modes: ReadonlyArray<Parameters<typeof apiLayer>[0]> = [
        { token: Redacted.make(seed.tokens.oauth), authMode: "oauth" },
        { token: seed.tokens.plan, authMode: "plan" }
      ]
      for (const mode of modes) {
        const error = yield* Effect.flip(Effect.flatMap(api, (a) => a.paymentGet({ user_id: "1", plugin_id: "2" })))
          .pipe(Effect.provide(apiLayer(mode)))
        expect(error._tag).toBe("AuthModeError")
      }
      const a = yield* api
      const bad: Array<Failing> = [
        a.paymentGet({}),
        a.paymentGet({ user_id: "1" }),
        a.paymentGet({ user_id: "1", plugin_id: "2", widget_id: "3" }),
        a.paymentGet({ plugin_payment_token: "t", user_id: "1" }),
        a.paymentGet({ user_id: "abc", plugin_id: "2" })
      ]
      for (const call of bad) expect((yield* Effect.flip(call))._tag).toBe("InvalidInputError")
      expect(yield* sent).toEqual([])
    }).pipe(Effect.provide(apiLayer())))
})

describe("oEmbed", () => {
  const url = `https://www.design.example/design/${seed.file_key}/Sandbox`

  it.effect("embeds a file URL with the sizes asked for, sent as integers", () =>
    Effect.gen(function*() {
      const out = yield* Effect.flatMap(api, (a) => a.oembedGet({ url, maxwidth: 640, maxheight: 360 }))
      expect(out).toMatchObject({ version: "1.0", type: "rich", width: 640, height: 360 })
      expect(out.html).toContain("<iframe")
      expect((yield* sent)[0]?.query).toMatchObject({ maxwidth: "640", maxheight: "360" })
    }).pipe(Effect.provide(apiLayer())))

  it.effect("reports the service's 501 for a URL it cannot embed as a ServiceError, without retrying", () =>
    Effect.gen(function*() {
      const error = yield* Effect.flip(
        Effect.flatMap(api, (a) => a.oembedGet({ url: "https://www.design.example/community/plugin/1" }))
      )
      expect(error._tag).toBe("ServiceError")
      if (error._tag === "ServiceError") {
        expect(error.status).toBe(501)
        expect(remedy(error, cliVocabulary(designCli, ["oembed", "get"]))).toMatch(
          /change the input rather than retrying/
        )
      }
      expect(yield* sent).toHaveLength(1)
    }).pipe(Effect.provide(apiLayer())))

  it.effect("refuses plan tokens, fractional sizes and a non-https URL before sending", () =>
    Effect.gen(function*() {
      const planned = yield* Effect.flip(Effect.flatMap(api, (a) => a.oembedGet({ url }))).pipe(
        Effect.provide(apiLayer({ token: seed.tokens.plan, authMode: "plan" }))
      )
      expect(planned._tag).toBe("AuthModeError")
      const a = yield* api
      const bad: Array<Failing> = [
        a.oembedGet({ url, maxwidth: 640.5 }),
        a.oembedGet({ url, maxheight: 0 }),
        a.oembedGet({ url: "http://www.design.example/design/K" })
      ]
      for (const call of bad) expect((yield* Effect.flip(call))._tag).toBe("InvalidInputError")
      expect(yield* sent).toEqual([])
    }).pipe(Effect.provide(apiLayer())))
})
