/**
 * The simulator's attachments and event feeds. An uploaded file is kept as
 * its size and hash, never its bytes; an external attachment is its link.
 */
export interface Attachment {
  readonly gid: string
  readonly name: string
  /** "external" for a link; an upload is hosted by the service itself ("taskmgr"). */
  readonly resource_subtype: "external" | "taskmgr"
  /** The task or project it is attached to. */
  readonly parent: string
  readonly parent_type: "task" | "project"
  readonly created_by: string
  readonly created_at: number
  /** Bytes received (uploads), null for a link. */
  readonly size: number | null
  readonly sha256: string | null
  /** The link (external), null for an upload. */
  readonly url: string | null
}

/** One event in a resource's feed: its place in the feed (a global order) and the wire record. */
export interface FeedEvent {
  readonly seq: bigint
  readonly event: Record<string, unknown>
}

/**
 * Every resource's feed, and the order events are numbered in (shared by all
 * feeds, so one write's event has one number everywhere). `clear` (the
 * simulator's reset) starts the numbering over too.
 */
export class EventFeeds extends Map<string, Array<FeedEvent>> {
  private last = 0n
  nextSeq(): bigint {
    this.last += 1n
    return this.last
  }
  override clear(): void {
    super.clear()
    this.last = 0n
  }
}
