/**
 * The task-management simulator against taskmgr-records.json: assignee_status and sticker_name are only ever
 * one of their enum strings, never null; a sticker outside the enum is refused with 400 and changes nothing.
 */
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { get, post, put, run, seed } from "./helpers.js"

/** The enums of TaskResponse.assignee_status and StoryResponse.sticker_name in taskmgr-records.json. */
const ASSIGNEE_STATUS = ["today", "upcoming", "later", "new", "inbox"]
const STICKERS = [
  "green_checkmark",
  "people_dancing",
  "dancing_unicorn",
  "heart",
  "party_popper",
  "people_waving_flags",
  "splashing_narwhal",
  "trophy",
  "yeti_riding_unicorn",
  "celebrating_people",
  "determined_climbers",
  "phoenix_spreading_love"
]

describe("taskmgr simulator enums", () => {
  it.effect("gives every task, assigned or not, an assignee_status from the enum", () =>
    run(Effect.gen(function*() {
      const unassigned = (yield* post("/tasks", { name: "Nobody's", workspace: seed.workspace_gid })).body.data
      expect(unassigned.assignee).toBeNull()
      const assigned =
        (yield* post("/tasks", { name: "Mine", workspace: seed.workspace_gid, assignee: "me" })).body.data
      // The seed's tasks of the paid workspace, which the personal token reads.
      const { free: _free, ...paid } = seed.task_gids
      for (const gid of [unassigned.gid, assigned.gid, ...Object.values(paid)]) {
        const task = (yield* get(`/tasks/${gid}`)).body.data
        expect(ASSIGNEE_STATUS, gid).toContain(task.assignee_status)
      }
    })))

  it.effect("never sends sticker_name null: left out without a sticker, one of the enum with one, refused outside it", () =>
    run(Effect.gen(function*() {
      const made = (yield* post(`/tasks/${seed.task_gid}/stories`, { text: "Shipped" })).body.data
      expect("sticker_name" in made).toBe(false)
      const sticker = STICKERS[0]!
      const stuck = yield* put(`/stories/${made.gid}`, { sticker_name: sticker })
      expect(stuck.status).toBe(200)
      expect(stuck.body.data.sticker_name).toBe(sticker)
      const refused = yield* put(`/stories/${made.gid}`, { sticker_name: "thumbs_up", is_pinned: true })
      expect(refused.status).toBe(400)
      expect(refused.text).toContain("sticker_name")
      const after = (yield* get(`/stories/${made.gid}`)).body.data
      expect(after).toMatchObject({ sticker_name: sticker, is_pinned: false })
      const cleared = (yield* put(`/stories/${made.gid}`, { sticker_name: null })).body.data
      expect("sticker_name" in cleared).toBe(false)
      const all = (yield* get(`/tasks/${seed.task_gid}/stories?limit=100`)).body.data as Array<Record<string, unknown>>
      expect(all.length).toBeGreaterThan(1)
      for (const story of all) if ("sticker_name" in story) expect(STICKERS).toContain(story.sticker_name)
    })))
})
