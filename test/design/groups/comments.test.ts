/** Comments and reactions through DesignApi over the in-process simulator. */
import { describe, expect, it } from "@effect/vitest"
import { Chunk, Effect, Stream } from "effect"
import { api, apiLayer, seed, sent } from "../harness.js"

const { comment_ids, file_key, node_ids, tokens } = seed
const URL_OF = (path = "Sandbox-File") => `https://www.design.example/design/${file_key}/${path}`

describe("comments", () => {
  it.effect("lists roots and replies with their threads, in Markdown on request, by key or URL", () =>
    Effect.gen(function*() {
      const a = yield* api
      const { comments } = yield* a.commentList({ file_key })
      expect(comments.map((c) => c.id)).toEqual(Object.values(comment_ids))
      const root = comments[0]!
      expect(root.parent_id).toBeNull()
      expect(root.order_id).toBe("1")
      expect(root.client_meta).toEqual({ node_id: node_ids.title, node_offset: { x: 120, y: 24 } })
      expect(comments[1]).toMatchObject({ parent_id: comment_ids.root, order_id: null })
      expect(comments[3]!.reactions).toHaveLength(24)
      const md = yield* a.commentList({ file_key: URL_OF(), as_md: true })
      expect(md.comments[2]!.message).toContain("**Heads up:**")
      const log = yield* sent
      expect(log.map((r) => [r.path, r.query])).toEqual([
        [`/v1/files/${file_key}/comments`, {}],
        [`/v1/files/${file_key}/comments`, { as_md: "true" }]
      ])
    }).pipe(Effect.provide(apiLayer())))

  it.effect("creates a root comment pinned by client_meta, a reply to it, and pins to a URL's node-id", () =>
    Effect.gen(function*() {
      const a = yield* api
      const root = yield* a.commentCreate({
        file_key,
        message: "Looks good",
        client_meta: { x: 10, y: 20, region_height: 5, region_width: 6 }
      })
      expect(root).toMatchObject({
        file_key,
        parent_id: null,
        message: "Looks good",
        client_meta: { x: 10, y: 20, region_height: 5, region_width: 6 }
      })
      const reply = yield* a.commentCreate({ file_key, message: "Agreed", reply_to: root.id })
      expect(reply.parent_id).toBe(root.id)
      const pinned = yield* a.commentCreate({ file_key: `${URL_OF()}?node-id=1-2`, message: "On the frame" })
      expect(pinned.client_meta).toEqual({ node_id: "1:2", node_offset: { x: 0, y: 0 } })
      const bodies = (yield* sent).filter((r) => r.method === "POST").map((r) => r.body)
      expect(bodies).toEqual([
        { message: "Looks good", client_meta: { x: 10, y: 20, region_height: 5, region_width: 6 } },
        { message: "Agreed", comment_id: root.id },
        { message: "On the frame", client_meta: { node_id: "1:2", node_offset: { x: 0, y: 0 } } }
      ])
    }).pipe(Effect.provide(apiLayer())))

  it.effect("a reply to a reply is the service's 400, an InvalidRequestError carrying its message", () =>
    Effect.gen(function*() {
      const a = yield* api
      const error = yield* Effect.flip(a.commentCreate({ file_key, message: "nested", reply_to: comment_ids.reply }))
      expect(error._tag).toBe("InvalidRequestError")
      expect(error.message).toContain("a reply must target a root comment")
      expect((yield* sent).length).toBe(1)
    }).pipe(Effect.provide(apiLayer())))

  it.effect("refuses bad input before sending, naming the field", () =>
    Effect.gen(function*() {
      const a = yield* api
      const cases: Array<[Effect.Effect<unknown, { readonly _tag: string; readonly message: string }>, string]> = [
        [a.commentCreate({ file_key, message: "  " }), "message"],
        [a.commentCreate({ file_key: "not a key!", message: "hi" }), "file_key"],
        [a.commentCreate({ file_key, message: "hi", reply_to: "abc" }), "reply_to"],
        [a.commentCreate({ file_key, message: "hi", client_meta: { x: 1 } }), "client_meta"],
        [
          a.commentCreate({
            file_key,
            message: "hi",
            client_meta: { x: 1, y: 2, node_id: "1:2", node_offset: { x: 0, y: 0 } }
          }),
          "client_meta"
        ],
        [
          a.commentCreate({ file_key, message: "hi", reply_to: comment_ids.root, client_meta: { x: 1, y: 2 } }),
          "client_meta"
        ],
        [a.commentReactionAdd({ file_key, comment_id: comment_ids.root, emoji: "❤️" }), "emoji"],
        [a.commentReactionAdd({ file_key, comment_id: comment_ids.root, emoji: "heart" }), "emoji"],
        [a.commentDelete({ file_key, comment_id: "12a" }), "comment_id"]
      ]
      for (const [call, field] of cases) {
        const error = yield* Effect.flip(call)
        expect(error._tag, field).toBe("InvalidInputError")
        expect(error.message, field).toContain(field)
      }
      expect(yield* sent).toEqual([])
    }).pipe(Effect.provide(apiLayer())))

  it.effect("a plan token may read comments but never write them: refused before sending", () =>
    Effect.gen(function*() {
      const a = yield* api
      expect((yield* a.commentList({ file_key })).comments.length).toBe(4)
      const writes: Array<Effect.Effect<unknown, { readonly _tag: string }>> = [
        a.commentCreate({ file_key, message: "from the plan" }),
        a.commentDelete({ file_key, comment_id: comment_ids.root }),
        a.commentReactionAdd({ file_key, comment_id: comment_ids.root, emoji: ":heart:" }),
        a.commentReactionDelete({ file_key, comment_id: comment_ids.root, emoji: ":+1:" })
      ]
      for (const write of writes) expect((yield* Effect.flip(write))._tag).toBe("AuthModeError")
      expect((yield* sent).map((r) => r.method)).toEqual(["GET"])
    }).pipe(Effect.provide(apiLayer({ token: tokens.plan, authMode: "plan" }))))

  it.effect("only the author deletes; a second delete is already_absent, while a wrong file key stays NotFoundError", () =>
    Effect.gen(function*() {
      const a = yield* api
      const notAuthor = yield* Effect.flip(a.commentDelete({ file_key, comment_id: comment_ids.root }))
      expect(notAuthor._tag).toBe("ForbiddenError")
      const mine = yield* a.commentCreate({ file_key, message: "to delete" })
      expect(yield* a.commentDelete({ file_key, comment_id: mine.id })).toEqual({
        deleted: true,
        comment_id: mine.id,
        already_absent: false
      })
      expect(yield* a.commentDelete({ file_key: URL_OF(), comment_id: mine.id })).toEqual({
        deleted: true,
        comment_id: mine.id,
        already_absent: true
      })
      const wrongFile = yield* Effect.flip(a.commentDelete({ file_key: "NoSuchKey", comment_id: mine.id }))
      expect(wrongFile._tag).toBe("NotFoundError")
      expect((yield* a.commentList({ file_key })).comments.map((c) => c.id)).not.toContain(mine.id)
    }).pipe(Effect.provide(apiLayer())))
})

