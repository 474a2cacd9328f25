/** Both registries reach every front end: one view per operation, a command each, a tool unless it says why not. */
import { describe, expect, it } from "@effect/vitest"
import AjvModule from "ajv"
import { Duration, Effect } from "effect"
import { resolveArgv } from "../src/core/cli/resolve.js"
import { programTree, runProgram } from "../src/core/cli/runtime.js"
import { allCommands, flagCollisions, isGroup, VERSION_FLAG } from "../src/core/cli/tree.js"
import { fieldsOf } from "../src/core/fields.js"
import { hasTool, toolEntry } from "../src/core/mcp/derive.js"
import { DEPRECATED_TOOL_NAMES, DEPRECATED_TOOLSETS, ruleToolName, toolNameOf } from "../src/core/mcp/names.js"
import { listedTool } from "../src/core/mcp/protocol.js"
import { toolVocabulary } from "../src/core/mcp/remedy.js"
import { sayOnce } from "../src/core/mcp/said-once.js"
import type { AnyOperation } from "../src/core/operation.js"
import type { NoTool } from "../src/core/view.js"
import { designProgram } from "../src/design/cli/program.js"
import { designOperations, designViews } from "../src/design/operations.js"
import type { DesignClient } from "../src/design/service.js"
import { taskmgrProgram } from "../src/taskmgr/cli/program.js"
import { taskmgrOperations, taskmgrViews } from "../src/taskmgr/operations.js"
import { VERSION } from "../src/version.js"
import { memoryIO } from "./e2e/in-process.js"

const TOOL_NAME = /^[a-zA-Z0-9_-]{1,64}$/

/** "0.3.0" is newer than "0.2.1". */
const newerVersion = (a: string, b: string) => {
  const [x, y] = [a, b].map((v) => v.split(".").map(Number))
  const i = x!.findIndex((n, k) => n !== y![k])
  return i >= 0 && x![i]! > y![i]!
}

/**
 * The only commands whose own flag is spelled like a shared one, because the
 * spec names it so: an instantiation's --timeout is its job wait (the
 * per-request timeout there is TASKMGR_TIMEOUT). Own flags win (cli/resolve.ts).
 */
const OWN_OVER_SHARED: Readonly<Record<string, ReadonlyArray<unknown>>> = {
  taskmgr: ["task-template", "project-template"].map((group) => ({
    command: `taskmgr ${group} instantiate`,
    flag: "--timeout",
    with: "shared"
  }))
}
const options = {
  program: "design",
  format: "json" as const,
  budget: Duration.seconds(50),
  vocabulary: toolVocabulary("DESIGN_ACCESS_TOKEN", "DESIGN")
}
const tools = designViews.filter(hasTool).map((v) =>
  toolEntry(Effect.die("not called") as Effect.Effect<DesignClient>, v, options)
)

