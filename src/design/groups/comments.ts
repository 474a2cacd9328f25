/**
 * Comments and their reactions (spec: "Comments and reactions", all tier 2;
 * wire: design-wire.md sections 1 and 5). Plan tokens cannot write either,
 * so the writes are refused before sending in plan mode. Only a comment's
 * author may delete it and only a reaction's author may remove it: the
 * service's 403 stays a ForbiddenError. A delete whose target is already gone
 * succeeds with `already_absent` once a probe shows the file (or comment) is
 * there, so a wrong key is still a NotFoundError.
 */
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import { pathOf } from "../../core/http/pipeline.js"
import { absentOnceProbed, linking, linkResult } from "../../core/operation.js"
import { urlCursor } from "../../core/paginate.js"
import { view } from "../../core/view.js"
import { designOperation } from "../define.js"
import { fileKeyOf, FileKeyOrUrl as FileArg, nodeIdOf } from "../refs.js"

// ---- wire shapes -----------------------------------------------------------

const WireId = Schema.Union(Schema.String, Schema.Number).pipe(
  Schema.transform(Schema.String, { decode: String, encode: (s) => s })
)

const CommentUserStruct = Schema.Struct({ id: WireId, handle: Schema.String, img_url: Schema.optional(Schema.String) })
/** The author of a comment or a reaction. */
export interface CommentUser extends Schema.Schema.Type<typeof CommentUserStruct> {}
export const CommentUser: Schema.Schema<CommentUser, typeof CommentUserStruct.Encoded> = CommentUserStruct

const ReactionStruct = Schema.Struct({ user: CommentUser, emoji: Schema.String, created_at: Schema.String })
/** An emoji reaction to a comment. */
export interface Reaction extends Schema.Schema.Type<typeof ReactionStruct> {}
export const Reaction: Schema.Schema<Reaction, typeof ReactionStruct.Encoded> = ReactionStruct

/** A comment; a root has parent_id null (the service leaves the field out) and an order_id. */
const CommentStruct = Schema.Struct({
  id: WireId,
  file_key: Schema.String,
  parent_id: Schema.optionalWith(Schema.NullOr(Schema.String), { default: () => null }),
  user: CommentUser,
  created_at: Schema.String,
  resolved_at: Schema.optionalWith(Schema.NullOr(Schema.String), { default: () => null }),
  message: Schema.String,
  order_id: Schema.optionalWith(Schema.NullOr(WireId), { default: () => null }),
  client_meta: Schema.optionalWith(Schema.NullOr(Schema.Record({ key: Schema.String, value: Schema.Unknown })), {
    default: () => null
  }),
  reactions: Schema.optionalWith(Schema.Array(Reaction), { default: () => [] })
})
/** A comment on a file, with its reactions. */
export interface Comment extends Schema.Schema.Type<typeof CommentStruct> {}
export const Comment: Schema.Schema<Comment, typeof CommentStruct.Encoded> = CommentStruct

const CommentList = Schema.Struct({ comments: Schema.Array(Comment) })

const ReactionPage = Schema.Struct({
  reactions: Schema.Array(Reaction),
  pagination: Schema.optional(Schema.Struct({
    prev_page: Schema.optional(Schema.NullOr(Schema.String)),
    next_page: Schema.optional(Schema.NullOr(Schema.String))
  }))
})

/** `{"status": 200, "error": false}`: what the deletes and the reaction POST answer. */
const Done = Schema.Struct({ status: Schema.optional(Schema.Number), error: Schema.optional(Schema.Boolean) })

// ---- inputs -------------------------------------------------------------------

const CommentId = Schema.String.pipe(Schema.pattern(/^\d+$/, { message: () => "must be a numeric comment id" }))
  .annotations({ description: "The comment's id" })

/** The service takes shortcodes only (`:heart:`), never the emoji character. */
const Emoji = Schema.String.pipe(
  Schema.pattern(/^:[a-z0-9_+-]+:$/, {
    // A bare name ("heart") only lacks its colons; anything else (the symbol itself) is not a shortcode.
    message: (issue) =>
      typeof issue.actual === "string" && /^[a-z0-9_+-]+$/.test(issue.actual)
        ? `must be a shortcode in colons: :${issue.actual}:`
        : "must be a shortcode such as :heart: or :+1: (a name between colons, not the symbol itself)"
  })
).annotations({ description: "Shortcode like :heart:" })

const Message = Schema.String.pipe(
  Schema.filter((s) => s.trim() !== "" || "must not be empty", { jsonSchema: { minLength: 1 } })
)
  .annotations({ description: "Comment text" })

const Finite = Schema.Number.pipe(Schema.finite())
const Vector = Schema.Struct({ x: Finite, y: Finite })
const CORNERS = ["top-left", "top-right", "bottom-left", "bottom-right"] as const

/**
 * Where a root comment is pinned: a canvas point {x, y} or a node and an
 * offset in it {node_id, node_offset}; either may add a region.
 */
