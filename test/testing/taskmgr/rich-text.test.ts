/** Rich text: the plain `notes` the service derives from `html_notes` keeps each block on a line of its own. */
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { post, run, seed } from "./helpers.js"

describe("taskmgr simulator: rich text", () => {
  it.effect("puts headings, list items and quotes on lines of their own, inline tags inline", () =>
    run(Effect.gen(function*() {
      const made = yield* post("/tasks", {
        name: "Blocks",
        workspace: seed.workspace_gid,
        html_notes:
          "<body><h1>Plan</h1><ul><li>one</li><li>t<strong>wo</strong></li></ul><blockquote>&lt;q&gt;</blockquote>end</body>"
      })
      expect(made.status).toBe(201)
      expect(made.body.data.notes).toBe("Plan\none\ntwo\n<q>\nend")
    })))
})
