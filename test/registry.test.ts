/** Both registries reach every front end: one view per operation, a command each, a tool unless it says why not. */
import { describe, expect, it } from "@effect/vitest"
import AjvModule from "ajv"
import { Duration, Effect, Either } from "effect"
import { resolveArgv } from "../src/core/cli/resolve.js"
import { programTree, runProgram } from "../src/core/cli/runtime.js"
import { allCommands, flagCollisions, isGroup, VERSION_FLAG } from "../src/core/cli/tree.js"
import {
  AuthError,
  AuthModeError,
  ForbiddenError,
  InvalidInputError,
  InvalidRequestError,
  InvalidSettingsError,
  JobFailedError,
  JobTimeoutError,
  NotFoundError,
  PlanRequiredError,
  RateLimitError,
  ServiceError,
  SignInError,
  UnexpectedError,
  type WrapperError
} from "../src/core/errors.js"
import { fieldsOf } from "../src/core/fields.js"
import { makeCatalog } from "../src/core/mcp/catalog.js"
import { hasTool, narrowingOf, PAGING_PARAMETERS, toolEntry, toolError } from "../src/core/mcp/derive.js"
import { DEPRECATED_TOOL_NAMES, DEPRECATED_TOOLSETS, ruleToolName, toolNameOf } from "../src/core/mcp/names.js"
import { listedTool } from "../src/core/mcp/protocol.js"
import { toolVocabulary } from "../src/core/mcp/remedy.js"
import { sayOnce } from "../src/core/mcp/said-once.js"
import { chooseToolsets } from "../src/core/mcp/toolsets.js"
import type { AnyOperation } from "../src/core/operation.js"
import type { NoTool } from "../src/core/view.js"
import { designCli, designProgram } from "../src/design/cli/program.js"
import { designOperations, designViews } from "../src/design/operations.js"
import type { DesignClient } from "../src/design/service.js"
import { taskmgrCli, taskmgrProgram } from "../src/taskmgr/cli/program.js"
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
    cli: designCli as { readonly defaultToolsets?: ReadonlyArray<string> | undefined },
    program: designProgram,
    views: designViews,
    operations: designOperations as Record<string, AnyOperation<never>>,
    budget: 450
  },
  {
    name: "taskmgr",
    cli: taskmgrCli as { readonly defaultToolsets?: ReadonlyArray<string> | undefined },
    program: taskmgrProgram,
    views: taskmgrViews,
    operations: taskmgrOperations as Record<string, AnyOperation<never>>,
    budget: 450
  }
])("the $name registry", ({ budget, cli, name, operations, program, views }) => {
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
    // Said once, but still paid once a session: no more than a few tools' worth (every shared meaning, rich text's
    // tags among them, with every toolset served).
    expect(Buffer.byteLength(instructions)).toBeLessThanOrEqual(5 * budget)
  })

  it("says what every parameter takes: in the listing, or once in the instructions with the same words", () => {
    const { meanings, tools } = sayOnce(entries)
    const undescribed: Array<string> = []
    for (const tool of tools) {
      const op = viewOf(tool.name).operation as AnyOperation<never>
      const fields = new Map(fieldsOf(op.input).map((f) => [f.name, f]))
      const properties = (tool.inputSchema.properties ?? {}) as Record<string, { description?: string }>
      for (const [param, property] of Object.entries(properties)) {
        // Paging is said once, for every paged tool, above the parameters.
        if (PAGING_PARAMETERS.includes(param) && op.paging !== undefined) continue
        const said = property.description ?? meanings.get(param)
        const own = fields.get(param)?.description
        if (said === undefined || (property.description === undefined && said !== own)) {
          undescribed.push(`${tool.name}.${param}`)
        }
      }
    }
    expect(undescribed).toEqual([])
  })

  it.effect("lists every parameter a tool takes, and takes every parameter it lists", () =>
    Effect.gen(function*() {
      const unlisted: Array<string> = []
      const refused: Array<string> = []
      const sample = (property: Record<string, unknown>): unknown =>
        Array.isArray(property.enum)
          ? property.enum[0]
          : property.type === "integer" || property.type === "number"
          ? 1
          : property.type === "boolean"
          ? true
          : property.type === "array"
          ? []
          : property.type === "object"
          ? {}
          : "1"
      const context = { progress: () => Effect.void }
      // Decoding comes first; a client that is never there ends the call right after it.
      const noClient = Effect.fail(new AuthError({ message: "no token", reason: "missing", status: null }))
      for (const v of views.filter(hasTool)) {
        const op = v.operation as AnyOperation<never>
        const tool = toolEntry(noClient, v, { ...options, program: name })
        const properties = (tool.inputSchema.properties ?? {}) as Record<string, Record<string, unknown>>
        const listed = Object.keys(properties)
        const accepted = [
          ...fieldsOf(op.input).map((f) => f.name),
          ...(op.paging === undefined ? [] : PAGING_PARAMETERS)
        ]
        for (const field of accepted) if (!listed.includes(field)) unlisted.push(`${tool.name}.${field}`)
        for (const param of listed) {
          const result = yield* tool.call({ [param]: sample(properties[param]!) }, context)
          if (result.content[0]!.text.includes(`${param} is not a parameter`)) refused.push(`${tool.name}.${param}`)
        }
        const stranger = yield* tool.call({ not_listed_anywhere: "1" }, context)
        expect(stranger.content[0]!.text, tool.name).toContain("not_listed_anywhere is not a parameter")
      }
      expect(unlisted).toEqual([])
      expect(refused).toEqual([])
    }))

  it("serves at most 40 tools and 16 KB of tools/list by default, the toolsets tool among them", () => {
    const { meanings, tools } = sayOnce(entries)
    const defaults = cli.defaultToolsets!
    const choice = Either.getOrThrow(chooseToolsets(tools, { toolsets: [], defaults }))
    expect(choice).toEqual({ toolsets: defaults, dynamic: true })
    const catalog = makeCatalog({
      program: name,
      prefix: name.toUpperCase(),
      tools,
      meanings,
      toolsetLines: new Map(),
      choice,
      readOnly: false,
      render: (value) => JSON.stringify(value)
    })
    const listed = catalog.listed()
    expect(listed.length).toBeLessThanOrEqual(40)
    expect(Buffer.byteLength(JSON.stringify(listed.map(listedTool)))).toBeLessThanOrEqual(16 * 1024)
    expect(listed.map((t) => t.name)).toContain(`${name}_toolsets`)
    // Everything else is reachable: each tool not listed answers how to get it.
    for (const tool of tools.filter((t) => !listed.includes(t))) {
      expect(catalog.find(tool.name), tool.name).toBeDefined()
    }
  })

  it.effect("words every remedy of a tool error in tool words: parameters and variables, never a CLI flag", () =>
    Effect.gen(function*() {
      const vocabulary = {
        ...toolVocabulary(`${name.toUpperCase()}_ACCESS_TOKEN`, name.toUpperCase()),
        operation: (op: string) => {
          const v = views.filter(hasTool).find((x) => (x.operation as AnyOperation<never>).name === op)
          return v === undefined ? undefined : toolNameOf(name, v)
        }
      }
      const flags: Array<string> = []
      for (const error of everyErrorKind()) {
        const tool = toolError(error, vocabulary)
        if (/(^|[\s('"`])--[a-z]/.test(String(tool.remedy))) flags.push(`${error._tag}: ${String(tool.remedy)}`)
      }
      for (const v of views.filter(hasTool)) {
        for (const hint of narrowingOf(v)) if (hint.includes("--")) flags.push(`${toolNameOf(name, v)}: ${hint}`)
      }
      expect(flags).toEqual([])
    }))
})

/** One error of every kind and variant a tool can answer, for checks of their wording. */
const everyErrorKind = (): ReadonlyArray<WrapperError> => [
  new InvalidInputError({ message: "x", fields: ["limit"] }),
  ...["token", "authMode", "baseUrl", "maxWait", "timeout", "budget", "teamId", "clientId", "seat"].map((setting) =>
    new InvalidSettingsError({ message: "x", setting })
  ),
  new AuthModeError({ message: "x", mode: "plan", allowed: ["personal", "oauth"] }),
  new InvalidRequestError({ message: "x", status: 400 }),
  new InvalidRequestError({ message: "x", status: 400, cursorExpired: true }),
  ...(["missing", "rejected", "expired"] as const).map((reason) =>
    new AuthError({ message: "x", reason, status: 401 })
  ),
  ...([
    "timeout",
    "state_mismatch",
    "denied",
    "exchange",
    "client_rejected",
    "no_code",
    "refresh_refused",
    "revoke_refused",
    "not_signed_in",
    "insecure_store",
    "store_unusable",
    "settings_unusable"
  ] as const).map((reason) => new SignInError({ message: "x", reason, status: null, path: "/c/credentials.json" })),
  new ForbiddenError({ message: "x", status: 403, scope: null }),
  new ForbiddenError({ message: "x", status: 403, scope: "tasks:write" }),
  ...(["service", "author", "service_or_author"] as const).map((changedOnlyBy) =>
    new ForbiddenError({ message: "x", status: 403, scope: null, changedOnlyBy })
  ),
  new NotFoundError({ message: "x" }),
  new NotFoundError({ message: "x", unknownPath: true }),
  new RateLimitError({
    message: "x",
    retryAfter: Duration.seconds(9),
    headers: {},
    planTier: null,
    rateLimitType: null,
    upgradeLink: null,
    attempts: 3
  }),
  new PlanRequiredError({ message: "x", plan: "premium", upgradeLink: null, status: 402 }),
  new ServiceError({ message: "x", status: 503, attempts: 3 }),
  new ServiceError({ message: "No answer within 30s", status: null, attempts: 1 }),
  new ServiceError({ message: "x", status: null, attempts: 1, hostUnresolved: true }),
  new ServiceError({ message: "x", status: 501, attempts: 1 }),
  new ServiceError({ message: "x", status: null, attempts: 1, unconfirmed: true, check: "taskGet" }),
  new ServiceError({ message: "x", status: null, attempts: 1, deadline: true }),
  new ServiceError({ message: "x", status: null, attempts: 1, deadline: true, unconfirmed: true, check: "taskGet" }),
  new JobFailedError({ message: "x", job: "1300" }),
  new JobTimeoutError({ message: "x", job: "1300", status: "in_progress", waited: Duration.seconds(5) }),
  new JobTimeoutError({
    message: "x",
    job: "1300",
    status: "in_progress",
    waited: Duration.seconds(5),
    deadline: true
  }),
  new UnexpectedError({ message: "x" })
]

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
