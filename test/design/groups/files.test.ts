import * as HttpClient from "@effect/platform/HttpClient"
import * as HttpClientRequest from "@effect/platform/HttpClientRequest"
import { describe, expect, it } from "@effect/vitest"
import { Chunk, Effect, Either, Stream } from "effect"
import { summarizeBytes, summarizeDocument } from "../../../src/design/local/file-summary.js"
import { parseFileRef, parseIdRef } from "../../../src/design/refs.js"
import { api, apiLayer, seed, sent, SIM } from "../harness.js"

const KEY = seed.file_key
const N = seed.node_ids
const URL_OF = (kind: string, node?: string) =>
  `https://www.design.example/${kind}/${KEY}/Sandbox-File${node === undefined ? "" : `?node-id=${node}`}`

/** POST /_sandbox/files: a generated document of about `bytes`. */
const addGenerated = (bytes: number) =>
  Effect.gen(function*() {
    const client = yield* HttpClient.HttpClient
    const response = yield* client.execute(
      HttpClientRequest.bodyUnsafeJson(HttpClientRequest.post(`${SIM}/_sandbox/files`), { approx_bytes: bytes })
    )
    return ((yield* response.json) as { file_key: string }).file_key
  })

const rawBytes = (key: string) =>
  Effect.gen(function*() {
    const client = yield* HttpClient.HttpClient
    const response = yield* client.execute(
      HttpClientRequest.get(`${SIM}/v1/files/${key}`).pipe(
        HttpClientRequest.setHeader("X-Design-Token", seed.tokens.personal)
      )
    )
    return new Uint8Array(yield* response.arrayBuffer)
  })

const concat = (chunks: ReadonlyArray<Uint8Array>) => {
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0))
  let at = 0
  for (const c of chunks) {
    out.set(c, at)
    at += c.length
  }
  return out
}

describe("file and node references", () => {
  it("reads keys, file URLs of every kind, branch URLs and node-ids", () => {
    expect(parseFileRef(KEY)).toEqual(Either.right({ key: KEY, main: KEY, nodeId: undefined }))
    for (const kind of ["design", "file", "proto", "board"]) {
      expect(parseFileRef(URL_OF(kind, "1-2"))).toEqual(Either.right({ key: KEY, main: KEY, nodeId: "1:2" }))
    }
    expect(parseFileRef(`https://www.design.example/design/${KEY}/branch/${seed.branch_file_key}/Name`)).toEqual(
      Either.right({ key: seed.branch_file_key, main: KEY, nodeId: undefined })
    )
    expect(parseFileRef(URL_OF("design", "I5-10;1-2"))).toEqual(
      Either.right({ key: KEY, main: KEY, nodeId: "I5:10;1:2" })
    )
    expect(Either.isLeft(parseFileRef("https://www.design.example/files/team/1300000000000000001/Studio"))).toBe(true)
    expect(Either.isLeft(parseFileRef(URL_OF("design", "x-y")))).toBe(true)
    expect(Either.isLeft(parseFileRef("not a key"))).toBe(true)
    expect(parseIdRef("team", "https://www.design.example/files/team/1300000000000000001/Studio")).toEqual(
      Either.right("1300000000000000001")
    )
    expect(parseIdRef("project", "https://www.design.example/files/project/210000001/P")).toEqual(
      Either.right("210000001")
    )
    expect(Either.isLeft(parseIdRef("project", URL_OF("design")))).toBe(true)
  })
})

