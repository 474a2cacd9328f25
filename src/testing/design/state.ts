/**
 * The mutable state of one design simulator, one part per domain (faults,
 * the request log and the clock offset are the common core's). JavaScript
 * runs each synchronous block to completion, so plain maps mutated by a
 * handler are consistent without locks.
 */
import type { CommentState } from "./comments.js"
import { makeCommentState } from "./comments.js"
import type { DevResourceState } from "./dev-resources.js"
import { makeDevResourceState } from "./dev-resources.js"
import type { FileState } from "./files.js"
import { makeFileState } from "./files.js"
import type { OAuthState } from "./oauth.js"
import { makeOAuthState } from "./oauth.js"
import type { LimitState } from "./ratelimit.js"
import { makeLimitState } from "./ratelimit.js"
import type { VariableState } from "./variables.js"
import { makeVariableState } from "./variables.js"
import type { WebhookState } from "./webhooks.js"
import { makeWebhookState } from "./webhooks.js"

export interface DesignState {
  readonly webhooks: WebhookState
  readonly comments: CommentState
  /** Generated documents. */
  readonly files: FileState
  readonly variables: VariableState
  readonly devResources: DevResourceState
  readonly limits: LimitState
  /** Authorization codes, grants and issued tokens. */
  readonly oauth: OAuthState
}

export const makeDesignState = (): DesignState => ({
  webhooks: makeWebhookState(),
  comments: makeCommentState(),
  files: makeFileState(),
  variables: makeVariableState(),
  devResources: makeDevResourceState(),
  limits: makeLimitState(),
  oauth: makeOAuthState()
})

/** Back to the seed: every part as a fresh simulator has it. */
export const resetDesignState = (state: DesignState): void => {
  Object.assign(state, makeDesignState())
}