export const ClientMeta = Schema.Struct({
  x: Schema.optional(Finite),
  y: Schema.optional(Finite),
  node_id: Schema.optional(Schema.String.pipe(Schema.minLength(1))),
  node_offset: Schema.optional(Vector),
  region_height: Schema.optional(Finite),
  region_width: Schema.optional(Finite),
  comment_pin_corner: Schema.optional(Schema.Literal(...CORNERS))
}).pipe(
  Schema.filter((m) => {
    const point = m.x !== undefined || m.y !== undefined
    const node = m.node_id !== undefined || m.node_offset !== undefined
    if (point === node) return "must be {x, y} or {node_id, node_offset}, not both or neither"
    if (point && (m.x === undefined || m.y === undefined)) return "needs both x and y"
    if (node && (m.node_id === undefined || m.node_offset === undefined)) return "needs both node_id and node_offset"
    if ((m.region_height === undefined) !== (m.region_width === undefined)) {
      return "needs region_height and region_width together"
    }
    if (m.comment_pin_corner !== undefined && m.region_height === undefined) return "comment_pin_corner needs a region"
    return true
  }, { jsonSchema: {} })
).annotations({ description: "Pin: {x,y} or {node_id,node_offset}" })
export type ClientMeta = typeof ClientMeta.Type

// ---- helpers ------------------------------------------------------------------

const GROUP = "comments"
const TIER = 2 as const
const WRITERS = ["personal", "oauth"] as const

const json = (value: unknown) => ({ _tag: "json" as const, value })
const commentsPath = (file: string, ...rest: Array<string>) =>
  `/v1/files/${pathOf(fileKeyOf(file), "comments", ...rest)}`

// ---- operations -----------------------------------------------------------------

export const commentList = designOperation({
  name: "commentList",
  group: GROUP,
  summary: "A file's comments.",
  input: Schema.Struct({
    file_key: FileArg,
    as_md: Schema.optional(Schema.Boolean.annotations({ description: "Markdown messages" }))
  }),
  impact: "read",
  idempotent: true,
  tier: TIER,
  subject: (i) => `comments of file ${fileKeyOf(i.file_key)}`,
  request: (i) => ({
    method: "GET",
    path: commentsPath(i.file_key),
    query: { as_md: i.as_md === true ? "true" : undefined }
  }),
  response: CommentList
})

export const commentCreate = designOperation({
  name: "commentCreate",
  group: GROUP,
  summary: "Comment on a file or reply to a root comment.",
  input: Schema.Struct({
    file_key: FileArg,
    message: Message,
    reply_to: Schema.optional(CommentId.annotations({ description: "Root comment id" })),
    client_meta: Schema.optional(ClientMeta)
  }).pipe(
    Schema.filter((i) =>
      i.reply_to === undefined || i.client_meta === undefined ||
      { path: ["client_meta"], message: "a reply sits in its thread: give client_meta or reply_to, not both" }
    )
  ),
  impact: "write",
  idempotent: false,
  tier: TIER,
  modes: WRITERS,
  subject: (
    i
  ) => (i.reply_to === undefined ? `a comment on file ${fileKeyOf(i.file_key)}` : `a reply to comment ${i.reply_to}`),
  request: (i) => {
    // A URL with a node-id pins a new root comment to that node.
    const pinned = i.client_meta ?? (i.reply_to === undefined
      ? Option.getOrUndefined(
        Option.map(Option.fromNullable(nodeIdOf(i.file_key)), (node_id) => ({ node_id, node_offset: { x: 0, y: 0 } }))
      )
      : undefined)
    return {
      method: "POST",
      path: commentsPath(i.file_key),
      body: json({
        message: i.message,
        ...(i.reply_to === undefined ? {} : { comment_id: i.reply_to }),
        ...(pinned === undefined ? {} : { client_meta: pinned })
      })
    }
  },
  response: Comment
})

const ById = Schema.Struct({ file_key: FileArg, comment_id: CommentId })

export const commentDelete = absentOnceProbed(
  designOperation({
    name: "commentDelete",
    group: GROUP,
    summary: "Delete your comment.",
    input: ById,
    impact: "destroy",
    idempotent: true,
    tier: TIER,
    modes: WRITERS,
    subject: (i) => `comment ${i.comment_id} on file ${fileKeyOf(i.file_key)}`,
    request: (i) => ({ method: "DELETE", path: commentsPath(i.file_key, i.comment_id) }),
    response: Done
  }),
  (client, i) => commentList.run(client, { file_key: i.file_key }, undefined),
  (i) => ({ comment_id: i.comment_id })
)

export const commentReactionList = designOperation({
  name: "commentReactionList",
  group: GROUP,
  summary: "Reactions to a comment.",
  input: ById,
  impact: "read",
  idempotent: true,
  tier: TIER,
  subject: (i) => `reactions to comment ${i.comment_id}`,
  request: (i) => ({ method: "GET", path: commentsPath(i.file_key, i.comment_id, "reactions") }),
  response: ReactionPage,
  paging: { model: urlCursor, items: (page) => page.reactions, itemsKey: "reactions" }
})

const WithEmoji = Schema.Struct({ file_key: FileArg, comment_id: CommentId, emoji: Emoji })

