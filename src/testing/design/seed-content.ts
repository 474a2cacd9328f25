/**
 * The seeded history and conversation of the seeded files: version lists
 * (75 on file_key, enough for three pages), the branch of file_key, project
 * dates, and the comments and reactions a fresh simulator starts with.
 */
import { designSeed, seedWorld } from "./seed.js"

const u = designSeed.users
const HOUR_MS = 3_600_000

// ── Versions ────────────────────────────────────────────────────────────────

export interface VersionRecord {
  /** An integer beyond double precision, as real version ids are; compared as a bigint. */
  readonly id: string
  readonly created_at: string
  readonly label: string | null
  readonly description: string | null
  readonly user_id: string
}

/** How many versions each seeded file has; other files have one. */
export const VERSION_COUNTS: Readonly<Record<string, number>> = {
  [designSeed.file_key]: 75,
  [designSeed.starter_file_key]: 4
}

/**
 * Newest first: the newest id is the file's `version`, each older one 1000
 * less and 7 hours earlier; every 15th is a named release.
 */
export const seedVersions = (
  fileKey: string,
  newestId: string,
  lastTouchedAt: string,
  editorId: string
): ReadonlyArray<VersionRecord> => {
  const count = VERSION_COUNTS[fileKey] ?? 1
  const newest = BigInt(newestId)
  const at = Date.parse(lastTouchedAt)
  return Array.from({ length: count }, (_, k) => {
    const named = k % 15 === 0 && count > 1
    const release = Math.floor((count - 1 - k) / 15) + 1
    return {
      id: String(newest - BigInt(k) * 1000n),
      created_at: new Date(at - k * 7 * HOUR_MS).toISOString(),
      label: named ? `Release ${release}` : null,
      description: named ? `Library update ${release}: buttons, inputs and colour tokens` : null,
      user_id: k % 3 === 1 ? editorId : u.admin.id
    }
  })
}

// ── Branches ────────────────────────────────────────────────────────────────

export interface BranchRecord {
  readonly key: string
  readonly name: string
  readonly main_file_key: string
  readonly last_modified: string
  readonly link_access: string
  readonly version: string
}

export const seedBranches: ReadonlyArray<BranchRecord> = [{
  key: designSeed.branch_file_key,
  name: "new-buttons",
  main_file_key: designSeed.file_key,
  last_modified: "2026-01-16T12:00:00Z",
  link_access: "inherit",
  version: "2100000000000005001"
}]

// ── Projects ────────────────────────────────────────────────────────────────

export const projectCreatedAt: Readonly<Record<string, string>> = {
  [designSeed.project_id]: "2025-09-01T08:00:00Z",
  [designSeed.starter_project_id]: "2025-12-01T08:00:00Z"
}

// ── Comments and reactions ──────────────────────────────────────────────────

export interface Vector {
  readonly x: number
  readonly y: number
}

/** Where a comment is pinned: a canvas point, a node offset, or a region of either. */
export type ClientMeta =
  | Vector
  | { readonly node_id: string; readonly node_offset: Vector }
  | {
    readonly x: number
    readonly y: number
    readonly region_height: number
    readonly region_width: number
    readonly comment_pin_corner?: string
  }
  | {
    readonly node_id: string
    readonly node_offset: Vector
    readonly region_height: number
    readonly region_width: number
    readonly comment_pin_corner?: string
  }

export interface ReactionRecord {
  /** Creation order; the reactions cursor counts it. */
  readonly seq: number
  readonly user_id: string
  readonly emoji: string
  readonly created_at: string
}

export interface CommentRecord {
  readonly id: string
  readonly file_key: string
  /** null for a root comment. */
  readonly parent_id: string | null
  readonly user_id: string
  readonly created_at: string
  readonly resolved_at: string | null
  /** Plain text, and the markdown `as_md=true` returns. */
  readonly message: string
  readonly message_md: string
  /**
   * Never null: the description requires a position on every comment. A root posted without one is at the
   * canvas origin; a reply sits where its root does.
   */
  readonly client_meta: ClientMeta
  /** Root comments are numbered per file; replies carry null. */
  readonly order_id: string | null
  reactions: Array<ReactionRecord>
}

