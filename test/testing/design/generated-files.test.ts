import * as HttpClient from "@effect/platform/HttpClient"
import * as HttpClientRequest from "@effect/platform/HttpClientRequest"
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Stream from "effect/Stream"
import { designSeed, serveDesignSandbox } from "../../../src/testing/design/index.js"
import { BASE, freshBudget, NOT_FOUND_PLAIN, personal, run, send } from "./helpers.js"

const { tokens } = designSeed

const addFile = (approx_bytes: number) =>
  Effect.map(send("POST", "/_sandbox/files", { body: { approx_bytes } }), (r) => {
    if (r.status !== 200) throw new Error(`add failed: ${r.status} ${r.text}`)
    return r.body.file_key as string
  })

/** Reads a response body as a stream, keeping only counts and the first chunk. */
const measure = (url: string) =>
  Effect.gen(function*() {
    const client = yield* HttpClient.HttpClient
    const request = HttpClientRequest.get(url).pipe(HttpClientRequest.setHeader("X-Design-Token", tokens.personal))
    const response = yield* client.execute(request)
    let bytes = 0
    let chunks = 0
    let largest = 0
    let head = ""
    let tail = new Uint8Array(0)
    yield* Stream.runForEach(response.stream, (chunk) =>
      Effect.sync(() => {
        if (chunks === 0) head = new TextDecoder().decode(chunk.slice(0, 200))
        bytes += chunk.length
        chunks += 1
        largest = Math.max(largest, chunk.length)
        const joined = new Uint8Array(tail.length + chunk.length)
        joined.set(tail)
        joined.set(chunk, tail.length)
        tail = joined.slice(-64)
      }))
    return {
      status: response.status,
      contentType: response.headers["content-type"],
      contentLength: response.headers["content-length"],
      bytes,
      chunks,
      largest,
      head,
      tail: new TextDecoder().decode(tail)
    }
  }).pipe(Effect.scoped, Effect.orDie)

describe("POST /_sandbox/files", () => {
  it.effect("adds a generated file of about the asked size, served as valid JSON", () =>
    run(Effect.gen(function*() {
      const key = yield* addFile(200_000)
      expect(key).toMatch(/^SbxGenF1le\d{6}\w+$/)
      const r = yield* send("GET", `/v1/files/${key}`, personal)
      expect(r.status).toBe(200)
      expect(r.headers["content-type"]).toBe("application/json; charset=utf-8")
      expect(r.text.length).toBeGreaterThan(180_000)
      expect(r.text.length).toBeLessThan(220_000)
      expect(r.body).toMatchObject({ name: "Generated 200000 bytes", editorType: "design", components: {}, styles: {} })
      const pages = r.body.document.children
      expect(pages[0]).toMatchObject({ id: "0:1", type: "CANVAS", name: "Page 1" })
      const frame = pages[0].children[0]
      expect(frame).toMatchObject({ id: "1:10", type: "FRAME", name: "Screen 1.1" })
      expect(frame.children.map((c: any) => c.type)).toEqual([
        "TEXT",
        "TEXT",
        "RECTANGLE",
        "GROUP",
        "ELLIPSE",
        "VECTOR"
      ])
      // The generated file is readable through the other file endpoints too.
      const nodes = yield* send("GET", `/v1/files/${key}/nodes?ids=1:13,1:99999`, personal)
      expect(nodes.body.nodes["1:13"].document).toMatchObject({ name: "Photo", type: "RECTANGLE" })
      expect(nodes.body.nodes["1:99999"]).toBeNull()
      const fills = yield* send("GET", `/v1/files/${key}/images`, personal)
      expect(Object.keys(fills.body.meta.images)).toHaveLength(3)
    })))

  it.effect("streams a larger document in many chunks, without a Content-Length", () =>
    run(Effect.gen(function*() {
      const asked = 6_000_000
      const key = yield* addFile(asked)
      const m = yield* measure(`${BASE}/v1/files/${key}`)
      expect(m.status).toBe(200)
      expect(m.contentType).toBe("application/json; charset=utf-8")
      expect(m.contentLength).toBeUndefined()
      expect(Math.abs(m.bytes - asked) / asked).toBeLessThan(0.05)
      expect(m.chunks).toBeGreaterThan(50)
      expect(m.largest).toBeLessThan(256 * 1024)
      expect(m.head.startsWith(`{"document":{"id":"0:0","name":"Document","type":"DOCUMENT"`)).toBe(true)
      expect(m.tail.endsWith(`"linkAccess":"inherit"}`)).toBe(true)
    })))

  it.effect("narrows a generated document by depth and ids like any other", () =>
    run(Effect.gen(function*() {
      const key = yield* addFile(1_500_000)
      const pages = yield* send("GET", `/v1/files/${key}?depth=1`, personal)
      expect(pages.body.document.children.length).toBeGreaterThan(1)
      expect(pages.body.document.children[0].children).toEqual([])
      const one = yield* send("GET", `/v1/files/${key}?ids=2:57`, personal)
      const page = one.body.document.children
      expect(page.map((p: any) => p.id)).toEqual(["0:2"])
      expect(page[0].children.map((f: any) => f.id)).toEqual(["2:50"])
      expect(page[0].children[0].children.map((c: any) => c.id)).toEqual(["2:57"])
    })))

  it.effect("rejects a bad size, and reset forgets generated files", () =>
    run(Effect.gen(function*() {
      for (const approx_bytes of [0, -5, 1.5, "100"]) {
        const r = yield* send("POST", "/_sandbox/files", { body: { approx_bytes } })
        expect(r.status).toBe(400)
        expect(r.body).toEqual({ ok: false, error: expect.stringMatching(/"approx_bytes"/) })
      }
      const key = yield* addFile(5_000)
      yield* freshBudget
      expect((yield* send("GET", `/v1/files/${key}?depth=1`, personal)).status).toBe(200)
      yield* send("POST", "/_sandbox/reset")
      expect((yield* send("GET", `/v1/files/${key}?depth=1`, personal)).body).toEqual(NOT_FOUND_PLAIN)
    })))
})

describe("a generated file over a socket", () => {
  it.scopedLive("arrives chunked and can be counted without holding it", () =>
    Effect.gen(function*() {
      const { base_url } = yield* serveDesignSandbox(0)
      const result = yield* Effect.promise(async () => {
        const added = await fetch(`${base_url}/_sandbox/files`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ approx_bytes: 3_000_000 })
        })
        const { file_key } = await added.json() as { file_key: string }
        const response = await fetch(`${base_url}/v1/files/${file_key}`, {
          headers: { "X-Design-Token": tokens.plan }
        })
        let bytes = 0
        const reader = response.body!.getReader()
        for (;;) {
          const { done, value } = await reader.read()
          if (done) break
          bytes += value.length
        }
        return { bytes, status: response.status, encoding: response.headers.get("transfer-encoding") }
      })
      expect(result.status).toBe(200)
      expect(result.encoding).toBe("chunked")
      expect(Math.abs(result.bytes - 3_000_000) / 3_000_000).toBeLessThan(0.05)
    }))
})