export const commentReactionAdd = linking(
  "link",
  designOperation({
    name: "commentReactionAdd",
    group: GROUP,
    summary: "React to a comment.",
    input: WithEmoji,
    impact: "write",
    // Reacting twice with the same emoji leaves one reaction.
    idempotent: true,
    tier: TIER,
    modes: WRITERS,
    subject: (i) => `a reaction to comment ${i.comment_id}`,
    request: (i) => ({
      method: "POST",
      path: commentsPath(i.file_key, i.comment_id, "reactions"),
      body: json({ emoji: i.emoji })
    }),
    response: Done,
    result: (_, i) => linkResult("link", { file_key: i.file_key, comment_id: i.comment_id, emoji: i.emoji })
  })
)

export const commentReactionDelete = absentOnceProbed(
  designOperation({
    name: "commentReactionDelete",
    group: GROUP,
    summary: "Remove your reaction.",
    input: WithEmoji,
    impact: "destroy",
    idempotent: true,
    tier: TIER,
    modes: WRITERS,
    subject: (i) => `your ${i.emoji} reaction to comment ${i.comment_id}`,
    request: (i) => ({
      method: "DELETE",
      path: commentsPath(i.file_key, i.comment_id, "reactions"),
      query: { emoji: i.emoji }
    }),
    response: Done
  }),
  (client, i) => commentReactionList.run(client, { file_key: i.file_key, comment_id: i.comment_id }, undefined),
  (i) => ({ comment_id: i.comment_id, emoji: i.emoji })
)

// ---- how the front ends show them -----------------------------------------------------

const FILE = "SbxF1leKey0000Sandbox01"

const describeComment = (c: Comment) => ({
  id: c.id,
  thread: c.parent_id === null ? `#${c.order_id ?? ""}` : `re ${c.parent_id}`,
  user: c.user.handle,
  created_at: c.created_at,
  resolved: c.resolved_at !== null,
  reactions: c.reactions.length,
  message: c.message,
  // Nested, so a record shows its parts as path fields (client_meta.node_offset.x) as every other record does.
  client_meta: c.client_meta
})

export const views = [
  view(commentList, {
    command: ["comment", "list"],
    positional: ["file_key"],
    valueNames: { file_key: "KEY|URL" },
    text: {
      kind: "table",
      rows: (o) => o.comments.map(describeComment),
      columns: ["id", "thread", "user", "created_at", "resolved", "reactions", "message"],
      noun: "comments"
    },
    examples: [
      `design comment list ${FILE}`,
      "design comment list https://www.design.example/design/SbxF1leKey0000Sandbox01/Sandbox --as-md --json"
    ]
  }),
  view(commentCreate, {
    command: ["comment", "create"],
    positional: ["file_key"],
    valueNames: { file_key: "KEY|URL", message: "TEXT", reply_to: "COMMENT_ID" },
    text: { kind: "record", record: describeComment },
    examples: [
      `design comment create ${FILE} --message "Looks good"`,
      `design comment create ${FILE} --message "Agreed" --reply-to 100000001`,
      `design comment create ${FILE} --message "Here" --client-meta '{"node_id":"1:2","node_offset":{"x":4,"y":8}}'`,
      "design comment create 'https://www.design.example/design/SbxF1leKey0000Sandbox01/Sandbox?node-id=1-2' --message \"On this frame\""
    ]
  }),
  view(commentDelete, {
    command: ["comment", "delete"],
    positional: ["file_key", "comment_id"],
    valueNames: { file_key: "KEY|URL" },
    text: { kind: "record" },
    examples: [`design comment delete ${FILE} 100000002`]
  }),
  view(commentReactionList, {
    command: ["comment", "reaction", "list"],
    positional: ["file_key", "comment_id"],
    valueNames: { file_key: "KEY|URL" },
    text: {
      kind: "table",
      rows: (o) => o.items.map((r) => ({ user: r.user.handle, emoji: r.emoji, created_at: r.created_at })),
      columns: ["user", "emoji", "created_at"],
      noun: "reactions"
    },
    examples: [`design comment reaction list ${FILE} 100000004 --all`]
  }),
  view(commentReactionAdd, {
    command: ["comment", "reaction", "add"],
    positional: ["file_key", "comment_id"],
    valueNames: { file_key: "KEY|URL", emoji: "SHORTCODE" },
    text: { kind: "record" },
    examples: [`design comment reaction add ${FILE} 100000001 --emoji :heart:`]
  }),
  view(commentReactionDelete, {
    command: ["comment", "reaction", "delete"],
    positional: ["file_key", "comment_id"],
    valueNames: { file_key: "KEY|URL", emoji: "SHORTCODE" },
    text: { kind: "record" },
    examples: [`design comment reaction delete ${FILE} 100000001 --emoji :heart:`]
  })
] as const

/** Help's line for each command group of this module (`design --help`). */
export const commandGroups: { readonly [words: string]: string } = {
  comment: "Comments: list, post, reply, delete; reactions",
  "comment reaction": "Reactions to a comment: list, add, remove"
}
