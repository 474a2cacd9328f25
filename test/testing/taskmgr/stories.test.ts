/** Stories: comments from text or html, and the 403 on a system story or another user's comment. */
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { del, get, messageOf, post, put, run, seed, send } from "./helpers.js"

describe("taskmgr simulator: stories", () => {
  it.effect("comments are created (201) from text or html_text, and only the caller's own may change", () =>
    run(Effect.gen(function*() {
      const made = yield* post(`/tasks/${seed.task_gid}/stories`, { html_text: "<body>Done <em>today</em></body>" })
      expect(made.status).toBe(201)
      expect(made.body.data).toMatchObject({
        type: "comment",
        resource_subtype: "comment_added",
        text: "Done today",
        is_editable: true
      })
      expect((yield* post(`/tasks/${seed.task_gid}/stories`, { html_text: "<body><p>x</p></body>" })).status).toBe(400)
      expect((yield* post(`/tasks/${seed.task_gid}/stories`, {})).status).toBe(400)

      const edited = yield* put(`/stories/${seed.story_gids.my_comment}`, { text: "Second draft" })
      expect(edited.body.data).toMatchObject({ text: "Second draft", is_edited: true })

      for (const gid of [seed.story_gids.system_assigned, seed.story_gids.system_due_date]) {
        const answer = yield* put(`/stories/${gid}`, { text: "rewrite history" })
        expect(answer.status).toBe(403)
        expect(messageOf(answer)).toMatch(/system story/)
        expect((yield* del(`/stories/${gid}`)).status).toBe(403)
      }
      expect((yield* put(`/stories/${seed.story_gids.other_comment}`, { text: "mine now" })).status).toBe(403)
      expect((yield* get(`/stories/${seed.story_gids.other_comment}`)).body.data.text).toBe(
        "Looks good, add the venue."
      )

      expect((yield* del(`/stories/${made.body.data.gid}`)).body).toEqual({ data: {} })
      const list = yield* get(`/tasks/${seed.task_gid}/stories?limit=20`)
      expect(list.body.data.map((s: { gid: string }) => s.gid)).toEqual([
        seed.story_gids.system_assigned,
        seed.story_gids.system_due_date,
        seed.story_gids.my_comment,
        seed.story_gids.other_comment
      ])
      expect(list.body.data[0]).toEqual({
        gid: seed.story_gids.system_assigned,
        resource_type: "story",
        created_at: "2024-05-01T10:00:00.000Z",
        created_by: { gid: seed.user_gid, resource_type: "user", name: seed.user_name },
        resource_subtype: "assigned",
        text: "Sandbox User assigned to you",
        type: "system"
      })
    })))

  it.effect("the unknown query parameters are ignored, a body that is not JSON is a 400", () =>
    run(Effect.gen(function*() {
      expect((yield* get(`/tasks/${seed.task_gid}?pretty=true&whatever=1`)).status).toBe(200)
      const broken = yield* send("PUT", `/tasks/${seed.task_gid}`, { json: "not an envelope" })
      expect(broken.status).toBe(400)
    })))
})
