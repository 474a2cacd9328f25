import { describe, expect, it } from "@effect/vitest"
import { vi } from "vitest"
import { runCli } from "../../src/core/cli-runtime.js"
import { Schema } from "effect"
import { hasTool, toolDefinition } from "../../src/core/derive-tool.js"
import { fieldsOf } from "../../src/core/operation.js"
import { designCli, designCommand } from "../../src/design/cli.js"
import { designOperationList } from "../../src/design/operations.js"
import { Effect } from "effect"

const TOOL_NAME = /^[a-zA-Z0-9_-]{1,64}$/

describe("the design operation registry", () => {
  it("gives every operation a tool, but the deprecated team listing (CLI-only)", () => {
    for (const op of designOperationList) {
      expect(op.command.length).toBe(2)
      if (op.command.join(" ") === "webhook list-team") {
        expect(op.tool).toBeNull()
        expect(op.deprecated).toBeDefined()
      } else {
        expect(op.tool).toBe(`design_${op.command.join("_").replace(/-/g, "_")}`)
        expect(op.tool).toMatch(TOOL_NAME)
      }
    }
  })

  it.effect("reaches every operation's command in the design app", () =>
    Effect.gen(function*() {
      const printed: Array<string> = []
      const log = vi.spyOn(console, "log").mockImplementation((...args) => void printed.push(args.join(" ")))
      try {
        for (const op of designOperationList) {
          printed.length = 0
          const code = yield* runCli(designCommand, designCli, ["node", "design", ...op.command, "--help"])
          expect(code, op.command.join(" ")).toBe(0)
          expect(printed.join("\n")).toContain(op.summary)
        }
      } finally {
        log.mockRestore()
      }
    }))

  it("has unique command paths and tool names", () => {
    const commands = designOperationList.map((op) => op.command.join(" "))
    const tools = designOperationList.filter(hasTool).map((op) => op.tool)
    expect(new Set(commands).size).toBe(commands.length)
    expect(new Set(tools).size).toBe(tools.length)
  })

  it("derives truthful tool annotations and documented parameters", () => {
    for (const op of designOperationList.filter(hasTool)) {
      const tool = toolDefinition(op)
      const a = tool.annotations!
      expect(a.readOnlyHint).toBe(op.effect === "read")
      expect(a.destructiveHint).toBe(op.effect === "destroy")
      for (const f of fieldsOf(op.input)) expect(f.description, `${op.tool}.${f.name}`).toBeTruthy()
      // The schema decodes what the tool's JSON Schema calls required.
      const required = ((tool.inputSchema as { required?: Array<string> }).required ?? []).sort()
      expect(required).toEqual(fieldsOf(op.input).filter((f) => !f.optional).map((f) => f.name).sort())
      expect(Schema.isSchema(op.input)).toBe(true)
    }
  })
})
