import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { designSeed } from "../../../src/testing/design/index.js"
import { BASE, NOT_FOUND_PLAIN, notANumber, oauthLogin, personal, plain, run, scopeRefusal, send } from "./helpers.js"

const { file_key, tokens } = designSeed
const versions = (query = "") => `/v1/files/${file_key}/versions${query === "" ? "" : `?${query}`}`

describe("GET /v1/files/{key}/versions", () => {
  it.effect("walks 75 versions newest first in pages of 30 by next_page, and back by prev_page", () =>
    run(Effect.gen(function*() {
      const first = yield* send("GET", versions(), personal)
      expect(first.status).toBe(200)
      expect(first.body.versions).toHaveLength(30)
      expect(first.body.versions[0]).toEqual({
        id: "2100000000000000001",
        created_at: "2026-01-15T10:30:00.000Z",
        label: "Release 5",
        description: expect.any(String),
        user: { id: designSeed.users.admin.id, handle: designSeed.users.admin.handle, img_url: expect.any(String) },
        thumbnail_url: expect.stringMatching(/^https:\/\//)
      })
      expect(first.body.versions[1].label).toBeNull()
      expect(first.body.pagination.prev_page).toBeUndefined()
      const last30 = first.body.versions[29].id
      expect(first.body.pagination.next_page).toBe(
        `${BASE}/v1/files/${file_key}/versions?page_size=30&before=${last30}`
      )

      const seen: Array<string> = []
      let url: string | undefined = versions()
      let pages = 0
      while (url !== undefined) {
        const page: { body: any } = yield* send("GET", url, personal)
        seen.push(...page.body.versions.map((v: any) => v.id))
        url = page.body.pagination.next_page
        pages++
      }
      expect(pages).toBe(3)
      expect(seen).toHaveLength(75)
      expect(new Set(seen).size).toBe(75)
      const sorted = [...seen].sort((a, b) => (BigInt(a) < BigInt(b) ? 1 : -1))
      expect(seen).toEqual(sorted)

      const third = yield* send("GET", versions(`before=${seen[59]}`), personal)
      expect(third.body.versions).toHaveLength(15)
      expect(third.body.pagination.next_page).toBeUndefined()
      const back = yield* send("GET", third.body.pagination.prev_page, personal)
      expect(back.body.versions.map((v: any) => v.id)).toEqual(seen.slice(30, 60))
      expect(back.body.pagination.prev_page).toContain(`after=${seen[30]}`)
    })))

  it.effect("takes page_size up to 50 and carries it into the page links", () =>
    run(Effect.gen(function*() {
      const r = yield* send("GET", versions("page_size=50"), personal)
      expect(r.body.versions).toHaveLength(50)
      expect(r.body.pagination.next_page).toMatch(/\?page_size=50&before=\d+$/)
      const small = yield* send("GET", `/v1/files/${designSeed.starter_file_key}/versions`, { token: tokens.starter })
      expect(small.body.versions).toHaveLength(4)
      expect(small.body.pagination).toEqual({})
    })))

  it.effect("rejects non-integers, out-of-range sizes and before with after, in the {status, err} form", () =>
    run(Effect.gen(function*() {
      const cases: Array<[string, RegExp | string]> = [
        ["page_size=30.0", notANumber("page_size")],
        ["page_size=abc", notANumber("page_size")],
        ["page_size=51", /'page_size' must be an integer between 1 and 50/],
        ["page_size=0", /'page_size'/],
        ["before=1e3", notANumber("before")],
        ["after=12.5", notANumber("after")],
        ["before=2100000000000000001&after=2099999999999999001", /cannot be used together/]
      ]
      for (const [query, err] of cases) {
        const r = yield* send("GET", versions(query), { token: tokens.plan })
        expect(r.status).toBe(400)
        expect(r.body).toEqual(plain(400, err))
      }
      expect((yield* send("GET", "/v1/files/NoSuchKey/versions", personal)).body).toEqual(NOT_FOUND_PLAIN)
    })))

  it.effect("needs file_versions:read", () =>
    run(Effect.gen(function*() {
      const narrow = yield* oauthLogin("file_content:read")
      const r = yield* send("GET", versions(), { bearer: narrow.access_token })
      expect(r.status).toBe(403)
      expect(r.body).toEqual(scopeRefusal("file_versions:read"))
      expect((yield* send("GET", versions(), { token: tokens.plan })).status).toBe(200)
    })))
})
