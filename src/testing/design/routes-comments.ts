/**
 * Comments and their reactions (all tier 2). Reads need file_comments:read;
 * writes need file_comments:write, which plan tokens never hold, so the
 * gate refuses them with the scope error. Errors are `{status, err}` except
 * a 400 about the body of the two POSTs, which uses `{error, status, message, i18n}`.
 */
import * as Either from "effect/Either"
import type { Call } from "../core/call.js"
import type { Parsed } from "../core/rejection.js"
import { route } from "../core/route.js"
import type { Caller } from "./access.js"
import { publicUser } from "./access.js"
import { clientMeta, commentsOf, commentWire, findComment, objectBody, reactionWire } from "./comments.js"
import { publishEvent } from "./deliveries.js"
import { fileFor } from "./files.js"
import type { ApiRoute, CallerCtx } from "./gate.js"
import { endpoint } from "./gate.js"
import { fileFlag } from "./params.js"
import { badRequest, json, notFoundPlain, plainError } from "./responses.js"
import type { CommentRecord } from "./seed-content.js"
import { REACTIONS_PAGE_SIZE } from "./seed-content.js"
import type { DesignState } from "./state.js"

const read = endpoint(2, "file_comments:read")
const write = endpoint(2, "file_comments:write")

const CANVAS_ORIGIN = { x: 0, y: 0 }

const done = () => json(200, { status: 200, error: false })

/** A body check whose refusal is said in the rich form, as the POSTs' 400s are. */
const inRich = <A>(parsed: Parsed<A>): Parsed<A> => Either.mapLeft(parsed, (refused) => ({ ...refused, form: "rich" }))

const list = ({ call, caller, params, state }: CallerCtx) =>
  Either.gen(function*() {
    const key = params.file_key ?? ""
    yield* fileFor(state.files, key, caller, "view")
    const asMd = yield* fileFlag(call, "as_md")
    return json(200, { comments: commentsOf(state.comments, key).map((c) => commentWire(c, asMd)) })
  })

const post = ({ call, caller, params, state }: CallerCtx) =>
  Either.gen(function*() {
    const key = params.file_key ?? ""
    const { file } = yield* fileFor(state.files, key, caller, "view")
    const body = yield* inRich(objectBody(call, ["message", "comment_id", "client_meta"]))
    const { client_meta, comment_id, message } = body
    if (message === undefined) return yield* badRequest(`"message" is required`)
    if (typeof message !== "string" || message.trim() === "") {
      return yield* badRequest(`"message" must be a non-empty string`)
    }
    if (comment_id !== undefined && typeof comment_id !== "string") {
      return yield* badRequest(`"comment_id" must be a string`)
    }
    const meta = client_meta === undefined || client_meta === null ? null : yield* inRich(clientMeta(client_meta, file))
    let parent: CommentRecord | null = null
    if (comment_id !== undefined) {
      const target = findComment(state.comments, key, comment_id)
      if (target === undefined) return yield* notFoundPlain()
      if (target.parent_id !== null) {
        return yield* badRequest(`Comment ${comment_id} is a reply; a reply must target a root comment`)
      }
      parent = target
    }
    const roots = commentsOf(state.comments, key).filter((c) => c.order_id !== null)
    const comment: CommentRecord = {
      id: String(state.comments.nextCommentId++),
      file_key: key,
      parent_id: parent?.id ?? null,
      user_id: caller.record.user_id ?? "",
      created_at: new Date(call.now_ms).toISOString(),
      resolved_at: null,
      message,
      message_md: message,
      // The description requires a position: a reply sits where its root does, an unplaced root at the origin.
      client_meta: parent === null ? meta ?? CANVAS_ORIGIN : parent.client_meta,
      order_id: parent === null ? String(Math.max(0, ...roots.map((c) => Number(c.order_id))) + 1) : null,
      reactions: []
    }
    state.comments.comments.push(comment)
    const author = caller.record.user_id === null ? null : publicUser(caller.record.user_id)
    publishEvent(state.webhooks, "FILE_COMMENT", {
      file_key: key,
      project_id: file.context.project?.id ?? null,
      team_id: file.context.team.id
    }, {
      comment: [{ text: message }],
      comment_id: comment.id,
      created_at: comment.created_at,
      file_key: key,
      file_name: file.record.name,
      mentions: [],
      triggered_by: author ?? null,
      order_id: comment.order_id ?? "",
      parent_id: comment.parent_id ?? "",
      resolved_at: ""
    }, call.now_ms)
    return json(200, commentWire(comment, false))
  })

const remove = ({ caller, params, state }: CallerCtx) =>
  Either.gen(function*() {
    const key = params.file_key ?? ""
    const id = params.comment_id ?? ""
    yield* fileFor(state.files, key, caller, "view")
    const comment = findComment(state.comments, key, id)
    if (comment === undefined) return yield* notFoundPlain()
    if (comment.user_id !== caller.record.user_id) {
      return yield* plainError(403, "Only the author of a comment can delete it")
    }
    // Deleting a thread's root takes its replies with it.
    state.comments.comments = state.comments.comments.filter((c) =>
      !(c.file_key === key && (c.id === id || c.parent_id === id))
    )
    return done()
  })

