import { describe, expect, it } from "@effect/vitest"
import { Effect, Fiber, Option, TestClock } from "effect"
import { createHash, randomBytes } from "node:crypto"
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { api, apiLayer, seed, sent, SIM, sim } from "../harness.js"

const task = seed.task_gid
const taskUrl = `${SIM}/0/${seed.project_gid}/${task}`
const dir = mkdtempSync(join(tmpdir(), "attachments-"))
const bytes = randomBytes(300 * 1024 + 7)
const file = join(dir, "report.bin")
writeFileSync(file, bytes)
const sha256 = createHash("sha256").update(bytes).digest("hex")
mkdirSync(join(dir, "folder"))

/**
 * Runs `fiber` to its end on TestClock while it also waits on real file
 * reads: simulated time moves a second at a time, the event loop gets a turn between.
 */
const finish = <A, E>(fiber: Fiber.RuntimeFiber<A, E>) =>
  Effect.gen(function*() {
    for (let i = 0; i < 600 && Option.isNone(yield* Fiber.poll(fiber)); i++) {
      yield* TestClock.adjust("1 second")
      yield* Effect.promise(() => new Promise((resolve) => setImmediate(resolve)))
    }
    return yield* Fiber.join(fiber)
  })

describe("TaskmgrApi: attachments", () => {
  it.effect("lists a task's attachments (task given by URL) with a minimal opt_fields set, and reads one typed", () =>
    Effect.gen(function*() {
      const a = yield* api
      const page = yield* a.attachmentList({ parent: taskUrl })
      expect(page.data.map((x) => x.gid).sort()).toEqual([seed.attachment_gids.link, seed.attachment_gids.upload])
      expect((yield* sent).at(-1)).toMatchObject({
        method: "GET",
        path: "/api/1.0/attachments",
        query: { parent: task, limit: "50", opt_fields: "name,resource_subtype,size" }
      })
      const link = yield* a.attachmentGet({ attachment_gid: seed.attachment_gids.link })
      const subtype: string | undefined = link.resource_subtype
      expect(subtype).toBe("external")
      expect(link).toMatchObject({
        name: "Launch brief",
        view_url: "https://docs.example.com/launch-brief",
        parent: { gid: task }
      })
    }).pipe(Effect.provide(apiLayer())))

  it.effect("uploads a local file as multipart: every byte arrives, and the stored size is the file's", () =>
    Effect.gen(function*() {
      const a = yield* api
      const made = yield* a.attachmentCreate({ parent: task, file })
      expect(made).toMatchObject({
        name: "report.bin",
        size: bytes.length,
        resource_subtype: "taskmgr",
        parent: { gid: task }
      })
      const upload = (yield* sent).at(-1)!
      expect(upload.method).toBe("POST")
      expect(upload.headers["content-type"]).toMatch(/^multipart\/form-data; boundary=/)
      expect(upload.body).toEqual({
        fields: { parent: task, name: "report.bin" },
        files: {
          file: { filename: "report.bin", content_type: "application/octet-stream", size: bytes.length, sha256 }
        }
      })
      expect((yield* a.attachmentGet({ attachment_gid: made.gid })).size).toBe(bytes.length)
    }).pipe(Effect.provide(apiLayer())))

  it.effect("a retried upload (429) opens the file again and sends it whole", () =>
    Effect.gen(function*() {
      const s = yield* sim
      const a = yield* api
      yield* s.injectFault({
        method: "POST",
        path: "/api/1.0/attachments",
        status: 429,
        headers: { "retry-after": "2" }
      })
      const upload = yield* Effect.fork(a.attachmentCreate({ parent: task, file, name: "Quarterly report" }))
      const made = yield* finish(upload)
      expect(made).toMatchObject({ name: "Quarterly report", size: bytes.length })
      const posts = (yield* sent).filter((r) => r.method === "POST")
      expect(posts).toHaveLength(2)
      for (const post of posts) expect(post.body).toMatchObject({ files: { file: { size: bytes.length, sha256 } } })
    }).pipe(Effect.provide(apiLayer())))

  it.effect("links an external URL with its name (resource_subtype external)", () =>
    Effect.gen(function*() {
      const a = yield* api
      const made = yield* a.attachmentCreate({ parent: task, url: "https://example.com/spec", name: "The spec" })
      expect(made).toMatchObject({
        name: "The spec",
        resource_subtype: "external",
        view_url: "https://example.com/spec"
      })
      expect((yield* sent).at(-1)?.body).toEqual({
        fields: { parent: task, resource_subtype: "external", url: "https://example.com/spec", name: "The spec" },
        files: {}
      })
    }).pipe(Effect.provide(apiLayer())))

  it.effect("deletes an attachment; deleting it again is already_absent", () =>
    Effect.gen(function*() {
      const a = yield* api
      const gid = seed.attachment_gids.upload
      expect(yield* a.attachmentDelete({ attachment_gid: gid })).toEqual({
        deleted: true,
        already_absent: false,
        attachment_gid: gid
      })
      expect(yield* a.attachmentDelete({ attachment_gid: gid })).toEqual({
        deleted: true,
        already_absent: true,
        attachment_gid: gid
      })
      expect((yield* Effect.flip(a.attachmentGet({ attachment_gid: gid })))._tag).toBe("NotFoundError")
    }).pipe(Effect.provide(apiLayer())))

  const refusals: ReadonlyArray<readonly [string, Record<string, string>, RegExp, ReadonlyArray<string>]> = [
    ["a missing file", { file: join(dir, "nope.txt") }, /^file: .*nope\.txt does not exist\.$/, ["file"]],
    [
      "a directory",
      { file: join(dir, "folder") },
      /^file: .*folder is a directory; uploads take regular files only\.$/,
      ["file"]
    ],
    ["a device", { file: "/dev/null" }, /is a device/, ["file"]],
    ["both a file and a URL", { file, url: "https://example.com/x", name: "x" }, /^Give file or url, not both\.$/, [
      "file",
      "url"
    ]],
    ["a URL without a name", { url: "https://example.com/x" }, /^url: an external link also needs name\.$/, ["name"]],
    ["neither a file nor a URL", {}, /^Give file \(a path to upload\) or url \(with name\)\.$/, ["file", "url"]],
    ["a URL that is not http(s)", { url: "ftp://example.com/x", name: "x" }, /url.*must be an http\(s\) URL/, ["url"]]
  ]
  for (const [what, input, message, fields] of refusals) {
    it.effect(`refuses ${what} before sending anything`, () =>
      Effect.gen(function*() {
        const a = yield* api
        const error = yield* Effect.flip(a.attachmentCreate({ parent: task, ...input }))
        expect(error._tag).toBe("InvalidInputError")
        expect(error.message).toMatch(message)
        if (error._tag === "InvalidInputError") expect(error.fields).toEqual(fields)
        expect(yield* sent).toEqual([])
      }).pipe(Effect.provide(apiLayer())))
  }
})