describe("reactions", () => {
  it.effect("pages 24 reactions by URL cursor: one page with its cursor, the next by it, and a Stream of all", () =>
    Effect.gen(function*() {
      const a = yield* api
      const first = yield* a.commentReactionList({ file_key, comment_id: comment_ids.reacted })
      expect(first.reactions).toHaveLength(10)
      expect(first.next_cursor).not.toBeNull()
      const second = yield* a.commentReactionList({
        file_key,
        comment_id: comment_ids.reacted,
        cursor: first.next_cursor!
      })
      expect(second.reactions).toHaveLength(10)
      expect(second.reactions[0]).not.toEqual(first.reactions[0])
      const all = Chunk.toReadonlyArray(
        yield* Stream.runCollect(a.streams.commentReactionList({ file_key, comment_id: comment_ids.reacted }))
      )
      expect(all).toHaveLength(24)
      expect(new Set(all.map((r) => `${r.user.id}${r.emoji}`)).size).toBe(24)
      const cursors = (yield* sent).map((r) => r.query.cursor ?? null)
      expect(cursors[0]).toBeNull()
      expect(cursors[1]).toBe(first.next_cursor)
      expect(cursors.slice(2).length).toBe(3)
    }).pipe(Effect.provide(apiLayer())))

  it.effect("adds (twice is still one), removes, and a second removal is already_absent", () =>
    Effect.gen(function*() {
      const a = yield* api
      const ref = { file_key, comment_id: comment_ids.root, emoji: ":tada:" }
      expect(yield* a.commentReactionAdd(ref)).toEqual({
        linked: true,
        file_key,
        comment_id: comment_ids.root,
        emoji: ":tada:"
      })
      yield* a.commentReactionAdd(ref)
      const listed = yield* a.commentReactionList({ file_key, comment_id: comment_ids.root })
      expect(listed.reactions.filter((r) => r.emoji === ":tada:")).toHaveLength(1)
      expect(yield* a.commentReactionDelete(ref)).toMatchObject({ deleted: true, already_absent: false })
      expect(yield* a.commentReactionDelete(ref)).toMatchObject({ deleted: true, already_absent: true })
      const deletes = (yield* sent).filter((r) => r.method === "DELETE")
      expect(deletes.map((r) => r.query.emoji)).toEqual([":tada:", ":tada:"])
    }).pipe(Effect.provide(apiLayer())))

  it.effect("someone else's reaction is theirs to remove: ForbiddenError", () =>
    Effect.gen(function*() {
      const a = yield* api
      // The root's :+1: is the admin's; the editor cannot remove it.
      const error = yield* Effect.flip(
        a.commentReactionDelete({ file_key, comment_id: comment_ids.root, emoji: ":+1:" })
      )
      expect(error._tag).toBe("ForbiddenError")
    }).pipe(Effect.provide(apiLayer({ token: tokens.editor }))))
})
