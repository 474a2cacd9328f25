import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as TestClock from "effect/TestClock"
import { designSeed } from "../../../src/testing/design/index.js"
import { BASE, NOT_FOUND_PLAIN, notANumber, personal, plain, raw, run, send } from "./helpers.js"

const { file_key, node_ids, tokens } = designSeed
const images = (query: string) => `/v1/images/${file_key}?${query}`

const startsWith = (bytes: Uint8Array, prefix: ReadonlyArray<number>) => prefix.every((b, i) => bytes[i] === b)

describe("GET /v1/images/{key}", () => {
  it.effect("maps every requested id to a link on the simulator, or null when it cannot render", () =>
    run(Effect.gen(function*() {
      const ids = [node_ids.cover_frame, node_ids.title, "9:99", node_ids.hidden_frame, "0:0"].join(",")
      const r = yield* send("GET", images(`ids=${ids}&scale=2&format=png`), personal)
      expect(r.status).toBe(200)
      expect(Object.keys(r.body)).toEqual(["err", "images"])
      expect(r.body.err).toBeNull()
      expect(Object.keys(r.body.images)).toEqual(ids.split(","))
      expect(r.body.images[node_ids.cover_frame]).toMatch(
        new RegExp(`^${BASE}/_sandbox/render/${file_key}/1-2\\.png\\?expires=\\d+$`)
      )
      // Unknown, hidden and the document itself: null, a per-node failure and not an error.
      expect(r.body.images["9:99"]).toBeNull()
      expect(r.body.images[node_ids.hidden_frame]).toBeNull()
      expect(r.body.images["0:0"]).toBeNull()
    })))

  it.effect("serves real bytes of each format at the link, without a token, the same every time", () =>
    run(Effect.gen(function*() {
      const signatures: Record<string, { type: string; check: (bytes: Uint8Array, text: string) => boolean }> = {
        png: { type: "image/png", check: (b) => startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
        jpg: {
          type: "image/jpeg",
          check: (b) => startsWith(b, [0xff, 0xd8, 0xff]) && b[b.length - 2] === 0xff && b[b.length - 1] === 0xd9
        },
        svg: { type: "image/svg+xml", check: (_, t) => t.startsWith("<svg") && t.includes(`width="1440"`) },
        pdf: { type: "application/pdf", check: (_, t) => t.startsWith("%PDF-1.4") && t.trimEnd().endsWith("%%EOF") }
      }
      for (const [format, expected] of Object.entries(signatures)) {
        const r = yield* send("GET", images(`ids=${node_ids.cover_frame},${node_ids.title}&format=${format}`), {
          token: tokens.plan
        })
        const url: string = r.body.images[node_ids.cover_frame]
        expect(url).toContain(`.${format}?`)
        const first = yield* raw("GET", url)
        expect(first.status).toBe(200)
        expect(first.headers["content-type"]).toBe(expected.type)
        expect(expected.check(first.bytes, first.text)).toBe(true)
        const again = yield* raw("GET", url)
        expect(again.bytes).toEqual(first.bytes)
        const other = yield* raw("GET", r.body.images[node_ids.title])
        expect(other.bytes).not.toEqual(first.bytes)
      }
    })))

  it.effect("renders instance sublayers, and links expire after 30 days", () =>
    run(Effect.gen(function*() {
      const nodes = yield* send("GET", `/v1/files/${file_key}/nodes?ids=${node_ids.button_instance}`, personal)
      const sublayer: string = nodes.body.nodes[node_ids.button_instance].document.children[0].id
      expect(sublayer).toMatch(/^I2:3;/)
      const r = yield* send("GET", images(`ids=${encodeURIComponent(sublayer)}&format=svg`), personal)
      const url: string = r.body.images[sublayer]
      expect((yield* raw("GET", url)).status).toBe(200)
      yield* TestClock.adjust("30 days")
      const expired = yield* raw("GET", url)
      expect(expired.status).toBe(403)
      expect(JSON.parse(expired.text)).toEqual(plain(403, "Request has expired"))
      expect((yield* raw("GET", `/_sandbox/render/${file_key}/9-99.png?expires=9999999999`)).status).toBe(404)
    })))

  it.effect("answers 400 with err naming the bad parameter", () =>
    run(Effect.gen(function*() {
      const cases: Array<[string, RegExp | string]> = [
        ["format=png", "Missing required parameter 'ids'"],
        ["ids=1:2&scale=5", /'scale' must be a number between 0.01 and 4/],
        ["ids=1:2&scale=0", /'scale'/],
        ["ids=1:2&scale=big", notANumber("scale")],
        ["ids=1:2&format=gif", /'format' must be one of jpg, png, svg, pdf/],
        ["ids=1:2&svg_include_id=1", /'svg_include_id' must be true or false/],
        ["ids=1:2&contents_only=maybe", /'contents_only'/],
        ["ids=1:2&use_absolute_bounds=", /'use_absolute_bounds'/],
        ["ids=1:2&version=7", /'version'/],
        ["ids=banana", /'ids'/]
      ]
      for (const [query, err] of cases) {
        const r = yield* send("GET", images(query), { token: tokens.plan })
        expect(r.status).toBe(400)
        expect(r.body).toEqual(plain(400, err))
      }
      // 0.01 and 4 are inside the range, and the flags take true and false.
      const edges = yield* send(
        "GET",
        images("ids=1:2&scale=0.01&svg_outline_text=false&svg_simplify_stroke=true&format=svg"),
        { token: tokens.plan }
      )
      expect(edges.status).toBe(200)
      expect((yield* send("GET", images("ids=1:2&scale=4"), { token: tokens.plan })).status).toBe(200)
      expect((yield* send("GET", `/v1/images/NoSuchKey?ids=1:2`, { token: tokens.plan })).body).toEqual(NOT_FOUND_PLAIN)
    })))
})

describe("GET /v1/files/{key}/images", () => {
  it.effect("lists a link for every image fill, served as PNG for 14 days", () =>
    run(Effect.gen(function*() {
      const r = yield* send("GET", `/v1/files/${file_key}/images`, personal)
      expect(r.status).toBe(200)
      expect(r.body).toEqual({ error: false, status: 200, meta: { images: expect.any(Object) } })
      const file = yield* send("GET", `/v1/files/${file_key}?ids=${node_ids.hero_image}`, personal)
      const hero = file.body.document.children[0].children[0].children.find((n: any) => n.id === node_ids.hero_image)
      const ref: string = hero.fills[0].imageRef
      expect(Object.keys(r.body.meta.images)).toContain(ref)
      expect(Object.keys(r.body.meta.images)).toHaveLength(2)
      const url: string = r.body.meta.images[ref]
      expect(url.startsWith(`${BASE}/_sandbox/fills/${file_key}/${ref}.png?expires=`)).toBe(true)
      const bytes = yield* raw("GET", url)
      expect(bytes.headers["content-type"]).toBe("image/png")
      expect(startsWith(bytes.bytes, [0x89, 0x50, 0x4e, 0x47])).toBe(true)
      yield* TestClock.adjust("14 days")
      expect((yield* raw("GET", url)).status).toBe(403)
      expect((yield* send("GET", "/v1/files/NoSuchKey/images", personal)).body).toEqual(NOT_FOUND_PLAIN)
    })))
})
