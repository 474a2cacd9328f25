/** GET /v1/oembed: the embed of a file URL, and every refusal in the `{status, err}` form. */
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { designSeed } from "../../../src/testing/design/index.js"
import type { SendOptions } from "./helpers.js"
import { as, ent, plain, run, send } from "./helpers.js"

describe("oEmbed", () => {
  const fileUrl = `https://design.example/design/${designSeed.file_key}/Sandbox-File`
  const oembed = (query: string, options: SendOptions = as.basePersonal) => send("GET", `/v1/oembed?${query}`, options)

  it.effect("returns the oEmbed 1.0 object, sized by maxwidth and maxheight", () =>
    run(Effect.gen(function*() {
      const r = yield* oembed(`url=${encodeURIComponent(fileUrl)}`)
      expect(r.status).toBe(200)
      expect(r.body).toEqual({
        version: "1.0",
        type: "rich",
        title: "Sandbox File",
        url: fileUrl,
        provider_name: "Design",
        provider_url: "https://design.example",
        cache_age: 3600,
        width: 800,
        height: 450,
        html: expect.stringMatching(
          /^<iframe .*width="800" height="450" src="https:\/\/embed\.design\.example\/design\//
        ),
        thumbnail_url: expect.stringMatching(/^https:\/\//),
        thumbnail_width: 400,
        thumbnail_height: 225
      })
      const small = yield* oembed(`url=${encodeURIComponent(fileUrl)}&maxwidth=320&maxheight=180`, as.baseOauth)
      expect(small.body).toMatchObject({ width: 320, height: 180, thumbnail_width: 320, thumbnail_height: 180 })
      // Either bound alone scales the 16:9 embed to fit it, never stretching it out of shape.
      const narrow = yield* oembed(`url=${encodeURIComponent(fileUrl)}&maxwidth=300`)
      expect(narrow.body).toMatchObject({ width: 300, height: 169 })
      expect(narrow.body.html).toContain(`width="300" height="169"`)
      const short = yield* oembed(`url=${encodeURIComponent(fileUrl)}&maxheight=90`)
      expect(short.body).toMatchObject({ width: 160, height: 90 })
      const large = yield* oembed(`url=${encodeURIComponent(fileUrl)}&maxwidth=2000&maxheight=2000`)
      expect(large.body).toMatchObject({ width: 800, height: 450 })
    })))

  it.effect("answers 501 for what it cannot embed and 404 for what it does not know", () =>
    run(Effect.gen(function*() {
      const team = yield* oembed(`url=${encodeURIComponent(`https://design.example/team/${designSeed.team_id}`)}`)
      expect(team.body).toEqual(plain(501, "This kind of URL cannot be embedded"))
      const xml = yield* oembed(`url=${encodeURIComponent(fileUrl)}&format=xml`)
      expect(xml.status).toBe(501)
      expect((yield* oembed(`url=${encodeURIComponent("https://elsewhere.example/design/abc")}`)).body).toEqual(
        plain(404, "Not found")
      )
      expect((yield* oembed(`url=${encodeURIComponent("https://design.example/design/NoSuchKey/x")}`)).body).toEqual(
        plain(404, "Not found")
      )
      const hidden = yield* oembed(`url=${encodeURIComponent(`https://design.example/file/${ent.file_key}/Library`)}`)
      expect(hidden.body).toEqual(plain(403, "You do not have access to this file"))
    })))

  it.effect("rejects a missing url and non-integer sizes with 400", () =>
    run(Effect.gen(function*() {
      expect((yield* oembed("maxwidth=100")).body).toEqual(plain(400, "'url' is required"))
      expect((yield* oembed(`url=${encodeURIComponent(fileUrl)}&maxwidth=800.0`)).body)
        .toEqual(plain(400, "'maxwidth' must be a valid number, received type String"))
      expect((yield* oembed(`url=${encodeURIComponent(fileUrl)}&maxheight=tall`)).body)
        .toEqual(plain(400, "'maxheight' must be a valid number, received type String"))
      expect((yield* oembed("url=not-a-url")).body).toEqual(plain(400, "'url' must be an absolute URL"))
    })))

  it.effect("refuses plan tokens and is not rate limited", () =>
    run(Effect.gen(function*() {
      const plan = yield* oembed(`url=${encodeURIComponent(fileUrl)}`, as.basePlan)
      expect(plan.status).toBe(403)
      expect(plan.body.err).toMatch(/does not accept plan access tokens/)
      expect(plan.body.error).toBeUndefined()
      const viewer = { token: designSeed.tokens.viewer }
      for (let i = 0; i < 30; i++) {
        expect((yield* oembed(`url=${encodeURIComponent(fileUrl)}`, viewer)).status).toBe(200)
      }
    })))
})
