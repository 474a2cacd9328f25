/**
 * Comments and their reactions (all tier 2). Reads need file_comments:read;
 * writes need file_comments:write, which plan tokens never hold, so the
 * guard refuses them with the scope error. Errors are `{status, err}` except
 * a 400 on the two POSTs, which uses `{error, status, message, i18n}`.
 */
import * as HttpRouter from "@effect/platform/HttpRouter"
import * as Either from "effect/Either"
import type { Caller } from "./access.js"
import type { Call } from "./call.js"
import type { ContentFile } from "./content-files.js"
import type { Params } from "./content-routing.js"
import { guardedRoute, withFile } from "./content-routing.js"
import type { EndpointRule } from "./guard.js"
import type { Parsed } from "./query-params.js"
import { booleanParam } from "./query-params.js"
import { badRequest, json, notFoundPlain, plainError } from "./responses.js"
import { publicUser } from "./routes-files.js"
import type { ClientMeta, CommentRecord, ReactionRecord } from "./seed-content.js"
import { REACTIONS_PAGE_SIZE } from "./seed-content.js"
import type { SimState } from "./state.js"

const read: EndpointRule = { tier: 2, scope: "file_comments:read" }
const write: EndpointRule = { tier: 2, scope: "file_comments:write" }

const CANVAS_ORIGIN = { x: 0, y: 0 }

const done = () => json(200, { status: 200, error: false })

const reactionWire = (r: ReactionRecord) => ({ user: publicUser(r.user_id), emoji: r.emoji, created_at: r.created_at })

const commentWire = (c: CommentRecord, asMd: boolean) => ({
  id: c.id,
  client_meta: c.client_meta,
  file_key: c.file_key,
  ...(c.parent_id === null ? {} : { parent_id: c.parent_id }),
  user: publicUser(c.user_id),
  created_at: c.created_at,
  resolved_at: c.resolved_at,
  message: asMd ? c.message_md : c.message,
  order_id: c.order_id,
  reactions: c.reactions.map(reactionWire)
})

const commentsOf = (state: SimState, key: string) => state.content.comments.filter((c) => c.file_key === key)

const findComment = (state: SimState, key: string, id: string): CommentRecord | undefined =>
  state.content.comments.find((c) => c.file_key === key && c.id === id)

const list = (state: SimState, key: string) => (caller: Caller, call: Call) =>
  withFile(state, key, caller, "view", () => {
    const asMd = booleanParam(call.search, "as_md")
    if (Either.isLeft(asMd)) return plainError(400, asMd.left)
    return json(200, { comments: commentsOf(state, key).map((c) => commentWire(c, asMd.right)) })
  })

// ── POST bodies ─────────────────────────────────────────────────────────────

type Body = Record<string, unknown>

const isRecord = (value: unknown): value is Body => typeof value === "object" && value !== null && !Array.isArray(value)

const objectBody = (call: Call, allowed: ReadonlyArray<string>): Parsed<Body> => {
  if (call.bodyInvalid) return Either.left("Request body is not valid JSON")
  if (!isRecord(call.body)) return Either.left("Request body must be a JSON object")
  const unknown = Object.keys(call.body).find((key) => !allowed.includes(key))
  return unknown === undefined ? Either.right(call.body) : Either.left(`Unknown field "${unknown}"`)
}

const isNumber = (value: unknown): value is number => typeof value === "number" && Number.isFinite(value)
const isVector = (value: unknown): value is { x: number; y: number } =>
  isRecord(value) && isNumber(value.x) && isNumber(value.y) && Object.keys(value).length === 2

const PIN_CORNERS = ["top-left", "top-right", "bottom-left", "bottom-right"]

/** A canvas point, or a node and an offset in it; either may add a region. */
const clientMeta = (value: unknown, file: ContentFile): Parsed<ClientMeta> => {
  const shape = `"client_meta" must be {x, y} or {node_id, node_offset: {x, y}}, ` +
    "optionally with region_height and region_width"
  if (!isRecord(value)) return Either.left(shape)
  const { comment_pin_corner, node_id, node_offset, region_height, region_width, x, y, ...rest } = value
  if (Object.keys(rest).length > 0) return Either.left(shape)
  const region = region_height !== undefined || region_width !== undefined || comment_pin_corner !== undefined
  let extra: { region_height: number; region_width: number; comment_pin_corner?: string } | null = null
  if (region) {
    if (!isNumber(region_height) || !isNumber(region_width)) return Either.left(shape)
    if (comment_pin_corner !== undefined && !PIN_CORNERS.includes(String(comment_pin_corner))) {
      return Either.left(`"client_meta.comment_pin_corner" must be one of ${PIN_CORNERS.join(", ")}`)
    }
    extra = {
      region_height,
      region_width,
      ...(comment_pin_corner === undefined ? {} : { comment_pin_corner: String(comment_pin_corner) })
    }
  }
  if (node_id !== undefined) {
    if (typeof node_id !== "string" || !isVector(node_offset) || x !== undefined || y !== undefined) {
      return Either.left(shape)
    }
    if (file.source.find(node_id) === null) {
      return Either.left(`"client_meta.node_id" ${JSON.stringify(node_id)} is not a node of this file`)
    }
    return Either.right(extra === null ? { node_id, node_offset } : { node_id, node_offset, ...extra })
  }
  if (!isNumber(x) || !isNumber(y) || node_offset !== undefined) return Either.left(shape)
  return Either.right(extra === null ? { x, y } : { x, y, ...extra })
}

