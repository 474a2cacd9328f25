/** What `design sandbox` serves and prints (core/cli/extra.ts runs it); built as its own bundle. */
import * as Effect from "effect/Effect"
import { startDetached } from "../../testing/core/serve.js"
import { designSeed, serveDesignSandbox } from "../../testing/design/index.js"

export const start = startDetached((port) =>
  Effect.map(serveDesignSandbox(port), ({ base_url }) => {
    const { file_key, project_id, team_id, tokens, ...more } = designSeed
    return { base_url, tokens, team_id, project_id, file_key, ...more }
  })
)
