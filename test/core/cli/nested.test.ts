/** Commands three words deep ("comment reaction list") beside two-word ones in the same group. */
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { type Invocation, type Leaf, type Program, programTree, runProgram } from "../../../src/core/cli/runtime.js"
import type { CommandSpec } from "../../../src/core/cli/spec.js"
import { memoryIO } from "../../e2e/in-process.js"

const spec = (name: string): CommandSpec => ({
  name,
  summary: `${name} things`,
  options: [{ flag: "--emoji", takesValue: true, valueName: "CODE", description: "Shortcode", required: false }],
  positionals: [{ name: "id", description: "Id", required: false }],
  examples: [`demo ${name}`],
  subcommands: []
})

const seen: Array<Invocation> = []
const leaf = (...path: Array<string>): Leaf => ({
  path,
  spec: spec(path[path.length - 1]!),
  run: (invocation) => Effect.sync(() => void seen.push(invocation))
})

const program: Program = {
  name: "demo",
  version: "0.0.0",
  summary: "Nested commands",
  shared: [{ flag: "--json", takesValue: false, description: "JSON", required: false }],
  groups: { comment: "Comments", "comment reaction": "Reactions to a comment" },
  leaves: [
    leaf("comment", "list"),
    leaf("comment", "reaction", "list"),
    leaf("comment", "reaction", "add"),
    leaf("version")
  ],
  vocabulary: () => ({ flag: (f: string) => f }) as never,
  examples: ["demo comment list"]
}

/** The program on argv with an empty environment, its output kept away from the test's. */
const quiet = (argv: ReadonlyArray<string>) => runProgram(program, argv, memoryIO({}).io)

describe("nested command groups", () => {
  it("builds a group inside a group, summarised by its words", () => {
    const tree = programTree(program)
    const comment = tree.subcommands.find((c) => c.name === "comment")!
    expect(comment.summary).toBe("Comments")
    expect(comment.subcommands.map((c) => c.name)).toEqual(["list", "reaction"])
    const reaction = comment.subcommands.find((c) => c.name === "reaction")!
    expect(reaction.summary).toBe("Reactions to a comment")
    expect(reaction.subcommands.map((c) => c.name)).toEqual(["list", "add"])
    expect(tree.subcommands.map((c) => c.name)).toEqual(["comment", "version"])
  })

  it.effect("runs a three-word leaf with its options, positionals and shared options, and a two-word one beside it", () =>
    Effect.gen(function*() {
      seen.length = 0
      expect(yield* quiet(["comment", "reaction", "add", "42", "--emoji", ":heart:", "--json"])).toBe(0)
      expect(yield* quiet(["comment", "list", "7"])).toBe(0)
      expect(seen.map((i) => [i.path, i.positionals, i.options, i.shared])).toEqual([
        [["comment", "reaction", "add"], ["42"], { "--emoji": ":heart:" }, { "--json": true }],
        [["comment", "list"], ["7"], {}, {}]
      ])
      // A group alone is not a command.
      expect(yield* quiet(["comment", "reaction", "lst"])).toBe(2)
      expect(seen).toHaveLength(2)
    }))
})