/** Reactions per page of GET .../reactions (a simulator choice, small enough to page in tests). */
export const REACTIONS_PAGE_SIZE = 10

export const REACTION_EMOJI = [":heart:", ":+1:", ":tada:", ":eyes:", ":fire:", ":rocket:"] as const

const ids = designSeed.comment_ids

/** A fresh copy each call: state mutates its comments. */
export const seedComments = (): { comments: Array<CommentRecord>; nextReactionSeq: number } => {
  let seq = 1
  const react = (user_id: string, emoji: string, created_at: string): ReactionRecord => ({
    seq: seq++,
    user_id,
    emoji,
    created_at
  })
  const everyone = seedWorld.teams.find((t) => t.id === designSeed.team_id)?.members ?? []
  const comments: Array<CommentRecord> = [
    {
      id: ids.root,
      file_key: designSeed.file_key,
      parent_id: null,
      user_id: u.editor.id,
      created_at: "2026-01-12T09:15:00Z",
      resolved_at: null,
      message: "Can we bump the title size on the cover?",
      message_md: "Can we bump the title size on the cover?",
      client_meta: { node_id: designSeed.node_ids.title, node_offset: { x: 120, y: 24 } },
      order_id: "1",
      reactions: [react(u.admin.id, ":+1:", "2026-01-12T09:20:00Z")]
    },
    {
      id: ids.reply,
      file_key: designSeed.file_key,
      parent_id: ids.root,
      user_id: u.admin.id,
      created_at: "2026-01-12T10:02:00Z",
      resolved_at: null,
      message: "Done, it is 56 now.",
      message_md: "Done, it is **56** now.",
      client_meta: { node_id: designSeed.node_ids.title, node_offset: { x: 120, y: 24 } },
      order_id: null,
      reactions: []
    },
    {
      id: ids.resolved,
      file_key: designSeed.file_key,
      parent_id: null,
      user_id: u.viewer.id,
      created_at: "2026-01-13T14:40:00Z",
      resolved_at: "2026-01-14T16:00:00Z",
      message: "Heads up: the hero image is low-res. See brand guide",
      message_md: "**Heads up:** the hero image is low-res. See [brand guide](https://design.example/brand)",
      client_meta: { x: 640, y: 480, region_height: 200, region_width: 320, comment_pin_corner: "top-left" },
      order_id: "2",
      reactions: []
    },
    {
      id: ids.reacted,
      file_key: designSeed.file_key,
      parent_id: null,
      user_id: u.admin.id,
      created_at: "2026-01-14T17:30:00Z",
      resolved_at: null,
      message: "Release 5 is out. Ship it?",
      message_md: "Release 5 is out. _Ship it?_",
      client_meta: { node_id: designSeed.node_ids.home_frame, node_offset: { x: 10, y: 10 } },
      order_id: "3",
      // 6 emoji from each of the 4 team members: 24 reactions, three pages of 10.
      reactions: REACTION_EMOJI.flatMap((emoji, e) =>
        everyone.map((user, i) =>
          react(user, emoji, new Date(Date.parse("2026-01-14T17:31:00Z") + (e * 4 + i) * 60_000).toISOString())
        )
      )
    },
    {
      id: "100000005",
      file_key: designSeed.starter_file_key,
      parent_id: null,
      user_id: u.starter.id,
      created_at: "2026-01-09T11:00:00Z",
      resolved_at: null,
      message: "First pass at the layout",
      message_md: "First pass at the layout",
      client_meta: { x: 100, y: 100 },
      order_id: "1",
      reactions: []
    }
  ]
  return { comments, nextReactionSeq: seq }
}

/** Ids of comments created through the API start here. */
export const FIRST_NEW_COMMENT_ID = 100000101
