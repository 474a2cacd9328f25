import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as TestClock from "effect/TestClock"
import { designSeed } from "../../../src/testing/design/index.js"
import { BASE, NOT_FOUND_PLAIN, personal, plain, rich, run, scopeRefusal, send } from "./helpers.js"

const { comment_ids, file_key, node_ids, tokens, users } = designSeed
const comments = `/v1/files/${file_key}/comments`
const reactions = (id: string) => `${comments}/${id}/reactions`
const editor = { token: tokens.editor }
const viewer = { token: tokens.viewer }
const plan = { token: tokens.plan }

describe("GET comments", () => {
  it.effect("lists roots and replies with users, pins and reactions", () =>
    run(Effect.gen(function*() {
      const r = yield* send("GET", comments, personal)
      expect(r.status).toBe(200)
      const list: Array<any> = r.body.comments
      expect(list.map((c) => c.id)).toEqual([
        comment_ids.root,
        comment_ids.reply,
        comment_ids.resolved,
        comment_ids.reacted
      ])
      const root = list[0]
      expect(Object.keys(root)).toEqual([
        "id",
        "client_meta",
        "file_key",
        "user",
        "created_at",
        "resolved_at",
        "message",
        "order_id",
        "reactions"
      ])
      expect(root).toMatchObject({
        file_key,
        user: { id: users.editor.id, handle: users.editor.handle },
        client_meta: { node_id: node_ids.title, node_offset: { x: 120, y: 24 } },
        order_id: "1",
        resolved_at: null,
        reactions: [{ user: { id: users.admin.id }, emoji: ":+1:", created_at: expect.any(String) }]
      })
      expect(root.user.email).toBeUndefined()
      expect(list[1]).toMatchObject({ parent_id: comment_ids.root, order_id: null, client_meta: root.client_meta })
      expect(list[2].resolved_at).toBe("2026-01-14T16:00:00Z")
      expect(list[3].reactions).toHaveLength(24)
    })))

  it.effect("returns markdown with as_md=true", () =>
    run(Effect.gen(function*() {
      const plainText = yield* send("GET", comments, personal)
      const markdown = yield* send("GET", `${comments}?as_md=true`, personal)
      expect(plainText.body.comments[2].message).toBe("Heads up: the hero image is low-res. See brand guide")
      expect(markdown.body.comments[2].message).toBe(
        "**Heads up:** the hero image is low-res. See [brand guide](https://design.example/brand)"
      )
      expect((yield* send("GET", `${comments}?as_md=1`, personal)).body).toEqual(plain(400, /'as_md'/))
    })))

  it.effect("is readable with a plan token and refused to an outsider", () =>
    run(Effect.gen(function*() {
      expect((yield* send("GET", comments, plan)).status).toBe(200)
      const outsider = yield* send("GET", comments, { token: tokens.starter })
      expect(outsider.status).toBe(403)
      expect(outsider.body).toEqual(plain(403, /do not have access/))
      expect((yield* send("GET", "/v1/files/NoSuchKey/comments", personal)).body).toEqual(NOT_FOUND_PLAIN)
    })))
})