// Both servers are held to 450 bytes a tool on average, as listed: what several tools share is said once, in the
// initialize instructions (mcp/said-once.ts), which are held to their own bound below.
describe.each([
  {
    name: "design",
    program: designProgram,
    views: designViews,
    operations: designOperations as Record<string, AnyOperation<never>>,
    budget: 450
  },
  {
    name: "taskmgr",
    program: taskmgrProgram,
    views: taskmgrViews,
    operations: taskmgrOperations as Record<string, AnyOperation<never>>,
    budget: 450
  }
])("the $name registry", ({ budget, name, operations, program, views }) => {
  const entries = views.filter(hasTool).map((v) =>
    toolEntry(Effect.die("not called") as Effect.Effect<never>, v, { ...options, program: name })
  )
  const viewOf = (tool: string) => views.filter(hasTool).find((v) => toolNameOf(name, v) === tool)!

  it("shows every operation exactly once, with a unique command and, unless it says why not, a unique tool", () => {
    const shown = views.map((v) => v.operation as AnyOperation<never>)
    expect(new Set(shown)).toEqual(new Set(Object.values(operations)))
    expect(shown.length).toBe(Object.keys(operations).length)
    const commands = views.map((v) => v.command.join(" "))
    expect(new Set(commands).size).toBe(commands.length)
    expect(new Set(entries.map((t) => t.name)).size).toBe(entries.length)
    expect(flagCollisions(programTree(program), program.shared)).toEqual(OWN_OVER_SHARED[name] ?? [])
  })

  it("gives a command its own flag spelled like a program one (--version), in every position", () => {
    const tree = programTree(program)
    const owners: Array<string> = []
    for (const { command, path } of allCommands(tree)) {
      if (isGroup(command)) continue
      const own = command.options.find((o) => o.flag === VERSION_FLAG.flag)
      if (own === undefined) continue
      owners.push(path.join(" "))
      const args = command.positionals.filter((p) => p.required).map((p) => `${p.name}-1`)
      const value = own.takesValue ? ["2099"] : []
      for (
        const argv of [
          [...path, ...args, "--version", ...value],
          [...path, "--version", ...value, ...args],
          [...path, ...args, own.takesValue ? "--version=2099" : "--version"],
          ["--json", ...path, ...args, "--version", ...value]
        ]
      ) {
        const r = resolveArgv(tree, program.shared, argv)
        expect(r.ok && r.value, argv.join(" ")).toMatchObject({
          version: false,
          help: false,
          options: { "--version": own.takesValue ? "2099" : true }
        })
      }
    }
    // The design file reads take a version id; the check above would pass vacuously without them.
    if (name === "design") expect(owners).toEqual(expect.arrayContaining(["file get", "file nodes", "file images"]))
  })

  it("gives every tool a valid JSON Schema, truthful annotations and its toolset", () => {
    const ajv = new AjvModule.default({ strict: true, strictTypes: false })
    for (const tool of entries) {
      const op = viewOf(tool.name).operation as AnyOperation<never>
      expect(ajv.validateSchema(tool.inputSchema), tool.name).toBe(true)
      expect(tool.annotations).toEqual({
        readOnlyHint: op.impact === "read",
        destructiveHint: op.impact === "destroy",
        idempotentHint: op.idempotent,
        openWorldHint: true
      })
      expect(tool.toolset).toBe(op.group.replace(/-/g, "_"))
    }
  })

  it("names every tool and toolset by one rule: <program>_ and the command words, the group, in snake_case", () => {
    const broken: Array<string> = []
    for (const v of views) {
      const command = v.command.join(" ")
      if (!hasTool(v)) {
        if ((v.tool as NoTool).none.trim() === "") broken.push(`${command}: no tool, and no reason why`)
        continue
      }
      const rule = ruleToolName(name, v.command)
      if (v.tool !== undefined) {
        // An override says why the rule cannot hold; one that names the rule's own name is stale.
        if (v.tool.because.trim() === "") broken.push(`${command}: tool ${v.tool.name} overrides the rule, no reason`)
        if (v.tool.name === rule) broken.push(`${command}: tool ${rule} overrides the rule with itself`)
      }
      const tool = toolNameOf(name, v)
      if (!TOOL_NAME.test(tool) || !/^[a-z0-9_]+$/.test(tool) || !tool.startsWith(`${name}_`)) {
        broken.push(`${command}: tool ${tool} is not ${name}_ and snake_case words, at most 64 characters`)
      }
    }
    for (const tool of entries) {
      if (!/^[a-z0-9]+(_[a-z0-9]+)*$/.test(tool.toolset)) broken.push(`${tool.name}: toolset ${tool.toolset}`)
    }
    expect(broken).toEqual([])
  })

  it("answers every deprecated tool or toolset name with a current one, until a release still to come", () => {
    const toolsets = new Set(entries.map((t) => t.toolset))
    const tools = new Set(entries.map((t) => t.name))
    for (const [renames, current] of [[DEPRECATED_TOOL_NAMES, tools], [DEPRECATED_TOOLSETS, toolsets]] as const) {
      for (const r of renames.filter((r) => current.has(r.now))) {
        expect(current.has(r.old), r.old).toBe(false)
        // When VERSION reaches removedIn, this fails: the old name is then due to go.
        expect(newerVersion(r.removedIn, VERSION), `${r.old} goes away in ${r.removedIn}`).toBe(true)
      }
    }
  })

  it(`keeps tools/list within its budget of bytes a tool on average`, () => {
    const { instructions, tools } = sayOnce(entries)
    expect(Buffer.byteLength(JSON.stringify(tools.map(listedTool))) / entries.length).toBeLessThanOrEqual(budget)
    // Said once, but still paid once a session: no more than a few tools' worth.
    expect(Buffer.byteLength(instructions)).toBeLessThanOrEqual(3 * budget)
  })
})