// ── Reactions ───────────────────────────────────────────────────────────────

type Cursor = { readonly dir: "after" | "before"; readonly seq: number }

const encodeCursor = (cursor: Cursor) => Buffer.from(`${cursor.dir}:${cursor.seq}`).toString("base64url")
const decodeCursor = (value: string): Cursor | null => {
  const match = /^(after|before):(\d+)$/.exec(Buffer.from(value, "base64url").toString("utf8"))
  return match === null ? null : { dir: match[1] === "before" ? "before" : "after", seq: Number(match[2]) }
}

const reactionsUrl = (call: Call, key: string, id: string, cursor: Cursor) =>
  `${call.origin}/v1/files/${key}/comments/${id}/reactions?${new URLSearchParams({ cursor: encodeCursor(cursor) })}`

/** The comment the path names, once the caller may see its file. */
const commentFor = (state: DesignState, caller: Caller, key: string, id: string): Parsed<CommentRecord> =>
  Either.flatMap(fileFor(state.files, key, caller, "view"), () => {
    const comment = findComment(state.comments, key, id)
    return comment === undefined ? notFoundPlain() : Either.right(comment)
  })

const listReactions = ({ call, caller, params, state }: CallerCtx) =>
  Either.gen(function*() {
    const key = params.file_key ?? ""
    const id = params.comment_id ?? ""
    const comment = yield* commentFor(state, caller, key, id)
    const cursorParam = call.search.get("cursor")
    const cursor = cursorParam === null ? null : decodeCursor(cursorParam)
    if (cursorParam !== null && cursor === null) return yield* plainError(400, `'cursor' is not a valid cursor`)
    const all = [...comment.reactions].sort((a, b) => a.seq - b.seq)
    const page = cursor === null
      ? all.slice(0, REACTIONS_PAGE_SIZE)
      : cursor.dir === "after"
      ? all.filter((r) => r.seq > cursor.seq).slice(0, REACTIONS_PAGE_SIZE)
      : all.filter((r) => r.seq < cursor.seq).slice(-REACTIONS_PAGE_SIZE)
    const first = page[0]
    const last = page[page.length - 1]
    const pagination: { prev_page?: string; next_page?: string } = {}
    if (first !== undefined && all.some((r) => r.seq < first.seq)) {
      pagination.prev_page = reactionsUrl(call, key, id, { dir: "before", seq: first.seq })
    }
    if (last !== undefined && all.some((r) => r.seq > last.seq)) {
      pagination.next_page = reactionsUrl(call, key, id, { dir: "after", seq: last.seq })
    }
    return json(200, { reactions: page.map(reactionWire), pagination })
  })

const SHORTCODE = /^:[a-z0-9_+-]+:$/

const react = ({ call, caller, params, state }: CallerCtx) =>
  Either.gen(function*() {
    const comment = yield* commentFor(state, caller, params.file_key ?? "", params.comment_id ?? "")
    const body = yield* inRich(objectBody(call, ["emoji"]))
    if (body.emoji === undefined) return yield* badRequest(`"emoji" is required`)
    if (typeof body.emoji !== "string" || !SHORTCODE.test(body.emoji)) {
      return yield* badRequest(`"emoji" must be an emoji shortcode such as ":heart:"`)
    }
    const emoji = body.emoji
    const user_id = caller.record.user_id ?? ""
    // Reacting twice with the same emoji leaves one reaction.
    if (!comment.reactions.some((r) => r.user_id === user_id && r.emoji === emoji)) {
      comment.reactions.push({
        seq: state.comments.nextReactionSeq++,
        user_id,
        emoji,
        created_at: new Date(call.now_ms).toISOString()
      })
    }
    return done()
  })

const unreact = ({ call, caller, params, state }: CallerCtx) =>
  Either.gen(function*() {
    const comment = yield* commentFor(state, caller, params.file_key ?? "", params.comment_id ?? "")
    const emoji = call.search.get("emoji")
    if (emoji === null || emoji === "") return yield* plainError(400, `Missing required parameter 'emoji'`)
    const same = comment.reactions.filter((r) => r.emoji === emoji)
    const own = same.find((r) => r.user_id === caller.record.user_id)
    if (own === undefined) {
      return yield* (same.length > 0
        ? plainError(403, "Only the person who reacted can remove a reaction")
        : notFoundPlain())
    }
    comment.reactions = comment.reactions.filter((r) => r !== own)
    return done()
  })

export const commentRoutes: ReadonlyArray<ApiRoute> = [
  route("GET", "/v1/files/:file_key/comments", read, list),
  route("POST", "/v1/files/:file_key/comments", write, post),
  route("DELETE", "/v1/files/:file_key/comments/:comment_id", write, remove),
  route("GET", "/v1/files/:file_key/comments/:comment_id/reactions", read, listReactions),
  route("POST", "/v1/files/:file_key/comments/:comment_id/reactions", write, react),
  route("DELETE", "/v1/files/:file_key/comments/:comment_id/reactions", write, unreact)
]
