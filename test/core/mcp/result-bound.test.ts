/**
 * Every tool of both registries keeps its results under the server's bound:
 * each view's tool, run on a fake operation that answers (or fails with) far
 * more than the bound, answers a summary that is valid JSON, under the
 * bound, names the size and shape, and says how to narrow the call; a small
 * result passes unchanged. Plus the bound's setting and the hints of
 * design_file_get.
 */
import { describe, expect, it } from "@effect/vitest"
import { Duration, Effect, Either, Schema } from "effect"
import { UnexpectedError } from "../../../src/core/errors.js"
import { hasTool, narrowingOf, toolEntry, type ToolView } from "../../../src/core/mcp/derive.js"
import { toolNameOf } from "../../../src/core/mcp/names.js"
import { toolVocabulary } from "../../../src/core/mcp/remedy.js"
import {
  boundResult,
  DEFAULT_MAX_RESULT_BYTES,
  MIN_MAX_RESULT_BYTES,
  resultBytes,
  toolMaxBytes
} from "../../../src/core/mcp/result-bound.js"
import type { ToolResult } from "../../../src/core/mcp/types.js"
import type { AnyOperation } from "../../../src/core/operation.js"
import { designViews } from "../../../src/design/operations.js"
import { taskmgrViews } from "../../../src/taskmgr/operations.js"

const MAX = 10_000
const options = {
  program: "design",
  format: "json" as const,
  budget: Duration.seconds(50),
  vocabulary: toolVocabulary("DESIGN_ACCESS_TOKEN", "DESIGN"),
  maxBytes: MAX
}
const context = { progress: () => Effect.void }

const HUGE = {
  nodes: Array.from({ length: 2_000 }, (_, i) => ({ id: `1:${i}`, name: `Frame ${i}`, type: "FRAME" })),
  name: "big"
}
const SMALL = { id: "1", name: "small" }

/** The view with its operation replaced by one that takes no input and answers `run` (its own shape kept out of the way). */
const faked = (v: ToolView, run: () => Effect.Effect<unknown, unknown>) => {
  const op = v.operation as AnyOperation<never>
  return {
    ...v,
    items: undefined,
    raw: undefined,
    operation: { ...op, input: Schema.Struct({}), paging: undefined, run }
  } as unknown as ToolView
}

const call = (v: ToolView, run: () => Effect.Effect<unknown, unknown>, program = "design") =>
  toolEntry(Effect.succeed({}), faked(v, run), { ...options, program }).call({}, context)

const expectSummary = (result: ToolResult, tool: string) => {
  expect(result.isError, tool).toBe(true)
  expect(resultBytes(result), tool).toBeLessThanOrEqual(MAX)
  const parsed = JSON.parse(result.content[0]!.text) as {
    error: { type: string; remedy: string }
    result: { bytes: number; max_bytes: number; shape: { type: string } }
  }
  expect(parsed.error.type, tool).toBe("ResultTooLarge")
  expect(parsed.error.remedy, tool).toMatch(/^Ask for less: \S/)
  expect(parsed.result.bytes, tool).toBeGreaterThan(MAX)
  expect(parsed.result.max_bytes, tool).toBe(MAX)
  expect(parsed.result.shape.type, tool).toBe("object")
  expect(result.structuredContent, tool).toEqual(parsed)
  return parsed
}

