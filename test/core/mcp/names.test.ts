/**
 * Old tool names (mcp/names.ts): each answers as its tool does, with a note
 * in the result naming the replacement (counted in the result bound) and one
 * line on the server's log; an old name whose tool is not served is not
 * served either.
 */
import { describe, expect, it } from "@effect/vitest"
import { Duration, Effect, Schema } from "effect"
import { hasTool, toolEntry, type ToolOptions, type ToolView } from "../../../src/core/mcp/derive.js"
import {
  aliasEntries,
  DEPRECATED_TOOL_NAMES,
  deprecatedToolNote,
  type Renamed,
  ruleToolName
} from "../../../src/core/mcp/names.js"
import { toolVocabulary } from "../../../src/core/mcp/remedy.js"
import { resultBytes } from "../../../src/core/mcp/result-bound.js"
import type { ToolEntry } from "../../../src/core/mcp/types.js"
import type { AnyOperation } from "../../../src/core/operation.js"
import { taskmgrViews } from "../../../src/taskmgr/operations.js"

const RENAMED: Renamed = {
  old: "taskmgr_custom_field_list_for_project",
  now: "taskmgr_custom_field_project",
  removedIn: "0.3.0"
}
const NOTE = deprecatedToolNote(RENAMED)
const ANSWER = { custom_field_settings: [{ gid: "1", name: "Priority" }] }
const context = { progress: () => Effect.void }

/** The real view of `custom-field project`, its operation answering `answer` without a service. */
const entryOf = (options: Partial<ToolOptions> = {}, answer: unknown = ANSWER): ToolEntry => {
  const v = taskmgrViews.filter(hasTool).find((x) => ruleToolName("taskmgr", x.command) === RENAMED.now)!
  const op = v.operation as AnyOperation<never>
  const faked = {
    ...v,
    operation: { ...op, input: Schema.Struct({}), paging: undefined, run: () => Effect.succeed(answer) }
  } as unknown as ToolView
  return toolEntry(Effect.succeed({}), faked, {
    program: "taskmgr",
    format: "json",
    budget: Duration.seconds(5),
    vocabulary: toolVocabulary("TASKMGR_ACCESS_TOKEN", "TASKMGR", false),
    ...options
  })
}

describe("aliasEntries", () => {
  it("serves an old name only beside its tool, unlisted", () => {
    const tool = entryOf()
    const [alias, ...more] = aliasEntries([tool], [RENAMED])
    expect(more).toEqual([])
    expect(alias).toMatchObject({ name: RENAMED.old, unlisted: true, toolset: tool.toolset })
    expect(aliasEntries([], [RENAMED])).toEqual([])
    expect(aliasEntries([tool], DEPRECATED_TOOL_NAMES).map((a) => a.name)).toEqual([RENAMED.old])
  })

  it.effect("answers as its tool does, adds the note naming the new name, and logs it once", () =>
    Effect.gen(function*() {
      const tool = entryOf()
      const logged: Array<string> = []
      const [alias] = aliasEntries([tool], [RENAMED], (line) => Effect.sync(() => void logged.push(line)))
      const direct = yield* tool.call({}, context)
      const first = yield* alias!.call({}, context)
      const second = yield* alias!.call({}, context)
      expect(direct.content).toHaveLength(1)
      for (const result of [first, second]) {
        expect(result.isError).toBe(false)
        expect(result.content).toEqual([...direct.content, { type: "text", text: `Note: ${NOTE}` }])
      }
      expect(NOTE).toBe(
        "The tool name taskmgr_custom_field_list_for_project is deprecated and goes away in 0.3.0: " +
          "call taskmgr_custom_field_project instead."
      )
      expect(logged).toEqual([`Note: ${NOTE}`])
    }))

  it.effect("counts the note in the result bound: a result that fits only without it is summarized", () =>
    Effect.gen(function*() {
      const answer = { data: "x".repeat(20_000) }
      const maxBytes = resultBytes(yield* entryOf({}, answer).call({}, context))
      const tool = entryOf({ maxBytes }, answer)
      expect((yield* tool.call({}, context)).isError).toBe(false)
      const [alias] = aliasEntries([tool], [RENAMED])
      const result = yield* alias!.call({}, context)
      expect(resultBytes(result)).toBeLessThanOrEqual(maxBytes)
      expect(result.isError).toBe(true)
      expect(result.structuredContent).toMatchObject({ error: { type: "ResultTooLarge" } })
      expect(result.content.at(-1)).toEqual({ type: "text", text: `Note: ${NOTE}` })
    }))
})
