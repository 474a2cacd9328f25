/**
 * `design sandbox`: the simulator on 127.0.0.1. Prints one JSON line (URL,
 * tokens, seeded ids) on stdout once it listens, then serves until killed.
 */
import * as Effect from "effect/Effect"
import { writeOut } from "../core/cli-runtime.js"
import type { OptionValue } from "../core/derive-cli.js"
import { invalidInput } from "../core/errors.js"
import { designSeed, serveDesignSandbox } from "../testing/design/index.js"

export const runSandbox = (portValue: OptionValue | undefined) =>
  Effect.scoped(
    Effect.gen(function*() {
      const raw = typeof portValue === "string" ? portValue.trim() : "0"
      const port = Number(raw)
      if (!/^\d+$/.test(raw) || port > 65_535) {
        return yield* Effect.fail(invalidInput(`--port must be a whole number from 0 to 65535; got "${raw}".`, "port"))
      }
      const { base_url } = yield* serveDesignSandbox(port).pipe(
        Effect.mapError((error) => {
          const code = (error.cause as { code?: unknown } | undefined)?.code
          return invalidInput(
            `Cannot listen on 127.0.0.1:${port}${typeof code === "string" ? ` (${code})` : ""}: choose another --port, or 0 for any free port.`,
            "port"
          )
        })
      )
      const { file_key, project_id, team_id, tokens, ...more } = designSeed
      yield* writeOut(JSON.stringify({ base_url, tokens, team_id, project_id, file_key, ...more }))
      return yield* Effect.never
    })
  )