describe("POST comments", () => {
  it.effect("adds a root comment and a reply to it", () =>
    run(Effect.gen(function*() {
      yield* TestClock.adjust("2 hours")
      const created = yield* send("POST", comments, {
        ...viewer,
        body: { message: "Looks great", client_meta: { node_id: node_ids.cover_frame, node_offset: { x: 4, y: 8 } } }
      })
      expect(created.status).toBe(200)
      expect(created.body).toEqual({
        id: "100000101",
        client_meta: { node_id: node_ids.cover_frame, node_offset: { x: 4, y: 8 } },
        file_key,
        user: { id: users.viewer.id, handle: users.viewer.handle, img_url: expect.any(String) },
        created_at: "1970-01-01T02:00:00.000Z",
        resolved_at: null,
        message: "Looks great",
        order_id: "4",
        reactions: []
      })
      const reply = yield* send("POST", comments, {
        ...editor,
        body: { message: "Thanks!", comment_id: created.body.id }
      })
      expect(reply.status).toBe(200)
      expect(reply.body).toMatchObject({ id: "100000102", parent_id: created.body.id, order_id: null })
      const region = yield* send("POST", comments, {
        ...personal,
        body: { message: "This area", client_meta: { x: 10, y: 20, region_height: 100, region_width: 200 } }
      })
      expect(region.body.client_meta).toEqual({ x: 10, y: 20, region_height: 100, region_width: 200 })
      const listed = yield* send("GET", comments, personal)
      expect(listed.body.comments.map((c: any) => c.id)).toContain("100000102")
    })))

  it.effect("refuses a reply to a reply with a 400 in the {error, status, message, i18n} form", () =>
    run(Effect.gen(function*() {
      const r = yield* send("POST", comments, {
        ...personal,
        body: { message: "nested", comment_id: comment_ids.reply }
      })
      expect(r.status).toBe(400)
      expect(r.body).toEqual(rich(400, /a reply must target a root comment/))
      const missing = yield* send("POST", comments, { ...personal, body: { message: "to nothing", comment_id: "1" } })
      expect(missing.body).toEqual(NOT_FOUND_PLAIN)
    })))

  it.effect("rejects bad bodies with 400 naming the field, and adds nothing", () =>
    run(Effect.gen(function*() {
      const cases: Array<[unknown, RegExp]> = [
        [{}, /"message" is required/],
        [{ message: "" }, /"message" must be a non-empty string/],
        [{ message: 5 }, /"message"/],
        [{ message: "hi", colour: "red" }, /Unknown field "colour"/],
        [{ message: "hi", comment_id: 100000001 }, /"comment_id" must be a string/],
        [{ message: "hi", client_meta: { x: "1", y: 2 } }, /"client_meta"/],
        [{ message: "hi", client_meta: { node_id: "9:99", node_offset: { x: 1, y: 2 } } }, /not a node of this file/],
        [{ message: "hi", client_meta: { x: 1, y: 2, region_height: 5 } }, /"client_meta"/],
        [
          {
            message: "hi",
            client_meta: { x: 1, y: 2, region_height: 5, region_width: 5, comment_pin_corner: "middle" }
          },
          /comment_pin_corner/
        ],
        [["message"], /JSON object/]
      ]
      for (const [body, message] of cases) {
        const r = yield* send("POST", comments, { ...personal, body })
        expect(r.status).toBe(400)
        expect(r.body).toEqual(rich(400, message))
      }
      expect((yield* send("GET", comments, personal)).body.comments).toHaveLength(4)
    })))

  it.effect("refuses a plan token with the scope error, as the service never lets plan tokens write comments", () =>
    run(Effect.gen(function*() {
      const r = yield* send("POST", comments, { ...plan, body: { message: "from the plan" } })
      expect(r.status).toBe(403)
      expect(r.body).toEqual(scopeRefusal("file_comments:write"))
      const del = yield* send("DELETE", `${comments}/${comment_ids.root}`, plan)
      expect(del.body).toEqual(scopeRefusal("file_comments:write"))
      expect((yield* send("POST", reactions(comment_ids.root), { ...plan, body: { emoji: ":heart:" } })).body)
        .toEqual(scopeRefusal("file_comments:write"))
      expect((yield* send("DELETE", `${reactions(comment_ids.root)}?emoji=%3A%2B1%3A`, plan)).body)
        .toEqual(scopeRefusal("file_comments:write"))
    })))
})

describe("DELETE comments", () => {
  it.effect("lets only the author delete; a root takes its replies with it", () =>
    run(Effect.gen(function*() {
      const notAuthor = yield* send("DELETE", `${comments}/${comment_ids.root}`, personal)
      expect(notAuthor.status).toBe(403)
      expect(notAuthor.body).toEqual(plain(403, /Only the author/))
      const deleted = yield* send("DELETE", `${comments}/${comment_ids.root}`, editor)
      expect(deleted.status).toBe(200)
      expect(deleted.body).toEqual({ status: 200, error: false })
      const ids = (yield* send("GET", comments, personal)).body.comments.map((c: any) => c.id)
      expect(ids).toEqual([comment_ids.resolved, comment_ids.reacted])
      const again = yield* send("DELETE", `${comments}/${comment_ids.root}`, editor)
      expect(again.status).toBe(404)
      expect(again.body).toEqual(NOT_FOUND_PLAIN)
    })))
})

