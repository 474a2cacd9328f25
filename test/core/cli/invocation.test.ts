/**
 * A command line is parsed once: what resolveArgv reads (the shared options,
 * the command's own, its arguments) is exactly what the leaf's handler is
 * handed, through its @effect/cli command; and each way a handler ends gives
 * its exit code.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { resolveArgv } from "../../../src/core/cli/resolve.js"
import { type Invocation, type Leaf, type Program, programTree, runProgram } from "../../../src/core/cli/runtime.js"
import { ServiceError } from "../../../src/core/errors.js"
import { ItemsFailed } from "../../../src/core/item-failures.js"
import { memoryIO } from "../../e2e/in-process.js"

const seen: Array<Invocation> = []
let outcome: Effect.Effect<void, ServiceError | ItemsFailed> = Effect.void

const create: Leaf = {
  path: ["item", "create"],
  spec: {
    name: "create",
    summary: "Create items",
    options: [
      { flag: "--tag", takesValue: true, description: "Tags", required: false, repeatable: true },
      { flag: "--no-wait", takesValue: false, description: "Return at once", required: false },
      { flag: "--note", takesValue: true, alias: "-n", description: "A note", required: false }
    ],
    positionals: [{ name: "names", description: "Names", required: true, variadic: true }],
    examples: [],
    subcommands: []
  },
  run: (invocation) => Effect.zipRight(Effect.sync(() => void seen.push(invocation)), outcome)
}

const program: Program = {
  name: "demo",
  version: "1.0.0",
  summary: "Invocations",
  shared: [
    { flag: "--json", takesValue: false, description: "JSON", required: false },
    { flag: "--token", takesValue: true, description: "Token", required: false }
  ],
  groups: { item: "Items" },
  leaves: [create],
  vocabulary: () => ({ flag: (f: string) => f }) as never,
  examples: []
}

const run = (argv: ReadonlyArray<string>) =>
  Effect.gen(function*() {
    seen.length = 0
    const memory = memoryIO({})
    const code = yield* runProgram(program, argv, memory.io)
    return { code, stderr: memory.stderr() }
  })

describe("the one parse of a command line", () => {
  it.effect.each([
    [["item", "create", "a", "b"]],
    [["--json", "item", "--token", "t", "create", "--tag", "x,y", "a", "--tag=z", "--no-wait"]],
    [["item", "create", "-n", "a note", "--json", "--", "--tag", "-a"]],
    [["item", "create", "--no-wait", "yes", "--json"]],
    [["item", "create", "--tag", "", "a"]]
  ])("hands the leaf what resolveArgv read from %j", ([argv]) =>
    Effect.gen(function*() {
      outcome = Effect.void
      const resolved = resolveArgv(programTree(program), program.shared, argv!)
      expect(resolved.ok).toBe(true)
      if (!resolved.ok) return
      const r = yield* run(argv!)
      expect(r.code, r.stderr).toBe(0)
      expect(seen).toEqual([{
        path: ["item", "create"],
        shared: resolved.value.shared,
        options: resolved.value.options,
        positionals: resolved.value.positionals
      }])
    }))

  it.effect("reads each kind of word as typed: switches, negated switches, repeats, aliases and --", () =>
    Effect.gen(function*() {
      yield* run(["--json", "item", "create", "--no-wait", "--tag", "x, y", "--tag=z", "-n", "-x", "--", "-5", "b"])
      expect(seen[0]).toEqual({
        path: ["item", "create"],
        shared: { "--json": true },
        options: { "--no-wait": true, "--tag": ["x", "y", "z"], "--note": "-x" },
        positionals: ["-5", "b"]
      })
    }))

  it.effect("gives each way a command ends its exit code", () =>
    Effect.gen(function*() {
      outcome = Effect.fail(new ServiceError({ status: 503, attempts: 4, message: "The service failed (503)." }))
      const failed = yield* run(["item", "create", "a"])
      expect(failed.code).toBe(8)
      expect(failed.stderr).toContain("Error: The service failed (503).")
      outcome = Effect.fail(new ItemsFailed(7))
      expect((yield* run(["item", "create", "a"])).code).toBe(7)
      outcome = Effect.die(new Error("a bug"))
      const died = yield* run(["item", "create", "a"])
      expect(died.code).toBe(1)
      expect(died.stderr).toContain("Error: unexpected failure")
      // Refused before the handler: usage errors exit 2 and hand the leaf nothing.
      outcome = Effect.void
      const usage = yield* run(["item", "create"])
      expect(usage.code).toBe(2)
      expect(seen).toEqual([])
    }))
})
