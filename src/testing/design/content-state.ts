/**
 * The mutable part of the file-content world of one simulator: comments and
 * their reactions, and the documents POST /_sandbox/files generated. Reset
 * brings back the seeded comments and forgets generated files.
 */
import type { GeneratedFile } from "./generated.js"
import type { CommentRecord } from "./seed-content.js"
import { FIRST_NEW_COMMENT_ID, seedComments } from "./seed-content.js"

export interface ContentState {
  comments: Array<CommentRecord>
  nextCommentId: number
  nextReactionSeq: number
  generated: Map<string, GeneratedFile>
}

export const makeContentState = (): ContentState => {
  const { comments, nextReactionSeq } = seedComments()
  return { comments, nextCommentId: FIRST_NEW_COMMENT_ID, nextReactionSeq, generated: new Map() }
}
