/**
 * `design sandbox`: the simulator on 127.0.0.1. Prints one JSON line (URL,
 * tokens, seeded ids) on stdout once it listens, then serves until killed.
 */
import * as Effect from "effect/Effect"
import { designSeed, serveDesignSandbox } from "../testing/design/index.js"
import { writeOut } from "../core/cli-runtime.js"
import { usage } from "../core/errors.js"

export const runSandbox = (port: number) =>
  Effect.scoped(
    Effect.gen(function*() {
      const { base_url } = yield* serveDesignSandbox(port).pipe(
        Effect.mapError((error) => {
          const code = (error.cause as { code?: unknown } | undefined)?.code
          return usage(
            `Cannot listen on 127.0.0.1:${port}${typeof code === "string" ? ` (${code})` : ""}.`,
            "Choose another --port, or --port 0 for any free port."
          )
        })
      )
      const { file_key, project_id, team_id, tokens, ...more } = designSeed
      yield* writeOut(JSON.stringify({ base_url, tokens, team_id, project_id, file_key, ...more }))
      return yield* Effect.never
    })
  )