describe("files through DesignApi", () => {
  it.effect("fileGet decodes the document and sends only the narrowing asked for; a URL's node-id becomes ids", () =>
    Effect.gen(function*() {
      const a = yield* api
      const file = yield* a.fileGet({ file_key: KEY, depth: 2 })
      expect(file.name).toBe("Sandbox File")
      expect(file.document.type).toBe("DOCUMENT")
      const summary = summarizeDocument(file)
      expect(summary.pages.map((p) => p.name)).toEqual(["Cover", "Screens", "Components"])
      yield* a.fileGet({ file_key: URL_OF("design", "1-2"), branch_data: true })
      const log = yield* sent
      expect(log.map((r) => [r.path, r.query])).toEqual([
        [`/v1/files/${KEY}`, { depth: "2" }],
        [`/v1/files/${KEY}`, { ids: N.cover_frame, branch_data: "true" }]
      ])
    }).pipe(Effect.provide(apiLayer())))

  it.effect("fileGetBytes are the service's bytes, and their streamed summary matches the decoded one", () =>
    Effect.gen(function*() {
      const a = yield* api
      const key = yield* addGenerated(400_000)
      const chunks = Chunk.toReadonlyArray(yield* Stream.runCollect(a.fileGetBytes({ file_key: key })))
      expect(chunks.length).toBeGreaterThan(1)
      const bytes = concat(chunks)
      expect(bytes).toEqual(yield* rawBytes(key))
      const streamed = yield* summarizeBytes(Stream.fromIterable(chunks))
      const decoded = summarizeDocument(yield* a.fileGet({ file_key: key }))
      expect(streamed.bytes).toBe(bytes.length)
      expect(streamed.nodes).toBeGreaterThan(100)
      expect({ ...streamed, bytes: 0 }).toEqual(decoded)
      // Split at every byte boundary class: one byte at a time still reads the same.
      const small = yield* a.fileGetBytes({ file_key: KEY, depth: 3 }).pipe(
        Stream.runCollect,
        Effect.map((c) => concat(Chunk.toReadonlyArray(c)))
      )
      const bytewise = yield* summarizeBytes(Stream.fromIterable(Array.from(small, (b) => Uint8Array.of(b))))
      expect({ ...bytewise, bytes: 0 }).toEqual(summarizeDocument(yield* a.fileGet({ file_key: KEY, depth: 3 })))
    }).pipe(Effect.provide(apiLayer())))

  it.effect("fileNodes and fileImages take node ids or the URL's node-id; a null render is a result, not an error", () =>
    Effect.gen(function*() {
      const a = yield* api
      const nodes = yield* a.fileNodes({ file_key: URL_OF("file", "1-3") })
      expect(Object.keys(nodes.nodes)).toEqual([N.title])
      expect(nodes.nodes[N.title]?.document.type).toBe("TEXT")
      const images = yield* a.fileImages({
        file_key: KEY,
        ids: [N.cover_frame, N.hidden_frame],
        scale: 0.5,
        format: "svg",
        contents_only: false
      })
      expect(images.images[N.cover_frame]).toMatch(/\/_sandbox\/render\/.+\.svg\?/)
      expect(images.images[N.hidden_frame]).toBeNull()
      const log = yield* sent
      expect(log[1]?.query).toEqual({
        ids: `${N.cover_frame},${N.hidden_frame}`,
        scale: "0.5",
        format: "svg",
        contents_only: "false"
      })
    }).pipe(Effect.provide(apiLayer())))

  it.effect("refuses malformed ids, a real depth, a scale out of range and a non-file URL before sending", () =>
    Effect.gen(function*() {
      const a = yield* api
      const refusals = [
        yield* Effect.flip(a.fileNodes({ file_key: KEY, ids: ["1-2"] })),
        yield* Effect.flip(a.fileNodes({ file_key: KEY, ids: [] })),
        yield* Effect.flip(a.fileNodes({ file_key: KEY })),
        yield* Effect.flip(a.fileGet({ file_key: KEY, depth: 1.5 })),
        yield* Effect.flip(a.fileImages({ file_key: KEY, ids: ["1:2"], scale: 5 })),
        yield* Effect.flip(
          a.fileImageFills({ file_key: "https://www.design.example/files/team/1300000000000000001/Studio" })
        ),
        yield* Effect.flip(a.fileVersions({ file_key: KEY, page_size: 30.5 })),
        yield* Effect.flip(a.fileVersions({ file_key: KEY, before: "1", after: "2" }))
      ]
      expect(refusals.map((e) => [e._tag, e._tag === "InvalidInputError" ? e.fields[0] : null])).toEqual([
        ["InvalidInputError", "ids"],
        ["InvalidInputError", "ids"],
        ["InvalidInputError", "ids"],
        ["InvalidInputError", "depth"],
        ["InvalidInputError", "scale"],
        ["InvalidInputError", "file_key"],
        ["InvalidInputError", "page_size"],
        ["InvalidInputError", "before"]
      ])
      expect(refusals[0]?.message).toContain("1:2")
      expect(yield* sent).toEqual([])
    }).pipe(Effect.provide(apiLayer())))

  it.effect("image fills, metadata by URL, and every version through the Stream", () =>
    Effect.gen(function*() {
      const a = yield* api
      const fills = yield* a.fileImageFills({ file_key: KEY })
      expect(Object.values(fills.images).every((u) => u.includes("/_sandbox/fills/"))).toBe(true)
      expect((yield* a.fileMeta({ file_key: URL_OF("design") })).file.name).toBe("Sandbox File")
      const first = yield* a.fileVersions({ file_key: KEY, page_size: 50 })
      expect(first.versions).toHaveLength(50)
      expect(first.next_cursor).toBe(first.versions[49]?.id)
      const all = Chunk.toReadonlyArray(yield* Stream.runCollect(a.streams.fileVersions({ file_key: KEY })))
      expect(all).toHaveLength(75)
      expect(new Set(all.map((v) => v.id)).size).toBe(75)
      const versionRequests = (yield* sent).filter((r) => r.path.endsWith("/versions"))
      expect(versionRequests.map((r) => r.query.before ?? null)).toEqual([
        null,
        null,
        first.versions[29]?.id,
        all[59]?.id
      ])
    }).pipe(Effect.provide(apiLayer())))
})
