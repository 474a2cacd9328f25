/**
 * A file that shrinks between its check and its upload: the body would end
 * short of the length announced, so the upload is cut and reported as the
 * input's fault (exit 2, naming the file), not as a network failure to try
 * again (exit 8), and nothing is attached. Real sockets: Node's HTTP client
 * against the simulator served on a loopback port; the file is cut by a
 * client step that runs as the upload is sent.
 */
import * as NodeHttpClient from "@effect/platform-node/NodeHttpClient"
import * as HttpClient from "@effect/platform/HttpClient"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Redacted } from "effect"
import { mkdtempSync, truncateSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { exitCodeOf } from "../../../src/core/exit-codes.js"
import { TaskmgrApi } from "../../../src/taskmgr/api.js"
import { serveTaskmgrSandbox, taskmgrSeed } from "../../../src/testing/index.js"

describe("an upload whose file changes while it is sent", () => {
  it.scopedLive("fails as the input's fault (exit 2) naming the file, and nothing is attached", () =>
    Effect.gen(function*() {
      const sandbox = yield* serveTaskmgrSandbox(0)
      const file = join(mkdtempSync(join(tmpdir(), "upload-changed-")), "report.bin")
      writeFileSync(file, Buffer.alloc(300_000, 7))
      const api = yield* TaskmgrApi.make({
        token: Redacted.make(taskmgrSeed.tokens.personal),
        baseUrl: sandbox.base_url,
        appUrl: sandbox.app_url,
        // Another program shortens the file after the check, as the upload starts.
        transformClient: HttpClient.mapRequest((request) => {
          if (request.method === "POST") truncateSync(file, 1_000)
          return request
        })
      })
      const before = (yield* api.attachmentList({ parent: taskmgrSeed.task_gid })).data.length
      const error = yield* Effect.flip(api.attachmentCreate({ parent: taskmgrSeed.task_gid, file }))
      expect(error).toMatchObject({ _tag: "InvalidInputError", fields: ["file"] })
      expect(error.message).toBe(
        `${file} changed while it was uploaded (300000 bytes when checked, 1000 read); nothing was attached.`
      )
      expect(exitCodeOf(error)).toBe(2)
      expect((yield* api.attachmentList({ parent: taskmgrSeed.task_gid })).data.length).toBe(before)
    }).pipe(Effect.provide(NodeHttpClient.layer)))
})
