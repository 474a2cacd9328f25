/** Commands every program has besides its operations: shell completion. */
import * as Effect from "effect/Effect"
import { completionScript, INSTALL_LINES } from "./cli/completion/index.js"
import { type Leaf, programTree, type Program, writeOut } from "./cli-runtime.js"

const SHELLS = ["bash", "zsh", "fish"] as const

export const completionLeaf = (name: string, program: () => Program): Leaf => ({
  path: ["completion"],
  spec: {
    name: "completion",
    summary: "Print a shell completion script (bash, zsh or fish).",
    description: SHELLS.map((shell) => `${shell}: ${INSTALL_LINES[shell](name)}`).join("\n"),
    options: [],
    positionals: [{ name: "shell", description: "bash, zsh or fish", required: true, choices: SHELLS }],
    examples: SHELLS.map((shell) => INSTALL_LINES[shell](name)),
    subcommands: []
  },
  run: ({ positionals }) =>
    Effect.suspend(() => {
      const p = program()
      return writeOut(completionScript(positionals[0] as (typeof SHELLS)[number], programTree(p), p.shared))
    })
})