const post = (state: SimState, key: string) => (caller: Caller, call: Call) =>
  withFile(state, key, caller, "view", (file) => {
    const parsed = Either.gen(function*() {
      const body = yield* objectBody(call, ["message", "comment_id", "client_meta"])
      const { client_meta, comment_id, message } = body
      if (message === undefined) return yield* Either.left(`"message" is required`)
      if (typeof message !== "string" || message.trim() === "") {
        return yield* Either.left(`"message" must be a non-empty string`)
      }
      if (comment_id !== undefined && typeof comment_id !== "string") {
        return yield* Either.left(`"comment_id" must be a string`)
      }
      const meta = client_meta === undefined || client_meta === null ? null : yield* clientMeta(client_meta, file)
      return { message, comment_id, meta }
    })
    if (Either.isLeft(parsed)) return badRequest(parsed.left)
    const { comment_id, message, meta } = parsed.right
    let parent: CommentRecord | null = null
    if (comment_id !== undefined) {
      const target = findComment(state, key, comment_id)
      if (target === undefined) return notFoundPlain()
      if (target.parent_id !== null) {
        return badRequest(`Comment ${comment_id} is a reply; a reply must target a root comment`)
      }
      parent = target
    }
    const roots = commentsOf(state, key).filter((c) => c.order_id !== null)
    const comment: CommentRecord = {
      id: String(state.content.nextCommentId++),
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
    state.content.comments.push(comment)
    return json(200, commentWire(comment, false))
  })

const remove = (state: SimState, key: string, id: string) => (caller: Caller) =>
  withFile(state, key, caller, "view", () => {
    const comment = findComment(state, key, id)
    if (comment === undefined) return notFoundPlain()
    if (comment.user_id !== caller.record.user_id) return plainError(403, "Only the author of a comment can delete it")
    // Deleting a thread's root takes its replies with it.
    state.content.comments = state.content.comments.filter((c) =>
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

const withComment = (
  state: SimState,
  key: string,
  id: string,
  caller: Caller,
  f: (comment: CommentRecord) => ReturnType<typeof json>
) =>
  withFile(state, key, caller, "view", () => {
    const comment = findComment(state, key, id)
    return comment === undefined ? notFoundPlain() : f(comment)
  })

const listReactions = (state: SimState, key: string, id: string) => (caller: Caller, call: Call) =>
  withComment(state, key, id, caller, (comment) => {
    const cursorParam = call.search.get("cursor")
    const cursor = cursorParam === null ? null : decodeCursor(cursorParam)
    if (cursorParam !== null && cursor === null) return plainError(400, `'cursor' is not a valid cursor`)
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

const react = (state: SimState, key: string, id: string) => (caller: Caller, call: Call) =>
  withComment(state, key, id, caller, (comment) => {
    const parsed = Either.flatMap(objectBody(call, ["emoji"]), (body): Parsed<string> => {
      if (body.emoji === undefined) return Either.left(`"emoji" is required`)
      return typeof body.emoji === "string" && SHORTCODE.test(body.emoji)
        ? Either.right(body.emoji)
        : Either.left(`"emoji" must be an emoji shortcode such as ":heart:"`)
    })
    if (Either.isLeft(parsed)) return badRequest(parsed.left)
    const user_id = caller.record.user_id ?? ""
    // Reacting twice with the same emoji leaves one reaction.
    if (!comment.reactions.some((r) => r.user_id === user_id && r.emoji === parsed.right)) {
      comment.reactions.push({
        seq: state.content.nextReactionSeq++,
        user_id,
        emoji: parsed.right,
        created_at: new Date(call.now_ms).toISOString()
      })
    }
    return done()
  })

const unreact = (state: SimState, key: string, id: string) => (caller: Caller, call: Call) =>
  withComment(state, key, id, caller, (comment) => {
    const emoji = call.search.get("emoji")
    if (emoji === null || emoji === "") return plainError(400, `Missing required parameter 'emoji'`)
    const same = comment.reactions.filter((r) => r.emoji === emoji)
    const own = same.find((r) => r.user_id === caller.record.user_id)
    if (own === undefined) {
      return same.length > 0 ? plainError(403, "Only the person who reacted can remove a reaction") : notFoundPlain()
    }
    comment.reactions = comment.reactions.filter((r) => r !== own)
    return done()
  })

const keyOf = (p: Params) => p.file_key ?? ""
const idOf = (p: Params) => p.comment_id ?? ""

export const commentRoutes = (state: SimState) =>
  HttpRouter.empty.pipe(
    HttpRouter.get("/v1/files/:file_key/comments", guardedRoute(state, read, (p) => list(state, keyOf(p)))),
    HttpRouter.post("/v1/files/:file_key/comments", guardedRoute(state, write, (p) => post(state, keyOf(p)))),
    HttpRouter.del(
      "/v1/files/:file_key/comments/:comment_id",
      guardedRoute(state, write, (p) => remove(state, keyOf(p), idOf(p)))
    ),
    HttpRouter.get(
      "/v1/files/:file_key/comments/:comment_id/reactions",
      guardedRoute(state, read, (p) => listReactions(state, keyOf(p), idOf(p)))
    ),
    HttpRouter.post(
      "/v1/files/:file_key/comments/:comment_id/reactions",
      guardedRoute(state, write, (p) => react(state, keyOf(p), idOf(p)))
    ),
    HttpRouter.del(
      "/v1/files/:file_key/comments/:comment_id/reactions",
      guardedRoute(state, write, (p) => unreact(state, keyOf(p), idOf(p)))
    )
  )
