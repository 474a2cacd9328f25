/**
 * A command's own flag wins over a program-wide one in every position: `file get KEY --version V` reads the
 * file's version, never the program's, and words spelled like @effect/cli's built-in options are the command's.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { type Invocation, type Leaf, type Program, runProgram } from "../../../src/core/cli/runtime.js"
import type { CommandSpec } from "../../../src/core/cli/spec.js"
import { memoryIO } from "../../e2e/in-process.js"

const spec: CommandSpec = {
  name: "get",
  summary: "Get a file",
  options: [
    { flag: "--version", takesValue: true, valueName: "ID", description: "Version id", required: false },
    { flag: "--depth", takesValue: true, valueName: "N", description: "Depth", required: false },
    { flag: "--wizard", takesValue: false, description: "Not the built-in one", required: false },
    { flag: "--log-level", takesValue: true, description: "Not the built-in one", required: false },
    { flag: "--note", takesValue: true, description: "Free text", required: false }
  ],
  positionals: [{ name: "key", description: "File key", required: false, variadic: true }],
  examples: [],
  subcommands: []
}

const seen: Array<Invocation> = []
const leaf: Leaf = { path: ["file", "get"], spec, run: (invocation) => Effect.sync(() => void seen.push(invocation)) }

const program: Program = {
  name: "demo",
  version: "9.9.9",
  summary: "Own flags",
  shared: [{ flag: "--json", takesValue: false, description: "JSON", required: false }],
  groups: { file: "Files" },
  leaves: [leaf],
  vocabulary: () => ({ flag: (f: string) => f }) as never,
  examples: []
}

const run = (...argv: Array<string>) =>
  Effect.gen(function*() {
    const memory = memoryIO({})
    seen.length = 0
    const code = yield* runProgram(program, argv, memory.io)
    return {
      code,
      out: memory.stdout() + memory.stderr(),
      seen: seen.map((i) => ({ options: i.options, positionals: i.positionals, shared: i.shared }))
    }
  })

describe("a command's own flag against the program's", () => {
  it.effect.each([
    [["file", "get", "KEY", "--version", "2099"]],
    [["file", "get", "--version", "2099", "KEY"]],
    [["file", "get", "KEY", "--version=2099"]],
    [["--json", "file", "get", "--version=2099", "KEY"]],
    [["file", "get", "KEY", "--depth", "1", "--version", "2099"]],
    [["file", "get", "--json", "--version", "2099", "KEY"]]
  ])("reads --version as the command's in %j", ([argv]) =>
    Effect.gen(function*() {
      const r = yield* run(...argv!)
      expect(r.out).not.toContain("9.9.9")
      expect(r.code).toBe(0)
      expect(r.seen).toHaveLength(1)
      expect(r.seen[0]!.options["--version"]).toBe("2099")
      expect(r.seen[0]!.positionals).toEqual(["KEY"])
    }))

  it.effect("hands on the command's own flags named like @effect/cli's built-ins, and values or arguments spelled like them", () =>
    Effect.gen(function*() {
      const a = yield* run("file", "get", "KEY", "--wizard", "--log-level", "debug")
      expect(a.code).toBe(0)
      expect(a.seen[0]!.options).toEqual({ "--wizard": true, "--log-level": "debug" })
      for (const word of ["--version", "--wizard", "--help", "-h", "--completions", "--log-level"]) {
        // A value spelled like a flag is given inline (a flag of the line after --note is refused as its missing value).
        const b = yield* run("file", "get", "KEY", `--note=${word}`)
        expect(b.code, word).toBe(0)
        expect(b.seen[0]!.options, word).toEqual({ "--note": word })
        const c = yield* run("file", "get", "--", word)
        expect(c.code, word).toBe(0)
        expect(c.seen[0]!.positionals, word).toEqual([word])
      }
    }))

  it.effect("still answers the program's --version on the root, and refuses it on a command without one", () =>
    Effect.gen(function*() {
      const root = yield* run("--version")
      expect(root.code).toBe(0)
      expect(root.out).toContain("demo 9.9.9")
      const group = yield* run("file", "--version")
      expect(group.code).toBe(2)
      expect(group.seen).toHaveLength(0)
    }))
})