describe("reactions", () => {
  it.effect("pages 24 reactions by full-URL cursors: 10, 10, 4, and back", () =>
    run(Effect.gen(function*() {
      const first = yield* send("GET", reactions(comment_ids.reacted), personal)
      expect(first.status).toBe(200)
      expect(first.body.reactions).toHaveLength(10)
      expect(first.body.reactions[0]).toEqual({
        user: { id: users.admin.id, handle: users.admin.handle, img_url: expect.any(String) },
        emoji: ":heart:",
        created_at: "2026-01-14T17:31:00.000Z"
      })
      expect(first.body.pagination.prev_page).toBeUndefined()
      const next: string = first.body.pagination.next_page
      const reactionsUrl = `${BASE}/v1/files/${file_key}/comments/${comment_ids.reacted}/reactions`
      expect(next).toMatch(new RegExp(`^${reactionsUrl}\\?cursor=[\\w-]+$`))
      const second = yield* send("GET", next, personal)
      expect(second.body.reactions).toHaveLength(10)
      const third = yield* send("GET", second.body.pagination.next_page, personal)
      expect(third.body.reactions).toHaveLength(4)
      expect(third.body.pagination.next_page).toBeUndefined()
      const back = yield* send("GET", third.body.pagination.prev_page, personal)
      expect(back.body.reactions).toEqual(second.body.reactions)
      const all = [...first.body.reactions, ...second.body.reactions, ...third.body.reactions]
      expect(new Set(all.map((r: any) => `${r.user.id}${r.emoji}`)).size).toBe(24)

      const bad = yield* send("GET", `${reactions(comment_ids.reacted)}?cursor=nonsense`, personal)
      expect(bad.status).toBe(400)
      expect(bad.body).toEqual(plain(400, /'cursor'/))
      expect((yield* send("GET", reactions("1"), personal)).body).toEqual(NOT_FOUND_PLAIN)
    })))

  it.effect("adds a reaction by shortcode once, and only its author removes it", () =>
    run(Effect.gen(function*() {
      const added = yield* send("POST", reactions(comment_ids.root), { ...viewer, body: { emoji: ":heart:" } })
      expect(added.status).toBe(200)
      expect(added.body).toEqual({ status: 200, error: false })
      yield* send("POST", reactions(comment_ids.root), { ...viewer, body: { emoji: ":heart:" } })
      const onComment = (yield* send("GET", comments, personal)).body.comments[0].reactions
      expect(onComment.map((r: any) => [r.user.id, r.emoji])).toEqual([
        [users.admin.id, ":+1:"],
        [users.viewer.id, ":heart:"]
      ])

      const heart = `${reactions(comment_ids.root)}?emoji=${encodeURIComponent(":heart:")}`
      const someoneElse = yield* send("DELETE", heart, editor)
      expect(someoneElse.status).toBe(403)
      expect(someoneElse.body).toEqual(plain(403, /Only the person who reacted/))
      expect((yield* send("DELETE", heart, viewer)).body).toEqual({ status: 200, error: false })
      expect((yield* send("DELETE", heart, viewer)).body).toEqual(NOT_FOUND_PLAIN)
    })))

  it.effect("needs an emoji: a shortcode in the POST body, a query parameter on DELETE", () =>
    run(Effect.gen(function*() {
      for (const body of [{}, { emoji: "❤️" }, { emoji: "heart" }, { emoji: ":heart:", skin: 2 }]) {
        const r = yield* send("POST", reactions(comment_ids.root), { ...personal, body })
        expect(r.status).toBe(400)
        expect(r.body).toMatchObject({ error: true, status: 400, i18n: null })
      }
      const missing = yield* send("DELETE", reactions(comment_ids.root), personal)
      expect(missing.status).toBe(400)
      expect(missing.body).toEqual(plain(400, "Missing required parameter 'emoji'"))
    })))
})
