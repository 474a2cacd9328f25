import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import { describe, expect, it } from "vitest"
import {
  chooseToolsets,
  renameToolsets,
  selectTools,
  toolsetSummary,
  UnknownToolsets
} from "../../../src/core/mcp/toolsets.js"
import type { ToolEntry } from "../../../src/core/mcp/types.js"

const entry = (name: string, toolset: string, readOnly: boolean): ToolEntry => ({
  name,
  description: name,
  inputSchema: { type: "object", properties: {} },
  annotations: { readOnlyHint: readOnly, destructiveHint: false, idempotentHint: readOnly, openWorldHint: true },
  toolset,
  call: () => Effect.succeed({ isError: false, content: [] })
})

const TOOLS = [
  entry("webhook_list", "webhooks", true),
  entry("webhook_create", "webhooks", false),
  entry("user_me", "users", true),
  entry("task_get", "tasks", true),
  entry("task_delete", "tasks", false)
]

const names = (selected: Either.Either<ReadonlyArray<ToolEntry>, UnknownToolsets>) =>
  Either.getOrThrow(selected).map((t) => t.name)

const errorOf = (selected: Either.Either<ReadonlyArray<ToolEntry>, UnknownToolsets>) =>
  Either.getOrThrow(Either.flip(selected))

describe("selectTools", () => {
  it("serves every tool when no toolset is named", () => {
    expect(names(selectTools(TOOLS, { readOnly: false }))).toStrictEqual(TOOLS.map((t) => t.name))
    expect(names(selectTools(TOOLS, { toolsets: [], readOnly: false }))).toStrictEqual(TOOLS.map((t) => t.name))
  })

  it("keeps only the named toolsets, in the order the tools were given", () => {
    expect(names(selectTools(TOOLS, { toolsets: ["tasks", " webhooks "], readOnly: false }))).toStrictEqual([
      "webhook_list",
      "webhook_create",
      "task_get",
      "task_delete"
    ])
  })

  it("readOnly keeps only tools whose readOnlyHint is true", () => {
    expect(names(selectTools(TOOLS, { readOnly: true }))).toStrictEqual(["webhook_list", "user_me", "task_get"])
    expect(names(selectTools(TOOLS, { toolsets: ["tasks"], readOnly: true }))).toStrictEqual(["task_get"])
  })

  it("an unknown toolset is an error naming it, suggesting the close one and listing the valid ones", () => {
    const error = errorOf(selectTools(TOOLS, { toolsets: ["webhook", "users"], readOnly: false }))
    expect(error).toBeInstanceOf(UnknownToolsets)
    expect(error.unknown).toStrictEqual(["webhook"])
    expect(error.valid).toStrictEqual(["tasks", "users", "webhooks"])
    expect(error.suggestions).toStrictEqual([{ given: "webhook", suggested: "webhooks" }])
    expect(error.message).toBe(
      `Unknown toolset "webhook" (did you mean "webhooks"?). Valid toolsets: tasks, users, webhooks (or all, or default).`
    )
  })

  it("names every unknown toolset, suggesting only where one is close", () => {
    const error = errorOf(selectTools(TOOLS, { toolsets: ["TASKS", "web", "zzzzzz"], readOnly: false }))
    expect(error.unknown).toStrictEqual(["TASKS", "web", "zzzzzz"])
    expect(error.suggestions).toStrictEqual([
      { given: "TASKS", suggested: "tasks" },
      { given: "web", suggested: "webhooks" }
    ])
    expect(error.message).toBe(
      `Unknown toolsets "TASKS", "web", "zzzzzz" (did you mean "tasks" for "TASKS", "webhooks" for "web"?). ` +
        `Valid toolsets: tasks, users, webhooks (or all, or default).`
    )
  })
})

describe("chooseToolsets", () => {
  const choose = (toolsets: ReadonlyArray<string>, defaults?: ReadonlyArray<string>) =>
    Either.getOrThrow(chooseToolsets(TOOLS, { toolsets, defaults }))

  it("serves the defaults, and the tool that serves more, when none is named", () => {
    expect(choose([], ["users"])).toStrictEqual({ toolsets: ["users"], dynamic: true })
    expect(choose(["default"], ["users"])).toStrictEqual({ toolsets: ["users"], dynamic: true })
  })

  it("serves every toolset with all, and without defaults; named ones as named", () => {
    expect(choose(["all"], ["users"])).toStrictEqual({ toolsets: ["tasks", "users", "webhooks"], dynamic: false })
    expect(choose([])).toStrictEqual({ toolsets: ["tasks", "users", "webhooks"], dynamic: false })
    expect(choose(["webhooks"], ["users"])).toStrictEqual({ toolsets: ["webhooks"], dynamic: false })
  })

  it("adds named toolsets to the defaults with default", () => {
    expect(choose(["default", "tasks"], ["users"])).toStrictEqual({ toolsets: ["users", "tasks"], dynamic: true })
  })

  it("refuses an unknown name, keywords aside", () => {
    const error = Either.getOrThrow(Either.flip(chooseToolsets(TOOLS, { toolsets: ["al"], defaults: ["users"] })))
    expect(error.unknown).toStrictEqual(["al"])
  })
})

describe("renameToolsets", () => {
  const renames = [
    { old: "web-hooks", now: "webhooks", removedIn: "0.3.0" },
    { old: "custom-fields", now: "custom_fields", removedIn: "0.3.0" }
  ]

  it("takes an old spelling for its toolset, with a note naming the new one, once however often it is given", () => {
    expect(renameToolsets(["users", " web-hooks", "web-hooks"], TOOLS, renames)).toStrictEqual({
      toolsets: ["users", "webhooks", "webhooks"],
      notes: [`The toolset name "web-hooks" is deprecated and goes away in 0.3.0: use "webhooks" instead.`]
    })
  })

  it("leaves a name alone when its new toolset is not among these tools: it is then unknown, as it was", () => {
    const renamed = renameToolsets(["custom-fields"], TOOLS, renames)
    expect(renamed).toStrictEqual({ toolsets: ["custom-fields"], notes: [] })
    expect(errorOf(selectTools(TOOLS, { toolsets: renamed.toolsets, readOnly: false })).unknown).toStrictEqual([
      "custom-fields"
    ])
  })
})

describe("toolsetSummary", () => {
  it("lists each toolset by name with its tools and its read-only tools", () => {
    expect(toolsetSummary(TOOLS)).toStrictEqual([
      { name: "tasks", tools: ["task_get", "task_delete"], readOnlyTools: ["task_get"] },
      { name: "users", tools: ["user_me"], readOnlyTools: ["user_me"] },
      { name: "webhooks", tools: ["webhook_list", "webhook_create"], readOnlyTools: ["webhook_list"] }
    ])
  })
})
