/**
 * Stories on tasks: list, get, create (a comment from `text` or
 * `html_text`, 201), update and delete. Only the caller's own comments may
 * be changed: a system story or another user's comment answers 403.
 */
import * as Either from "effect/Either"
import type { Parsed } from "../core/rejection.js"
import { route } from "../core/route.js"
import type { ApiRoute, Ctx } from "./context.js"
import { badRequest, created, emptyOk, forbidden, ok } from "./errors.js"
import type { Data, Text } from "./input.js"
import { bool, has, input, pathGid, plainOrRich, storyOf, str, taskOf } from "./input.js"
import type { Story } from "./model.js"
import { newGid, newStory } from "./model.js"
import { singleRecord } from "./opt-fields.js"
import { page } from "./paging.js"
import { fullStory } from "./render.js"

export const SYSTEM_STORY_MESSAGE = "Cannot edit or delete a system story: only comments can be changed."
export const OTHERS_COMMENT_MESSAGE = "You can only edit or delete comments you wrote."

const answer = (ctx: Ctx, story: Story) =>
  singleRecord(fullStory(ctx.render, story, ctx.caller.user.gid), ctx.fields, ctx.expand)

/** The text of a comment body: exactly one of `text` and `html_text`. */
const commentText = (data: Data, required: boolean): Parsed<Text | undefined> =>
  Either.flatMap(
    plainOrRich(data, "text", "html_text", "You cannot specify both text and html_text"),
    (content) => content === undefined && required ? badRequest("text: Missing input") : Either.right(content)
  )

/** The stickers the description names (taskmgr-records.json, StoryResponse.sticker_name). */
const STICKER_NAMES = [
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

const applyExtras = (story: Story, data: Data): Parsed<void> =>
  Either.gen(function*() {
    // Checked first: a refused value changes nothing.
    const sticker = !has(data, "sticker_name") || data.sticker_name === null
      ? null
      : (yield* str(data, "sticker_name")) ?? null
    if (sticker !== null && !STICKER_NAMES.includes(sticker)) {
      return yield* badRequest(`sticker_name: Invalid value: ${sticker}. Use one of ${STICKER_NAMES.join(", ")}.`)
    }
    const pinned = yield* bool(data, "is_pinned")
    if (pinned !== undefined) story.is_pinned = pinned
    if (has(data, "sticker_name")) story.sticker_name = sticker
  })

/** A story the caller may change: a comment of their own. */
const ownComment = (ctx: Ctx): Parsed<Story> =>
  Either.gen(function*() {
    const story = yield* storyOf(ctx, yield* pathGid(ctx, "story_gid"))
    if (story.type !== "comment") return yield* forbidden(SYSTEM_STORY_MESSAGE)
    if (story.created_by !== ctx.caller.user.gid) return yield* forbidden(OTHERS_COMMENT_MESSAGE)
    return story
  })

export const storyRoutes: ReadonlyArray<ApiRoute> = [
  route("GET", "/tasks/:task_gid/stories", "stories:read", (ctx) =>
    Either.gen(function*() {
      const task = yield* taskOf(ctx, yield* pathGid(ctx, "task_gid"))
      const stories = [...ctx.state.stories.values()]
        .filter((story) => story.task === task.gid)
        .sort((a, b) => a.created_at - b.created_at)
      return yield* page(ctx, stories.map((story) => fullStory(ctx.render, story, ctx.caller.user.gid)))
    })),
  route("POST", "/tasks/:task_gid/stories", "stories:write", (ctx) =>
    Either.gen(function*() {
      const task = yield* taskOf(ctx, yield* pathGid(ctx, "task_gid"))
      const data = yield* input(ctx)
      const content = (yield* commentText(data, true))!
      const story = newStory(
        newGid(ctx.state),
        task.gid,
        "comment",
        "comment_added",
        ctx.caller.user.gid,
        ctx.call.now_ms,
        content.text,
        content.html
      )
      yield* applyExtras(story, data)
      ctx.state.stories.set(story.gid, story)
      return created(answer(ctx, story))
    })),
  route("GET", "/stories/:story_gid", "stories:read", (ctx) =>
    Either.gen(function*() {
      const story = yield* storyOf(ctx, yield* pathGid(ctx, "story_gid"))
      return ok(answer(ctx, story))
    })),
  route("PUT", "/stories/:story_gid", "stories:write", (ctx) =>
    Either.gen(function*() {
      const story = yield* ownComment(ctx)
      const data = yield* input(ctx)
      const content = yield* commentText(data, false)
      if (content !== undefined) {
        story.text = content.text
        story.html_text = content.html
        story.is_edited = true
      }
      yield* applyExtras(story, data)
      return ok(answer(ctx, story))
    })),
  route("DELETE", "/stories/:story_gid", "stories:delete", (ctx) =>
    Either.map(ownComment(ctx), (story) => {
      ctx.state.stories.delete(story.gid)
      return emptyOk()
    }))
]