describe("the design registry", () => {
  it("shows every operation exactly once, and nothing else", () => {
    const shown = designViews.map((v) => v.operation as AnyOperation<never>)
    expect(new Set(shown).size).toBe(shown.length)
    expect(new Set(shown)).toEqual(new Set(Object.values(designOperations)))
    for (const [name, op] of Object.entries(designOperations)) expect(op.name).toBe(name)
  })

  it("gives every operation a tool but the deprecated team listing, which says why it has none", () => {
    const without = designViews.filter((v) => !hasTool(v))
    expect(without.map((v) => [v.command.join(" "), v.tool])).toEqual([
      ["webhook list-team", { none: expect.stringMatching(/deprecated/) }]
    ])
  })

  it("has unique command paths and tool names, and no shared flag shadows a command's own", () => {
    const commands = designViews.map((v) => v.command.join(" "))
    expect(new Set(commands).size).toBe(commands.length)
    expect(new Set(tools.map((t) => t.name)).size).toBe(tools.length)
    expect(flagCollisions(programTree(designProgram), designProgram.shared)).toEqual([])
  })

  it("derives valid JSON Schemas that keep constraints, truthful annotations and documented parameters", () => {
    const ajv = new AjvModule.default({ strict: true, strictTypes: false })
    for (const tool of tools) {
      const v = designViews.filter(hasTool).find((x) => toolNameOf("design", x) === tool.name)!
      const op = v.operation as AnyOperation<never>
      expect(ajv.validateSchema(tool.inputSchema), tool.name).toBe(true)
      expect(tool.annotations).toEqual({
        readOnlyHint: op.impact === "read",
        destructiveHint: op.impact === "destroy",
        idempotentHint: op.idempotent,
        openWorldHint: true
      })
      expect(tool.toolset).toBe(op.group.replace(/-/g, "_"))
      for (const f of fieldsOf(op.input)) expect(f.description, `${tool.name}.${f.name}`).toBeTruthy()
      const required = ((tool.inputSchema as { required?: Array<string> }).required ?? []).sort()
      expect(required).toEqual(fieldsOf(op.input).filter((f) => !f.optional).map((f) => f.name).sort())
    }
    const create = tools.find((t) => t.name === "design_webhook_create")!.inputSchema as {
      properties: Record<string, Record<string, unknown>>
    }
    expect(create.properties.endpoint).toMatchObject({ maxLength: 2048 })
    expect(create.properties.passcode).toMatchObject({ type: "string", minLength: 1, maxLength: 100 })
    expect(create.properties.event?.enum).toContain("FILE_UPDATE")
    expect(tools.find((t) => t.name === "design_webhook_update")!.annotations.destructiveHint).toBe(true)
  })

  it("keeps tools/list under 450 bytes a tool on average", () => {
    const bytes = Buffer.byteLength(JSON.stringify(sayOnce(tools).tools.map(listedTool)))
    expect(bytes / tools.length).toBeLessThanOrEqual(450)
  })

  it.effect("reaches every command's help, which names the full command path and an example", () =>
    Effect.gen(function*() {
      for (const v of designViews) {
        const memory = memoryIO({})
        const code = yield* runProgram(designProgram, [...v.command, "--help"], memory.io)
        expect(code, v.command.join(" ")).toBe(0)
        // Long examples wrap with shell continuations; joined again they are the example.
        const help = memory.stdout().replace(/ \\\n\s+/g, " ")
        expect(help).toContain(`design ${v.command.join(" ")}`)
        expect(help).toContain(v.examples[0]!)
      }
    }))
})
