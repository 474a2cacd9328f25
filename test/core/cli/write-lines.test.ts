/**
 * Long output is written as it is made (io.ts `writeLines`): in chunks, in
 * order, waiting for a slow reader instead of filling the stream's buffer.
 */
import * as Effect from "effect/Effect"
import { Readable, Writable } from "node:stream"
import { describe, expect, it } from "vitest"
import { CliIO, type OutStream, writeLines } from "../../../src/core/cli/io.js"

/** A stdout that takes a chunk only every few milliseconds. */
const slowReader = () => {
  const chunks: Array<string> = []
  const stream = new Writable({
    highWaterMark: 16 * 1024,
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk.toString("utf8"))
      setTimeout(done, 2)
    }
  })
  return { stream: stream as OutStream, text: () => chunks.join("") }
}

describe("writeLines", () => {
  it("writes every line in order, never more than a chunk ahead of a slow reader", async () => {
    const out = slowReader()
    let mostBuffered = 0
    function* lines() {
      for (let i = 0; i < 20_000; i++) {
        mostBuffered = Math.max(mostBuffered, out.stream.writableLength)
        yield `line ${i} ${"x".repeat(40)}`
      }
    }
    const io = { env: {}, stdout: out.stream, stderr: out.stream, stdin: Readable.from([]) }
    await Effect.runPromise(Effect.provideService(writeLines(lines()), CliIO, io))
    await new Promise((resolve) => out.stream.end(resolve))
    const written = out.text().split("\n")
    expect(written).toHaveLength(20_001)
    expect(written[19_999]).toBe(`line 19999 ${"x".repeat(40)}`)
    // About 1 MB went out; the stream never held more than a chunk or two of it.
    expect(mostBuffered).toBeLessThan(200 * 1024)
  })
})
