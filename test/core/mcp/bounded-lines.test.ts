/**
 * The tool server's line framing (lines.ts): lines across chunks and several
 * in a chunk, `\r\n`, a last line without a newline, and a line past the bound
 * dropped up to its newline, whatever the chunks, with the lines around it kept.
 */
import { describe, expect, it } from "@effect/vitest"
import { Chunk, Effect, Stream } from "effect"
import { boundedLines, TooLong } from "../../../src/core/mcp/lines.js"

const linesOf = (chunks: ReadonlyArray<string>, max?: number) =>
  Effect.map(Stream.runCollect(boundedLines(max)(Stream.fromIterable(chunks))), Chunk.toReadonlyArray)

describe("boundedLines", () => {
  it.effect("cuts lines as Stream.splitLines does", () =>
    Effect.gen(function*() {
      expect(yield* linesOf(["{\"a\":", "1}\n{\"b\"", ":2}\r\n\n", "{\"c\":3}"])).toEqual([
        "{\"a\":1}",
        "{\"b\":2}",
        "",
        "{\"c\":3}"
      ])
    }))

  it.effect("drops a line past the bound, in one chunk or many, and keeps the lines around it", () =>
    Effect.gen(function*() {
      expect(yield* linesOf(["ok\n", "x".repeat(11), "\nnext\n"], 10)).toEqual(["ok", TooLong, "next", ""])
      expect(yield* linesOf(["ok\nxxxx", "xxxx", "xxxx", "xxxx\n", "next"], 10)).toEqual(["ok", TooLong, "next"])
      // At the bound exactly: read.
      expect(yield* linesOf(["x".repeat(10), "\n"], 10)).toEqual(["x".repeat(10), ""])
    }))
})
