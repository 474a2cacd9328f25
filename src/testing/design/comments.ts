/**
 * Comments and their reactions: what one simulator holds (the seeded
 * conversation, then whatever requests add; a reset brings the seed back),
 * the comment and reaction as the wire shows them, and the checks of a new
 * comment's body.
 */
import * as Either from "effect/Either"
import type { Call } from "../core/call.js"
import { isRecord } from "../core/params.js"
import type { Parsed } from "../core/rejection.js"
import { invalid } from "../core/rejection.js"
import { publicUser } from "./access.js"
import type { ContentFile } from "./files.js"
import type { ClientMeta, CommentRecord, ReactionRecord } from "./seed-content.js"
import { FIRST_NEW_COMMENT_ID, seedComments } from "./seed-content.js"

export interface CommentState {
  comments: Array<CommentRecord>
  nextCommentId: number
  nextReactionSeq: number
}

export const makeCommentState = (): CommentState => {
  const { comments, nextReactionSeq } = seedComments()
  return { comments, nextCommentId: FIRST_NEW_COMMENT_ID, nextReactionSeq }
}

export const commentsOf = (state: CommentState, key: string) => state.comments.filter((c) => c.file_key === key)

export const findComment = (state: CommentState, key: string, id: string): CommentRecord | undefined =>
  state.comments.find((c) => c.file_key === key && c.id === id)

export const reactionWire = (r: ReactionRecord) => ({
  user: publicUser(r.user_id),
  emoji: r.emoji,
  created_at: r.created_at
})

export const commentWire = (c: CommentRecord, asMd: boolean) => ({
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

// ── POST bodies ─────────────────────────────────────────────────────────────

type Body = Record<string, unknown>

/** A JSON object with only the `allowed` fields. */
export const objectBody = (call: Call, allowed: ReadonlyArray<string>): Parsed<Body> => {
  if (call.bodyInvalid) return invalid("Request body is not valid JSON")
  if (!isRecord(call.body)) return invalid("Request body must be a JSON object")
  const unknown = Object.keys(call.body).find((key) => !allowed.includes(key))
  return unknown === undefined ? Either.right(call.body) : invalid(`Unknown field "${unknown}"`)
}

const isNumber = (value: unknown): value is number => typeof value === "number" && Number.isFinite(value)
const isVector = (value: unknown): value is { x: number; y: number } =>
  isRecord(value) && isNumber(value.x) && isNumber(value.y) && Object.keys(value).length === 2

const PIN_CORNERS = ["top-left", "top-right", "bottom-left", "bottom-right"]

/** A canvas point, or a node and an offset in it; either may add a region. */
export const clientMeta = (value: unknown, file: ContentFile): Parsed<ClientMeta> => {
  const shape = `"client_meta" must be {x, y} or {node_id, node_offset: {x, y}}, ` +
    "optionally with region_height and region_width"
  if (!isRecord(value)) return invalid(shape)
  const { comment_pin_corner, node_id, node_offset, region_height, region_width, x, y, ...rest } = value
  if (Object.keys(rest).length > 0) return invalid(shape)
  const region = region_height !== undefined || region_width !== undefined || comment_pin_corner !== undefined
  let extra: { region_height: number; region_width: number; comment_pin_corner?: string } | null = null
  if (region) {
    if (!isNumber(region_height) || !isNumber(region_width)) return invalid(shape)
    if (comment_pin_corner !== undefined && !PIN_CORNERS.includes(String(comment_pin_corner))) {
      return invalid(`"client_meta.comment_pin_corner" must be one of ${PIN_CORNERS.join(", ")}`)
    }
    extra = {
      region_height,
      region_width,
      ...(comment_pin_corner === undefined ? {} : { comment_pin_corner: String(comment_pin_corner) })
    }
  }
  if (node_id !== undefined) {
    if (typeof node_id !== "string" || !isVector(node_offset) || x !== undefined || y !== undefined) {
      return invalid(shape)
    }
    if (file.source.find(node_id) === null) {
      return invalid(`"client_meta.node_id" ${JSON.stringify(node_id)} is not a node of this file`)
    }
    return Either.right(extra === null ? { node_id, node_offset } : { node_id, node_offset, ...extra })
  }
  if (!isNumber(x) || !isNumber(y) || node_offset !== undefined) return invalid(shape)
  return Either.right(extra === null ? { x, y } : { x, y, ...extra })
}