describe.each([
  { name: "design", views: designViews },
  { name: "taskmgr", views: taskmgrViews }
])("every $name tool", ({ name, views }) => {
  const tools = views.filter(hasTool)
  const label = (v: ToolView) => toolNameOf(name, v)

  const reads = tools.filter((v) => (v.operation as AnyOperation<never>).impact === "read")
  const writes = tools.filter((v) => (v.operation as AnyOperation<never>).impact !== "read")

  it.effect("answers a read's huge result as a summary under the bound, with its shape and a remedy", () =>
    Effect.gen(function*() {
      for (const v of reads) {
        const parsed = expectSummary(yield* call(v, () => Effect.succeed(HUGE)), label(v))
        expect(parsed.result.shape, label(v)).toMatchObject({
          keys: { nodes: expect.stringMatching(/^array of 2000 /), name: "string of 3 characters" }
        })
      }
    }))

  it.effect("trims a write's huge result under the bound instead: what was written, what was cut, how to see it", () =>
    Effect.gen(function*() {
      expect(writes.length).toBeGreaterThan(0)
      for (const v of writes) {
        const result = yield* call(v, () => Effect.succeed(HUGE), name)
        expect(result.isError, label(v)).toBe(false)
        expect(resultBytes(result), label(v)).toBeLessThanOrEqual(MAX)
        const shown = JSON.parse(result.content[0]!.text) as {
          name: string
          nodes: Array<unknown>
          nodes_counts: { total: number }
          trimmed: { bytes: number; max_bytes: number; cut: Array<string>; see: string }
        }
        // The write's own fields stay; the list keeps what names its first items, and says how many there were.
        expect(shown.name, label(v)).toBe("big")
        expect(shown.nodes.length, label(v)).toBeGreaterThan(10)
        expect(shown.nodes[0], label(v)).toEqual({ id: "1:0" })
        expect(shown.nodes_counts, label(v)).toEqual({ total: 2_000 })
        expect(shown.trimmed.bytes, label(v)).toBeGreaterThan(MAX)
        expect(shown.trimmed.cut.join("; "), label(v)).toMatch(/nodes: all but the first \d+ of 2000/)
        expect(shown.trimmed.see, label(v)).toContain(
          `the command line prints all of it (${name} ${v.command.join(" ")})`
        )
        expect(shown.trimmed.see, label(v)).not.toMatch(/--/)
      }
    }))

  it.effect("answers a huge error as a summary under the bound too", () =>
    Effect.gen(function*() {
      for (const v of tools) {
        const parsed = expectSummary(
          yield* call(v, () => Effect.fail(new UnexpectedError({ message: "x".repeat(50_000) }))),
          label(v)
        )
        // The call's own error is kept, its message shortened (text, never JSON, is cut).
        expect(parsed.error, label(v)).toMatchObject({
          cause: { type: "UnexpectedError", message: `${"x".repeat(500)}…` }
        })
      }
    }))

  it.effect("passes a small result unchanged", () =>
    Effect.gen(function*() {
      for (const v of tools) {
        const result = yield* call(v, () => Effect.succeed(SMALL))
        expect(result.isError, label(v)).toBe(false)
        expect(JSON.parse(result.content[0]!.text), label(v)).toEqual(SMALL)
      }
    }))

  it("gives every tool at least one way to narrow it", () => {
    for (const v of tools) expect(narrowingOf(v).length, label(v)).toBeGreaterThan(0)
  })
})

describe("the hints", () => {
  it("design_file_get: depth and ids first", () => {
    const hints = narrowingOf(designViews.find((v) => v.command.join(" ") === "file get")!)
    expect(hints[0]).toMatch(/^pass depth/)
    expect(hints[1]).toMatch(/^pass ids/)
  })

  it("a paged list: one page at a time and the cursor", () => {
    const hints = narrowingOf(designViews.find((v) => v.command.join(" ") === "file versions")!)
    expect(hints.join("; ")).toMatch(/maxPages.*next_cursor with cursor/)
  })
})

describe("the summary itself", () => {
  it("fits the smallest bound whatever the keys: many long names, nested, with long notes", () => {
    const key = (i: number) => `${"k".repeat(200)}${i}`
    const inner = Object.fromEntries(Array.from({ length: 100 }, (_, i) => [key(i), { x: "y".repeat(100) }]))
    const value = Object.fromEntries(Array.from({ length: 100 }, (_, i) => [key(i), i === 0 ? inner : "z".repeat(50)]))
    const text = JSON.stringify(value)
    const note = { type: "text" as const, text: `Note: ${"n".repeat(990)}` }
    const result = boundResult(
      { isError: false, content: [{ type: "text", text }, note, note, note, note, note, note, note, note] },
      MIN_MAX_RESULT_BYTES,
      {
        value,
        narrowing: ["pass depth"],
        render: (v) => JSON.stringify(v)
      }
    )
    expect(result.isError).toBe(true)
    expect(resultBytes(result)).toBeLessThanOrEqual(MIN_MAX_RESULT_BYTES)
    expect(JSON.parse(result.content[0]!.text)).toMatchObject({
      error: { type: "ResultTooLarge" },
      result: { shape: { keys_total: 100 } }
    })
  })
})

describe("<PREFIX>_MCP_MAX_BYTES", () => {
  it.effect("unset or empty: the default", () =>
    Effect.gen(function*() {
      expect(yield* toolMaxBytes(undefined, "DESIGN_MCP_MAX_BYTES")).toBe(DEFAULT_MAX_RESULT_BYTES)
      expect(yield* toolMaxBytes(" ", "DESIGN_MCP_MAX_BYTES")).toBe(DEFAULT_MAX_RESULT_BYTES)
      expect(yield* toolMaxBytes("50000", "DESIGN_MCP_MAX_BYTES")).toBe(50_000)
    }))

  it.effect("malformed or too small: a settings error naming the variable", () =>
    Effect.gen(function*() {
      for (const raw of ["abc", "-5", "1.5", "100", "2MB"]) {
        const result = yield* Effect.either(toolMaxBytes(raw, "TASKMGR_MCP_MAX_BYTES"))
        expect(Either.isLeft(result), raw).toBe(true)
        if (Either.isLeft(result)) expect(result.left.message, raw).toContain("TASKMGR_MCP_MAX_BYTES")
      }
    }))
})
